//! INCEpTION project exports: the curated document is the reference, not an annotator. The open
//! dialog says so and can read it as an annotator (as `--users …,curation` does), the Messages
//! panel shows the reader's warning, and the Evaluate window offers the curated document as its
//! default reference, with the core's evaluation (`gamma-studio evaluate PROJECT.zip`).

use super::*;
use crate::app::evaluate::{CURATED, ReferenceChoice};
use crate::app::files::open_dialog::CURATION_AS_ANNOTATOR;
use egui::accesskit::Role;
use egui_kittest::kittest::{By, NodeT};
use gamma_core::Corpus;
use gamma_core::evaluate::spans::Scheme;
use gamma_core::evaluate::{Evaluation, EvaluationOptions, evaluate};
use gamma_core::gamma::RunControl;
use gamma_formats::{ReadOptions, read_documents};
use std::path::{Path, PathBuf};

/// The curated document: PER "Ms. Haag", OTH "Elianti", ORG "Rolls-Royce Motor Cars".
const CURATION_TSV: &str = "#FORMAT=WebAnno TSV 3.3
#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value


#Text=Ms. Haag plays Elianti .
1-1\t0-3\tMs.\tPER[1]\t
1-2\t4-8\tHaag\tPER[1]\t
1-3\t9-14\tplays\t_\t
1-4\t15-22\tElianti\tOTH\t
1-5\t23-24\t.\t_\t

#Text=Rolls-Royce Motor Cars said .
2-1\t25-36\tRolls-Royce\tORG[2]\t
2-2\t37-42\tMotor\tORG[2]\t
2-3\t43-47\tCars\tORG[2]\t
2-4\t48-52\tsaid\t_\t
2-5\t53-54\t.\t_\t
";

/// A project export as INCEpTION lays it out, in `dir`: users alice (the ORG span one token
/// short) and bob (OTH read as PER) and the curated document of `wsj.txt`, the source and a
/// binary entry.
fn write_project(dir: &Path) -> PathBuf {
    use std::io::Write;
    let alice = CURATION_TSV.replace("2-3\t43-47\tCars\tORG[2]", "2-3\t43-47\tCars\t_");
    let bob = CURATION_TSV.replace("\tOTH\t", "\tPER\t");
    let path = dir.join("project.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    for (name, content) in [
        ("source/wsj.txt", "text"),
        ("annotation/wsj.txt/alice.tsv", alice.as_str()),
        ("annotation/wsj.txt/bob.tsv", bob.as_str()),
        ("annotation_ser/wsj.txt/alice.ser", "binary"),
        ("curation/wsj.txt/CURATION_USER.tsv", CURATION_TSV),
    ] {
        writer
            .start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        writer.write_all(content.as_bytes()).unwrap();
    }
    writer.finish().unwrap();
    path
}

fn names(app: &GammaStudioApp) -> Vec<String> {
    app.state.annotator_names()
}

fn shown_evaluation(app: &GammaStudioApp) -> Option<&Evaluation> {
    let finished = app.state.evaluate.finished.as_ref()?;
    finished.evaluation.as_ref().ok()
}

/// The app with `zip` chosen in the open dialog (shown, as for every project export).
fn opened_through_the_dialog(zip: &Path) -> Harness<'static, GammaStudioApp> {
    let mut h = harness(app(Launch::default(), ScriptedDialog::default()));
    step_until(&mut h, has_result);
    h.state_mut().request_open(vec![zip.to_path_buf()]);
    h.run_steps(2);
    h.get_by_label("Open 1 file");
    h
}

