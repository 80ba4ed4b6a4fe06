//! Issue 35, lossy conversions: `convert` says exactly what the output format cannot hold and
//! leaves out or changes — features, relations, units with an empty category, overlapping
//! units on one tier, names with spaces or that become file names — and says nothing when the
//! format keeps everything.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
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

/// `convert ARGS` in `folder`: its exit status, standard output and standard error. Nothing in
/// `folder` but the output (`-o OUT`) is created, changed or deleted.
fn convert(folder: &Path, args: &[&str]) -> (bool, String, String) {
    let out = args
        .iter()
        .position(|a| *a == "-o")
        .map(|i| folder.join(args[i + 1]));
    let out = out.expect("an output");
    let before = snapshot(folder, &out);
    let output = Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .current_dir(folder)
        .arg("convert")
        .args(args)
        .output()
        .unwrap();
    assert_eq!(snapshot(folder, &out), before, "convert {args:?}");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Every entry under `root` but `except`: type, size, time and contents of files, links'
/// targets, folders by existence (writing into one changes its time).
fn snapshot(root: &Path, except: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.starts_with(except) {
                continue;
            }
            let metadata = std::fs::symlink_metadata(&path).unwrap();
            let what = if metadata.is_symlink() {
                format!("link to {}", std::fs::read_link(&path).unwrap().display())
            } else if metadata.is_dir() {
                folders.push(path.clone());
                "folder".into()
            } else {
                let contents = std::fs::read(&path).unwrap();
                format!("{:?} {contents:?}", metadata.modified().unwrap())
            };
            out.insert(path, what);
        }
    }
    out
}

