//! Feedback for each annotator: her disagreements with the gold — or with the majority where no
//! gold is decided — each with its text, what the others marked, the decision and its reason,
//! and her profile beside the group's ([`crate::diagnostics`]). What a campaign lead hands each
//! annotator after a pilot round; `gamma_formats::feedback_pages` writes it as one page each.
//!
//! **The reference.** Each unitary alignment of the best alignment (each proposal of the
//! adjudication) is compared with:
//! * the gold units that decide it, when it is decided ([`Against::Gold`]; a rejected alignment
//!   has none);
//! * else the majority: the adjudication's suggestion ([`Adjudication::suggestion`]: no unit
//!   when more annotators have none than have one; else the unit of the most frequent category
//!   closest to the others). When the annotators are split evenly (as many with a unit as
//!   without, or two categories as frequent), the suggestion settles it and the disagreement
//!   says it was a tie ([`Against::Majority`]).
//!
//! **The kinds.** Against the reference, an annotator **missed** a unit (she has none where the
//! reference has one), **added** one (she has one where it has none), differs on the
//! **boundary** (same category, another span) or on the **category**. Each alignment is listed
//! at most once per annotator, under one kind.

use crate::continuum::Continuum;
use crate::corpus::Corpus;
use crate::diagnostics::{
    AlignmentId, AnnotatorProfile, Context, GroupProfile, anatomy, group_profile, text_in_context,
};
use crate::gamma::GammaResult;
use crate::gold::{Adjudication, Choice, Decision, ReasonList, Rule};
use crate::unit::Unit;
use serde::Serialize;

/// How many characters of text each disagreement shows on each side.
pub const CONTEXT_CHARACTERS: usize = 80;

/// How an annotator's unit differs from the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The reference has a unit where she has none.
    Missed,
    /// She has a unit where the reference has none.
    Added,
    /// Same category, another span.
    Boundary,
    /// Another category.
    Category,
}

impl Kind {
    /// Every kind, in the order pages list them.
    pub const ALL: [Kind; 4] = [Kind::Missed, Kind::Added, Kind::Boundary, Kind::Category];

    /// The kind in a few words, for a heading.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Missed => "Units you missed",
            Kind::Added => "Units you added",
            Kind::Boundary => "Boundaries",
            Kind::Category => "Categories",
        }
    }
}

/// What a disagreement is measured against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "against")]
pub enum Against {
    /// The decided gold.
    Gold,
    /// The majority of the annotators (no gold decided there).
    Majority {
        /// The annotators were split evenly; the suggestion settled it.
        tie: bool,
    },
}

/// A unit as a feedback page shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShownUnit {
    /// Who marked it: an annotator's name (anonymised if asked), or `gold`, or `majority`.
    pub who: String,
    /// Its category.
    pub category: String,
    /// Its start.
    pub start: f64,
    /// Its end.
    pub end: f64,
    /// The text it covers, when there is a text.
    pub text: Option<String>,
}

/// One of her disagreements.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Disagreement {
    /// The unitary alignment (the adjudication's proposal of that index).
    pub id: AlignmentId,
    /// The document's name.
    pub document: String,
    /// How she differs.
    pub kind: Kind,
    /// The category it is listed under: hers, or the reference's when she missed it.
    pub category: String,
    /// Against the gold or the majority.
    pub against: Against,
    /// Her unit, if she has one there.
    pub hers: Option<ShownUnit>,
    /// The reference's units (gold units, or the majority's; none when it has none).
    pub reference: Vec<ShownUnit>,
    /// The other annotators' units there.
    pub others: Vec<ShownUnit>,
    /// The text around it.
    pub context: Option<Context>,
    /// The decision, in words ("open: no decision yet" when none).
    pub decision: String,
    /// The decision's reason, as its label in the campaign's list.
    pub reason: Option<String>,
    /// The decision's note.
    pub note: Option<String>,
}

/// One annotator's feedback.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnnotatorFeedback {
    /// Her name.
    pub annotator: String,
    /// Her disagreements, by document and position.
    pub disagreements: Vec<Disagreement>,
    /// The unitary alignments where she has a unit or the reference one, and agrees.
    pub agreements: usize,
    /// Her profile.
    pub profile: AnnotatorProfile,
    /// The group's.
    pub group: GroupProfile,
    /// How many documents.
    pub documents: usize,
    /// Whether the other annotators are anonymised.
    pub anonymised: bool,
}

