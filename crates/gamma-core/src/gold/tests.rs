use super::history::UNDO_DEPTH;
use super::tokens::{is_token_end, is_token_start};
use super::*;
use crate::gamma::{DocumentAlignment, GammaOptions};
use crate::unit::InvalidUnit;

/// "Alice met Bob in Paris yesterday." annotated by three annotators:
/// Alice: unanimous; Bob: C starts one character early; Paris: B says ORG; yesterday: only C.
fn three_annotators() -> Adjudication {
    let mut c = Continuum::new("paris");
    c.text = Some("Alice met Bob in Paris yesterday.".into());
    for (annotator, start, end, category) in [
        ("A", 0.0, 5.0, "PER"),
        ("A", 10.0, 13.0, "PER"),
        ("A", 17.0, 22.0, "LOC"),
        ("B", 0.0, 5.0, "PER"),
        ("B", 10.0, 13.0, "PER"),
        ("B", 17.0, 22.0, "ORG"),
        ("C", 0.0, 5.0, "PER"),
        ("C", 9.0, 13.0, "PER"),
        ("C", 17.0, 22.0, "LOC"),
        ("C", 23.0, 32.0, "TIME"),
    ] {
        c.add(annotator, start, end, category).unwrap();
    }
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    Adjudication::new(c, &aligned.problem, &aligned.alignment, "tester")
}

const ALICE: usize = 0;
const BOB: usize = 1;
const PARIS: usize = 2;
const YESTERDAY: usize = 3;

fn gold_spans(adjudication: &Adjudication) -> Vec<(String, f64, f64)> {
    adjudication
        .gold()
        .into_iter()
        .map(|(_, g)| (g.unit.category.clone(), g.unit.start, g.unit.end))
        .collect()
}

fn span(category: &str, start: f64, end: f64) -> (String, f64, f64) {
    (category.to_string(), start, end)
}

#[test]
fn proposals_follow_the_best_alignment() {
    let a = three_annotators();
    assert_eq!(a.proposals().len(), 4);
    assert_eq!(a.proposals()[ALICE].slots, vec![Some(0), Some(0), Some(0)]);
    assert_eq!(a.proposals()[PARIS].slots, vec![Some(2), Some(2), Some(2)]);
    assert_eq!(a.proposals()[YESTERDAY].slots, vec![None, None, Some(3)]);
    // Paris: pairs A–B and B–C differ by category only (1 each), A–C agree: δ = 2/3.
    assert!((a.proposals()[PARIS].disorder - 2.0 / 3.0).abs() < 1e-12);
    // Bob: C is off by one on a 3- and a 4-character unit: ((1 + 0) / 7)² twice, over 3 pairs.
    assert!((a.proposals()[BOB].disorder - 2.0 / 49.0 / 3.0).abs() < 1e-12);
    // Yesterday alone: every pair costs Δ∅.
    assert!((a.proposals()[YESTERDAY].disorder - 1.0).abs() < 1e-12);
    assert!(a.is_unanimous(ALICE));
    assert!(!a.is_unanimous(BOB) && !a.is_unanimous(PARIS) && !a.is_unanimous(YESTERDAY));
    assert_eq!(
        a.progress(),
        Progress {
            decided: 0,
            skipped: 0,
            open: 4,
            total: 4
        }
    );
}

#[test]
fn suggestion_is_the_majority_unit_closest_to_the_others_or_a_rejection() {
    let a = three_annotators();
    let paris = a.suggestion(PARIS).unwrap();
    assert_eq!(
        (paris.category.as_str(), paris.start, paris.end),
        ("LOC", 17.0, 22.0)
    );
    // A and B agree, C starts one character early: A's unit (B's is the same, A comes first).
    let bob = a.suggestion(BOB).unwrap();
    assert_eq!((bob.start, bob.end), (10.0, 13.0));
    // Only C marked "yesterday": two of three annotators have no unit, so reject.
    assert_eq!(a.suggestion(YESTERDAY), None);
    assert_eq!(a.category_majority(PARIS), 2);
    assert_eq!(a.category_majority(YESTERDAY), 1);
}

