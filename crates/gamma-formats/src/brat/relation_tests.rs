//! brat's `R`, `*` and `E` lines read as relations and written back.

use super::*;
use gamma_core::relation::Endpoint;

const TEXT: &str = "Sony bought Columbia Pictures in 1989. It paid them.";

const UNITS: &str = "T1\tOrganization 0 4\tSony\n\
                     T2\tOrganization 12 29\tColumbia Pictures\n\
                     T3\tDate 33 37\t1989\n\
                     T4\tTransfer 5 11\tbought\n\
                     T5\tOrganization 39 41\tIt\n\
                     T6\tOrganization 47 51\tthem\n\
                     T7\tPayment 42 46\tpaid\n";

fn relation(id: &str, label: &str, source: &str, target: &str, directed: bool) -> Relation {
    Relation {
        id: id.into(),
        label: label.into(),
        source: Endpoint::Unit(source.into()),
        target: Endpoint::Unit(target.into()),
        directed,
    }
}

fn parse(ann: &str) -> Result<AnnFile, FileError> {
    parse_ann(ann.as_bytes(), Path::new("a.ann"), TEXT)
}

/// `R` from Arg1 to Arg2; `*` between members consecutive in the text (T1 Sony, T5 It, T6 them,
/// whatever their order on the line), undirected; `E` from the trigger to each argument, with
/// `Thing2` labelled as `Thing` and the argument `E1` standing for E1's trigger T4; an event
/// without arguments and the attribute are counted as skipped.
#[test]
fn relation_equivalence_and_event_lines_are_relations() {
    let ann = format!(
        "{UNITS}R1\tOwns Arg1:T1 Arg2:T2\n*\tCoref T6 T1 T5\n\
         E1\tTransfer:T4 Buyer:T1 Thing:T2 Thing2:T3\nE2\tPayment:T7 Payer:T5 Cause:E1\n\
         E3\tPayment:T7\nA1\tNegated E1\n"
    );
    let file = parse(&ann).unwrap();
    assert_eq!(file.units.len(), 7);
    assert_eq!(
        file.relations,
        [
            relation("R1", "Owns", "T1", "T2", true),
            relation("*1", "Coref", "T1", "T5", false),
            relation("*2", "Coref", "T5", "T6", false),
            relation("E1/1", "Transfer:Buyer", "T4", "T1", true),
            relation("E1/2", "Transfer:Thing", "T4", "T2", true),
            relation("E1/3", "Transfer:Thing", "T4", "T3", true),
            relation("E2/1", "Payment:Payer", "T7", "T5", true),
            relation("E2/2", "Payment:Cause", "T7", "T4", true),
        ]
    );
    let messages: Vec<String> = file.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        messages,
        [
            "a.ann: not measured and carried into the gold (from the base annotator's file): 1 attribute (A), 1 event without arguments (E)"
        ]
    );

    // Written back: the units' own ids, each line as it was read (the event argument E1
    // again, the equivalence as its two links), and read again the same.
    let (written, left_out) = to_ann_with_relations(&file.units, &file.relations, TEXT).unwrap();
    assert_eq!(left_out, 0);
    assert_eq!(
        written.strip_prefix(UNITS),
        Some(
            "R1\tOwns Arg1:T1 Arg2:T2\n*\tCoref T1 T5\n*\tCoref T5 T6\n\
             E1\tTransfer:T4 Buyer:T1 Thing:T2 Thing2:T3\nE2\tPayment:T7 Payer:T5 Cause:E1\n"
        ),
        "{written}"
    );
    let again = parse(&written).unwrap();
    assert_eq!(again.units, file.units);
    assert_eq!(again.relations, file.relations);
}

