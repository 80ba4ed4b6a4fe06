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
//!
//! [`stacks`] makes identical and near-identical stacks: one span marked many times by every
//! annotator.

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
    let axis = axis_length(units, density);
    let reference: Vec<Reference> = (0..units).map(|_| random_unit(&mut rng, axis)).collect();
    let mut continuum =
        Continuum::new(format!("k{annotators}_p{units}_{density:?}_seed{seed}").to_lowercase());
    for a in 0..annotators {
        let name = format!("annotator{}", a + 1);
        continuum.add_annotator(&name);
        for unit in &reference {
            let copy = if rng.random_bool(0.1) {
                random_unit(&mut rng, axis)
            } else {
                moved(unit, &mut rng)
            };
            add(&mut continuum, &name, copy);
        }
    }
    continuum
}

/// Like [`noisy_copies`], but an annotator's errors of presence are independent of one
/// another: each reference unit is missed with probability 0.1 (else copied with its
/// boundaries moved and its category redrawn as there), and, independently, each reference
/// unit gives the annotator a spurious unit placed at random with probability 0.1. In
/// [`noisy_copies`] one replacement makes both a miss and a spurious unit anywhere on the
/// axis, so two disagreements far apart have one cause; here they do not. The mean disorder
/// is about the same; the annotators' unit counts vary.
pub fn independent_errors(
    annotators: usize,
    units: usize,
    density: Density,
    seed: u64,
) -> Continuum {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let axis = axis_length(units, density);
    let reference: Vec<Reference> = (0..units).map(|_| random_unit(&mut rng, axis)).collect();
    let mut continuum = Continuum::new(
        format!("independent_k{annotators}_p{units}_{density:?}_seed{seed}").to_lowercase(),
    );
    for a in 0..annotators {
        let name = format!("annotator{}", a + 1);
        continuum.add_annotator(&name);
        for unit in &reference {
            if !rng.random_bool(0.1) {
                let copy = moved(unit, &mut rng);
                add(&mut continuum, &name, copy);
            }
        }
        for _ in 0..units {
            if rng.random_bool(0.1) {
                let spurious = random_unit(&mut rng, axis);
                add(&mut continuum, &name, spurious);
            }
        }
    }
    continuum
}

/// `annotators` annotators who each marked one span `units` times (the same span marked again
/// and again, as duplicated annotations are): `[0, 10)`, category `c0`. Each annotator then
/// changes `changed` of its units (chosen at random): the category to `c1` or `c2`, or both
/// boundaries moved by −1, +1 or +2 — a near-identical stack; `changed = 0` leaves the stacks
/// identical. The same continuum for the same arguments.
pub fn stacks(annotators: usize, units: usize, changed: usize, seed: u64) -> Continuum {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut continuum = Continuum::new(format!(
        "stacks_k{annotators}_p{units}_changed{changed}_seed{seed}"
    ));
    for a in 0..annotators {
        let name = format!("annotator{}", a + 1);
        continuum.add_annotator(&name);
        let mut which: Vec<usize> = (0..units).collect();
        for i in 0..changed.min(units) {
            let j = rng.random_range(i..units);
            which.swap(i, j);
        }
        let changed: std::collections::BTreeSet<usize> =
            which[..changed.min(units)].iter().copied().collect();
        for i in 0..units {
            let (mut start, mut end, mut category) = (0.0, 10.0, "c0");
            if changed.contains(&i) {
                match rng.random_range(0..5) {
                    0 => category = "c1",
                    1 => category = "c2",
                    kind => {
                        let shift = [-1.0, 1.0, 2.0][kind - 2];
                        (start, end) = (start + shift, end + shift);
                    }
                }
            }
            add(&mut continuum, &name, (start, end, category.to_string()));
        }
    }
    continuum
}

/// (start, end, category) of a generated unit.
type Reference = (f64, f64, String);

fn axis_length(units: usize, density: Density) -> f64 {
    let length = match density {
        Density::Sparse => (100 * units).max(10_000),
        Density::Dense => (30 * units).max(100),
    };
    length as f64
}

fn random_unit(rng: &mut ChaCha8Rng, axis: f64) -> Reference {
    let length = rng.random_range(5..=50) as f64;
    let start = rng.random_range(0.0..=(axis - length)).round();
    (
        start,
        start + length,
        format!("c{}", rng.random_range(0..4)),
    )
}

/// A copy of `unit` with each boundary moved by up to ±20 % of its length and its category
/// redrawn with probability 0.1.
fn moved(unit: &Reference, rng: &mut ChaCha8Rng) -> Reference {
    let (start, end, category) = unit;
    let length = end - start;
    let start = (start + rng.random_range(-0.2..=0.2) * length).round();
    let end = (end + rng.random_range(-0.2..=0.2) * length).round();
    let category = if rng.random_bool(0.1) {
        format!("c{}", rng.random_range(0..4))
    } else {
        category.clone()
    };
    (start, end, category)
}

fn add(continuum: &mut Continuum, annotator: &str, (start, end, category): Reference) {
    let unit =
        Unit::new(start, end, category).expect("a boundary moves by less than half the length");
    continuum.add_unit(annotator, unit);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn independent_errors_miss_and_add_units_apart() {
        // 2,000 reference units: each annotator keeps Binomial(2000, 0.9) of them (mean 1,800,
        // sd 13.4) and adds Binomial(2000, 0.1) spurious ones (mean 200, sd 13.4): 2,000 in
        // all, sd 19 — within ±100 (more than 5 sd).
        let c = independent_errors(2, 2000, Density::Sparse, 5);
        assert_eq!(c.n_annotators(), 2);
        let counts: Vec<usize> = (0..2)
            .map(|a| c.units().filter(|(i, _)| *i == a).count())
            .collect();
        for count in &counts {
            assert!((1900..=2100).contains(count), "{counts:?}");
        }
        // Unlike noisy_copies, the counts are not tied to the reference's.
        assert_ne!(counts, vec![2000, 2000]);
        assert_eq!(
            noisy_copies(2, 2000, Density::Sparse, 5)
                .units()
                .filter(|(i, _)| *i == 0)
                .count(),
            2000
        );
        // The same continuum for the same arguments.
        let again = independent_errors(2, 2000, Density::Sparse, 5);
        assert!(c.units().zip(again.units()).all(|(a, b)| a == b));
        // Every unit lies on the axis of 100 positions per reference unit (200,000), up to
        // the ±20 % boundary moves of a unit of length at most 50.
        assert!(
            c.units()
                .all(|(_, u)| u.start >= -10.0 && u.end <= 200_010.0)
        );
    }
}
