//! File → Export feedback for each annotator… (issue 43, item 3) on the discourse demo: one
//! page per annotator in the folder chosen, HTML and Markdown, with the decision's reason and
//! note; never among the annotators' files.

use super::reasons::adjudicating_discourse_with;
use super::*;
use crate::app::commands::Command;
use egui_kittest::kittest::Queryable;
use gamma_core::gold::Rationale;

#[test]
fn the_feedback_pages_of_the_discourse_demo_carry_the_decisions_reason_and_note() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("feedback");
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![out.clone()]));
    let mut h = adjudicating_discourse_with(dir.path(), dialog);
    // The first open disagreement: ana's unit into the gold, with a reason and a note.
    h.key_press(egui::Key::N);
    h.run_steps(2);
    let index = h.state().state.documents.selection.alignment.unwrap();
    h.key_press(egui::Key::Num1);
    h.run_steps(2);
    let why = Rationale::new(
        Some("boundary-convention"),
        Some("a segment ends before 'and'"),
    );
    h.state_mut().state.apply(Command::Adjudicate(
        crate::app::adjudication::Edit::Rationale {
            target: crate::app::adjudication::reasons::RationaleTarget::Alignment(index),
            rationale: why.clone(),
        },
    ));
    h.run_steps(2);
    // The core's pages of the same adjudication, for the counts.
    let (expected, names) = {
        let state = &h.state().state;
        let a = state.adjudicating().unwrap().adjudication().clone();
        assert_eq!(a.rationale(index), why);
        let corpus = gamma_core::Corpus::new(vec![a.continuum().clone()]);
        let options = gamma_core::GammaOptions {
            samples: gamma_core::gamma::SampleCount::Fixed(2),
            categorical_gammas: false,
            ..state.measure.settings.gamma_options()
        };
        let result = gamma_core::corpus_gamma(&corpus, &options, Default::default()).unwrap();
        let pages = gamma_core::feedback::feedback(
            &corpus,
            &result,
            &[Some(&a)],
            &state.adjudication.reasons.list,
            Default::default(),
        );
        let counts: Vec<(String, usize)> = (pages.iter())
            .map(|p| (p.annotator.clone(), p.disagreements.len()))
            .collect();
        (counts, a.continuum().annotator_names())
    };
    assert_eq!(names, ["ana", "ben"]);

    // File → Export feedback for each annotator…: the folder from the dialog, the job.
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Export feedback for each annotator…")
        .click();
    h.run_steps(4);
    let mut written: Vec<String> = (std::fs::read_dir(&out).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "feedback-ana.html",
            "feedback-ana.md",
            "feedback-ben.html",
            "feedback-ben.md"
        ]
    );
    // ben was not followed: his page holds the decision, its reason and note, once.
    let ben = std::fs::read_to_string(out.join("feedback-ben.md")).unwrap();
    assert!(ben.contains("boundary convention"), "{ben}");
    assert_eq!(
        ben.matches("a segment ends before 'and'").count(),
        1,
        "{ben}"
    );
    let html = std::fs::read_to_string(out.join("feedback-ben.html")).unwrap();
    assert!(html.contains("boundary convention"));
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no remote resource"
    );
    let said = format!(
        "feedback written (4 pages) into {}: ana: {}, ben: {}",
        out.display(),
        crate::wording::plural(expected[0].1, "disagreement", "disagreements"),
        crate::wording::plural(expected[1].1, "disagreement", "disagreements"),
    );
    assert!(
        (h.state().state.shell.messages.iter()).any(|m| m.contains(&said)),
        "{said:?} in {:?}",
        h.state().state.shell.messages
    );
    assert!(expected[1].1 >= 1, "ben disagrees at least there");
    assert!(
        h.state().state.diagnostics.feedback.is_none(),
        "the job is over"
    );
}

#[test]
fn the_feedback_is_never_written_among_the_annotators_files() {
    let dir = tempfile::tempdir().unwrap();
    let files = super::relations::write_pair(dir.path());
    let launch = Launch {
        files: files.clone(),
        data_folder: Some(dir.path().join("data")),
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, has_result);
    let before: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    h.state_mut()
        .state
        .apply(Command::ExportFeedback(dir.path().to_path_buf()));
    h.run_steps(2);
    let after: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(before.len(), after.len(), "nothing written");
    assert!(
        (h.state().state.shell.messages.iter()).any(|m| m
            .contains("holds annotation files; the feedback pages go into a folder of their own")),
        "{:?}",
        h.state().state.shell.messages
    );
}
