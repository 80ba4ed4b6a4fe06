//! The digit keys every room decides with: 1 … 9 the annotator (the coder, the reason) of that
//! rank, 0 none where a room offers it.

use eframe::egui::{InputState, Key};

/// Keys 1 … 9, in order.
pub const ONE_TO_NINE: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// The rank (from 0) of key 1 … 9; `None` for any other key.
pub fn rank(key: Key) -> Option<usize> {
    ONE_TO_NINE.iter().position(|k| *k == key)
}

/// The digit pressed this frame, if any: 0 for key 0, n for key n.
pub fn pressed_digit(input: &InputState) -> Option<usize> {
    if input.key_pressed(Key::Num0) {
        return Some(0);
    }
    ONE_TO_NINE
        .iter()
        .position(|k| input.key_pressed(*k))
        .map(|rank| rank + 1)
}
