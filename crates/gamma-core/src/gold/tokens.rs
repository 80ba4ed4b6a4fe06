//! Token boundaries of a document's text, to which gold boundaries snap: a token is a word
//! (letters, digits, apostrophes, combining marks) or one punctuation mark.

#[derive(PartialEq, Clone, Copy)]
enum CharClass {
    Space,
    Word,
    Punctuation,
}

fn char_class(c: char) -> CharClass {
    if c.is_whitespace() {
        CharClass::Space
    } else if c.is_alphanumeric() || matches!(c, '_' | '\'' | '’' | 'ſ') || is_combining(c) {
        CharClass::Word
    } else {
        CharClass::Punctuation
    }
}

/// Combining diacritics stay inside their word.
fn is_combining(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// Whether a token (a word, or one punctuation mark) starts at character `i`.
pub(crate) fn is_token_start(chars: &[char], i: usize) -> bool {
    let Some(&c) = chars.get(i) else {
        return false;
    };
    let class = char_class(c);
    class != CharClass::Space
        && (i == 0 || class == CharClass::Punctuation || char_class(chars[i - 1]) != class)
}

/// Whether a token ends just before character `i`.
pub(crate) fn is_token_end(chars: &[char], i: usize) -> bool {
    if i == 0 || i > chars.len() {
        return false;
    }
    let class = char_class(chars[i - 1]);
    class != CharClass::Space
        && (i == chars.len() || class == CharClass::Punctuation || char_class(chars[i]) != class)
}

/// How far [`snap_to_token`] looks on each side.
const SNAP_REACH: usize = 64;

/// The token start (`is_start`) or token end nearest to `position`; a tie goes outwards (the
/// earlier start, the later end). `position` rounded when no token edge is within reach.
pub(crate) fn snap_to_token(chars: &[char], position: f64, is_start: bool) -> f64 {
    let here = position.round().clamp(0.0, chars.len() as f64) as usize;
    let is_edge = |i: usize| {
        if is_start {
            is_token_start(chars, i)
        } else {
            is_token_end(chars, i)
        }
    };
    for distance in 0..=SNAP_REACH {
        let before = here.checked_sub(distance);
        let after = Some(here + distance).filter(|&i| i <= chars.len());
        let (first, second) = if is_start {
            (before, after)
        } else {
            (after, before)
        };
        for candidate in [first, second].into_iter().flatten() {
            if is_edge(candidate) {
                return candidate as f64;
            }
        }
    }
    here as f64
}

/// The characters of a text, computed once when first needed (never saved, never compared).
#[derive(Debug, Clone, Default)]
pub(super) struct TextChars(pub(super) std::sync::OnceLock<Vec<char>>);

impl PartialEq for TextChars {
    fn eq(&self, _: &TextChars) -> bool {
        true
    }
}