impl AnnotatorFeedback {
    /// Her disagreements of `kind`, grouped by category (alphabetically).
    pub fn by_category(&self, kind: Kind) -> Vec<(&str, Vec<&Disagreement>)> {
        let mut groups: Vec<(&str, Vec<&Disagreement>)> = Vec::new();
        for d in self.disagreements.iter().filter(|d| d.kind == kind) {
            match groups.iter_mut().find(|(c, _)| *c == d.category) {
                Some((_, list)) => list.push(d),
                None => groups.push((d.category.as_str(), vec![d])),
            }
        }
        groups.sort_by(|a, b| a.0.cmp(b.0));
        groups
    }

    /// How many disagreements of `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.disagreements.iter().filter(|d| d.kind == kind).count()
    }
}

/// The settings of the feedback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FeedbackOptions {
    /// Name the other annotators "annotator A", "annotator B"… instead of by name.
    pub anonymise: bool,
}

/// Each annotator's feedback on `corpus` measured as `result` (the same documents, in order),
/// with `adjudications[d]` the adjudication of document `d` when it has one (it must come from
/// the same best alignment); the reasons are labelled by `reasons`.
pub fn feedback(
    corpus: &Corpus,
    result: &GammaResult,
    adjudications: &[Option<&Adjudication>],
    reasons: &ReasonList,
    options: FeedbackOptions,
) -> Vec<AnnotatorFeedback> {
    let anatomy = anatomy(corpus, result);
    let group = group_profile(&anatomy.profiles);
    let names = &anatomy.annotators;
    let built: Vec<Adjudication>;
    let mut documents: Vec<&Adjudication> = Vec::new();
    {
        let missing: Vec<usize> = (0..result.documents.len())
            .filter(|&d| adjudications.get(d).copied().flatten().is_none())
            .collect();
        built = (missing.iter())
            .map(|&d| {
                let aligned = &result.documents[d];
                Adjudication::new(
                    corpus.documents[d].clone(),
                    &aligned.problem,
                    &aligned.alignment,
                    "",
                )
            })
            .collect();
        let mut next = built.iter();
        for d in 0..result.documents.len() {
            match adjudications.get(d).copied().flatten() {
                Some(a) => documents.push(a),
                None => documents.push(next.next().expect("built")),
            }
        }
    }
    (names.iter().enumerate())
        .map(|(i, name)| {
            let labels = Labels {
                me: name,
                others: names.iter().filter(|n| *n != name).collect(),
                anonymise: options.anonymise,
            };
            let mut disagreements = Vec::new();
            let mut agreements = 0;
            for (d, adjudication) in documents.iter().enumerate() {
                let Some(a) =
                    (adjudication.continuum().annotators.iter()).position(|x| &x.name == name)
                else {
                    continue;
                };
                for index in 0..adjudication.proposals().len() {
                    let id = AlignmentId {
                        document: d,
                        alignment: index,
                    };
                    match compare(adjudication, index, a, reasons, &labels, id) {
                        Some(found) => disagreements.push(found),
                        None if involved(adjudication, index, a) => agreements += 1,
                        None => {}
                    }
                }
            }
            AnnotatorFeedback {
                annotator: name.clone(),
                disagreements,
                agreements,
                profile: anatomy.profiles[i].clone(),
                group: group.clone(),
                documents: documents.len(),
                anonymised: options.anonymise,
            }
        })
        .collect()
}

/// How the other annotators are named on her page.
struct Labels<'a> {
    me: &'a str,
    others: Vec<&'a String>,
    anonymise: bool,
}

impl Labels<'_> {
    fn of(&self, name: &str) -> String {
        if name == self.me {
            return "you".to_string();
        }
        if !self.anonymise {
            return name.to_string();
        }
        let at = self.others.iter().position(|n| *n == name).unwrap_or(0);
        format!("annotator {}", column_letters(at))
    }
}

/// A, B, … Z, AA, AB…
fn column_letters(mut index: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push((b'A' + (index % 26) as u8) as char);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    letters.iter().rev().collect()
}

/// Whether annotator `a` has a unit in proposal `index`.
fn involved(adjudication: &Adjudication, index: usize, a: usize) -> bool {
    adjudication.proposals()[index].slots[a].is_some()
}

fn shown(continuum: &Continuum, annotator: Option<usize>, who: String, unit: &Unit) -> ShownUnit {
    let text = match annotator {
        Some(a) => continuum.covered_text(a, unit),
        None => continuum.text.as_ref().map(|text| {
            let start = unit.start.max(0.0) as usize;
            let length = (unit.end - unit.start).max(0.0) as usize;
            text.chars().skip(start).take(length).collect()
        }),
    };
    ShownUnit {
        who,
        category: unit.category.clone(),
        start: unit.start,
        end: unit.end,
        text,
    }
}