/// The units of files read back, as the CSV `convert` writes of them (without its warnings).
fn read_back(folder: &Path, args: &[&str]) -> String {
    let csv = format!("back-{}.csv", std::process::id());
    let (ok, _, stderr) = convert(folder, &[args, &["--to", "csv", "-o", &csv]].concat());
    assert!(ok, "{stderr}");
    let units = std::fs::read_to_string(folder.join(&csv)).unwrap();
    std::fs::remove_file(folder.join(&csv)).unwrap();
    units
}

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
            "gamma-studio: warning: d.csv: CSV has no place for relations: 1 \
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
            "gamma-studio: warning: d.rttm: RTTM has no place for the units' \
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
            "gamma-studio: warning: b: brat standoff has no place for the units' \
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
             is a group of units or a unit not written (\"alice\" 1) is left out\n\
             gamma-studio: warning: c: brat standoff is written from what was measured: the \
             input's 1 schema (\"alice\" 1) is left out\n"
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

/// `doc.csv` over `doc.txt`: a's second unit begins on a space, the units leave text between
/// them, a feature's name has a space and b has a unit with an empty category.
fn spaced_document(folder: &Path) {
    std::fs::write(folder.join("doc.txt"), "hello world, this is text").unwrap();
    std::fs::write(
        folder.join("doc.csv"),
        "annotator,category,start,end,my feat\na,X,0,5,v\na,Y,5,11,\na,Z,13,17,\nb,X,1,5,\n\
         b,,6,11,\n",
    )
    .unwrap();
}

/// CorA-XML made from units holds the covered text alone, a token each: the warning counts the
/// characters left out and lists every unit that moves, where it is read back; a feature whose
/// name is no XML name is left out, and said.
#[test]
fn csv_to_cora_says_the_text_left_out_and_where_each_unit_moves() {
    let dir = tempfile::tempdir().unwrap();
    spaced_document(dir.path());
    let (ok, stdout, stderr) = convert(dir.path(), &["doc.csv", "--to", "cora", "-o", "c"]);
    assert!(ok, "{stderr}");
    assert_eq!(stdout, "c/a.xml\nc/b.xml\n");
    assert_eq!(
        stderr,
        "gamma-studio: warning: c: CorA-XML made from units writes a feature as a layer of its \
         name, an XML name other than the category's \"pos\": the features \"my feat\" of 1 \
         unit are left out\ngamma-studio: warning: c: CorA-XML made from units holds the text \
         they cover alone, a token each with a space after it: the characters no unit covers, \
         spaces aside, are left out (\"a\" 7, \"b\" 12), and 4 units move (\"a\" [5, 11) \"Y\" \
         to [6, 11), \"a\" [13, 17) \"Z\" to [12, 16), \"b\" [1, 5) \"X\" to [0, 4), \"b\" [6, \
         11) \"\" to [5, 10))\n"
    );
    // Read back, the units are where the warning says.
    assert_eq!(
        read_back(dir.path(), &["c/a.xml", "c/b.xml"]),
        "annotator,category,start,end\na,X,0,5\na,Y,6,11\na,Z,12,16\nb,X,0,4\nb,,5,10\n"
    );
}

/// TSV 3 cuts tokens at every unit's bounds and at spaces: a unit that begins on a space moves
/// in to its first token, and says so; feature names become UIMA names, and one named like the
/// category's feature is left out.
#[test]
fn csv_to_tsv3_lists_the_units_moved_off_spaces_and_the_features_renamed() {
    let dir = tempfile::tempdir().unwrap();
    spaced_document(dir.path());
    let (ok, _, stderr) = convert(dir.path(), &["doc.csv", "--to", "tsv3", "-o", "t"]);
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        "gamma-studio: warning: t: WebAnno TSV 3 puts units on whole tokens, cut at spaces, so 1 \
         unit moves in from the spaces at its ends (\"a\" [5, 11) \"Y\" to [6, 11))\n\
         gamma-studio: warning: t: WebAnno TSV 3 cannot hold these names as they are, written \
         otherwise: feature \"my feat\" as \"my_feat\"\n"
    );
    let files = ["t/a.tsv", "t/b.tsv", "--category-feature", "value"];
    assert_eq!(
        read_back(dir.path(), &files),
        "annotator,category,start,end,my_feat\na,X,0,5,v\na,Y,6,11,\na,Z,13,17,\nb,X,1,5,\n\
         b,,6,11,\n"
    );

    // XMI keeps the bounds (its annotations have their own), not the name.
    let (ok, _, stderr) = convert(dir.path(), &["doc.csv", "--to", "xmi", "-o", "x"]);
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        "gamma-studio: warning: x: UIMA CAS XMI cannot hold these names as they are, written \
         otherwise: feature \"my feat\" as \"my_feat\"\n"
    );

    // A feature named like the category's feature has no column of its own.
    std::fs::write(
        dir.path().join("value.csv"),
        "annotator,category,start,end,value\na,X,0,5,v\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("value.txt"), "hello world").unwrap();
    let (ok, _, stderr) = convert(dir.path(), &["value.csv", "--to", "tsv3", "-o", "v"]);
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        "gamma-studio: warning: v: WebAnno TSV 3 writes no feature of the name of the category's \
         feature \"value\": the features \"value\" of 1 unit are left out\n"
    );
}

