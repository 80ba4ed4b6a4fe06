//! Why each decision was taken (issue 43, item 2): the campaign's list of reasons (the core's
//! [`ReasonList`], stored in the project file), the reason picker of the selected alignment or
//! relation (W opens it; 1 … 9 give the reason of that rank, 0 takes it away, the note is typed
//! in it), and the reason given to the bulk rules' decisions. A reason and a note are one
//! undoable step of the adjudication, saved in the session (and so in the decision report).

use super::Edit;
use super::adjudicating::NotDone;
use crate::app::AppState;
use gamma_core::gold::{Adjudication, Rationale, ReasonList};

/// What a reason is given to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RationaleTarget {
    /// A unitary alignment's decision, by proposal index.
    Alignment(usize),
    /// A relation's decision, by relation proposal index.
    Relation(usize),
}

/// The reason picker: open on one decision, with the note being typed.
#[derive(Debug, Clone, PartialEq)]
pub struct ReasonPicker {
    /// The decision it gives a reason to.
    pub target: RationaleTarget,
    /// The note, as typed so far (given with the next reason chosen, or by "Save the note").
    pub note: String,
}

/// A change of the campaign's list of reasons.
#[derive(Debug, Clone, PartialEq)]
pub enum ReasonEdit {
    /// A reason added at the end, with this label.
    Add(String),
    /// The reason `key` labelled anew (decisions keep the key).
    Rename { key: String, label: String },
    /// The reason `key` out of the list (decisions that have it keep it).
    Remove(String),
    /// The default list back.
    Default,
}

/// The reason room's state, kept in [`super::Adjudications`].
#[derive(Debug, Clone, Default)]
pub struct Reasons {
    /// The campaign's list (the core's default until a project says otherwise).
    pub list: ReasonList,
    /// The picker, when open.
    pub picker: Option<ReasonPicker>,
    /// The reason the bulk rules give their decisions (a key of the list), if any.
    pub for_rules: Option<String>,
}

impl Reasons {
    /// The rationale the bulk rules give their decisions.
    pub fn rule_rationale(&self) -> Rationale {
        Rationale::new(self.for_rules.as_deref(), None)
    }

    /// The key of the reason keys `1 … 9` give (`rank` from 0).
    pub fn key_of_rank(&self, rank: usize) -> Option<String> {
        self.list.reasons().get(rank).map(|r| r.key.clone())
    }
}

/// The rationale of `target` in `a` (empty when it is not decided).
pub fn rationale_of(a: &Adjudication, target: RationaleTarget) -> Rationale {
    match target {
        RationaleTarget::Alignment(index) => a.rationale(index),
        RationaleTarget::Relation(index) => a.relation_rationale(index),
    }
}

/// Gives `target` this rationale on `a`; what was done, in the panel's words.
pub(super) fn give(
    a: &mut Adjudication,
    target: RationaleTarget,
    rationale: &Rationale,
    list: &ReasonList,
) -> Result<String, NotDone> {
    let what = match (&rationale.reason, &rationale.note) {
        (Some(key), _) => format!("reason {}", list.label(key)),
        (None, Some(_)) => "a note, no reason".to_string(),
        (None, None) => "no reason".to_string(),
    };
    match target {
        RationaleTarget::Alignment(index) => {
            a.set_rationale(index, rationale, list)?;
            Ok(format!("alignment {}: {what}", index + 1))
        }
        RationaleTarget::Relation(index) => {
            a.set_relation_rationale(index, rationale, list)?;
            Ok(format!("relation {}: {what}", index + 1))
        }
    }
}

impl AppState {
    /// Opens the reason picker on `target`, its note as the decision has it; says in the panel
    /// why not when the decision is not taken yet.
    pub(crate) fn open_reason_picker(&mut self, target: RationaleTarget) {
        let Some(adjudicating) = self.adjudicating_mut() else {
            return;
        };
        let a = adjudicating.adjudication();
        let decided = match target {
            RationaleTarget::Alignment(i) => a.decision(i).is_some_and(|d| d.is_decided()),
            RationaleTarget::Relation(i) => {
                (a.relation_decisions().get(i)).is_some_and(|d| d.is_decided())
            }
        };
        if !decided {
            adjudicating.message = Some("decide it first, then give the reason (W)".into());
            return;
        }
        let note = rationale_of(a, target).note.unwrap_or_default();
        self.adjudication.reasons.picker = Some(ReasonPicker { target, note });
    }

    /// Closes the picker; the edit that gives its decision the reason `key` (`None`: none)
    /// with the note typed, for the panel to send.
    pub(crate) fn pick_reason(&mut self, key: Option<String>) -> Option<Edit> {
        let picker = self.adjudication.reasons.picker.take()?;
        let note = Some(picker.note.as_str()).filter(|n| !n.trim().is_empty());
        let rationale = Rationale::new(key.as_deref(), note);
        Some(Edit::Rationale {
            target: picker.target,
            rationale,
        })
    }

    /// Changes the campaign's list of reasons; the sessions of the open adjudications record
    /// it at their next save, the project at once.
    pub(crate) fn edit_reasons(&mut self, edit: ReasonEdit) {
        let list = &mut self.adjudication.reasons.list;
        let done = match &edit {
            ReasonEdit::Add(label) => list.add(label).map(drop),
            ReasonEdit::Rename { key, label } => list.relabel(key, label),
            ReasonEdit::Remove(key) => {
                list.remove(key);
                Ok(())
            }
            ReasonEdit::Default => {
                *list = ReasonList::default();
                Ok(())
            }
        };
        if let Err(e) = done {
            let text = crate::app::errors::gold_error_text(&e);
            self.shell.messages.error(format!("reasons: {text}"));
            return;
        }
        let reasons = &mut self.adjudication.reasons;
        if (reasons.for_rules.as_ref()).is_some_and(|key| reasons.list.find(key).is_none()) {
            reasons.for_rules = None;
        }
        let list = reasons.list.clone();
        for adjudicating in self.adjudication.by_document.values_mut() {
            adjudicating.session.reasons = list.clone();
        }
    }
}
