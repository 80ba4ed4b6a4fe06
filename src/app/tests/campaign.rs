//! Adjudicating a corpus in the app, on generated folders of CSV documents: N and P cross
//! document boundaries (each document keeping its own decisions), a bulk rule over the corpus is
//! one step that one undo takes back in every document, and the dashboard's filters narrow the
//! table that its CSV export writes.

use super::{app, harness, has_result, precision, step_until};
use crate::app::campaign::dashboard_panel;
use crate::app::commands::Command;
use crate::app::files::dialog::ScriptedDialog;
use crate::app::shell::Mode;
use crate::app::{GammaStudioApp, Launch};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::Path;

/// Writes one CSV per document: `(name, rows)`, rows as `annotator,category,start,end`.
pub(super) fn write_documents(folder: &Path, documents: &[(&str, &str)]) {
    for (name, rows) in documents {
        let body = format!("annotator,category,start,end\n{rows}");
        std::fs::write(folder.join(format!("{name}.csv")), body).unwrap();
    }
}

/// Every figure of the dashboard arrived.
pub(super) fn dashboard_done(app: &GammaStudioApp) -> bool {
    let dashboard = &app.state.campaign.dashboard;
    !dashboard.is_running()
        && dashboard.pairwise.is_some()
        && dashboard.rows.len() == app.state.documents.open.len()
        && dashboard.rows.iter().all(Option::is_some)
}

/// The app on `folder` opened as a corpus, its dashboard measured.
fn corpus_app(folder: &Path, dialog: ScriptedDialog) -> Harness<'static, GammaStudioApp> {
    let launch = Launch {
        files: vec![folder.to_path_buf()],
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    h.state_mut().state.measure.settings.gamma.samples = precision(0.05);
    h.state_mut().state.settings_changed();
    step_until(&mut h, dashboard_done);
    h
}

/// The names of the open documents, in their order.
fn names(app: &GammaStudioApp) -> Vec<String> {
    (app.state.documents.open.iter())
        .map(|d| d.continuum().name.clone())
        .collect()
}

/// Shows document `name` and starts adjudicating it from the panel.
fn adjudicate(h: &mut Harness<'static, GammaStudioApp>, name: &str) {
    let id = (h.state().state.documents.open.iter())
        .find(|d| d.continuum().name == name)
        .unwrap()
        .id;
    h.state_mut().state.apply(Command::OpenDocument(id));
    step_until(h, has_result);
    h.get_by_label("Adjudicate this document").click();
    h.run_steps(2);
    assert!(h.state().state.adjudicating().is_some(), "{name}");
}

/// (decided, total) of document `name`'s adjudication, if it has one.
fn progress_of(app: &GammaStudioApp, name: &str) -> Option<(usize, usize)> {
    let document = app
        .state
        .documents
        .open
        .iter()
        .find(|d| d.continuum().name == name)?;
    let progress = (app.state.adjudication.by_document.get(&document.id))?
        .adjudication()
        .progress();
    Some((progress.decided, progress.total))
}

/// Three documents whose alignments are all disagreements (every unit of b shifted).
pub(super) const SHIFTED: [(&str, &str); 3] = [
    (
        "d1",
        "a,x,0,10\na,y,20,30\na,x,40,50\nb,x,2,12\nb,y,23,31\nb,x,41,52\n",
    ),
    ("d2", "a,x,0,10\na,y,20,30\nb,x,1,12\nb,y,22,33\n"),
    ("d3", "a,x,0,10\na,x,30,40\nb,x,3,10\nb,x,31,44\n"),
];

