//! The anatomy window (issue 43, item 1) on the demos: a confusion clicked selects exactly the
//! alignments where its two categories meet; γ with each annotator left out is γ of the others
//! measured alone.

use super::reasons::adjudicating_discourse;
use super::*;
use crate::app::commands::Command;
use egui_kittest::kittest::Queryable;
use std::collections::BTreeSet;

/// The alignments of the adjudication where `first` meets `second` (`None`: an empty slot),
/// from the proposals' members.
fn meeting(h: &Harness<'static, GammaStudioApp>, first: &str, second: Option<&str>) -> Vec<usize> {
    let a = adjudication_of(h);
    let n = a.continuum().n_annotators();
    (0..a.proposals().len())
        .filter(|&i| {
            let members = a.members(i);
            let has = |c: &str| members.iter().any(|(_, u)| u.category == c);
            match second {
                Some(s) => has(first) && has(s),
                None => has(first) && members.len() < n,
            }
        })
        .collect()
}

fn open_anatomy(h: &mut Harness<'static, GammaStudioApp>) {
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Why the annotators disagree…").click();
    h.run_steps(2);
    step_until(h, |app| app.state.diagnostics.anatomy.left_out.is_some());
}

#[test]
fn clicking_a_confusion_of_the_named_entities_selects_exactly_its_alignments() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = adjudicating_the_demo_in(dir.path(), dir.path().join("unused"));
    open_anatomy(&mut h);
    let anatomy = (h.state().state.diagnostics.anatomy.anatomy.clone()).unwrap();
    let confusion = (anatomy.confusions.iter())
        .find(|c| c.second.as_deref().is_some_and(|s| s != c.first))
        .expect("two categories meet in the demo")
        .clone();
    let second = confusion.second.clone().unwrap();
    let name = format!("{} with {second}", confusion.first);
    h.get_by_label(&name).click_accesskit();
    h.run_steps(2);
    let expected = meeting(&h, &confusion.first, Some(&second));
    assert!(!expected.is_empty());
    let focus = h.state().state.diagnostics.focus.clone().unwrap();
    assert_eq!(focus.label, name);
    assert_eq!(focus.alignments, expected);
    assert_eq!(
        h.state().state.documents.selection.alignment,
        Some(expected[0])
    );
    // Each listed, a click away; "clear" forgets them.
    if let Some(&last) = expected.last() {
        h.get_by_label(&format!("alignment {}", last + 1))
            .click_accesskit();
        h.run_steps(2);
        assert_eq!(h.state().state.documents.selection.alignment, Some(last));
    }
    h.get_by_label("clear").click_accesskit();
    h.run_steps(2);
    assert!(h.state().state.diagnostics.focus.is_none());

    // γ without each of the three annotators: γ of the other two measured alone.
    let state = &h.state().state;
    let rows = state.diagnostics.anatomy.left_out.clone().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r.annotator.as_str()).collect();
    assert_eq!(names, ["ana", "ben", "chloe"]);
    let options = state.current_outcome().unwrap().settings.gamma_options();
    let document = adjudication_of(&h).continuum().clone();
    for row in &rows {
        let mut others = document.clone();
        others.annotators.retain(|a| a.name != row.annotator);
        let alone = gamma_core::gamma(&others, &options, Default::default()).unwrap();
        assert_eq!(row.gamma(), Some(alone.gamma), "{}", row.annotator);
        h.get_by_label(&format!("{:.4}", alone.gamma));
    }
}

#[test]
fn the_discourse_demo_shows_its_missed_segments_and_needs_three_annotators_for_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = adjudicating_discourse(dir.path());
    open_anatomy(&mut h);
    h.get_by_label("Needs three annotators at least (two remain).");
    let anatomy = (h.state().state.diagnostics.anatomy.anatomy.clone()).unwrap();
    let profile = anatomy.profile("ben").unwrap().clone();
    // ben's missed units: the alignments where ana has a Segment and ben none.
    let a = adjudication_of(&h).clone();
    let missed: BTreeSet<usize> = (0..a.proposals().len())
        .filter(|&i| {
            let members = a.members(i);
            members.iter().any(|(x, _)| *x == 0) && !members.iter().any(|(x, _)| *x == 1)
        })
        .collect();
    assert_eq!(profile.missed.count, missed.len());
    h.get_by_label("ben missed").click_accesskit();
    h.run_steps(2);
    let focus = h.state().state.diagnostics.focus.clone().unwrap();
    assert_eq!(focus.alignments, missed.into_iter().collect::<Vec<_>>());
    // The command path is the one the figures use.
    h.state_mut().state.apply(Command::ClearFocus);
    assert!(h.state().state.diagnostics.focus.is_none());
    let segment = meeting(&h, "Segment", None);
    assert_eq!(
        segment.len(),
        (anatomy.confusion("Segment", None)).map_or(0, |c| {
            c.alignments
                .iter()
                .map(|id| id.alignment)
                .collect::<BTreeSet<_>>()
                .len()
        })
    );
}

#[test]
fn the_examples_of_a_confused_pair_are_listed_and_exported_as_markdown_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("loc-org.md");
    let mut h = adjudicating_the_demo_in(dir.path(), md.clone());
    open_anatomy(&mut h);
    let anatomy = (h.state().state.diagnostics.anatomy.anatomy.clone()).unwrap();
    let confusion = (anatomy.confusions.iter())
        .find(|c| c.second.as_deref().is_some_and(|s| s != c.first))
        .unwrap()
        .clone();
    let second = confusion.second.clone().unwrap();
    let title = format!("{} with {second}", confusion.first);
    h.get_by_label(&format!("examples of {title}"))
        .click_accesskit();
    h.run_steps(2);
    // The core's examples of the same document and γ.
    let expected = {
        let state = &h.state().state;
        let document = adjudication_of(&h).continuum().clone();
        let result = &state.current_outcome().unwrap().result;
        let corpus = gamma_core::Corpus::new(vec![document]);
        gamma_core::diagnostics::examples(&corpus, result, &confusion.first, Some(&second))
    };
    let places: Vec<usize> = expected.iter().map(|e| e.id.alignment).collect();
    assert_eq!(places, meeting(&h, &confusion.first, Some(&second)));
    let shown = h.state().state.diagnostics.examples.clone().unwrap();
    assert_eq!(shown.found, expected);
    h.get_by_label_contains(&format!("Examples of {title}: "));
    // Exported through the dialog: the Markdown list the command line writes.
    h.get_by_label("Export the examples…").click_accesskit();
    h.run_steps(2);
    let written = std::fs::read_to_string(&md).unwrap();
    assert_eq!(
        written,
        gamma_formats::examples_list::markdown(&expected, &title, 1)
    );
    assert!(written.starts_with(&format!("## {title}\n")), "{written}");
    // And as CSV (by its extension), every cell neutralised by the shared table.
    let csv = dir.path().join("loc-org.csv");
    h.state_mut()
        .state
        .apply(Command::ExportExamples(csv.clone()));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text, gamma_formats::examples_list::csv_text(&expected));
    assert_eq!(text.lines().count(), expected.len() + 1);
    // Another extension is refused, nothing written.
    let txt = dir.path().join("loc-org.txt");
    h.state_mut()
        .state
        .apply(Command::ExportExamples(txt.clone()));
    assert!(!txt.exists());
}
