//! What a coding study writes and refuses: the agreement report (File → Export the agreement
//! report…) with the coefficients and intervals the panel shows and the command line that
//! gives them; a table whose ratings conflict says where; an output over a table read is
//! refused and the table left whole; the decision report and the dashboard's table.

use super::{app, harness, step_until};
use crate::app::commands::Command;
use crate::app::files::dialog::ScriptedDialog;
use crate::app::{GammaStudioApp, Launch};
use egui_kittest::kittest::Queryable;
use gamma_core::bootstrap::BootstrapOptions;
use gamma_core::coding::CoefficientChoice;
use gamma_core::coding::intervals::bootstrap_interval;
use std::path::Path;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/coding")
        .join(name)
}

fn idle(app: &GammaStudioApp) -> bool {
    app.state.coding.shown().is_some() && !app.state.coding_is_running()
}

fn said(app: &GammaStudioApp, part: &str) -> bool {
    app.state.shell.messages.iter().any(|m| m.contains(part))
}

#[test]
fn the_agreement_report_of_a_coding_study_and_what_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("ratings.csv");
    std::fs::copy(fixture("krippendorff2011.csv"), &table).unwrap();
    let original = std::fs::read(&table).unwrap();
    let conflict = dir.path().join("conflict.csv");
    std::fs::write(&conflict, "item,coder,label\n1,a,x\n1,b,x\n1,a,y\n").unwrap();
    let report = dir.path().join("out").join("agreement.json");
    std::fs::create_dir(report.parent().unwrap()).unwrap();
    let mut dialog = ScriptedDialog::default();
    dialog.answers.push_back(Some(vec![report.clone()]));
    dialog.answers.push_back(Some(vec![conflict.clone()]));
    let launch = Launch {
        files: vec![table.clone()],
        ..Launch::default()
    };
    let mut h = harness(app(launch, dialog));
    step_until(&mut h, |app| {
        idle(app)
            && (app.state.coding.agreement.drawn.as_ref())
                .is_some_and(|d| d.intervals.iter().all(Option::is_some))
    });

    // File → Export the agreement report…: the study's, with the panel's bootstrap.
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Export the agreement report…").click();
    step_until(&mut h, |app| idle(app) && report.is_file());
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let alpha = (json["coefficients"].as_array().unwrap().iter())
        .find(|c| c["name"] == "alpha")
        .unwrap();
    assert!((alpha["value"].as_f64().unwrap() - 0.743).abs() < 5e-4);
    let study = &h.state().state.coding.shown().unwrap().study;
    let choice = CoefficientChoice::parse("alpha", None).unwrap();
    let options = BootstrapOptions {
        replicates: 1000,
        level: 0.95,
        seed: 1,
    };
    let drawn = bootstrap_interval(study, &choice, &options).unwrap();
    assert_eq!(alpha["bootstrap"][0].as_f64(), Some(drawn.low));
    assert_eq!(alpha["bootstrap"][1].as_f64(), Some(drawn.high));
    let methods = json["methods"].as_str().unwrap();
    let command = format!(
        "gamma-studio coding {} -c percentage,kappa,pi,alpha,ac1 --bootstrap 1000 --seed 1 \
         --report {}",
        table.display(),
        report.display()
    );
    assert!(methods.contains(&command), "{methods}");
    assert!(methods.contains("seed 1"), "{methods}");

    // Outputs over a table read are refused, the table left whole.
    let state = &mut h.state_mut().state;
    state.send(Command::Coding(
        crate::app::coding::CodingCommand::ExportGold(table.clone()),
    ));
    h.run_steps(2);
    assert!(said(h.state(), "is a table read here"));
    assert_eq!(std::fs::read(&table).unwrap(), original);

    // A table whose ratings conflict: Messages says which file and line; the study stays.
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Open…").click();
    h.run_steps(2);
    h.get_by_label("Open this table").click();
    step_until(&mut h, |app| {
        !app.state.coding_is_running() && said(app, "conflict.csv")
    });
    assert!(
        said(
            h.state(),
            "conflict.csv: line 4: coder \"a\" labels item \"1\" twice"
        ),
        "{:?}",
        h.state().state.shell.messages
    );
    assert_eq!(h.state().state.coding.shown().unwrap().name(), "ratings");
}

#[test]
fn the_decision_report_and_the_dashboards_table_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    std::fs::create_dir(&tables).unwrap();
    std::fs::write(tables.join("a.csv"), "item,x,y\n1,p,p\n2,p,q\n3,=q,=q\n").unwrap();
    std::fs::write(tables.join("b.csv"), "item,x,y,z\n1,p,p,p\n2,p,q,q\n").unwrap();
    let launch = Launch {
        files: vec![tables.clone()],
        ..Launch::default()
    };
    let mut h = harness(app(launch, ScriptedDialog::default()));
    step_until(&mut h, |app| {
        (app.state.coding.dashboard.as_ref())
            .is_some_and(|d| d.rows.iter().all(|r| r.summary.is_some()))
            && !app.state.coding_is_running()
    });
    let out = dir.path().join("coding-tables.csv");
    assert_eq!(
        h.state().state.coding_output("coding-tables.csv"),
        out,
        "beside the folder"
    );
    let send = |h: &mut egui_kittest::Harness<'static, GammaStudioApp>, command| {
        h.state_mut().state.send(Command::Coding(command));
        h.run_steps(1);
    };
    use crate::app::coding::CodingCommand;
    send(&mut h, CodingCommand::ExportTable(out.clone()));
    step_until(&mut h, |app| {
        !app.state.coding_is_running() && out.is_file()
    });
    let written = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(
        lines[0],
        "table,items,coders,labels,ratings,missing_share,disagreements,percentage,kappa,pi,alpha,ac1,decided,problem"
    );
    assert!(
        lines[1].starts_with("a.csv,3,2,3,6,0.000000,1,0.666667,"),
        "{written}"
    );
    assert!(
        lines[2].starts_with("b.csv,2,3,2,6,0.000000,1,"),
        "{written}"
    );

    // Table a: the unanimous rule, then the decision report; a label that is a formula is
    // written so that a spreadsheet shows it.
    send(&mut h, CodingCommand::Show(0));
    step_until(&mut h, idle);
    send(
        &mut h,
        CodingCommand::Rule(gamma_core::coding::BulkRule::Unanimous),
    );
    let decisions = dir.path().join("a-decisions.csv");
    send(&mut h, CodingCommand::ExportDecisions(decisions.clone()));
    step_until(&mut h, |app| {
        !app.state.coding_is_running() && decisions.is_file()
    });
    let written = std::fs::read_to_string(&decisions).unwrap();
    let rows: Vec<&str> = written.lines().collect();
    assert_eq!(rows.len(), 3, "{written}");
    assert!(rows[0].starts_with("item,gold,decided_by,adjudicator,time,x,y"));
    assert!(rows[1].starts_with("1,p,unanimous,"), "{written}");
    assert!(rows[2].starts_with("3,'=q,unanimous,"), "{written}");
    assert!(rows[2].ends_with(",'=q,'=q"), "{written}");
    assert_eq!(h.state().state.coding.shown().unwrap().progress(), (2, 3));
    h.get_by_label("1 open disagreement");
}