#[test]
fn n_at_the_end_of_a_document_opens_the_next_one_and_p_comes_back() {
    use gamma_core::gold::{Direction, Filter};
    let folder = tempfile::tempdir().unwrap();
    write_documents(folder.path(), &SHIFTED);
    let mut h = corpus_app(folder.path(), ScriptedDialog::default());
    assert_eq!(names(h.state()), ["d1", "d2", "d3"]);
    adjudicate(&mut h, "d1");
    // Every alignment of d1 but its last (in the list's order) rejected; the last selected.
    let (order, last) = {
        let state = &mut h.state_mut().state;
        let order = (state.adjudicating().unwrap().shown).ordered(state.documents.selection.order);
        let (last, before) = order.split_last().unwrap();
        let (last, before) = (*last, before.to_vec());
        assert!(state.adjudicate(|a| {
            for &i in &before {
                a.reject(i)?;
            }
            Ok("rejected".into())
        }));
        state.select_alignment(last);
        (order, last)
    };
    assert!(order.len() >= 2);
    h.run_steps(1);

    h.key_press(egui::Key::N);
    h.run_steps(2);
    let state = &h.state().state;
    assert_eq!(state.document().unwrap().continuum().name, "d2");
    let first_open = {
        let adjudicating = state
            .adjudicating()
            .expect("d2 adjudicated from its alignment");
        let order = adjudicating.shown.ordered(state.documents.selection.order);
        let found = (adjudicating.adjudication()).next_open(
            &order,
            None,
            Direction::Next,
            &Filter::default(),
        );
        assert_eq!(
            found,
            Some(order[0]),
            "every alignment of d2 is a disagreement"
        );
        found
    };
    assert_eq!(state.documents.selection.alignment, first_open);
    // d1 keeps its decisions while d2 is shown.
    let d1_decided = order.len() - 1;
    assert_eq!(progress_of(h.state(), "d1").unwrap().0, d1_decided);
    // The corpus's progress: every alignment of the three documents, measured.
    let total: usize = (0..3)
        .map(|i| {
            let measured = state.campaign.dashboard.measured(i).unwrap();
            measured.alignment.alignment.unitary_alignments.len()
        })
        .sum();
    assert_eq!(state.corpus_progress().total, total);
    h.get_by_label_contains(&format!(
        "corpus: decided {d1_decided} of {total} in 3 documents"
    ));

    // P from d2's first open alignment: back to d1's last open one.
    h.key_press(egui::Key::P);
    h.run_steps(2);
    let state = &h.state().state;
    assert_eq!(state.document().unwrap().continuum().name, "d1");
    assert_eq!(state.documents.selection.alignment, Some(last));
    assert_eq!(progress_of(h.state(), "d1").unwrap().0, d1_decided);
    assert_eq!(progress_of(h.state(), "d2").unwrap().0, 0);

    // Deciding d1's last alignment goes on by itself into d2.
    h.key_press(egui::Key::R);
    h.run_steps(2);
    let state = &h.state().state;
    assert_eq!(
        progress_of(h.state(), "d1"),
        Some((order.len(), order.len()))
    );
    assert_eq!(state.document().unwrap().continuum().name, "d2");
    assert_eq!(state.documents.selection.alignment, first_open);
}

/// Documents with unanimous alignments: d1 two of three, d2 one of two, d3 none.
const SOME_UNANIMOUS: [(&str, &str); 3] = [
    (
        "d1",
        "a,x,0,10\na,y,20,30\na,x,40,50\nb,x,0,10\nb,y,20,30\nb,x,42,55\n",
    ),
    ("d2", "a,x,0,10\na,y,20,30\nb,x,0,10\nb,y,24,33\n"),
    ("d3", "a,x,0,10\na,x,30,40\nb,x,3,10\nb,x,31,44\n"),
];

