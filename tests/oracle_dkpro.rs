//! The pygamma fixtures of DKPro Statistics (tests/fixtures/dkpro, Apache-2.0): pairwise
//! dissimilarities, and best-alignment disorders of each continuum and of every sampled one.

mod common;

use common::{best_alignment, fixture, relative_difference};
use gamma_core::{Continuum, Dissimilarity};
use serde_json::Value;

fn fixtures() -> Vec<(String, Value)> {
    let mut files: Vec<_> = std::fs::read_dir(fixture("dkpro"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 6);
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (
                name,
                serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap(),
            )
        })
        .collect()
}

fn continuum(units: &Value) -> Continuum {
    let mut c = Continuum::new("fixture");
    for u in units.as_array().unwrap() {
        c.add(
            u["annotator"].as_str().unwrap(),
            u["start"].as_f64().unwrap(),
            u["end"].as_f64().unwrap(),
            u["category"].as_str().unwrap(),
        )
        .unwrap();
    }
    // pygamma indexes units in (start, end, category) order within an annotator.
    for annotator in &mut c.annotators {
        annotator.units.sort_by(|a, b| {
            a.start
                .total_cmp(&b.start)
                .then(a.end.total_cmp(&b.end))
                .then(a.category.cmp(&b.category))
        });
    }
    c
}

fn dissimilarity(params: &Value) -> Dissimilarity {
    Dissimilarity {
        alpha: params["alpha"].as_f64().unwrap(),
        beta: params["beta"].as_f64().unwrap(),
        delta_empty: params["deltaEmpty"].as_f64().unwrap(),
        ..Default::default()
    }
}

#[test]
fn pairwise_dissimilarities_match() {
    for (name, f) in fixtures() {
        let c = continuum(&f["continuum"]);
        let d = dissimilarity(&f["params"]);
        let categories = c.categories();
        let resolved = d.resolve(&categories).unwrap();
        let span = |annotator: &str, index: u64| {
            let a = c.annotators.iter().find(|a| a.name == annotator).unwrap();
            let u = &a.units[index as usize];
            gamma_core::dissimilarity::Span {
                start: u.start,
                end: u.end,
                category: categories.binary_search(&u.category).unwrap() as u32,
            }
        };
        let pairs = f["tier1"]["pairDissimilarities"].as_array().unwrap();
        assert!(!pairs.is_empty());
        for pair in pairs {
            let u = span(
                pair["annotatorA"].as_str().unwrap(),
                pair["unitIndexA"].as_u64().unwrap(),
            );
            let v = span(
                pair["annotatorB"].as_str().unwrap(),
                pair["unitIndexB"].as_u64().unwrap(),
            );
            for (field, ours) in [
                ("positional", resolved.positional(&u, &v)),
                ("categorical", resolved.categorical(&u, &v)),
                ("combined", resolved.combined(&u, &v)),
            ] {
                let want = pair[field].as_f64().unwrap();
                assert!(
                    relative_difference(ours, want) < 1e-5,
                    "{name}: {field} {ours} against {want} for {pair}"
                );
            }
        }
    }
}

#[test]
fn best_alignment_disorders_match_for_each_continuum_and_sample() {
    let mut checked = 0;
    for (name, f) in fixtures() {
        let d = dissimilarity(&f["params"]);
        let mut cases = vec![(
            f["continuum"].clone(),
            f["tier1"]["bestAlignmentDisorder"].as_f64().unwrap(),
        )];
        for sample in f["tier2"]["sampledContinua"].as_array().unwrap() {
            cases.push((
                sample["units"].clone(),
                sample["bestAlignmentDisorder"].as_f64().unwrap(),
            ));
        }
        for (i, (units, want)) in cases.into_iter().enumerate() {
            let (_, alignment) = best_alignment(&continuum(&units), &d);
            assert!(
                relative_difference(alignment.disorder, want) < 1e-5,
                "{name} case {i}: {} against {want}",
                alignment.disorder
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 66);
}