#[test]
fn the_suggestion_never_invents_a_span_the_median_rule_may() {
    // The demo's "Swiss Federal Polytechnic": ORG 256–281, LOC 256–281, ORG 256–291. The
    // median of the two ORG units would be 256–286, a span nobody made.
    let mut c = Continuum::new("demo");
    c.add("ana", 256.0, 281.0, "ORG").unwrap();
    c.add("ben", 256.0, 281.0, "LOC").unwrap();
    c.add("cleo", 256.0, 291.0, "ORG").unwrap();
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    let mut a = Adjudication::new(c, &aligned.problem, &aligned.alignment, "t");
    let s = a.suggestion(0).unwrap();
    // ana's ORG is closer to the others (ben's span is identical) than cleo's.
    assert_eq!((s.category.as_str(), s.start, s.end), ("ORG", 256.0, 281.0));
    let median = a.median_suggestion(0).unwrap();
    assert_eq!((median.start, median.end), (256.0, 286.0));
    assert_eq!(a.apply_rule("median:1:2").unwrap(), 1);
    assert_eq!(gold_spans(&a), vec![span("ORG", 256.0, 286.0)]);
    assert!(matches!(
        a.decision(0),
        Some(Decision::Decided {
            rule: Rule::Median { .. },
            ..
        })
    ));
}

#[test]
fn median_of_two_on_whole_positions_rounds_outwards() {
    let mut c = Continuum::new("two");
    c.add("A", 10.0, 20.0, "X").unwrap();
    c.add("B", 11.0, 23.0, "X").unwrap();
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    let a = Adjudication::new(c, &aligned.problem, &aligned.alignment, "t");
    let s = a.median_suggestion(0).unwrap();
    assert_eq!((s.start, s.end), (10.0, 22.0));
    // Two units equally close to each other: the first annotator's.
    let s = a.suggestion(0).unwrap();
    assert_eq!((s.start, s.end), (10.0, 20.0));
}

#[test]
fn over_generated_continua_every_suggestion_is_an_annotators_unit() {
    use crate::synthetic::{Density, noisy_copies};
    let mut suggested = 0;
    let mut rejected = 0;
    for seed in 0..40 {
        let annotators = 2 + (seed % 4) as usize;
        let density = if seed % 2 == 0 {
            Density::Sparse
        } else {
            Density::Dense
        };
        let c = noisy_copies(annotators, 12, density, seed);
        let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
        let a = Adjudication::new(c, &aligned.problem, &aligned.alignment, "t");
        for index in 0..a.proposals().len() {
            let members = a.members(index);
            match a.suggestion(index) {
                Some(unit) => {
                    suggested += 1;
                    assert!(
                        members.iter().any(|(_, m)| m.start == unit.start
                            && m.end == unit.end
                            && m.category == unit.category),
                        "seed {seed}, alignment {index}: {unit:?} is no annotator's unit"
                    );
                    assert!(
                        2 * members.len() >= annotators,
                        "seed {seed}, alignment {index}"
                    );
                }
                None => {
                    rejected += 1;
                    assert!(
                        2 * members.len() < annotators,
                        "seed {seed}, alignment {index}"
                    );
                }
            }
        }
    }
    assert!(
        suggested > 100 && rejected > 10,
        "{suggested} suggested, {rejected} rejected"
    );
}

#[test]
fn tie_goes_to_the_first_annotator_and_features_follow_the_majority() {
    let mut c = Continuum::new("tie");
    let with = |v: &str| BTreeMap::from([("gender".to_string(), v.to_string())]);
    c.add_unit(
        "A",
        Unit::new(0.0, 4.0, "X").unwrap().with_features(with("f")),
    );
    c.add_unit(
        "B",
        Unit::new(0.0, 4.0, "Y").unwrap().with_features(with("m")),
    );
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    let a = Adjudication::new(c, &aligned.problem, &aligned.alignment, "t");
    let s = a.suggestion(0).unwrap();
    assert_eq!(s.category, "X");
    assert_eq!(s.features, with("f"));
}