#[test]
fn a_bulk_rule_over_the_corpus_is_one_step_that_one_undo_takes_back_everywhere() {
    let folder = tempfile::tempdir().unwrap();
    write_documents(folder.path(), &SOME_UNANIMOUS);
    let mut h = corpus_app(folder.path(), ScriptedDialog::default());
    adjudicate(&mut h, "d1");
    let decided = |h: &Harness<'static, GammaStudioApp>| {
        ["d1", "d2", "d3"].map(|d| progress_of(h.state(), d).map(|p| p.0))
    };
    // Below the fold of the adjudication's scrolled part: clicked through AccessKit.
    h.get_by_label("Decide every unanimous alignment")
        .click_accesskit();
    h.run_steps(2);
    assert_eq!(decided(&h), [Some(2), Some(1), Some(0)]);
    let message = "decided 3 unanimous alignments in 2 of 3 documents: d1 2, d2 1";
    assert!(
        (h.state().state.shell.messages.iter()).any(|m| m.ends_with(message)),
        "{:?}",
        h.state().state.shell.messages
    );

    // A decision of d1's own after the rule: the first undo takes back that one only…
    let open = {
        let adjudication = h.state().state.adjudicating().unwrap().adjudication();
        (0..3)
            .find(|&i| adjudication.decision(i).unwrap().is_open())
            .unwrap()
    };
    h.state_mut().state.adjudicating_mut().unwrap().advance = false;
    h.state_mut().state.select_alignment(open);
    h.key_press(egui::Key::S);
    h.run_steps(2);
    assert_eq!(
        h.state()
            .state
            .adjudicating()
            .unwrap()
            .adjudication()
            .progress()
            .skipped,
        1
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(
        h.state()
            .state
            .adjudicating()
            .unwrap()
            .adjudication()
            .progress()
            .skipped,
        0
    );
    assert_eq!(decided(&h), [Some(2), Some(1), Some(0)]);
    // …the next one takes back the rule in every document at once.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(decided(&h), [Some(0), Some(0), Some(0)]);
    assert!(
        (h.state().state.shell.messages.iter()).any(|m| m.contains("undone in 2 documents")),
        "{:?}",
        h.state().state.shell.messages
    );
    // d2 has nothing left to undo: its history held the rule alone.
    let d2 = h.state().state.documents.open[1].id;
    assert!(
        !h.state().state.adjudication.by_document[&d2]
            .adjudication()
            .can_undo()
    );
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(
        decided(&h),
        [Some(2), Some(1), Some(0)],
        "redone everywhere"
    );
}

/// Three documents, each with two of three annotators, and categories x, y, z spread unevenly.
const THREE_PAIRS: [(&str, &str); 3] = [
    ("ab", "a,x,0,10\na,y,20,30\nb,x,1,10\nb,y,20,31\n"),
    ("ac", "a,x,0,10\na,z,20,30\nc,x,4,10\nc,y,20,36\n"),
    ("bc", "b,x,0,10\nb,x,20,30\nc,x,0,12\nc,y,22,30\n"),
];

/// Chooses `value` in the drop-down labelled `filter` (the widgets named so, not the words of
/// the table or the matrix).
fn choose(h: &mut Harness<'static, GammaStudioApp>, filter: &str, value: &str) {
    for name in [filter, value] {
        let widget = h
            .get_all_by_label(name)
            .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label);
        widget.unwrap_or_else(|| panic!("no widget {name}")).click();
        h.run_steps(2);
    }
}

#[test]
fn the_dashboard_filters_by_annotator_and_category_and_exports_the_rows_shown() {
    let folder = tempfile::tempdir().unwrap();
    write_documents(folder.path(), &THREE_PAIRS);
    let out = folder.path().join("out").join("table.csv");
    std::fs::create_dir(out.parent().unwrap()).unwrap();
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![out.clone()]));
    let mut h = corpus_app(folder.path(), dialog);
    assert_eq!(h.state().state.shell.mode, Mode::Dashboard);
    let shown = |h: &Harness<'static, GammaStudioApp>| {
        let state = &h.state().state;
        (dashboard_panel::order(state).into_iter())
            .map(|i| state.documents.open[i].continuum().name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(shown(&h).len(), 3);
    choose(&mut h, "annotator", "c");
    let mut with_c = shown(&h);
    with_c.sort();
    assert_eq!(with_c, ["ac", "bc"]);
    h.get_by_label("2 of 3 documents");
    choose(&mut h, "category", "z");
    assert_eq!(shown(&h), ["ac"], "c's documents with a unit of z");
    choose(&mut h, "category", "any category");
    let order = shown(&h);
    assert_eq!(order.len(), 2);

    h.get_by_label("Export the table…").click();
    h.run_steps(2);
    let written = std::fs::read_to_string(&out).expect("the table was written");
    let mut lines = written.lines();
    assert_eq!(
        lines.next(),
        Some(
            "document,annotators,n_units,gamma,ci95_low,ci95_high,chance_precision_low,\
             chance_precision_high,observed_disorder,expected_disorder,error"
        )
    );
    let state = &h.state().state;
    for (line, name) in lines.by_ref().zip(&order) {
        let index = state
            .documents
            .open
            .iter()
            .position(|d| &d.continuum().name == name);
        let measured = state.campaign.dashboard.measured(index.unwrap()).unwrap();
        let fields: Vec<&str> = line.split(',').collect();
        let expected = [
            name.to_string(),
            state.documents.open[index.unwrap()]
                .continuum()
                .annotator_names()
                .join(" "),
            "4".into(),
            measured.gamma.to_string(),
            (measured.confidence.as_ref()).map_or(String::new(), |c| c.0.to_string()),
            (measured.confidence.as_ref()).map_or(String::new(), |c| c.1.to_string()),
            measured.precision.0.to_string(),
            measured.precision.1.to_string(),
            measured.observed_disorder.to_string(),
            measured.expected_disorder.to_string(),
            String::new(),
        ];
        assert_eq!(fields, expected, "{line}");
    }
    assert_eq!(lines.next(), None, "only the rows shown");
    assert!(
        (state.shell.messages.iter()).any(|m| m.starts_with("table written (2 documents)")),
        "{:?}",
        state.shell.messages
    );
}

