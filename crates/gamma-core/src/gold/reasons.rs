//! Why each decision was taken: a decision (of a unitary alignment or of a relation, by hand or
//! by a bulk rule) may carry a **reason** from the campaign's list ([`ReasonList`]: annotator
//! error, guideline gap, ambiguous text, boundary convention, not an entity / out of scope by
//! default; editable) and a free **note**. Counted by category ([`reason_counts`]), the reasons
//! say where the guidelines need work; in each annotator's feedback they say why the gold
//! differs from her.
//!
//! A reason is stored in the decision itself ([`Decision::Decided`]), so undo and redo carry it
//! with the decision, and a new decision of the same proposal starts without one. Setting a
//! reason is one undoable step; so is a bulk rule applied with a reason.

use super::Adjudication;
use super::history::Change;
use super::model::{Decision, GoldError, RelationDecision};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One reason of a campaign's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reason {
    /// What decisions store: lower case, words joined by `-` (`guideline-gap`).
    pub key: String,
    /// What people read ("guideline gap").
    pub label: String,
}

/// The reasons a campaign's decisions may carry, in the order shown (keys 1 … 9 in the app).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Reason>", into = "Vec<Reason>")]
pub struct ReasonList {
    reasons: Vec<Reason>,
}

/// The default reasons: (key, label).
const DEFAULT_REASONS: [(&str, &str); 5] = [
    ("annotator-error", "annotator error"),
    ("guideline-gap", "guideline gap"),
    ("ambiguous-text", "ambiguous text"),
    ("boundary-convention", "boundary convention"),
    ("out-of-scope", "not an entity / out of scope"),
];

impl Default for ReasonList {
    fn default() -> Self {
        ReasonList {
            reasons: (DEFAULT_REASONS.iter())
                .map(|(key, label)| Reason {
                    key: key.to_string(),
                    label: label.to_string(),
                })
                .collect(),
        }
    }
}

impl TryFrom<Vec<Reason>> for ReasonList {
    type Error = GoldError;

    fn try_from(reasons: Vec<Reason>) -> Result<Self, GoldError> {
        ReasonList::new(reasons)
    }
}

impl From<ReasonList> for Vec<Reason> {
    fn from(list: ReasonList) -> Vec<Reason> {
        list.reasons
    }
}

/// The key of a label: lower case, every run of characters that are not letters or digits a
/// single `-`.
pub fn reason_key(label: &str) -> String {
    let mut key = String::new();
    for c in label.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            key.push(c);
        } else if !key.is_empty() && !key.ends_with('-') {
            key.push('-');
        }
    }
    key.trim_end_matches('-').to_string()
}

fn bad_list(message: String) -> GoldError {
    GoldError::BadRule(format!("the list of reasons: {message}"))
}

impl ReasonList {
    /// A list of these reasons: keys made of lower-case letters, digits and `-`, each once;
    /// labels not empty, on one line.
    pub fn new(reasons: Vec<Reason>) -> Result<ReasonList, GoldError> {
        for (i, reason) in reasons.iter().enumerate() {
            if reason.key.is_empty() || reason_key(&reason.key) != reason.key {
                return Err(bad_list(format!(
                    "the key {:?} is not lower-case words joined by '-' (e.g. {:?})",
                    reason.key,
                    reason_key(&reason.key)
                )));
            }
            if reason.label.trim().is_empty() || reason.label.chars().any(char::is_control) {
                return Err(bad_list(format!(
                    "the reason {:?} needs a label on one line",
                    reason.key
                )));
            }
            if reasons[..i].iter().any(|r| r.key == reason.key) {
                return Err(bad_list(format!("the key {:?} comes twice", reason.key)));
            }
        }
        Ok(ReasonList { reasons })
    }