#[test]
fn pick_reject_skip_and_reopen() {
    let mut a = three_annotators();
    a.pick(BOB, 2).unwrap();
    assert_eq!(gold_spans(&a), vec![span("PER", 9.0, 13.0)]);
    assert!(matches!(
        a.decision(BOB),
        Some(Decision::Decided { choice: Choice::Pick { annotator: 2 }, rule: Rule::Manual, by, .. }) if by == "tester"
    ));
    // Deciding again replaces the gold unit of that alignment.
    a.pick(BOB, 0).unwrap();
    assert_eq!(gold_spans(&a), vec![span("PER", 10.0, 13.0)]);
    assert_eq!(
        a.pick(YESTERDAY, 0),
        Err(GoldError::EmptySlot {
            proposal: YESTERDAY,
            annotator: "A".into()
        })
    );
    assert_eq!(a.pick(9, 0), Err(GoldError::NoSuchProposal(9)));
    assert_eq!(a.pick(BOB, 5), Err(GoldError::NoSuchAnnotator(5)));
    a.reject(YESTERDAY).unwrap();
    a.accept_suggestion(PARIS).unwrap();
    a.skip(ALICE).unwrap();
    assert_eq!(
        gold_spans(&a),
        vec![span("PER", 10.0, 13.0), span("LOC", 17.0, 22.0)]
    );
    assert_eq!(
        a.progress(),
        Progress {
            decided: 3,
            skipped: 1,
            open: 0,
            total: 4
        }
    );
    a.reopen(PARIS).unwrap();
    assert_eq!(gold_spans(&a), vec![span("PER", 10.0, 13.0)]);
    assert!(a.decision(PARIS).unwrap().is_open());
}

/// The index of gold units by alignment follows undo and redo, and a loaded session (whose
/// index is not saved) builds it from the gold.
#[test]
fn clearing_an_alignment_finds_its_gold_after_undo_redo_and_a_reload() {
    let mut a = three_annotators();
    a.pick(BOB, 2).unwrap();
    a.accept_suggestion(PARIS).unwrap();
    let saved = serde_json::to_string(&a).unwrap();
    a.pick(BOB, 0).unwrap();
    a.undo();
    a.undo();
    a.redo();
    assert_eq!(
        gold_spans(&a),
        vec![span("PER", 9.0, 13.0), span("LOC", 17.0, 22.0)]
    );
    a.reopen(BOB).unwrap();
    assert_eq!(gold_spans(&a), vec![span("LOC", 17.0, 22.0)]);
    a.undo();
    a.skip(BOB).unwrap();
    assert_eq!(gold_spans(&a), vec![span("LOC", 17.0, 22.0)]);
    let mut reloaded: Adjudication = serde_json::from_str(&saved).unwrap();
    reloaded.skip(PARIS).unwrap();
    assert_eq!(gold_spans(&reloaded), vec![span("PER", 9.0, 13.0)]);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut a = three_annotators();
    let initial_gold = gold_spans(&a);
    let initial_decisions = a.decisions().to_vec();
    a.pick(BOB, 2).unwrap();
    let after_pick = (gold_spans(&a), a.decisions().to_vec());
    a.accept_suggestion(PARIS).unwrap();
    let id = a.gold()[1].0;
    a.set_category(id, "GPE").unwrap();
    let after_edit = (gold_spans(&a), a.decisions().to_vec());
    assert_eq!(a.undo_label(), Some("change the category to GPE"));

    assert_eq!(a.undo().as_deref(), Some("change the category to GPE"));
    assert_eq!(
        gold_spans(&a),
        vec![span("PER", 9.0, 13.0), span("LOC", 17.0, 22.0)]
    );
    a.undo();
    assert_eq!((gold_spans(&a), a.decisions().to_vec()), after_pick);
    a.undo();
    assert_eq!(gold_spans(&a), initial_gold);
    assert_eq!(a.decisions(), initial_decisions.as_slice());
    assert_eq!(a.undo(), None);
    assert!(!a.can_undo() && a.can_redo());

    a.redo();
    a.redo();
    a.redo();
    assert_eq!((gold_spans(&a), a.decisions().to_vec()), after_edit);
    assert_eq!(a.redo(), None);

    // A new action after an undo forgets the redo branch.
    a.undo();
    a.reject(YESTERDAY).unwrap();
    assert!(!a.can_redo());
    assert!(
        a.gold_unit(id)
            .is_some_and(|g| g.unit.category == "LOC" && !g.edited)
    );
}

