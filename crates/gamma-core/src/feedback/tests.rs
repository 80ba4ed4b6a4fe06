//! Feedback on a hand-built continuum whose disagreements are counted by hand, against the
//! majority and then against a gold partly decided with reasons.

use super::*;
use crate::gamma::{GammaOptions, RunControl, SampleCount, corpus_gamma};
use crate::gold::Rationale;

/// The five places of the diagnostics' tests, on a text of 100 characters:
/// 1. a, b, c PER [0, 10); 2. a PER, b ORG, c PER [20, 30); 3. LOC: a [40, 50), b [42, 50),
///    c [40, 52); 4. a, b ORG [60, 70); 5. c alone PER [80, 90).
fn corpus() -> Corpus {
    let mut c = Continuum::new("five places");
    c.text = Some(
        (0..100)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect(),
    );
    for (annotator, start, end, category) in [
        ("a", 0.0, 10.0, "PER"),
        ("b", 0.0, 10.0, "PER"),
        ("c", 0.0, 10.0, "PER"),
        ("a", 20.0, 30.0, "PER"),
        ("b", 20.0, 30.0, "ORG"),
        ("c", 20.0, 30.0, "PER"),
        ("a", 40.0, 50.0, "LOC"),
        ("b", 42.0, 50.0, "LOC"),
        ("c", 40.0, 52.0, "LOC"),
        ("a", 60.0, 70.0, "ORG"),
        ("b", 60.0, 70.0, "ORG"),
        ("c", 80.0, 90.0, "PER"),
    ] {
        c.add(annotator, start, end, category).unwrap();
    }
    Corpus::new(vec![c])
}

fn measured() -> (Corpus, GammaResult) {
    let corpus = corpus();
    let options = GammaOptions {
        samples: SampleCount::Fixed(30),
        ..GammaOptions::default()
    };
    let result = corpus_gamma(&corpus, &options, RunControl::default()).unwrap();
    (corpus, result)
}

/// (alignment, kind, category) of each disagreement.
fn listed(f: &AnnotatorFeedback) -> Vec<(usize, Kind, &str)> {
    (f.disagreements.iter())
        .map(|d| (d.id.alignment, d.kind, d.category.as_str()))
        .collect()
}

#[test]
fn against_the_majority_each_annotators_disagreements_are_counted_by_hand() {
    let (corpus, result) = measured();
    let pages = feedback(
        &corpus,
        &result,
        &[],
        &ReasonList::default(),
        FeedbackOptions::default(),
    );
    let [a, b, c] = [&pages[0], &pages[1], &pages[2]];
    assert!(a.disagreements.is_empty());
    assert_eq!(a.agreements, 4);
    assert_eq!(
        listed(b),
        [(1, Kind::Category, "ORG"), (2, Kind::Boundary, "LOC")]
    );
    // Place 3: a's unit is the closest to the others, so it is the majority's.
    assert_eq!(
        listed(c),
        [
            (2, Kind::Boundary, "LOC"),
            (3, Kind::Missed, "ORG"),
            (4, Kind::Added, "PER")
        ]
    );
    let missed = &c.disagreements[1];
    assert_eq!(missed.against, Against::Majority { tie: false });
    assert!(missed.hers.is_none());
    assert_eq!(missed.reference[0].who, "majority");
    assert_eq!(missed.reference[0].text.as_deref(), Some("ijklmnopqr"));
    assert_eq!(
        (missed.others.iter().map(|u| u.who.as_str())).collect::<Vec<_>>(),
        ["a", "b"]
    );
    assert_eq!(missed.decision, "open: no decision yet");
    assert_eq!(missed.context.as_ref().unwrap().span, "ijklmnopqr");
    let category = &b.disagreements[0];
    assert_eq!(category.hers.as_ref().unwrap().category, "ORG");
    assert_eq!(category.reference[0].category, "PER");
    assert_eq!(b.by_category(Kind::Boundary)[0].0, "LOC");
    assert_eq!((c.count(Kind::Missed), c.count(Kind::Added)), (1, 1));
    assert_eq!(c.profile.missed.count, 1);
    assert_eq!(c.group.annotators, 3);
}

#[test]
fn against_the_gold_with_reasons_and_the_others_anonymised() {
    let (corpus, result) = measured();
    let aligned = &result.documents[0];
    let mut gold = Adjudication::new(
        corpus.documents[0].clone(),
        &aligned.problem,
        &aligned.alignment,
        "lead",
    );
    let reasons = ReasonList::default();
    // c was right to mark place 5; place 2 is not an entity at all.
    gold.pick(4, 2).unwrap();
    gold.set_rationale(
        4,
        &Rationale::new(Some("guideline-gap"), Some("titles count")),
        &reasons,
    )
    .unwrap();
    gold.reject(1).unwrap();
    let options = FeedbackOptions { anonymise: true };
    let pages = feedback(&corpus, &result, &[Some(&gold)], &reasons, options);
    let [a, b, c] = [&pages[0], &pages[1], &pages[2]];
    assert_eq!(
        listed(a),
        [(1, Kind::Added, "PER"), (4, Kind::Missed, "PER")]
    );
    assert_eq!(
        listed(b),
        [
            (1, Kind::Added, "ORG"),
            (2, Kind::Boundary, "LOC"),
            (4, Kind::Missed, "PER")
        ]
    );
    assert_eq!(
        listed(c),
        [
            (1, Kind::Added, "PER"),
            (2, Kind::Boundary, "LOC"),
            (3, Kind::Missed, "ORG")
        ]
    );
    let missed = &a.disagreements[1];
    assert_eq!(missed.against, Against::Gold);
    assert_eq!(missed.reason.as_deref(), Some("guideline gap"));
    assert_eq!(missed.note.as_deref(), Some("titles count"));
    assert_eq!(
        missed.decision,
        "annotator B's unit kept by the adjudicator"
    );
    assert_eq!(missed.reference[0].who, "gold");
    // b's page names a and c "annotator A" and "annotator B".
    let others: Vec<&str> = (b.disagreements[1].others.iter())
        .map(|u| u.who.as_str())
        .collect();
    assert_eq!(others, ["annotator A", "annotator B"]);
    assert_eq!(
        b.disagreements[0].decision,
        "no unit in the gold by the adjudicator"
    );
    // Every disagreement once per annotator.
    for page in &pages {
        let mut ids: Vec<AlignmentId> = page.disagreements.iter().map(|d| d.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), page.disagreements.len());
    }
}

#[test]
fn an_even_split_is_a_tie_settled_by_the_suggestion() {
    let mut c = Continuum::new("tie");
    c.add("a", 0.0, 10.0, "PER").unwrap();
    c.add_annotator("b");
    let corpus = Corpus::new(vec![c]);
    let options = GammaOptions {
        samples: SampleCount::Fixed(10),
        ..GammaOptions::default()
    };
    let result = corpus_gamma(&corpus, &options, RunControl::default()).unwrap();
    let pages = feedback(
        &corpus,
        &result,
        &[],
        &ReasonList::default(),
        FeedbackOptions::default(),
    );
    assert!(pages[0].disagreements.is_empty());
    assert_eq!(pages[1].disagreements[0].kind, Kind::Missed);
    assert_eq!(
        pages[1].disagreements[0].against,
        Against::Majority { tie: true }
    );
    assert_eq!(column_letters(27), "AB");
}