    /// Reads a list written one reason a line, `key: label` or a label alone (its key made by
    /// [`reason_key`]); blank lines and lines starting with `#` are skipped.
    pub fn parse(text: &str) -> Result<ReasonList, GoldError> {
        let reasons = (text.lines())
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| match line.split_once(':') {
                Some((key, label)) if reason_key(key) == key.trim() && !key.trim().is_empty() => {
                    Reason {
                        key: key.trim().to_string(),
                        label: label.trim().to_string(),
                    }
                }
                _ => Reason {
                    key: reason_key(line),
                    label: line.to_string(),
                },
            })
            .collect();
        ReasonList::new(reasons)
    }

    /// The reasons, in order.
    pub fn reasons(&self) -> &[Reason] {
        &self.reasons
    }

    /// The reason whose key or label is `text` (case and surrounding spaces aside).
    pub fn find(&self, text: &str) -> Option<&Reason> {
        let wanted = text.trim().to_lowercase();
        (self.reasons.iter()).find(|r| r.key == wanted || r.label.to_lowercase() == wanted)
    }

    /// [`Self::find`], or [`GoldError::UnknownReason`].
    pub fn resolve(&self, text: &str) -> Result<&Reason, GoldError> {
        self.find(text).ok_or_else(|| {
            let keys: Vec<&str> = self.reasons.iter().map(|r| r.key.as_str()).collect();
            GoldError::UnknownReason(text.to_string(), keys.join(", "))
        })
    }

    /// The label of `key`; the key itself when the list has no such reason (a decision taken
    /// under another list).
    pub fn label<'a>(&'a self, key: &'a str) -> &'a str {
        (self.reasons.iter())
            .find(|r| r.key == key)
            .map_or(key, |r| r.label.as_str())
    }

    /// Adds a reason at the end (its key made from its label); returns its key.
    pub fn add(&mut self, label: &str) -> Result<String, GoldError> {
        let mut reasons = self.reasons.clone();
        let key = reason_key(label);
        reasons.push(Reason {
            key: key.clone(),
            label: label.trim().to_string(),
        });
        *self = ReasonList::new(reasons)?;
        Ok(key)
    }

    /// Relabels the reason `key` (decisions keep the key).
    pub fn relabel(&mut self, key: &str, label: &str) -> Result<(), GoldError> {
        let mut reasons = self.reasons.clone();
        let at = (reasons.iter().position(|r| r.key == key))
            .ok_or_else(|| self.resolve(key).map(|_| ()).unwrap_err())?;
        reasons[at].label = label.trim().to_string();
        *self = ReasonList::new(reasons)?;
        Ok(())
    }

    /// Removes the reason `key` from the list (decisions that have it keep it).
    pub fn remove(&mut self, key: &str) {
        self.reasons.retain(|r| r.key != key);
    }
}

/// A decision's reason and note.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Rationale {
    /// The key of a reason of the campaign's list.
    pub reason: Option<String>,
    /// A free note.
    pub note: Option<String>,
}

impl Rationale {
    /// A rationale of this reason (key or label) and note, as given by a person.
    pub fn new(reason: Option<&str>, note: Option<&str>) -> Rationale {
        Rationale {
            reason: reason.map(str::to_string),
            note: note.map(str::to_string),
        }
    }

    /// Whether it says nothing.
    pub fn is_empty(&self) -> bool {
        self.reason.is_none() && self.note.is_none()
    }

    /// The reason resolved to its key in `reasons` and the note trimmed (an empty note is
    /// none); [`GoldError::UnknownReason`] for a reason not in the list.
    fn checked(&self, reasons: &ReasonList) -> Result<Rationale, GoldError> {
        let reason = match self.reason.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => Some(reasons.resolve(text)?.key.clone()),
        };
        let note = (self.note.as_deref().map(str::trim))
            .filter(|n| !n.is_empty())
            .map(str::to_string);
        Ok(Rationale { reason, note })
    }
}

/// The rationale a decision carries (none when it is not decided).
fn of_decision(decision: &Decision) -> Rationale {
    match decision {
        Decision::Decided { reason, note, .. } => Rationale {
            reason: reason.clone(),
            note: note.clone(),
        },
        _ => Rationale::default(),
    }
}

/// `decision` with this rationale, if it is decided.
fn with_rationale(decision: &Decision, rationale: &Rationale) -> Option<Decision> {
    let mut decision = decision.clone();
    match &mut decision {
        Decision::Decided { reason, note, .. } => {
            *reason = rationale.reason.clone();
            *note = rationale.note.clone();
            Some(decision)
        }
        _ => None,
    }
}