/// "Export the gold corpus…": after the corpus rule, every document's gold in the chosen
/// folder (one CSV per document, as the corpus), with one decision report; skipping documents
/// not fully decided writes none of them.
#[test]
fn export_the_gold_corpus_writes_every_document_into_the_chosen_folder() {
    let folder = tempfile::tempdir().unwrap();
    write_documents(folder.path(), &SOME_UNANIMOUS);
    let out = tempfile::tempdir().unwrap();
    let (gold, skipping) = (out.path().join("gold"), out.path().join("skipping"));
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![gold.clone()]));
    dialog.answers.push_back(Some(vec![skipping.clone()]));
    let mut h = corpus_app(folder.path(), dialog);
    adjudicate(&mut h, "d1");
    // Below the fold of the adjudication's scrolled part: clicked through AccessKit.
    h.get_by_label("Decide every unanimous alignment")
        .click_accesskit();
    h.run_steps(2);
    // Below the fold of the panel at this size: clicked through AccessKit.
    h.get_by_label("Export the gold corpus…").click_accesskit();
    h.run_steps(2);
    let lines = |path: &Path| std::fs::read_to_string(path).unwrap().lines().count() - 1;
    // What was decided: d1's two unanimous units, d2's one, none of d3.
    let counts: Vec<usize> = ["d1", "d2", "d3"]
        .iter()
        .map(|d| lines(&gold.join(format!("{d}.csv"))))
        .collect();
    assert_eq!(counts, [2, 1, 0]);
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(gold.join("gold-decisions.json")).unwrap()).unwrap();
    assert_eq!(report["documents"].as_array().unwrap().len(), 3);
    assert!(
        (h.state().state.shell.messages.iter())
            .any(|m| m.starts_with("gold of 3 documents written (3 units)")),
        "{:?}",
        h.state().state.shell.messages
    );
    // Skipping what is not fully decided: no document is.
    h.state_mut().state.campaign.open_alignments = gamma_core::gold::OpenAlignments::Skip;
    h.get_by_label("Export the gold corpus…").click_accesskit();
    h.run_steps(2);
    let written: Vec<_> = std::fs::read_dir(&skipping)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(written, ["gold-decisions.json"]);
    assert!(
        (h.state().state.shell.messages.iter()).any(|m| m == "d3: skipped, 2 alignments open"),
        "{:?}",
        h.state().state.shell.messages
    );
}

/// A document shown from elsewhere (the dashboard, N into the next document) is scrolled into
/// view in the documents list, which lays out only its visible rows.
#[test]
fn the_documents_list_scrolls_to_the_document_shown() {
    let folder = tempfile::tempdir().unwrap();
    let documents: Vec<(String, &str)> = (0..20)
        .map(|i| (format!("doc{i:02}"), "a,x,0,10\nb,x,0,12\n"))
        .collect();
    let borrowed: Vec<(&str, &str)> = documents.iter().map(|(n, r)| (n.as_str(), *r)).collect();
    write_documents(folder.path(), &borrowed);
    let mut h = corpus_app(folder.path(), ScriptedDialog::default());
    let shown_in_list = |h: &Harness<'static, GammaStudioApp>, name: &str| {
        h.query_all_by_label_contains(name)
            .any(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
    };
    let id = |h: &Harness<'static, GammaStudioApp>, name: &str| {
        (h.state().state.documents.open.iter())
            .find(|d| d.continuum().name == name)
            .unwrap()
            .id
    };
    let first = id(&h, "doc00");
    h.state_mut().state.apply(Command::OpenDocument(first));
    step_until(&mut h, has_result);
    assert!(shown_in_list(&h, "doc00"));
    assert!(
        !shown_in_list(&h, "doc17"),
        "only the visible rows are laid out"
    );
    let far = id(&h, "doc17");
    h.state_mut().state.apply(Command::OpenDocument(far));
    step_until(&mut h, has_result);
    h.run_steps(3);
    assert!(shown_in_list(&h, "doc17"), "scrolled to the document shown");
}