#[test]
fn bulk_rules_are_one_step_and_report_their_count() {
    let mut a = three_annotators();
    assert_eq!(a.decide_unanimous(), 1);
    assert_eq!(gold_spans(&a), vec![span("PER", 0.0, 5.0)]);
    assert!(matches!(
        a.decision(ALICE),
        Some(Decision::Decided {
            choice: Choice::Suggestion,
            rule: Rule::Unanimous,
            ..
        })
    ));
    // Nothing left that is unanimous: no step is recorded.
    assert_eq!(a.decide_unanimous(), 0);
    assert_eq!(a.undo_label(), Some("decide the unanimous alignments (1)"));

    // Bob (δ ≈ 0.0136, 3 agree on PER) and Paris (δ = 2/3, 2 agree on LOC).
    assert_eq!(a.decide_below_threshold(0.5, 3).unwrap(), 1);
    assert_eq!(a.decide_below_threshold(0.5, 2).unwrap(), 0);
    assert_eq!(a.decide_below_threshold(0.7, 3).unwrap(), 0);
    assert_eq!(a.apply_rule("threshold:0.7:2").unwrap(), 1);
    assert_eq!(
        gold_spans(&a),
        vec![
            span("PER", 0.0, 5.0),
            span("PER", 10.0, 13.0),
            span("LOC", 17.0, 22.0)
        ]
    );
    // Yesterday: only one annotator, never a majority of 2.
    assert_eq!(a.apply_rule("threshold:1:2").unwrap(), 0);
    assert_eq!(a.progress().decided, 3);
    a.undo();
    assert_eq!(a.progress().decided, 2);
    a.undo();
    a.undo();
    assert_eq!(a.progress().decided, 0);
    assert!(a.gold().is_empty());

    assert!(a.apply_rule("threshold:x:2").is_err());
    assert!(a.apply_rule("threshold:0.2:0").is_err());
    assert!(a.apply_rule("majority").is_err());
    assert!(matches!(
        a.decide_below_threshold(0.2, 4),
        Err(GoldError::BadRule(_))
    ));
}

#[test]
fn bulk_leaves_decided_and_skipped_alone() {
    let mut a = three_annotators();
    a.pick(ALICE, 1).unwrap();
    a.skip(BOB).unwrap();
    assert_eq!(a.decide_unanimous(), 0);
    assert_eq!(a.apply_rule("threshold:1:1").unwrap(), 2);
    assert!(matches!(a.decision(BOB), Some(Decision::Skipped { .. })));
}