/// The reference of proposal `index`: the gold units when decided, else the suggestion, with
/// whether the annotators were split evenly.
fn reference(adjudication: &Adjudication, index: usize) -> (Vec<Unit>, Against) {
    if adjudication.decisions()[index].is_decided() {
        let gold = adjudication.gold_of(index);
        return (
            gold.into_iter().map(|(_, g)| g.unit.clone()).collect(),
            Against::Gold,
        );
    }
    let members = adjudication.members(index);
    let n = adjudication.continuum().n_annotators();
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for (_, unit) in &members {
        match counts.iter_mut().find(|(c, _)| *c == unit.category) {
            Some((_, k)) => *k += 1,
            None => counts.push((unit.category.as_str(), 1)),
        }
    }
    let best = counts.iter().map(|(_, k)| *k).max().unwrap_or(0);
    let tie = 2 * members.len() == n || counts.iter().filter(|(_, k)| *k == best).count() > 1;
    let suggested = adjudication.suggestion(index).into_iter().collect();
    (suggested, Against::Majority { tie })
}

/// Annotator `a`'s disagreement at proposal `index`, if she differs from the reference.
fn compare(
    adjudication: &Adjudication,
    index: usize,
    a: usize,
    reasons: &ReasonList,
    labels: &Labels<'_>,
    id: AlignmentId,
) -> Option<Disagreement> {
    let continuum = adjudication.continuum();
    let members = adjudication.members(index);
    let hers = members.iter().find(|(x, _)| *x == a).map(|(_, u)| *u);
    let (reference, against) = reference(adjudication, index);
    let kind = match (hers, reference.as_slice()) {
        (None, []) => return None,
        (Some(_), []) => Kind::Added,
        (None, _) => Kind::Missed,
        (Some(u), units) => {
            let same = |r: &Unit| r.category == u.category;
            if units
                .iter()
                .any(|r| same(r) && r.start == u.start && r.end == u.end)
            {
                return None;
            }
            if units.iter().any(same) {
                Kind::Boundary
            } else {
                Kind::Category
            }
        }
    };
    let category = match (kind, hers) {
        (Kind::Missed, _) | (_, None) => reference[0].category.clone(),
        (_, Some(u)) => u.category.clone(),
    };
    let who_reference = match against {
        Against::Gold => "gold",
        Against::Majority { .. } => "majority",
    };
    let span_of = hers.or(reference.first()).expect("one of them");
    let (start, end) = (members.iter().map(|(_, u)| u.start))
        .chain([span_of.start])
        .fold((f64::INFINITY, span_of.end), |(s, e), x| (s.min(x), e));
    let end = members.iter().map(|(_, u)| u.end).fold(end, f64::max);
    let rationale = adjudication.rationale(index);
    Some(Disagreement {
        id,
        document: continuum.name.clone(),
        kind,
        category,
        against,
        hers: hers.map(|u| shown(continuum, Some(a), "you".into(), u)),
        reference: (reference.iter())
            .map(|u| shown(continuum, None, who_reference.into(), u))
            .collect(),
        others: (members.iter().filter(|(x, _)| *x != a))
            .map(|(x, u)| {
                shown(
                    continuum,
                    Some(*x),
                    labels.of(&continuum.annotators[*x].name),
                    u,
                )
            })
            .collect(),
        context: text_in_context(continuum, a, start, end, CONTEXT_CHARACTERS),
        decision: decision_words(adjudication, index, labels),
        reason: rationale
            .reason
            .as_deref()
            .map(|k| reasons.label(k).to_string()),
        note: rationale.note,
    })
}

/// A decision in words, the annotators named as on her page.
fn decision_words(adjudication: &Adjudication, index: usize, labels: &Labels<'_>) -> String {
    let Decision::Decided { choice, rule, .. } = &adjudication.decisions()[index] else {
        return match &adjudication.decisions()[index] {
            Decision::Skipped { .. } => "skipped: no decision yet".to_string(),
            _ => "open: no decision yet".to_string(),
        };
    };
    let what = match choice {
        Choice::Pick { annotator } => {
            let name = &adjudication.continuum().annotators[*annotator].name;
            match labels.of(name).as_str() {
                "you" => "your unit kept".to_string(),
                other => format!("{other}'s unit kept"),
            }
        }
        Choice::Suggestion => "the majority's unit kept".to_string(),
        Choice::Reject => "no unit in the gold".to_string(),
    };
    let edited = adjudication.gold_of(index).iter().any(|(_, g)| g.edited);
    let by = match rule {
        Rule::Manual => "by the adjudicator",
        _ => "by a bulk rule",
    };
    format!("{what}{} {by}", if edited { ", then edited," } else { "" })
}

#[cfg(test)]
mod tests;