/// Three documents of two annotators whose γ differ, in the reverse of their order: d1 nearly
/// agrees (one unit of b a point short), d2 is between (every unit of b shifted by a few
/// points), d3 disagrees everywhere (b's units elsewhere, other categories). Each has an open
/// alignment. Worst first, N goes d3, d2, d1: not the document order from any start.
const THREE_GAMMAS: [(&str, &str); 3] = [
    (
        "d1",
        "a,x,0,10\na,y,20,30\na,x,40,50\na,y,60,70\nb,x,0,10\nb,y,20,30\nb,x,40,50\nb,y,61,70\n",
    ),
    (
        "d2",
        "a,x,0,10\na,y,20,30\na,x,40,50\nb,x,2,12\nb,y,23,31\nb,x,41,52\n",
    ),
    (
        "d3",
        "a,x,0,10\na,y,20,30\na,x,40,50\nb,y,5,15\nb,x,33,38\nb,y,52,60\n",
    ),
];

/// The documents N visits, in order, from the first open alignment of document `start`, with
/// the queue order chosen on the dashboard by the button `order`, until `count` changes of
/// document were seen.
fn visited_with(
    h: &mut Harness<'static, GammaStudioApp>,
    order: &str,
    start: &str,
    count: usize,
) -> Vec<String> {
    assert_eq!(h.state().state.shell.mode, Mode::Dashboard);
    h.get_by_label(order).click();
    h.run_steps(2);
    h.state_mut().state.shell.mode = Mode::Annotations;
    h.run_steps(3);
    adjudicate(h, start);
    let mut visited = vec![start.to_string()];
    for _ in 0..40 {
        h.key_press(egui::Key::N);
        h.run_steps(2);
        let shown = h.state().state.document().unwrap().continuum().name.clone();
        if visited.last() != Some(&shown) {
            visited.push(shown);
        }
        if visited.len() == count {
            break;
        }
    }
    visited
}

#[test]
fn worst_gamma_first_makes_n_visit_the_documents_from_the_lowest_gamma() {
    let folder = tempfile::tempdir().unwrap();
    write_documents(folder.path(), &THREE_GAMMAS);
    let mut h = corpus_app(folder.path(), ScriptedDialog::default());
    assert_eq!(names(h.state()), ["d1", "d2", "d3"]);
    // The γ of each document, from the core: d3 < d2 < d1.
    let options = h.state().state.measure.settings.gamma_options();
    let gammas: Vec<f64> = (h.state().state.documents.open.iter())
        .map(|d| {
            gamma_core::gamma(d.continuum(), &options, Default::default())
                .unwrap()
                .gamma
        })
        .collect();
    assert!(gammas[2] < gammas[1] && gammas[1] < gammas[0], "{gammas:?}");
    for (i, gamma) in gammas.iter().enumerate() {
        assert_eq!(
            h.state()
                .state
                .campaign
                .dashboard
                .measured(i)
                .unwrap()
                .gamma,
            *gamma
        );
    }
    // "worst γ first" on the dashboard, then N from the worst document on; around to it again.
    assert_eq!(
        visited_with(&mut h, "worst γ first", "d3", 4),
        ["d3", "d2", "d1", "d3"]
    );
    assert_eq!(
        h.state().state.campaign.order,
        crate::app::campaign::QueueOrder::WorstFirst
    );
    // In document order (another app on the same corpus), from the worst too: d3, d1, d2.
    let mut h = corpus_app(folder.path(), ScriptedDialog::default());
    assert_eq!(
        visited_with(&mut h, "in document order", "d3", 4),
        ["d3", "d1", "d2", "d3"]
    );
}