/// Units whose ids are not brat's (Glozz `a1`…) are numbered T1…, their relations follow, a
/// relation id that is not brat's gets a fresh `R` id that avoids the kept ones; a relation
/// with a group endpoint or an endpoint that names no unit is left out, and counted.
#[test]
fn relations_of_other_formats_follow_the_renumbered_units() {
    let units = vec![
        Unit::new(0.0, 4.0, "Org").unwrap().with_source_id("a1"),
        Unit::new(12.0, 29.0, "Org").unwrap().with_source_id("a2"),
        Unit::new(39.0, 41.0, "Org").unwrap().with_source_id("a3"),
    ];
    let relations = [
        relation("r1", "Question answer", "a1", "a2", true),
        relation("R1", "Comment", "a2", "a3", true),
        relation("r2", "Gone", "a1", "a9", true),
        Relation {
            id: "r3".into(),
            label: "Elaboration".into(),
            source: Endpoint::Unit("a1".into()),
            target: Endpoint::Group {
                id: "s1".into(),
                kind: "Complex_discourse_unit".into(),
                members: vec!["a2".into(), "a3".into()],
            },
            directed: true,
        },
    ];
    let (written, left_out) = to_ann_with_relations(&units, &relations, TEXT).unwrap();
    assert_eq!(left_out, 2);
    assert_eq!(
        written,
        "T1\tOrg 0 4\tSony\nT2\tOrg 12 29\tColumbia Pictures\nT3\tOrg 39 41\tIt\n\
         R2\tQuestion_answer Arg1:T1 Arg2:T2\nR1\tComment Arg1:T2 Arg2:T3\n"
    );
}

/// A link line without the shape of its kind is an error naming the file and the line.
#[test]
fn malformed_link_lines_name_the_line() {
    for (line, message) in [
        (
            "R1\tOwns Arg1:T1",
            "relation R1: expected two arguments (Arg1:ID Arg2:ID), found 1",
        ),
        (
            "R1\tOwns Arg1:T1 T2",
            "relation R1: argument \"T2\" is not ROLE:ID",
        ),
        (
            "*\tCoref T1",
            "equivalence: expected a type and at least two ids, found \"Coref T1\"",
        ),
        (
            "E1\tTransfer T4",
            "event E1: argument \"Transfer\" is not ROLE:ID",
        ),
    ] {
        let e = parse(&format!("{UNITS}{line}\n")).unwrap_err();
        assert_eq!(e.to_string(), format!("a.ann: line 8: {message}"), "{line}");
    }
}

/// An argument naming no text-bound annotation or event (a unit deleted by hand, a relation)
/// does not stop the reading: the relation keeps that id, so that the measure reports it as
/// unplaced, and a warning names the first line.
#[test]
fn arguments_naming_no_unit_are_kept_and_warned_about() {
    let file = parse(&format!(
        "{UNITS}R1\tOwns Arg1:T1 Arg2:T9\nR2\tAbout Arg1:R1 Arg2:T2\n"
    ))
    .unwrap();
    assert_eq!(
        file.relations,
        [
            relation("R1", "Owns", "T1", "T9", true),
            relation("R2", "About", "R1", "T2", true)
        ]
    );
    assert_eq!(
        file.warnings[0].to_string(),
        "a.ann: line 8: 2 argument(s) of relations name an id that is no text-bound annotation \
         or event of the file (first T9): those relations are read but cannot be measured"
    );
    let (_, left_out) = to_ann_with_relations(&file.units, &file.relations, TEXT).unwrap();
    assert_eq!(left_out, 2, "neither can be written");
}

/// A text-bound id written twice (`T1` twice) is refused at its second line, naming the first:
/// a relation naming `T1` could not say which it means, and would be measured against the
/// wrong unit.
#[test]
fn a_text_bound_id_defined_twice_is_refused() {
    let ann = format!("{UNITS}T1\tDate 33 37\t1989\nR1\tOwns Arg1:T1 Arg2:T2\n");
    let e = parse(&ann).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a.ann: line 8: text-bound annotation T1 is defined twice (first at line 1): relations \
         and events naming it could not say which one they mean"
    );
    assert!(parse(&format!("{UNITS}R1\tOwns Arg1:T1 Arg2:T2\n")).is_ok());
}