#[test]
fn edit_add_split_merge_remove() {
    let mut a = three_annotators();
    a.pick(BOB, 2).unwrap();
    let bob = a.gold_of(BOB)[0].0;
    a.set_bounds(bob, 10.0, 13.0).unwrap();
    assert!(a.gold_unit(bob).unwrap().edited);
    assert_eq!(
        a.set_bounds(bob, 13.0, 10.0),
        Err(GoldError::InvalidUnit(InvalidUnit::EndBeforeStart {
            start: 13.0,
            end: 10.0
        }))
    );
    a.set_feature(bob, "gender", Some("m")).unwrap();
    assert_eq!(a.gold_unit(bob).unwrap().unit.features["gender"], "m");
    a.set_feature(bob, "gender", None).unwrap();
    assert!(a.gold_unit(bob).unwrap().unit.features.is_empty());

    let added = a.add(Unit::new(23.0, 32.0, "TIME").unwrap()).unwrap();
    assert_eq!(a.gold_unit(added).unwrap().proposal, None);

    let (left, right) = a.split(added, 27.0).unwrap();
    assert_eq!(left, added);
    assert_eq!(
        gold_spans(&a),
        vec![
            span("PER", 10.0, 13.0),
            span("TIME", 23.0, 27.0),
            span("TIME", 27.0, 32.0)
        ]
    );
    assert!(matches!(
        a.split(left, 23.0),
        Err(GoldError::SplitOutside { .. })
    ));
    assert_eq!(a.merge(right, left).unwrap(), left);
    assert_eq!(
        gold_spans(&a),
        vec![span("PER", 10.0, 13.0), span("TIME", 23.0, 32.0)]
    );
    assert_eq!(a.merge(left, left), Err(GoldError::MergeItself));

    // Removing the only gold unit of a decided alignment turns it into a rejection.
    a.remove(bob).unwrap();
    assert!(matches!(
        a.decision(BOB),
        Some(Decision::Decided {
            choice: Choice::Reject,
            ..
        })
    ));
    a.undo();
    assert!(matches!(
        a.decision(BOB),
        Some(Decision::Decided {
            choice: Choice::Pick { annotator: 2 },
            ..
        })
    ));
    assert_eq!(a.remove(999), Err(GoldError::NoSuchUnit(999)));
}

#[test]
fn navigation_visits_open_disagreements_first() {
    let mut a = three_annotators();
    let text_order = [0, 1, 2, 3];
    let all = Filter::default();
    assert_eq!(
        a.next_open(&text_order, None, Direction::Next, &all),
        Some(BOB)
    );
    assert_eq!(
        a.next_open(&text_order, Some(BOB), Direction::Next, &all),
        Some(PARIS)
    );
    assert_eq!(
        a.next_open(&text_order, Some(BOB), Direction::Previous, &all),
        Some(YESTERDAY)
    );
    let worst_first = [3, 2, 1, 0];
    assert_eq!(
        a.next_open(&worst_first, None, Direction::Next, &all),
        Some(YESTERDAY)
    );
    let loc = Filter {
        category: Some("ORG".into()),
        annotator: None,
    };
    assert_eq!(
        a.next_open(&text_order, None, Direction::Next, &loc),
        Some(PARIS)
    );
    let only_a = Filter {
        category: None,
        annotator: Some(0),
    };
    assert_eq!(
        a.next_open(&text_order, Some(PARIS), Direction::Next, &only_a),
        Some(BOB)
    );
    for index in [BOB, PARIS, YESTERDAY] {
        a.reject(index).unwrap();
    }
    // Only the unanimous Alice is open: visited once no disagreement is left.
    assert_eq!(
        a.next_open(&text_order, Some(BOB), Direction::Next, &all),
        Some(ALICE)
    );
    a.decide_unanimous();
    assert_eq!(a.next_open(&text_order, None, Direction::Next, &all), None);
}

#[test]
fn annotator_against_gold_keeps_decided_alignments() {
    let mut a = three_annotators();
    a.pick(PARIS, 1).unwrap();
    a.reject(YESTERDAY).unwrap();
    let c = a.annotator_against_gold(2);
    assert_eq!(c.annotators[0].name, "C");
    assert_eq!(
        c.annotators[0]
            .units
            .iter()
            .map(|u| (u.category.as_str(), u.start))
            .collect::<Vec<_>>(),
        vec![("LOC", 17.0), ("TIME", 23.0)]
    );
    assert_eq!(c.annotators[1].units.len(), 1);
    assert_eq!(c.annotators[1].units[0].category, "ORG");
}