/// `decision` with this rationale, if it is decided.
fn relation_with_rationale(
    decision: &RelationDecision,
    rationale: &Rationale,
) -> Option<RelationDecision> {
    let mut decision = decision.clone();
    match &mut decision {
        RelationDecision::Decided { reason, note, .. } => {
            *reason = rationale.reason.clone();
            *note = rationale.note.clone();
            Some(decision)
        }
        _ => None,
    }
}

fn rationale_label(rationale: &Rationale, reasons: &ReasonList) -> String {
    match (&rationale.reason, &rationale.note) {
        (Some(key), _) => format!("reason: {}", reasons.label(key)),
        (None, Some(_)) => "a note".to_string(),
        (None, None) => "no reason".to_string(),
    }
}

impl Adjudication {
    /// The reason and note of proposal `index` (empty unless it is decided).
    pub fn rationale(&self, index: usize) -> Rationale {
        self.decisions
            .get(index)
            .map(of_decision)
            .unwrap_or_default()
    }

    /// The reason and note of relation proposal `index` (empty unless it is decided).
    pub fn relation_rationale(&self, index: usize) -> Rationale {
        match self.relation_decisions.get(index) {
            Some(RelationDecision::Decided { reason, note, .. }) => Rationale {
                reason: reason.clone(),
                note: note.clone(),
            },
            _ => Rationale::default(),
        }
    }

    /// Gives the decision of proposal `index` this reason (a key or a label of `reasons`) and
    /// note, replacing what it had; an empty rationale removes them. One step.
    pub fn set_rationale(
        &mut self,
        index: usize,
        rationale: &Rationale,
        reasons: &ReasonList,
    ) -> Result<(), GoldError> {
        self.proposal(index)?;
        if !self.decisions[index].is_decided() {
            return Err(GoldError::NotDecided {
                index,
                relation: false,
            });
        }
        self.set_rationales(&[index], rationale, reasons).map(drop)
    }

    /// Gives every decided proposal of `indices` this reason and note, in one step; the open
    /// and skipped ones are left as they are. Returns how many were given it.
    pub fn set_rationales(
        &mut self,
        indices: &[usize],
        rationale: &Rationale,
        reasons: &ReasonList,
    ) -> Result<usize, GoldError> {
        let rationale = rationale.checked(reasons)?;
        for &index in indices {
            self.proposal(index)?;
        }
        let mut changes = Vec::new();
        for &index in indices {
            let before = &self.decisions[index];
            if let Some(after) = with_rationale(before, &rationale)
                && after != *before
            {
                changes.push(Change::Decision {
                    proposal: index,
                    before: before.clone(),
                    after: after.clone(),
                });
                self.decisions[index] = after;
            }
        }
        let given = changes.len();
        let label = match indices {
            [one] => format!(
                "{} for alignment {}",
                rationale_label(&rationale, reasons),
                one + 1
            ),
            _ => format!(
                "{} for {given} alignments",
                rationale_label(&rationale, reasons)
            ),
        };
        self.commit(label, changes);
        Ok(given)
    }

    /// Gives the decision of relation proposal `index` this reason and note. One step.
    pub fn set_relation_rationale(
        &mut self,
        index: usize,
        rationale: &Rationale,
        reasons: &ReasonList,
    ) -> Result<(), GoldError> {
        self.relation_proposal(index)?;
        let rationale = rationale.checked(reasons)?;
        let before = self.relation_decisions[index].clone();
        let after = relation_with_rationale(&before, &rationale).ok_or(GoldError::NotDecided {
            index,
            relation: true,
        })?;
        if after != before {
            self.relation_decisions[index] = after.clone();
            let label = format!(
                "{} for relation {}",
                rationale_label(&rationale, reasons),
                index + 1
            );
            let change = Change::Relation {
                relation: index,
                before,
                after,
            };
            self.commit(label, vec![change]);
        }
        Ok(())
    }

