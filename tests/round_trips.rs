//! Every writer's output reads back as what was written, over generated continua with extreme
//! values: positions from 10⁻³ to the limit ±10¹² (and negative ones), the shortest spans
//! allowed, names and categories with commas, quotes, pipes, XML's special characters, accents,
//! CJK and emoji; texts with emoji, combining accents, CR LF line breaks and tabs (issue: never
//! lose a user's data). Each continuum's seed is in the failure message.

mod common;

use gamma_core::{Continuum, Unit};
use gamma_formats::{Format, ReadOptions, read_documents, write_continuum};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A small seeded generator (xorshift64*).
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }
    fn pick<'a>(&mut self, choices: &[&'a str]) -> &'a str {
        choices[self.below(choices.len())]
    }
    fn unit_interval(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

const NAMES: [&str; 6] = ["Zoë", "a b", "x,y", "say \"hi\"", "<a&b>", "日本"];
const CATEGORIES: [&str; 8] = [
    "PER",
    "Ä-ß",
    "a,b",
    "say \"hi\"",
    "<x>&amp;",
    "with|pipe",
    "日本語",
    "😀",
];

/// Units per annotator, in a continuum.
const UNITS: usize = 25;

/// Positions in seconds or milliseconds for the time formats: one scale per continuum, from
/// 10⁻³ to the limit 10¹², negative ones included; `whole` keeps them integers (ELAN's
/// milliseconds); `tiled` keeps each annotator's units apart (a TextGrid tier's intervals).
/// Units at random times in [-scale, scale], or in [0, scale] when `from_zero` (ELAN and
/// TextGrid refuse times before 0).
fn timed_continuum(seed: u64, whole: bool, tiled: bool, from_zero: bool) -> Continuum {
    let mut draws = Draws(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let scale = [1e-3, 1.0, 3600.0, 1e9, 1e12][seed as usize % 5];
    let mut continuum = Continuum::new(format!("generated {seed}"));
    for annotator in NAMES.iter().take(3 + draws.below(3)) {
        for _ in 0..UNITS {
            let position = |draws: &mut Draws| {
                let p = (draws.unit_interval() * 2.0 - 1.0) * scale;
                if whole { p.round() } else { p }
            };
            let (a, b) = (position(&mut draws), position(&mut draws));
            let (mut start, mut end) = (a.min(b), a.max(b));
            if tiled {
                // The unit i of 25 stays within the i-th 25th of [-scale, scale].
                let i = continuum
                    .annotators
                    .iter()
                    .find(|x| x.name == *annotator)
                    .map_or(0, |x| x.units.len()) as f64;
                let width = 2.0 * scale / UNITS as f64;
                let low = -scale + i * width;
                let squeeze = |p: f64| low + (p + scale) / 2.0 / scale * width * 0.9;
                (start, end) = (squeeze(start), squeeze(end));
            }
            if from_zero {
                let half = |p: f64| {
                    if whole {
                        ((p + scale) / 2.0).round()
                    } else {
                        (p + scale) / 2.0
                    }
                };
                (start, end) = (half(start), half(end));
            }
            if end - start < scale * 1e-6 || (whole && end - start < 1.0) {
                end = start + if whole { 1.0 } else { scale * 1e-6 };
            }
            let category = draws.pick(&CATEGORIES);
            let unit = Unit::new(start, end, category)
                .unwrap_or_else(|e| panic!("seed {seed}: {start} {end}: {e}"));
            continuum.add_unit(annotator, unit);
        }
    }
    continuum
}

/// A text of words with emoji, combining accents, CJK, tabs and CR LF line breaks, and units
/// on its words (some overlapping, one at the very start and one at the very end).
fn text_continuum(seed: u64) -> Continuum {
    let mut draws = Draws(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let words = [
        "Zoë",
        "e\u{301}te\u{301}",
        "😀",
        "日本語",
        "naïve",
        "a&b",
        "<tag>",
        "\"q\"",
        "x|y",
        "word",
    ];
    let separators = [" ", " ", " ", "\t", "\r\n", ", "];
    let mut text = String::new();
    let mut word_spans = Vec::new();
    for _ in 0..60 {
        let start = text.chars().count();
        text.push_str(draws.pick(&words));
        word_spans.push((start, text.chars().count()));
        text.push_str(draws.pick(&separators));
    }
    text.push_str("end");
    let length = text.chars().count();
    word_spans.push((length - 3, length));
    let mut continuum = Continuum::new(format!("text {seed}"));
    for annotator in ["ann1", "ann2", "ann3"].iter().take(2 + draws.below(2)) {
        let mut spans = vec![word_spans[0], word_spans[word_spans.len() - 1]];
        for _ in 0..12 {
            let first = draws.below(word_spans.len());
            let last = (first + draws.below(3)).min(word_spans.len() - 1);
            spans.push((word_spans[first].0, word_spans[last].1));
        }
        for (start, end) in spans {
            let mut features = BTreeMap::new();
            features.insert("note".to_string(), draws.pick(&NAMES).to_string());
            let unit = Unit::new(start as f64, end as f64, draws.pick(&CATEGORIES[..6]))
                .unwrap()
                .with_features(features);
            continuum.add_unit(annotator, unit);
        }
    }
    continuum.text = Some(text);
    continuum
}

type Span = (f64, f64, String);

/// Each annotator's spans, sorted (formats do not keep the order of overlapping units).
fn spans(continuum: &Continuum) -> Vec<Vec<Span>> {
    continuum
        .annotators
        .iter()
        .map(|a| {
            let mut spans: Vec<Span> = a
                .units
                .iter()
                .map(|u| (u.start, u.end, u.category.clone()))
                .collect();
            spans.sort_by(|x, y| x.partial_cmp(y).unwrap());
            spans
        })
        .collect()
}

fn read_back(format: Format, written: &[PathBuf]) -> Continuum {
    let options = match format.name() {
        "glozz" => ReadOptions {
            text: written
                .iter()
                .find(|p| p.extension().unwrap() == "ac")
                .cloned(),
            ..ReadOptions::default()
        },
        // The units' other features are columns of the layer too: the category is `value`.
        "tsv3" | "xmi" => ReadOptions {
            format: Some(format),
            layer: gamma_formats::webanno_tsv::LayerChoice {
                layer: None,
                category_feature: Some("value".into()),
            },
            ..ReadOptions::default()
        },
        _ => ReadOptions {
            format: Some(format),
            ..ReadOptions::default()
        },
    };
    let files: Vec<PathBuf> = written
        .iter()
        .filter(|p| !p.extension().is_some_and(|e| e == "ac" || e == "txt"))
        .cloned()
        .collect();
    let (mut documents, _) = read_documents(&files, &options)
        .unwrap_or_else(|e| panic!("{format}: the written files do not read back: {e}"));
    assert_eq!(documents.len(), 1, "{format}");
    documents.remove(0).continuum
}

fn write(continuum: &Continuum, format: Format, out: &Path) -> Vec<PathBuf> {
    write_continuum(continuum, None, format, out, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{format}, {}: {e}", continuum.name))
}

/// Positions equal within `relative` of the continuum's scale (0 for exact formats).
fn assert_same_spans(original: &Continuum, again: &Continuum, relative: f64, what: &str) {
    let (expected, found) = (spans(original), spans(again));
    assert_eq!(expected.len(), found.len(), "{what}: annotators");
    let scale = expected
        .iter()
        .flatten()
        .map(|(s, e, _)| s.abs().max(e.abs()))
        .fold(0.0, f64::max);
    for (a, (expected, found)) in expected.iter().zip(&found).enumerate() {
        assert_eq!(expected.len(), found.len(), "{what}: annotator {a}'s units");
        for (x, y) in expected.iter().zip(found) {
            let close = |p: f64, q: f64| (p - q).abs() <= relative * scale;
            assert!(
                close(x.0, y.0) && close(x.1, y.1) && x.2 == y.2,
                "{what}: annotator {a}: wrote {x:?}, read {y:?}"
            );
        }
    }
}

#[test]
fn time_formats_read_back_what_they_wrote_at_every_scale() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 0..10 {
        // (format, integer positions, tolerance relative to the positions' scale)
        for (format, whole, tiled, relative) in [
            (gamma_formats::csv::CSV, false, false, 0.0),
            (gamma_formats::textgrid::TEXTGRID, false, true, 0.0),
            (gamma_formats::rttm::RTTM, false, false, 1e-15),
            (gamma_formats::elan::ELAN, true, false, 0.0),
        ] {
            let from_zero =
                format == gamma_formats::textgrid::TEXTGRID || format == gamma_formats::elan::ELAN;
            let original = timed_continuum(seed, whole, tiled, from_zero);
            let out = dir
                .path()
                .join(format!("{seed}.{}", format.description().written_extension));
            let written = write(&original, format, &out);
            let again = read_back(format, &written);
            let what = format!("{format}, seed {seed}");
            let mut original = original;
            if format == gamma_formats::rttm::RTTM {
                // RTTM's fields have no spaces: names and speakers written with `_`.
                for annotator in &mut original.annotators {
                    annotator.name = gamma_formats::brat::type_name(&annotator.name);
                    for unit in &mut annotator.units {
                        unit.category = gamma_formats::brat::type_name(&unit.category);
                    }
                }
            }
            assert_same_spans(&original, &again, relative, &what);
            let names = |c: &Continuum| {
                c.annotators
                    .iter()
                    .map(|a| a.name.clone())
                    .collect::<Vec<_>>()
            };
            assert_eq!(names(&original), names(&again), "{what}: names");
        }
    }
}

#[test]
fn text_formats_read_back_what_they_wrote_on_awkward_texts() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 0..10 {
        let original = text_continuum(seed);
        for format in [
            gamma_formats::csv::CSV,
            gamma_formats::glozz::GLOZZ,
            gamma_formats::brat::BRAT,
            gamma_formats::webanno_tsv::TSV3,
            gamma_formats::xmi::XMI,
        ] {
            let out = dir.path().join(format!("{seed}-{format}"));
            let written = write(&original, format, &out);
            let again = read_back(format, &written);
            let what = format!("{format}, seed {seed}");
            let mut expected = original.clone();
            if format == gamma_formats::brat::BRAT {
                // brat types have no spaces: written with `_` (distinct ones only).
                for unit in expected.annotators.iter_mut().flat_map(|a| &mut a.units) {
                    unit.category = gamma_formats::brat::type_name(&unit.category);
                }
            }
            assert_same_spans(&expected, &again, 0.0, &what);
            match format.name() {
                "csv" => {}
                // TSV 3 keeps the tokens at their offsets; the blanks between sentences are
                // written as spaces and line breaks.
                "tsv3" => {
                    let chars =
                        |c: &Continuum| c.text.as_deref().unwrap().chars().collect::<Vec<_>>();
                    let (written, read) = (chars(&original), chars(&again));
                    assert_eq!(written.len(), read.len(), "{what}: the text's length");
                    for (i, (w, r)) in written.iter().zip(&read).enumerate() {
                        assert!(
                            w == r || (w.is_whitespace() && r.is_whitespace()),
                            "{what}: character {i}: {w:?} read as {r:?}"
                        );
                    }
                }
                _ => assert_eq!(again.text, original.text, "{what}: the text"),
            }
        }
    }
}

/// CorA-XML writes its own running text from the tokens: each unit covers the same words with
/// the same category.
#[test]
fn cora_reads_back_the_words_and_categories_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let covered = |c: &Continuum| -> Vec<Vec<(String, String)>> {
        c.annotators
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let text: Vec<char> = c.text_of(i).unwrap().chars().collect();
                let mut units: Vec<(String, String)> = a
                    .units
                    .iter()
                    .map(|u| {
                        let words: String = text[u.start as usize..u.end as usize].iter().collect();
                        (
                            words.split_whitespace().collect::<Vec<_>>().join(" "),
                            u.category.clone(),
                        )
                    })
                    .collect();
                units.sort();
                units
            })
            .collect()
    };
    let mut marked = Continuum::new("marked");
    marked.text = Some("word x|y end".into());
    marked.add_unit("a", Unit::new(5.0, 8.0, "PER").unwrap());
    let out = dir.path().join("refused");
    let error = write_continuum(
        &marked,
        None,
        gamma_formats::cora::CORA,
        &out,
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert!(
        error
            .to_string()
            .contains(r#"the word "x|y" holds '|', which CorA's transcriptions use"#),
        "{error}"
    );
    for seed in 0..5 {
        let mut original = text_continuum(seed);
        // `|` marks a token boundary in CorA's transcriptions.
        original.text = original.text.map(|t| t.replace('|', "/"));
        // CorA's tokens carry one annotation each: one unit per word, no overlap.
        for annotator in &mut original.annotators {
            annotator.units.sort_by(|x, y| x.start.total_cmp(&y.start));
            let mut end = 0.0;
            annotator.units.retain(|u| {
                let keep = u.start >= end;
                if keep {
                    end = u.end;
                }
                keep
            });
        }
        let out = dir.path().join(format!("{seed}-cora"));
        let again = read_back(
            gamma_formats::cora::CORA,
            &write(&original, gamma_formats::cora::CORA, &out),
        );
        assert_eq!(covered(&original), covered(&again), "cora, seed {seed}");
    }
}

/// The features of units survive the formats that store them.
#[test]
fn features_read_back_from_every_format_that_stores_them() {
    let dir = tempfile::tempdir().unwrap();
    let original = text_continuum(3);
    for format in [
        gamma_formats::csv::CSV,
        gamma_formats::glozz::GLOZZ,
        gamma_formats::webanno_tsv::TSV3,
        gamma_formats::xmi::XMI,
    ] {
        let out = dir.path().join(format!("features-{format}"));
        let again = read_back(format, &write(&original, format, &out));
        let features = |c: &Continuum| -> Vec<Vec<BTreeMap<String, String>>> {
            c.annotators
                .iter()
                .map(|a| {
                    let mut units = a.units.clone();
                    units.sort_by(|x, y| (x.start, x.end).partial_cmp(&(y.start, y.end)).unwrap());
                    units.into_iter().map(|u| u.features).collect()
                })
                .collect()
        };
        assert_eq!(features(&original), features(&again), "{format}");
    }
}

/// Two categories that brat would write as one type are refused, not merged.
#[test]
fn categories_that_brat_would_merge_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut continuum = Continuum::new("doc");
    continuum.text = Some("New York is big".into());
    continuum.add_unit("a", Unit::new(0.0, 8.0, "place name").unwrap());
    continuum.add_unit("b", Unit::new(0.0, 8.0, "place_name").unwrap());
    let error = write_continuum(
        &continuum,
        None,
        gamma_formats::brat::BRAT,
        &dir.path().join("out"),
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert!(
        error.to_string().contains(
            r#"categories "place name" and "place_name" would both be the brat type "place_name" (no spaces there)"#
        ),
        "{error}"
    );
    assert!(
        !dir.path().join("out").join("a").exists(),
        "nothing written"
    );
}