/// ELAN holds whole milliseconds: every unit rounded is listed with where it goes, and the
/// boundaries rounded are counted. ELAN's milliseconds and TextGrid's and RTTM's seconds are
/// rescaled: ELAN → TextGrid → ELAN and ELAN → RTTM → ELAN keep every boundary and say nothing
/// (1234 ms is 1.234 s, the RTTM duration of [1.234, 4.4) is 3.166); boundaries of a TextGrid
/// between whole milliseconds are rounded, and said.
#[test]
fn elan_rounding_is_said_and_times_are_rescaled_between_milliseconds_and_seconds() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("t.csv"),
        "annotator,category,start,end\na,X,0.4,1.5\na,Y,1234,4400\nb,X,7,7.2\nb,Y,2345,2500\n",
    )
    .unwrap();
    let (ok, _, stderr) = convert(dir.path(), &["t.csv", "--to", "elan", "-o", "t.eaf"]);
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        "gamma-studio: warning: t.eaf: ELAN holds whole milliseconds, a unit at least one long: \
         3 boundaries are rounded, so 2 units move (\"a\" [0.4, 1.5) \"X\" to [0, 2), \"b\" [7, \
         7.2) \"X\" to [7, 8))\n"
    );
    let elan = "annotator,category,start,end\na,X,0,2\na,Y,1234,4400\nb,X,7,8\nb,Y,2345,2500\n";
    assert_eq!(read_back(dir.path(), &["t.eaf"]), elan);
    for (format, file) in [("textgrid", "t.TextGrid"), ("rttm", "t.rttm")] {
        let (ok, _, stderr) = convert(dir.path(), &["t.eaf", "--to", format, "-o", file]);
        assert!(ok, "{stderr}");
        assert_eq!(stderr, "", "{format}: rescaled, nothing lost");
        let back = format!("back-{format}.eaf");
        let (ok, _, stderr) = convert(dir.path(), &[file, "--to", "elan", "-o", &back]);
        assert!(ok, "{stderr}");
        assert_eq!(stderr, "", "{format}: every boundary a whole millisecond");
        assert_eq!(read_back(dir.path(), &[&back]), elan, "through {format}");
    }
    assert_eq!(
        read_back(dir.path(), &["t.TextGrid"]),
        "annotator,category,start,end\na,X,0,0.002\na,Y,1.234,4.4\nb,X,0.007,0.008\nb,Y,2.345,2.5\n"
    );
    let rttm = std::fs::read_to_string(dir.path().join("t.rttm")).unwrap();
    assert!(
        rttm.contains("SPEAKER a 1 1.234 3.166 <NA> <NA> Y <NA> <NA>\n")
            && rttm.contains("SPEAKER b 1 2.345 0.155 <NA> <NA> Y <NA> <NA>\n"),
        "{rttm}"
    );
    // Seconds between whole milliseconds, and a unit shorter than one.
    std::fs::write(
        dir.path().join("s.csv"),
        "annotator,category,start,end\na,X,0.0016,0.5\na,Y,0.6,0.6004\n",
    )
    .unwrap();
    let (ok, _, stderr) = convert(
        dir.path(),
        &["s.csv", "--to", "textgrid", "-o", "s.TextGrid"],
    );
    assert!(ok, "{stderr}");
    let (ok, _, stderr) = convert(dir.path(), &["s.TextGrid", "--to", "elan", "-o", "s.eaf"]);
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        "gamma-studio: warning: s.eaf: ELAN holds whole milliseconds, a unit at least one long: \
         the seconds read are written as milliseconds, 2 boundaries are rounded, so 2 units move \
         (\"a\" [0.0016 s, 0.5 s) \"X\" to [2 ms, 500 ms), \"a\" [0.6 s, 0.6004 s) \"Y\" to \
         [600 ms, 601 ms))\n"
    );
    assert_eq!(
        read_back(dir.path(), &["s.eaf"]),
        "annotator,category,start,end\na,X,2,500\na,Y,600,601\n"
    );
}