    /// [`Self::apply_rule`] with every decision it takes (alignments and relations) given this
    /// reason and note, in the same one step. Returns how many alignments were decided.
    pub fn apply_rule_with(
        &mut self,
        rule: &str,
        rationale: &Rationale,
        reasons: &ReasonList,
    ) -> Result<usize, GoldError> {
        let rationale = rationale.checked(reasons)?;
        let relations_before = self.relation_progress().decided;
        let decided = self.apply_rule(rule)?;
        let relations_decided = self.relation_progress().decided - relations_before;
        if (decided == 0 && relations_decided == 0) || rationale.is_empty() {
            return Ok(decided);
        }
        // The rule committed one step: its decisions take the rationale, in the history too.
        let step = self.undo.last_mut().expect("the rule's step");
        for change in &mut step.changes {
            match change {
                Change::Decision {
                    proposal, after, ..
                } => {
                    if let Some(given) = with_rationale(after, &rationale) {
                        *after = given.clone();
                        self.decisions[*proposal] = given;
                    }
                }
                Change::Relation {
                    relation, after, ..
                } => {
                    if let Some(given) = relation_with_rationale(after, &rationale) {
                        *after = given.clone();
                        self.relation_decisions[*relation] = given;
                    }
                }
                Change::Gold { .. } => {}
            }
        }
        Ok(decided)
    }
}

/// How many decisions of one category gave one reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReasonCount {
    /// `unit` (a decision of a unitary alignment) or `relation`.
    pub kind: &'static str,
    /// The category of the gold unit (of the annotators' units, the most frequent, for a
    /// rejection); a relation's label.
    pub category: String,
    /// The reason's key; `None` counts the decisions without a reason.
    pub reason: Option<String>,
    /// How many decisions.
    pub decisions: usize,
}