#[test]
fn the_curated_document_is_the_default_reference_of_the_evaluate_window() {
    let dir = tempfile::tempdir().unwrap();
    let zip = write_project(dir.path());
    let mut h = opened_through_the_dialog(&zip);
    h.get_by_label("users of the project export (annotators)");
    h.get_by_label("alice");
    h.get_by_label("bob");
    h.get_by_label(CURATION_AS_ANNOTATOR);
    h.get_by_label("Open these files").click();
    step_until(&mut h, |app| {
        names(app) == ["alice", "bob"] && has_result(app)
    });
    let document = h.state().state.document().unwrap().document.clone();
    assert_eq!(document.reference().unwrap().name, "curation");
    assert_eq!(document.reference().unwrap().units.len(), 3);
    // The reader's warning, in the Messages panel.
    h.get_by_label_contains(
        "the curated document (1 of 1 document) is the reference, not an annotator",
    );

    // View → Evaluate against a reference…: the curated document, by default.
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Evaluate against a reference…").click();
    h.run_steps(2);
    step_until(&mut h, |app| shown_evaluation(app).is_some());
    let options = EvaluationOptions {
        gamma: h.state().state.measure.settings.gamma_options(),
        ..EvaluationOptions::default()
    };
    // As `gamma-studio evaluate project.zip` reads and evaluates it.
    let (documents, _) =
        read_documents(std::slice::from_ref(&zip), &ReadOptions::default()).unwrap();
    let corpus = Corpus::new(vec![documents[0].with_reference()]);
    let expected = evaluate(&corpus, "curation", &options, RunControl::default()).unwrap();
    let shown = shown_evaluation(h.state()).unwrap().clone();
    assert_eq!(shown, expected);
    assert_eq!(shown.reference, "curation");
    let systems: Vec<&str> = shown.systems.iter().map(|s| s.annotator.as_str()).collect();
    assert_eq!(systems, ["alice", "bob"]);
    let (alice, bob) = (&shown.systems[0], &shown.systems[1]);
    assert_eq!(alice.spans.get(Scheme::Strict).correct, 2);
    assert_eq!(alice.spans.get(Scheme::Strict).incorrect, 1);
    assert_eq!(alice.spans.get(Scheme::Partial).partial, 1, "the short ORG");
    assert_eq!(bob.spans.get(Scheme::Strict).correct, 2);
    assert_eq!(bob.spans.get(Scheme::Strict).incorrect, 1);
    assert_eq!(bob.spans.get(Scheme::Exact).f1(Scheme::Exact), 1.0);
    assert_eq!(alice.disagreements.len(), 1);
    assert_eq!(bob.disagreements.len(), 1);
    h.get_by_label("alice against curation");

    // The choices: the curated document (chosen) and the users.
    let combo = h.get_by_role_and_label(Role::ComboBox, "Reference:");
    assert_eq!(combo.value().as_deref(), Some(CURATED));
    let bob_toggle = || {
        By::new()
            .role(Role::Button)
            .label("bob")
            .predicate(|node| node.toggled().is_some())
    };
    let toggles_before: Vec<_> = h
        .query_all(bob_toggle())
        .map(|n| n.accesskit_node().id())
        .collect();
    combo.click();
    h.run_steps(2);
    let offered = h.get_by_role_and_label(Role::Button, CURATED);
    assert_eq!(
        offered.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True),
        "chosen"
    );
    // The popup's entry: the toggle that came with it (the timeline has a "bob" toggle and
    // labels of its own). Clicked through AccessKit, by its id, so that a layout that moves
    // while the evaluation finishes under load cannot make the click land beside it.
    h.get_all(bob_toggle())
        .find(|n| !toggles_before.contains(&n.accesskit_node().id()))
        .expect("bob is offered")
        .click_accesskit();
    h.run_steps(4);
    assert_eq!(
        h.state().state.evaluate.reference,
        Some(ReferenceChoice::Annotator("bob".into()))
    );
    step_until(&mut h, |app| {
        shown_evaluation(app).is_some_and(|e| e.reference == "bob")
    });
    // As `--reference bob`: the curated document is not one of the systems.
    let systems: Vec<String> = shown_evaluation(h.state())
        .unwrap()
        .systems
        .iter()
        .map(|s| s.annotator.clone())
        .collect();
    assert_eq!(systems, ["alice"]);
}

#[test]
fn the_curated_document_ticked_in_the_open_dialog_is_an_annotator() {
    let dir = tempfile::tempdir().unwrap();
    let zip = write_project(dir.path());
    let mut h = opened_through_the_dialog(&zip);
    h.get_by_label(CURATION_AS_ANNOTATOR).click();
    h.run_steps(1);
    h.get_by_label("Open these files").click();
    step_until(&mut h, |app| {
        names(app) == ["alice", "bob", "curation"] && has_result(app)
    });
    // As `--users alice,bob,curation`: no reference, no warning about it.
    let options = ReadOptions {
        users: vec!["alice".into(), "bob".into(), "curation".into()],
        ..ReadOptions::default()
    };
    let (documents, _) = read_documents(std::slice::from_ref(&zip), &options).unwrap();
    let document = &h.state().state.document().unwrap().document;
    assert!(document.reference().is_none());
    assert_eq!(
        document.continuum.annotators[2].units,
        documents[0].continuum.annotators[2].units
    );
    assert!(
        h.query_by_label_contains("is the reference, not an annotator")
            .is_none()
    );
    h.state_mut().state.evaluate.open = true;
    h.run_steps(2);
    h.get_by_label("Reference:").click();
    h.run_steps(2);
    assert!(h.query_by_label(CURATED).is_none(), "no curated reference");
    h.get_all_by_label("curation").next().expect("an annotator");
}

/// INCEpTION's own test export holds only the curated document (the user's annotations are
/// plain text): it is read as the annotator `curation`, and there is no reference to offer.
#[test]
fn an_export_with_only_the_curated_document_reads_it_as_the_annotator() {
    let zip = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/inception-project/curated-project-3.6.1.zip");
    let mut h = opened_through_the_dialog(&zip);
    h.get_by_label_contains("read as an annotator since the export holds no user's annotations");
    assert!(h.query_by_label(CURATION_AS_ANNOTATOR).is_none());
    h.get_by_label("Open these files").click();
    step_until(&mut h, |app| names(app) == ["curation"]);
    assert!(
        h.state()
            .state
            .document()
            .unwrap()
            .document
            .reference()
            .is_none()
    );
    h.get_by_label_contains("only the curated document: it is read as the annotator curation");
    h.state_mut().state.evaluate.open = true;
    h.run_steps(2);
    h.get_by_label("Reference:").click();
    h.run_steps(2);
    assert!(h.query_by_label(CURATED).is_none());
}
