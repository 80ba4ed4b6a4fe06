//! Issue 35, lossy conversions: `convert` says exactly what the output format cannot hold and
//! leaves out or changes — features, relations, units with an empty category, overlapping
//! units on one tier, names with spaces or that become file names — and says nothing when the
//! format keeps everything.

use std::path::Path;
use std::process::Command;

/// A Glozz unit: `id`, type `Mention`, feature `entity`, characters `start..end`.
fn unit(id: &str, author: &str, entity: &str, start: usize, end: usize) -> String {
    format!(
        "<unit id=\"{id}\"><metadata><author>{author}</author><creation-date>1</creation-date>\
         </metadata><characterisation><type>Mention</type><featureSet><feature name=\"entity\">\
         {entity}</feature></featureSet></characterisation><positioning><start><singlePosition \
         index=\"{start}\"/></start><end><singlePosition index=\"{end}\"/></end></positioning>\
         </unit>\n"
    )
}

/// `doc.ac` and `alice.aa` (two mentions and a relation between them), `bob.aa` (two mentions)
/// in `folder`.
fn glozz_document(folder: &Path) {
    std::fs::write(folder.join("doc.ac"), "Zoe met Bob. He left").unwrap();
    let relation = "<relation id=\"r1\"><metadata><author>alice</author></metadata>\
        <characterisation><type>Coref</type><featureSet/></characterisation><positioning>\
        <term id=\"a1\"/><term id=\"a2\"/></positioning></relation>\n";
    let alice = [
        unit("a1", "alice", "PER", 8, 11),
        unit("a2", "alice", "PER", 13, 15),
    ];
    let bob = [
        unit("b1", "bob", "PER", 8, 11),
        unit("b2", "bob", "ORG", 13, 15),
    ];
    for (name, units, relations) in [("alice", alice, relation), ("bob", bob, "")] {
        let aa = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<annotations>\n{}{relations}\
             </annotations>\n",
            units.concat()
        );
        std::fs::write(folder.join(format!("{name}.aa")), aa).unwrap();
    }
}

