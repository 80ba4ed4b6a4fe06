//! Generated continua for benchmarks and property tests: `k` annotators, each a noisy copy of
//! one random reference annotation of `p` units (the generator behind the timings of
//! `shared/notes/pygamma.md` §5, so the numbers compare).
//!
//! Reference units: length uniform in [5, 50], start uniform on the axis [0, A − length],
//! category uniform among `c0..c3`, integer positions. `A = max(10 000, 100·p)` for sparse
//! continua (about one unit per 100 positions for `p ≥ 100`), `A = 30·p` for dense ones (units
//! back to back and overlapping). Each annotator moves each boundary by up to ±20 % of the
//! length, redraws the category with probability 0.1 and replaces the unit by a random one
//! with probability 0.1.

use crate::continuum::Continuum;
use crate::unit::Unit;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How tightly units are packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Density {
    /// About one unit per 100 positions: `A = max(10 000, 100·p)`.
    Sparse,
    /// Units back to back and overlapping: `A = 30·p` (at least 100).
    Dense,
}

/// `annotators` noisy copies of one random reference of `units` units, named `annotator1…`,
/// the same continuum for the same arguments.
pub fn noisy_copies(annotators: usize, units: usize, density: Density, seed: u64) -> Continuum {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let axis = match density {
        Density::Sparse => (100 * units).max(10_000),
        Density::Dense => (30 * units).max(100),
    } as f64;
    let random_unit = |rng: &mut ChaCha8Rng| {
        let length = rng.random_range(5..=50) as f64;
        let start = rng.random_range(0.0..=(axis - length)).round();
        (
            start,
            start + length,
            format!("c{}", rng.random_range(0..4)),
        )
    };
    let reference: Vec<(f64, f64, String)> = (0..units).map(|_| random_unit(&mut rng)).collect();
    let mut continuum =
        Continuum::new(format!("k{annotators}_p{units}_{density:?}_seed{seed}").to_lowercase());
    for a in 0..annotators {
        let name = format!("annotator{}", a + 1);
        continuum.add_annotator(&name);
        for (start, end, category) in &reference {
            let (mut start, mut end, mut category) = (*start, *end, category.clone());
            if rng.random_bool(0.1) {
                (start, end, category) = random_unit(&mut rng);
            } else {
                let length = end - start;
                start = (start + rng.random_range(-0.2..=0.2) * length).round();
                end = (end + rng.random_range(-0.2..=0.2) * length).round();
                if rng.random_bool(0.1) {
                    category = format!("c{}", rng.random_range(0..4));
                }
            }
            let unit = Unit::new(start, end, category)
                .expect("a boundary moves by less than half the length");
            continuum.add_unit(&name, unit);
        }
    }
    continuum
}

/// A tokenized, tagged text of `tokens` tokens and `annotators` copies of it in which each
/// annotator corrected the spelling of about 2 % of the tokens, split 1 %, merged 1 % with the
/// next and changed the POS tag of 5 % (for tγ benchmarks). Returns the base (the
/// pre-annotation) and the annotators' versions.
pub fn corrected_texts(
    tokens: usize,
    annotators: usize,
    seed: u64,
) -> (
    crate::textgamma::TextAnnotation,
    Vec<crate::textgamma::TextAnnotation>,
) {
    use crate::textgamma::{TextAnnotation, TextUnit};
    use std::collections::BTreeMap;
    const SYLLABLES: [&str; 12] = [
        "de", "her", "van", "sprak", "to", "em", "vro", "wen", "ghe", "heten", "dul", "dicheyt",
    ];
    const TAGS: [&str; 8] = ["ART", "NA", "APPR", "VVFIN", "PPER", "ADV", "KON", "NE"];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let words: Vec<(String, &str)> = (0..tokens)
        .map(|_| {
            let syllables = rng.random_range(1..=3);
            let word: String = (0..syllables)
                .map(|_| SYLLABLES[rng.random_range(0..SYLLABLES.len())])
                .collect();
            (word, TAGS[rng.random_range(0..TAGS.len())])
        })
        .collect();
    let build = |name: &str, tokens: &[(String, String)]| {
        let mut text = Vec::new();
        let mut units = Vec::new();
        for (word, tag) in tokens {
            let start = text.len();
            text.extend(word.chars());
            units.push(TextUnit {
                start,
                end: text.len(),
                text: word.clone(),
                layers: BTreeMap::from([("pos".to_string(), tag.clone())]),
            });
            text.push(' ');
        }
        TextAnnotation {
            name: name.to_string(),
            text,
            units,
        }
    };
    let base_tokens: Vec<(String, String)> = words
        .iter()
        .map(|(w, t)| (w.clone(), t.to_string()))
        .collect();
    let base = build("base", &base_tokens);
    let versions = (0..annotators)
        .map(|a| {
            let mut out: Vec<(String, String)> = Vec::new();
            let mut k = 0;
            while k < words.len() {
                let (mut word, mut tag) = (words[k].0.clone(), words[k].1.to_string());
                let roll: f64 = rng.random();
                if roll < 0.02 {
                    let chars: Vec<char> = word.chars().collect();
                    let at = rng.random_range(0..chars.len());
                    word = chars
                        .iter()
                        .enumerate()
                        .map(|(i, c)| if i == at { 'y' } else { *c })
                        .collect();
                } else if roll < 0.03 && word.chars().count() >= 2 {
                    let chars: Vec<char> = word.chars().collect();
                    let at = rng.random_range(1..chars.len());
                    out.push((chars[..at].iter().collect(), tag.clone()));
                    word = chars[at..].iter().collect();
                } else if roll < 0.04 && k + 1 < words.len() {
                    k += 1;
                    word = format!("{word} {}", words[k].0);
                }
                if rng.random_bool(0.05) {
                    tag = TAGS[rng.random_range(0..TAGS.len())].to_string();
                }
                out.push((word, tag));
                k += 1;
            }
            build(&format!("annotator{}", a + 1), &out)
        })
        .collect();
    (base, versions)
}

/// Gold: PER [0,5), LOC [10,15), ORG [20,25), MISC [50,55). The tagger: the same PER, PER on
/// the LOC, ORG one character short, a spurious LOC [40,45); MISC is missed.
pub fn tagger_against_gold() -> Continuum {
    let mut c = Continuum::new("doc");
    c.text = Some("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".into());
    for (s, e, cat) in [
        (0.0, 5.0, "PER"),
        (10.0, 15.0, "LOC"),
        (20.0, 25.0, "ORG"),
        (50.0, 55.0, "MISC"),
    ] {
        c.add("gold", s, e, cat).unwrap();
    }
    for (s, e, cat) in [
        (0.0, 5.0, "PER"),
        (10.0, 15.0, "PER"),
        (21.0, 25.0, "ORG"),
        (40.0, 45.0, "LOC"),
    ] {
        c.add("tagger", s, e, cat).unwrap();
    }
    c
}
