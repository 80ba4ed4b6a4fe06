//! Categories left out of γ (issue 41, item 4): a folder leaves a pre-segmentation out of γ as
//! File → Open… does (the same γ), and what is measured is still adjudicated, the units left
//! out carried into the gold.

use super::cockpit::glozz_pair;
use super::*;
use crate::app::adjudication::adjudicating::ExportKind;
use gamma_formats::glozz::{Positioning, read_aa};
use std::collections::BTreeSet;

#[test]
fn a_pre_segmentation_left_out_of_gamma_is_carried_into_the_gold_of_what_is_adjudicated() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("game");
    let files = glozz_pair(&corpus);
    let launch = Launch {
        files: vec![corpus.clone()],
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let pre_segmentation: BTreeSet<String> =
        ["Dialogue", "Turn", "paragraph"].map(String::from).into();
    let state = &h.state().state;
    assert_eq!(state.measure.settings.excluded_categories, pre_segmentation);
    assert!(
        (state.shell.messages.iter()).any(|m| m.contains("Dialogue, Turn, paragraph")
            && m.contains("left out of γ, as File → Open… leaves them out")),
        "{:?}",
        state.shell.messages
    );
    // The γ of the document read without them (as File → Open… reads it).
    let options = state.measure.settings.gamma_options();
    let all = &state.document().unwrap().continuum().clone();
    let measured = all.filter_categories(|c| !pre_segmentation.contains(c));
    let expected = gamma_core::gamma(&measured, &options, Default::default()).unwrap();
    assert_eq!(
        state.current_outcome().unwrap().result.gamma,
        expected.gamma
    );
    h.get_by_label("not measured");

    // Adjudicated all the same: its proposals are the measured units' alignments only.
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    let adjudication = h
        .state()
        .state
        .adjudicating()
        .expect("adjudicating")
        .adjudication();
    assert_eq!(adjudication.continuum(), &measured);
    assert_eq!(
        adjudication.proposals().len(),
        3,
        "Offer/Counteroffer, Refusal, Accept"
    );
    assert_eq!(
        adjudication.left_out(0).len(),
        7,
        "a Dialogue, three Turns and paragraphs"
    );
    // Every alignment decided with the keys: N, then 1 (ana's unit).
    for _ in 0..3 {
        h.key_press(egui::Key::N);
        h.run_steps(1);
        h.key_press(egui::Key::Num1);
        h.run_steps(2);
    }
    let progress = (h.state().state.adjudicating().unwrap().adjudication()).progress();
    assert_eq!((progress.decided, progress.total), (3, 3));

    // The gold as Glozz (from the annotators' files) and as CSV: the left-out units in both.
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    for name in ["gold.aa", "gold.csv"] {
        (h.state_mut().state).export(ExportKind::Gold, out.join(name), false);
        h.run_steps(1);
    }
    let glozz = read_aa(&out.join("gold.aa")).unwrap();
    let mut kinds: Vec<(String, usize, usize)> = (glozz.units.iter())
        .map(|u| match u.positioning {
            Positioning::Span { start, end } => (u.kind.clone(), start, end),
            _ => panic!("a span"),
        })
        .collect();
    kinds.sort();
    let ana = read_aa(&files[0]).unwrap();
    let mut expected: Vec<(String, usize, usize)> = (ana.units.iter())
        .map(|u| match u.positioning {
            Positioning::Span { start, end } => (u.kind.clone(), start, end),
            _ => panic!("a span"),
        })
        .collect();
    expected.sort();
    assert_eq!(
        kinds, expected,
        "ana's file: her decided units and the pre-segmentation"
    );
    let csv = std::fs::read_to_string(out.join("gold.csv")).unwrap();
    for kind in [
        "Dialogue",
        "Turn",
        "paragraph",
        "Offer",
        "Refusal",
        "Accept",
    ] {
        assert!(csv.contains(&format!(",{kind},")), "{kind}: {csv}");
    }
    assert_eq!(csv.lines().count(), 1 + 3 + 7, "{csv}");
}