/// `convert ARGS` in `folder`: its exit status, standard output and standard error.
fn convert(folder: &Path, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .current_dir(folder)
        .arg("convert")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const GLOZZ_READ: &str = "gamma-studio: warning: alice.aa: 1 relation is measured as relation agreement, \
     adjudicated with the units and carried into the gold\n";

#[test]
fn a_glozz_document_converted_to_csv_and_rttm_lists_what_they_cannot_hold() {
    let dir = tempfile::tempdir().unwrap();
    glozz_document(dir.path());
    let glozz = ["alice.aa", "bob.aa", "--text", "doc.ac"];

    let (ok, stdout, stderr) = convert(
        dir.path(),
        &[&glozz[..], &["--to", "csv", "-o", "d.csv"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert_eq!(stdout, "d.csv\n");
    assert_eq!(
        stderr,
        format!(
            "{GLOZZ_READ}gamma-studio: warning: d.csv: CSV has no place for relations: 1 \
             relation (\"alice\" 1) is left out\n"
        )
    );
    // The features went into the CSV: a column of their own.
    let csv = std::fs::read_to_string(dir.path().join("d.csv")).unwrap();
    assert!(
        csv.starts_with("annotator,category,start,end,entity\n"),
        "{csv}"
    );

    let (ok, stdout, stderr) = convert(
        dir.path(),
        &[&glozz[..], &["--to", "rttm", "-o", "d.rttm"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert_eq!(stdout, "d.rttm\n");
    assert_eq!(
        stderr,
        format!(
            "{GLOZZ_READ}gamma-studio: warning: d.rttm: RTTM has no place for the units' \
             features: those of 4 units (entity) are left out\ngamma-studio: warning: d.rttm: \
             RTTM has no place for relations: 1 relation (\"alice\" 1) is left out\n"
        )
    );
}

#[test]
fn names_empty_categories_and_overlaps_a_format_cannot_hold_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("doc.csv"),
        "annotator,category,start,end,pos\nAnn Lee,named entity,0,5,NN\nAnn Lee,,3,8,\n\
         bob,X,0,5,\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("doc.txt"), "hello world").unwrap();

    let (ok, _, stderr) = convert(dir.path(), &["doc.csv", "--to", "csv", "-o", "same.csv"]);
    assert!(ok);
    assert_eq!(stderr, "", "CSV keeps all of it");

    let (ok, _, stderr) = convert(dir.path(), &["doc.csv", "--to", "rttm", "-o", "d.rttm"]);
    assert!(ok);
    assert_eq!(
        stderr,
        "gamma-studio: warning: d.rttm: RTTM has no place for the units' features: those of 1 \
         unit (pos) are left out\ngamma-studio: warning: d.rttm: RTTM cannot hold these names as \
         they are, written otherwise: annotator \"Ann Lee\" as \"Ann_Lee\", category \"\" as \
         \"_\", category \"named entity\" as \"named_entity\"\n"
    );
    let rttm = std::fs::read_to_string(dir.path().join("d.rttm")).unwrap();
    assert!(
        rttm.starts_with("SPEAKER Ann_Lee 1 0 5 <NA> <NA> named_entity"),
        "{rttm}"
    );

    let (ok, _, stderr) = convert(dir.path(), &["doc.csv", "--to", "elan", "-o", "d.eaf"]);
    assert!(ok);
    assert_eq!(
        stderr,
        "gamma-studio: warning: d.eaf: ELAN has no place for the units' features: those of 1 \
         unit (pos) are left out\ngamma-studio: warning: d.eaf: ELAN reads a unit without a \
         category as none: 1 unit with an empty category (\"Ann Lee\" 1) is left out\n\
         gamma-studio: warning: d.eaf: ELAN does not allow overlapping units on one tier: \
         annotator \"Ann Lee\" has [0, 5) \"named entity\" and [3, 8) \"\" (written as they are; \
         ELAN itself may refuse the file)\n"
    );

    let (ok, _, stderr) = convert(dir.path(), &["doc.csv", "--to", "brat", "-o", "b"]);
    assert!(ok);
    assert_eq!(
        stderr,
        "gamma-studio: warning: b: brat standoff has no place for the units' features: those of \
         1 unit (pos) are left out\ngamma-studio: warning: b: brat standoff cannot hold these \
         names as they are, written otherwise: category \"\" as \"_\", category \"named entity\" \
         as \"named_entity\"\n"
    );
}

/// brat links units: a Glozz relation between two units is written as an `R` line between
/// their T lines (their Glozz ids renumbered), and nothing is said of relations; a relation to
/// a schema (a group of units) is left out, and said.
#[test]
fn glozz_relations_between_units_go_into_brat_and_those_on_schemas_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    glozz_document(dir.path());
    let glozz = ["alice.aa", "bob.aa", "--text", "doc.ac"];
    let (ok, _, stderr) = convert(
        dir.path(),
        &[&glozz[..], &["--to", "brat", "-o", "b"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "{GLOZZ_READ}gamma-studio: warning: b: brat standoff has no place for the units' \
             features: those of 4 units (entity) are left out\n"
        )
    );
    let alice = std::fs::read_to_string(dir.path().join("b/alice/doc.ann")).unwrap();
    assert_eq!(
        alice,
        "T1\tMention 8 11\tBob\nT2\tMention 13 15\tHe\nR1\tCoref Arg1:T1 Arg2:T2\n"
    );

    // alice groups her two mentions in a schema and links the first to it.
    let aa = std::fs::read_to_string(dir.path().join("alice.aa")).unwrap();
    let schema = "<relation id=\"r2\"><metadata><author>alice</author></metadata>\
        <characterisation><type>Part</type><featureSet/></characterisation><positioning>\
        <term id=\"a1\"/><term id=\"s1\"/></positioning></relation>\n<schema id=\"s1\">\
        <metadata><author>alice</author></metadata><characterisation><type>Group</type>\
        <featureSet/></characterisation><positioning><embedded-unit id=\"a1\"/>\
        <embedded-unit id=\"a2\"/></positioning></schema>\n";
    let aa = aa.replace("</annotations>", &format!("{schema}</annotations>"));
    std::fs::write(dir.path().join("alice.aa"), aa).unwrap();
    let (ok, _, stderr) = convert(
        dir.path(),
        &[&glozz[..], &["--to", "brat", "-o", "c"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert!(
        stderr.ends_with(
            "gamma-studio: warning: c: brat standoff links units only: 1 relation whose endpoint \
             is a group of units or a unit not written (\"alice\" 1) is left out\n"
        ),
        "{stderr}"
    );
    let alice = std::fs::read_to_string(dir.path().join("c/alice/doc.ann")).unwrap();
    assert!(alice.ends_with("\nR1\tCoref Arg1:T1 Arg2:T2\n"), "{alice}");
}

/// brat to brat keeps every relation, equivalence and event as it was (the equivalence's
/// members in text order), and says nothing.
#[test]
fn brat_to_brat_keeps_relations_equivalences_and_events() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("ann")).unwrap();
    std::fs::write(
        dir.path().join("ann/doc.txt"),
        "Sony bought Columbia. It paid.",
    )
    .unwrap();
    let units = "T1\tOrg 0 4\tSony\nT2\tOrg 12 20\tColumbia\nT3\tBuy 5 11\tbought\n\
                 T4\tOrg 22 24\tIt\nT5\tPay 25 29\tpaid\n";
    let links = "E1\tBuy:T3 Buyer:T1 Thing:T2\nR1\tOwns Arg1:T1 Arg2:T2\n*\tCoref T4 T1\n\
                 E2\tPay:T5 Payer:T4 Cause:E1\n";
    std::fs::write(dir.path().join("ann/doc.ann"), format!("{units}{links}")).unwrap();
    let (ok, _, stderr) = convert(dir.path(), &["ann/doc.ann", "--to", "brat", "-o", "out"]);
    assert!(ok, "{stderr}");
    assert_eq!(stderr, "");
    let written = std::fs::read_to_string(dir.path().join("out/doc/doc.ann")).unwrap();
    assert_eq!(
        written,
        format!("{units}{}", links.replace("T4 T1", "T1 T4"))
    );
}