/// A Glozz document measured in part (`--include-type Mention`), alice with two schemas (one a
/// relation's endpoint): converted to another format, the units not measured and the schemas
/// are counted; converted to Glozz, each annotator's `.aa` is written as it was read, units not
/// measured, relations and schemas kept, and nothing is said.
#[test]
fn glozz_schemas_and_units_not_measured_are_said_or_kept() {
    let dir = tempfile::tempdir().unwrap();
    glozz_document(dir.path());
    let aa = std::fs::read_to_string(dir.path().join("alice.aa")).unwrap();
    let more = format!(
        "{}<relation id=\"r2\"><metadata><author>alice</author></metadata><characterisation>\
         <type>Part</type><featureSet/></characterisation><positioning><term id=\"a1\"/><term \
         id=\"s1\"/></positioning></relation>\n<schema id=\"s1\"><metadata><author>alice\
         </author></metadata><characterisation><type>Group</type><featureSet/>\
         </characterisation><positioning><embedded-unit id=\"a1\"/><embedded-unit id=\"a2\"/>\
         </positioning></schema>\n<schema id=\"s2\"><metadata><author>alice</author>\
         </metadata><characterisation><type>Alone</type><featureSet/></characterisation>\
         <positioning><embedded-unit id=\"a3\"/></positioning></schema>\n</annotations>",
        unit("a3", "alice", "-", 0, 12).replace("Mention", "Sentence")
    );
    std::fs::write(
        dir.path().join("alice.aa"),
        aa.replace("</annotations>", &more),
    )
    .unwrap();
    let read = [
        "alice.aa",
        "bob.aa",
        "--text",
        "doc.ac",
        "--include-type",
        "Mention",
    ];
    let (ok, _, stderr) = convert(
        dir.path(),
        &[&read[..], &["--to", "csv", "-o", "d.csv"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert!(
        stderr.ends_with(
            "gamma-studio: warning: d.csv: CSV has no place for relations: 2 relations (\"alice\" \
             2) are left out\ngamma-studio: warning: d.csv: CSV is written from what was \
             measured: the input's 1 unit not measured (\"alice\" 1), 2 schemas (\"alice\" 2) \
             are left out\n"
        ),
        "{stderr}"
    );

    let (ok, stdout, stderr) = convert(
        dir.path(),
        &[&read[..], &["--to", "glozz", "-o", "g"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert_eq!(stdout, "g/doc.ac\ng/alice/doc.aa\ng/bob/doc.aa\n");
    assert!(
        !stderr.contains("d.csv") && !stderr.contains(" g:"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(dir.path().join("g/alice/doc.aa")).unwrap();
    for kept in [
        "<unit id=\"a3\">",
        "<relation id=\"r2\">",
        "<schema id=\"s1\">",
        "<schema id=\"s2\">",
    ] {
        assert!(written.contains(kept), "{kept} in {written}");
    }
    // What is read from the output is what was read from the input.
    let output = ["g/alice/doc.aa", "g/bob/doc.aa", "--text", "g/doc.ac"];
    assert_eq!(
        read_back(dir.path(), &output),
        read_back(dir.path(), &["alice.aa", "bob.aa", "--text", "doc.ac"])
    );
}

/// The layers of a CorA file that are neither the category nor kept as features are counted
/// when converting to another format, and kept in their tokens when writing CorA-XML.
#[test]
fn cora_layers_not_read_are_counted_or_kept() {
    let dir = tempfile::tempdir().unwrap();
    let token = |n: usize, word: &str, pos: &str| {
        format!(
            "<token id=\"t{n}\" trans=\"{word}\"><dipl id=\"t{n}_d1\" trans=\"{word}\"/><mod \
             id=\"t{n}_m1\" trans=\"{word}\"><pos tag=\"{pos}\"/><morph tag=\"Sg\"/><lemma \
             tag=\"{word}\"/></mod></token>\n"
        )
    };
    for (name, second) in [("a", "NN"), ("b", "VV")] {
        let xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<text id=\"doc\"><cora-header/>\n{}{}{}\
             </text>\n",
            token(1, "De", "ART"),
            token(2, "hystorie", second),
            token(3, "van", "APPR")
        );
        std::fs::write(dir.path().join(format!("{name}.xml")), xml).unwrap();
    }
    let read = ["a.xml", "b.xml", "--layers", "morph"];
    let (ok, _, stderr) = convert(
        dir.path(),
        &[&read[..], &["--to", "csv", "-o", "d.csv"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        "gamma-studio: warning: d.csv: CSV is written from the layers read: the input's other \
         CorA layers are left out (lemma 6 tokens)\n"
    );
    let (ok, _, stderr) = convert(
        dir.path(),
        &[&read[..], &["--to", "cora", "-o", "c"]].concat(),
    );
    assert!(ok, "{stderr}");
    assert_eq!(stderr, "");
    let written = std::fs::read_to_string(dir.path().join("c/b.xml")).unwrap();
    assert!(
        written.contains("<pos tag=\"VV\"/><morph tag=\"Sg\"/><lemma tag=\"hystorie\"/>"),
        "{written}"
    );
}

/// A WebAnno TSV 3 file read in one span layer: the annotations of its other layers are
/// counted, by layer.
#[test]
fn tsv3_layers_not_read_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.tsv"),
        "#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS|\
         PosValue\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n\
         #Text=Ms. Haag plays\n1-1\t0-3\tMs.\tNNP\tPER[1]\t\n1-2\t4-8\tHaag\tNNP\tPER[1]\t\n\
         1-3\t9-14\tplays\tVBD\tOTH\t\n",
    )
    .unwrap();
    let (ok, _, stderr) = convert(
        dir.path(),
        &["a.tsv", "--layer", "POS", "--to", "csv", "-o", "d.csv"],
    );
    assert!(ok, "{stderr}");
    assert_eq!(
        stderr,
        "gamma-studio: warning: d.csv: CSV is written in the span layer read: the input's other \
         layers are left out (NamedEntity 2 annotations)\n"
    );
}

/// An ELAN file with a tier of symbolic annotations (not measured) and a media descriptor: to
/// CSV, the tier is named with its annotations; to ELAN, the file is written as it is.
#[test]
fn elan_tiers_not_measured_are_named_or_the_file_kept() {
    let dir = tempfile::tempdir().unwrap();
    let eaf = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ANNOTATION_DOCUMENT AUTHOR=\"\" \
        FORMAT=\"3.0\" VERSION=\"3.0\">\n<HEADER MEDIA_FILE=\"\" TIME_UNITS=\"milliseconds\">\
        <MEDIA_DESCRIPTOR MEDIA_URL=\"file:///talk.wav\" MIME_TYPE=\"audio/x-wav\"/></HEADER>\n\
        <TIME_ORDER><TIME_SLOT TIME_SLOT_ID=\"ts1\" TIME_VALUE=\"100\"/><TIME_SLOT \
        TIME_SLOT_ID=\"ts2\" TIME_VALUE=\"900\"/></TIME_ORDER>\n<TIER LINGUISTIC_TYPE_REF=\"lt\" \
        TIER_ID=\"ann\"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID=\"a1\" \
        TIME_SLOT_REF1=\"ts1\" TIME_SLOT_REF2=\"ts2\"><ANNOTATION_VALUE>speech</ANNOTATION_VALUE>\
        </ALIGNABLE_ANNOTATION></ANNOTATION></TIER>\n<TIER LINGUISTIC_TYPE_REF=\"lt\" \
        TIER_ID=\"bob\"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID=\"a2\" \
        TIME_SLOT_REF1=\"ts1\" TIME_SLOT_REF2=\"ts2\"><ANNOTATION_VALUE>speech</ANNOTATION_VALUE>\
        </ALIGNABLE_ANNOTATION></ANNOTATION></TIER>\n<TIER LINGUISTIC_TYPE_REF=\"ref\" \
        PARENT_REF=\"ann\" TIER_ID=\"ann-notes\"><ANNOTATION><REF_ANNOTATION ANNOTATION_ID=\"a3\" \
        ANNOTATION_REF=\"a1\"><ANNOTATION_VALUE>fast</ANNOTATION_VALUE></REF_ANNOTATION>\
        </ANNOTATION></TIER>\n<LINGUISTIC_TYPE LINGUISTIC_TYPE_ID=\"lt\" \
        TIME_ALIGNABLE=\"true\"/><LINGUISTIC_TYPE LINGUISTIC_TYPE_ID=\"ref\" \
        CONSTRAINTS=\"Symbolic_Association\" TIME_ALIGNABLE=\"false\"/>\n\
        <CONSTRAINT DESCRIPTION=\"\" STEREOTYPE=\"Symbolic_Association\"/>\n\
        </ANNOTATION_DOCUMENT>\n";
    std::fs::write(dir.path().join("talk.eaf"), eaf).unwrap();
    let (ok, _, stderr) = convert(dir.path(), &["talk.eaf", "--to", "csv", "-o", "t.csv"]);
    assert!(ok, "{stderr}");
    assert!(
        stderr.ends_with(
            "gamma-studio: warning: t.csv: CSV is written from the tiers measured: the input's \
             other tiers are left out (\"ann-notes\" 1 annotation)\n"
        ),
        "{stderr}"
    );
    let (ok, _, stderr) = convert(dir.path(), &["talk.eaf", "--to", "elan", "-o", "t.eaf"]);
    assert!(ok, "{stderr}");
    assert!(!stderr.contains("t.eaf:"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("t.eaf")).unwrap(),
        eaf
    );
}
