//! The damaged files of the fuzz suite (tests/fuzz.rs): a seeded generator of valid CSV, and
//! random damages of any file's bytes.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Numbers a hostile file may hold instead of a sane one.
pub const EXTREME_NUMBERS: &[&str] = &[
    "1.7e308",
    "-1.7e308",
    "1e309",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "12345678901234567890123",
    "-12345678901234567890123",
    "18446744073709551615",
    "4294967295",
    "-1",
    "-0",
    "1e-300",
    "0.0000000000000000000001",
    "999999999999",
    "1e12",
    "",
    "0x10",
    "1,5",
];

/// One random damage of a file's bytes.
pub fn damage(bytes: &[u8], rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    match rng.random_range(0..9) {
        // Truncated anywhere.
        0 => out.truncate(rng.random_range(0..=out.len())),
        // A few bytes flipped.
        1 => {
            for _ in 0..rng.random_range(1..8) {
                if !out.is_empty() {
                    let i = rng.random_range(0..out.len());
                    out[i] ^= 1 << rng.random_range(0..8);
                }
            }
        }
        // A run of digits replaced by an extreme number (positions, indexes, times, ids).
        2 | 3 => {
            let runs = digit_runs(&out);
            for _ in 0..rng.random_range(1..4) {
                if let Some(&(a, b)) = runs.get(rng.random_range(0..runs.len().max(1))) {
                    let number = EXTREME_NUMBERS[rng.random_range(0..EXTREME_NUMBERS.len())];
                    if b <= out.len() {
                        out.splice(a..b, number.bytes());
                    }
                    break;
                }
            }
        }
        // A line duplicated (duplicated ids, units, time slots, tiers).
        4 => {
            let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
            let i = rng.random_range(0..lines.len());
            let mut copy = Vec::new();
            for (j, line) in lines.iter().enumerate() {
                copy.extend_from_slice(line);
                copy.push(b'\n');
                if j == i {
                    for _ in 0..rng.random_range(1..4) {
                        copy.extend_from_slice(line);
                        copy.push(b'\n');
                    }
                }
            }
            out = copy;
        }
        // Binary garbage inserted.
        5 => {
            let at = rng.random_range(0..=out.len());
            let garbage: Vec<u8> = (0..rng.random_range(1..64)).map(|_| rng.random()).collect();
            out.splice(at..at, garbage);
        }
        // Bytes that are not UTF-8.
        6 => {
            let at = rng.random_range(0..=out.len());
            out.splice(at..at, [0xff, 0xfe, 0xc3, 0x28, 0x80]);
        }
        // Deeply nested elements (beyond the nesting limit, or just below it) after the root.
        7 => {
            let depth = [255, 257, 2_000, 200_000][rng.random_range(0..4)];
            let at = out
                .windows(2)
                .enumerate()
                .filter(|(_, w)| w[0] == b'>' && w[1] == b'\n')
                .map(|(i, _)| i + 1)
                .nth(1)
                .unwrap_or(out.len());
            let mut nest = "<a>".repeat(depth).into_bytes();
            if rng.random_bool(0.5) {
                nest.extend("</a>".repeat(depth).bytes());
            }
            out.splice(at..at, nest);
        }
        // Emptied, or whitespace only.
        _ => {
            out = if rng.random_bool(0.5) {
                Vec::new()
            } else {
                b" \n\n".to_vec()
            }
        }
    }
    out
}

/// Byte ranges of the runs of ASCII digits.
pub fn digit_runs(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, b) in bytes.iter().enumerate() {
        match (b.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(a)) => {
                runs.push((a, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(a) = start {
        runs.push((a, bytes.len()));
    }
    runs
}

/// A small valid CSV document of three annotators, generated.
pub fn generated_csv(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut text = String::from("annotator,category,start,end\n");
    for annotator in ["a", "b", "c"] {
        let mut position = 0u32;
        for _ in 0..rng.random_range(1..12) {
            position += rng.random_range(0..20);
            let length = rng.random_range(1..15);
            let category = ["x", "y", "z"][rng.random_range(0..3)];
            text += &format!("{annotator},{category},{position},{}\n", position + length);
            position += length;
        }
    }
    text.into_bytes()
}