/// The decisions of `adjudications` (documents of a corpus) counted by kind, category and
/// reason — those without a reason too — sorted by kind, category, then reason (none last).
pub fn reason_counts<'a>(
    adjudications: impl IntoIterator<Item = &'a Adjudication>,
) -> Vec<ReasonCount> {
    let mut counts: BTreeMap<(&'static str, String, Option<String>), usize> = BTreeMap::new();
    for adjudication in adjudications {
        for (index, decision) in adjudication.decisions.iter().enumerate() {
            let Decision::Decided { reason, .. } = decision else {
                continue;
            };
            let category = (adjudication.gold_of(index).first())
                .map(|(_, g)| g.unit.category.clone())
                .or_else(|| {
                    let members = adjudication.members(index);
                    super::majority(members.iter().map(|(_, u)| u.category.as_str()))
                        .map(|(c, _)| c.to_string())
                })
                .unwrap_or_default();
            *counts
                .entry(("unit", category, reason.clone()))
                .or_default() += 1;
        }
        for (index, decision) in adjudication.relation_decisions.iter().enumerate() {
            let RelationDecision::Decided { reason, choice, .. } = decision else {
                continue;
            };
            let label = adjudication.relation_label(index, choice).or_else(|| {
                let members = adjudication.relation_members(index);
                super::majority(members.iter().map(|(_, _, l)| *l)).map(|(l, _)| l.to_string())
            });
            let key = ("relation", label.unwrap_or_default(), reason.clone());
            *counts.entry(key).or_default() += 1;
        }
    }
    let mut out: Vec<ReasonCount> = (counts.into_iter())
        .map(|((kind, category, reason), decisions)| ReasonCount {
            kind,
            category,
            reason,
            decisions,
        })
        .collect();
    out.sort_by(|a, b| {
        (a.kind, &a.category, a.reason.is_none(), &a.reason).cmp(&(
            b.kind,
            &b.category,
            b.reason.is_none(),
            &b.reason,
        ))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuum::Continuum;
    use crate::gamma::{DocumentAlignment, GammaOptions};
    use crate::gold::{Choice, RelationChoice};
    use crate::relations::fixtures::{discourse, segments};

    /// "Alice met Bob in Paris yesterday.": Alice unanimous, Paris LOC or ORG, yesterday only B's.
    fn paris() -> Adjudication {
        let mut c = Continuum::new("paris");
        c.text = Some("Alice met Bob in Paris yesterday.".into());
        for (annotator, start, end, category) in [
            ("A", 0.0, 5.0, "PER"),
            ("A", 17.0, 22.0, "LOC"),
            ("B", 0.0, 5.0, "PER"),
            ("B", 17.0, 22.0, "ORG"),
            ("B", 23.0, 32.0, "TIME"),
        ] {
            c.add(annotator, start, end, category).unwrap();
        }
        let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
        Adjudication::new(c, &aligned.problem, &aligned.alignment, "tester")
    }

    #[test]
    fn the_default_list_and_a_list_read_from_text() {
        let list = ReasonList::default();
        let keys: Vec<&str> = list.reasons().iter().map(|r| r.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "annotator-error",
                "guideline-gap",
                "ambiguous-text",
                "boundary-convention",
                "out-of-scope"
            ]
        );
        assert_eq!(list.find("Guideline gap").unwrap().key, "guideline-gap");
        assert_eq!(list.label("out-of-scope"), "not an entity / out of scope");
        assert_eq!(list.label("retired"), "retired");
        assert_eq!(
            reason_key("  Not an entity / out of scope "),
            "not-an-entity-out-of-scope"
        );
        let read = ReasonList::parse("# ours\nnested: nested entity\nMetonymy\n\n").unwrap();
        let pairs: Vec<(&str, &str)> = (read.reasons().iter())
            .map(|r| (r.key.as_str(), r.label.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [("nested", "nested entity"), ("metonymy", "Metonymy")]
        );
        assert!(ReasonList::parse("a: one\na: two").is_err());
        let mut edited = list.clone();
        assert_eq!(edited.add("Metonymy").unwrap(), "metonymy");
        edited
            .relabel("metonymy", "metonymy (place for people)")
            .unwrap();
        edited.remove("guideline-gap");
        assert_eq!(edited.reasons().len(), 5);
        assert!(edited.add("annotator error").is_err());
        // The list is stored as a JSON list of {key, label}, validated when read back.
        let json = serde_json::to_string(&edited).unwrap();
        assert_eq!(serde_json::from_str::<ReasonList>(&json).unwrap(), edited);
        assert!(serde_json::from_str::<ReasonList>(r#"[{"key":"Bad Key","label":"x"}]"#).is_err());
    }

    #[test]
    fn a_decision_takes_a_reason_and_a_note_undone_with_it() {
        let mut a = paris();
        let reasons = ReasonList::default();
        let why = Rationale::new(
            Some("guideline gap"),
            Some("  metonymy: the city for its team "),
        );
        assert_eq!(
            a.set_rationale(1, &why, &reasons),
            Err(GoldError::NotDecided {
                index: 1,
                relation: false
            })
        );
        a.pick(1, 1).unwrap();
        a.set_rationale(1, &why, &reasons).unwrap();
        let stored = a.rationale(1);
        assert_eq!(stored.reason.as_deref(), Some("guideline-gap"));
        assert_eq!(
            stored.note.as_deref(),
            Some("metonymy: the city for its team")
        );
        assert_eq!(
            a.undo_label(),
            Some("reason: guideline gap for alignment 2")
        );
        assert!(matches!(
            a.decision(1),
            Some(Decision::Decided {
                choice: Choice::Pick { annotator: 1 },
                ..
            })
        ));
        a.undo();
        assert!(a.rationale(1).is_empty());
        assert!(a.decision(1).unwrap().is_decided());
        a.redo();
        assert_eq!(a.rationale(1), stored);
        let unknown = a.set_rationale(1, &Rationale::new(Some("tired"), None), &reasons);
        assert!(matches!(unknown, Err(GoldError::UnknownReason(..))));
        // A new decision starts without a reason.
        a.pick(1, 0).unwrap();
        assert!(a.rationale(1).is_empty());
        // The session's JSON of a decision without a reason has no such fields, and a decision
        // of an older session (none) reads back.
        let json = serde_json::to_value(a.decision(1).unwrap()).unwrap();
        assert!(json.get("reason").is_none() && json.get("note").is_none());
        let old: Decision = serde_json::from_value(json).unwrap();
        assert_eq!(&old, a.decision(1).unwrap());
    }

    #[test]
    fn a_bulk_rule_and_a_bulk_reason_are_one_step_each() {
        let mut a = paris();
        let reasons = ReasonList::default();
        let why = Rationale::new(Some("annotator-error"), None);
        // The threshold rule decides Alice (δ 0) and yesterday (suggestion: the unit).
        assert_eq!(
            a.apply_rule_with("threshold:1:1", &why, &reasons).unwrap(),
            3
        );
        for index in 0..3 {
            assert_eq!(
                a.rationale(index).reason.as_deref(),
                Some("annotator-error")
            );
        }
        a.undo();
        assert!(a.decisions().iter().all(Decision::is_open));
        a.redo();
        assert_eq!(a.rationale(2).reason.as_deref(), Some("annotator-error"));
        // Nothing left to decide: no step, nothing changed.
        let label = a.undo_label().map(str::to_string);
        assert_eq!(a.apply_rule_with("unanimous", &why, &reasons).unwrap(), 0);
        assert_eq!(a.undo_label().map(str::to_string), label);
        let boundary = Rationale::new(Some("boundary-convention"), Some("check"));
        assert_eq!(a.set_rationales(&[0, 2], &boundary, &reasons).unwrap(), 2);
        assert_eq!(
            a.undo_label(),
            Some("reason: boundary convention for 2 alignments")
        );
        assert_eq!(a.rationale(1).reason.as_deref(), Some("annotator-error"));
        a.undo();
        assert_eq!(a.rationale(0).reason.as_deref(), Some("annotator-error"));
    }

    #[test]
    fn relation_decisions_take_reasons_and_every_decision_is_counted_by_category() {
        let mut c = Continuum::new("doc");
        let mut second = discourse();
        second[1].label = "Acknowledgement".into();
        for (a, relations) in [discourse(), second].into_iter().enumerate() {
            segments(&mut c, ["A", "B"][a]);
            c.annotators[a].relations = relations;
        }
        let aligned = DocumentAlignment::of(&c, &GammaOptions::default()).unwrap();
        let mut a = Adjudication::new(c, &aligned.problem, &aligned.alignment, "tester");
        let reasons = ReasonList::default();
        a.decide_unanimous();
        let why = Rationale::new(Some("ambiguous-text"), None);
        assert!(a.set_relation_rationale(1, &why, &reasons).is_err());
        a.decide_relation(1, RelationChoice::Pick { annotator: 1 })
            .unwrap();
        a.set_relation_rationale(1, &why, &reasons).unwrap();
        assert_eq!(
            a.relation_rationale(1).reason.as_deref(),
            Some("ambiguous-text")
        );
        let counts = reason_counts([&a]);
        let relation = (counts.iter())
            .find(|c| c.kind == "relation" && c.reason.is_some())
            .unwrap();
        assert_eq!(
            (relation.category.as_str(), relation.decisions),
            ("Acknowledgement", 1)
        );
        assert!(
            counts
                .iter()
                .all(|c| c.kind == "relation" || c.reason.is_none())
        );
        a.undo();
        assert!(a.relation_rationale(1).is_empty());
    }

    #[test]
    fn reasons_are_counted_by_the_gold_category_or_the_annotators_for_a_rejection() {
        let mut a = paris();
        let reasons = ReasonList::default();
        a.pick(1, 0).unwrap();
        a.reject(2).unwrap();
        a.set_rationale(1, &Rationale::new(Some("guideline-gap"), None), &reasons)
            .unwrap();
        a.set_rationale(2, &Rationale::new(Some("out-of-scope"), None), &reasons)
            .unwrap();
        a.accept_suggestion(0).unwrap();
        let counted = reason_counts([&a, &a]);
        let counts: Vec<(&str, Option<&str>, usize)> = (counted.iter())
            .map(|c| (c.category.as_str(), c.reason.as_deref(), c.decisions))
            .collect();
        assert_eq!(
            counts,
            [
                ("LOC", Some("guideline-gap"), 2),
                ("PER", None, 2),
                ("TIME", Some("out-of-scope"), 2)
            ]
        );
    }
}