#[test]
fn snapping_goes_to_token_starts_and_ends() {
    let chars: Vec<char> = "Alice met Bob, in Paris.".chars().collect();
    let starts: Vec<usize> = (0..=chars.len())
        .filter(|&i| is_token_start(&chars, i))
        .collect();
    let ends: Vec<usize> = (0..=chars.len())
        .filter(|&i| is_token_end(&chars, i))
        .collect();
    assert_eq!(starts, vec![0, 6, 10, 13, 15, 18, 23]);
    assert_eq!(ends, vec![5, 9, 13, 14, 17, 23, 24]);
    assert_eq!(snap_to_token(&chars, 11.2, true), 10.0);
    assert_eq!(snap_to_token(&chars, 12.0, true), 13.0);
    assert_eq!(snap_to_token(&chars, 6.0, false), 5.0);
    // A tie goes outwards: the earlier start, the later end.
    assert_eq!(snap_to_token(&chars, 8.0, true), 6.0);
    assert_eq!(snap_to_token(&chars, 11.0, false), 13.0);
    assert_eq!(snap_to_token(&chars, -3.0, true), 0.0);
    assert_eq!(snap_to_token(&chars, 99.0, false), 24.0);
    assert_eq!(snap_to_token(&[], 3.0, true), 0.0);
    // ſ, apostrophes and combining marks stay inside words.
    let chars: Vec<char> = "daſ l'eau e\u{301}te\u{301}".chars().collect();
    let ends: Vec<usize> = (0..=chars.len())
        .filter(|&i| is_token_end(&chars, i))
        .collect();
    assert_eq!(ends, vec![3, 9, 15]);
}

#[test]
fn the_median_suggestion_snaps_to_tokens_when_there_is_a_text() {
    let mut c = Continuum::new("zoe");
    c.text = Some("Zoë met Bob".into());
    c.add("A", 0.0, 3.0, "PER").unwrap();
    c.add("B", 0.0, 7.0, "PER").unwrap();
    let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
    let a = Adjudication::new(c.clone(), &aligned.problem, &aligned.alignment, "t");
    // The median end 5 falls inside "met": the nearest token ends are 3 and 7, outwards wins.
    let s = a.median_suggestion(0).unwrap();
    assert_eq!((s.start, s.end), (0.0, 7.0));
    assert_eq!(a.snap(5.4, false), 7.0);
    assert_eq!(a.snap(4.6, true), 4.0);
    c.text = None;
    let a = Adjudication::new(c, &aligned.problem, &aligned.alignment, "t");
    assert_eq!(a.median_suggestion(0).unwrap().end, 5.0);
    assert_eq!(a.snap(5.4, false), 5.0);
}

#[test]
fn the_undo_history_is_bounded() {
    let mut a = three_annotators();
    for _ in 0..UNDO_DEPTH + 5 {
        a.pick(BOB, 0).unwrap();
    }
    let mut undone = 0;
    while a.undo().is_some() {
        undone += 1;
    }
    assert_eq!(undone, UNDO_DEPTH);
}

#[test]
fn validation_catches_damaged_state() {
    let a = three_annotators();
    assert_eq!(a.validate(), Ok(()));
    let mut damaged = a.clone();
    damaged.decisions.pop();
    let error = damaged.validate().unwrap_err();
    assert_eq!(
        error.damage,
        Damage::DecisionCount {
            decisions: 3,
            alignments: 4
        }
    );
    assert_eq!(error.to_string(), "3 decisions for 4 alignments");
    let mut damaged = a.clone();
    damaged.proposals[0].slots[1] = Some(17);
    let error = damaged.validate().unwrap_err();
    assert_eq!(error.place, Place::Alignment(0));
    assert_eq!(error.to_string(), "alignment 1: annotator 1 has no unit 17");
    let mut damaged = a;
    damaged.continuum.annotators[0].units[0].end = -1.0;
    let error = damaged.validate().unwrap_err();
    assert!(matches!(error.damage, Damage::InvalidUnit(_)), "{error:?}");
    assert!(error.to_string().contains("before start"), "{error}");
}

#[test]
fn a_hostile_session_is_refused_never_doubled_cut_or_wrapped() {
    let a = three_annotators();
    // A unit in two alignments would be doubled in the gold (and another lost).
    let mut twice = a.clone();
    let (held, slot) = (0..twice.proposals.len())
        .find_map(|i| twice.proposals[i].slots[0].map(|u| (i, u)))
        .unwrap();
    let other = (0..twice.proposals.len()).find(|&i| i != held).unwrap();
    twice.proposals[other].slots[0] = Some(slot);
    let error = twice.validate().unwrap_err();
    assert!(
        matches!(error.damage, Damage::UnitTwice { annotator: 0, unit, first } if unit == slot && first == held.min(other)),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("is also in alignment"),
        "{error}"
    );
    // Alignments cut from the file: their units would silently leave the gold.
    let mut cut = a.clone();
    cut.proposals.clear();
    cut.decisions.clear();
    let error = cut.validate().unwrap_err();
    assert!(
        matches!(
            error.damage,
            Damage::UnitInNoAlignment {
                annotator: 0,
                unit: 0,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("the alignments were cut"),
        "{error}"
    );
    // A next id that would wrap to 0 after one more unit.
    let mut wrapping = a.clone();
    wrapping.next_id = u64::MAX;
    let error = wrapping.validate().unwrap_err();
    assert_eq!(error.damage, Damage::NextIdTooLarge(u64::MAX));
    let mut largest = a;
    largest.next_id = MAX_GOLD_ID;
    assert_eq!(largest.validate(), Ok(()));
}

#[test]
fn starting_over_discards_every_decision_in_one_step_that_undo_takes_back() {
    let mut a = three_annotators();
    assert_eq!(a.start_over(), 0, "nothing to discard");
    assert!(!a.can_undo(), "and no step");
    a.decide_unanimous();
    a.pick(PARIS, 0).unwrap();
    a.skip(YESTERDAY).unwrap();
    let added = a.add(Unit::new(23.0, 32.0, "TIME").unwrap()).unwrap();
    let before = a.clone();
    let decided = a.progress().decided;
    assert_eq!(a.start_over(), decided + 1, "the decided and the skipped");
    assert_eq!(a.progress().open, a.proposals().len());
    assert!(a.gold().is_empty() && a.gold_unit(added).is_none());
    assert_eq!(
        a.undo_label(),
        Some(format!("start over ({} decisions discarded)", decided + 1).as_str())
    );
    assert_eq!(
        a.undo_step().unwrap().alignment(),
        Some(0),
        "the first it reopens"
    );
    a.undo().unwrap();
    assert_eq!(a.decisions(), before.decisions());
    assert_eq!(a.gold(), before.gold());
    assert_eq!(
        a.redo_step().unwrap().gold_units().len(),
        before.gold().len()
    );
    a.redo().unwrap();
    assert!(a.gold().is_empty());
}

#[test]
fn the_units_left_out_of_gamma_follow_their_annotators_and_are_checked() {
    let mut a = three_annotators();
    let sentence = |end| Unit::new(0.0, end, "Sentence").unwrap();
    a.set_left_out(vec![vec![sentence(33.0)], vec![], vec![sentence(22.0)]]);
    assert_eq!(a.left_out(0), [sentence(33.0)]);
    assert_eq!(a.left_out(1), []);
    assert_eq!(a.left_out(7), [], "no such annotator: nothing");
    assert_eq!(a.validate(), Ok(()));
    // Kept in the session's JSON, and read back.
    let json = serde_json::to_string(&a).unwrap();
    let back: Adjudication = serde_json::from_str(&json).unwrap();
    assert_eq!(back.left_out(2), [sentence(22.0)]);
    // Opened with the annotators in another order: each keeps its own.
    let names = ["C".to_string(), "A".to_string(), "B".to_string()];
    let reordered = a.in_annotator_order(&names).unwrap();
    assert_eq!(reordered.left_out(0), [sentence(22.0)]);
    assert_eq!(reordered.left_out(1), [sentence(33.0)]);
    // Nothing left out: nothing stored (older sessions read the same).
    let mut none = three_annotators();
    none.set_left_out(vec![vec![]; 3]);
    assert!(!serde_json::to_string(&none).unwrap().contains("left_out"));
    // A damaged session: a list too few, or a unit that is not one.
    let mut damaged = a.clone();
    damaged.left_out.pop();
    let error = damaged.validate().unwrap_err();
    assert_eq!(
        error.to_string(),
        "2 lists of units left out of γ for 3 annotators"
    );
    damaged = a;
    damaged.left_out[1].push(Unit {
        start: 5.0,
        end: 1.0,
        ..sentence(3.0)
    });
    let error = damaged.validate().unwrap_err();
    assert!(matches!(error.damage, Damage::InvalidUnit(_)), "{error:?}");
}

#[test]
fn an_export_skips_keeps_the_decided_or_completes_with_the_suggestions() {
    let mut a = three_annotators();
    a.decide_unanimous();
    assert_eq!(a.progress().open, 3);
    assert!(a.for_export(OpenAlignments::Skip).is_none());
    let decided_only = a.for_export(OpenAlignments::DecidedOnly).unwrap();
    assert_eq!(gold_spans(&decided_only), [span("PER", 0.0, 5.0)]);
    let completed = a.for_export(OpenAlignments::Suggestions).unwrap();
    assert_eq!(completed.progress().open, 0);
    // Bob: A's unit (closest to the others); Paris: LOC (two of three); yesterday: only C has
    // a unit, so the suggestion is to reject it.
    assert_eq!(
        gold_spans(&completed),
        [
            span("PER", 0.0, 5.0),
            span("PER", 10.0, 13.0),
            span("LOC", 17.0, 22.0)
        ]
    );
    assert_eq!(a.progress().open, 3, "the adjudication itself is unchanged");
    // Fully decided: every policy exports it as it is.
    let mut done = completed.into_owned();
    assert!(done.for_export(OpenAlignments::Skip).is_some());
    done.undo();
    assert!(done.for_export(OpenAlignments::Skip).is_none());
    assert_eq!(
        ["skip", "decided-only", "suggestions"].map(|n| n.parse::<OpenAlignments>().unwrap()),
        OpenAlignments::ALL
    );
}

#[test]
fn the_same_adjudication_in_another_annotator_order_decides_the_same_gold() {
    let mut a = three_annotators();
    a.decide_unanimous();
    a.pick(BOB, 2).unwrap(); // C's Bob, one character early
    a.pick(PARIS, 1).unwrap(); // B's ORG
    a.pick(PARIS, 0).unwrap(); // then A's LOC instead
    a.undo(); // back to B's ORG; A's LOC is redoable
    let names = |order: [&str; 3]| order.map(String::from).to_vec();
    let reordered = a.in_annotator_order(&names(["C", "A", "B"])).unwrap();
    assert_eq!(reordered.continuum().annotator_names(), ["C", "A", "B"]);
    assert_eq!(
        reordered.proposals()[YESTERDAY].slots,
        [Some(3), None, None]
    );
    assert_eq!(gold_spans(&reordered), gold_spans(&a));
    let picked = |adjudication: &Adjudication, index: usize| match adjudication.decision(index) {
        Some(Decision::Decided {
            choice: Choice::Pick { annotator },
            ..
        }) => adjudication.continuum().annotators[*annotator].name.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(picked(&reordered, BOB), "C");
    assert_eq!(picked(&reordered, PARIS), "B");
    // The history follows: redo picks A's unit, undo twice goes back to before B's.
    let mut redone = reordered.clone();
    redone.redo();
    assert_eq!(picked(&redone, PARIS), "A");
    redone.undo();
    redone.undo();
    assert!(redone.decision(PARIS).unwrap().is_open());
    assert_eq!(reordered.validate(), Ok(()));
    // Not a permutation of the names: refused.
    assert!(a.in_annotator_order(&names(["A", "B", "B"])).is_none());
    assert!(a.in_annotator_order(&names(["A", "B", "D"])).is_none());
    assert!(a.in_annotator_order(&["A".to_string()]).is_none());
}
