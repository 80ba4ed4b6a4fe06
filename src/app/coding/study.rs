//! One coding study open in the room: the table read, its adjudication (the core's
//! [`CodingAdjudication`]: decisions, undo and redo, the visiting order), the item selected,
//! the items table's filters, and where its session is autosaved.
//!
//! The actions on the item selected are the keys of alignments: 1…9 take that coder's label,
//! A the suggestion (the label most coders gave), a typed label, R leaves the item out of the
//! gold, Delete takes the decision back; N and P go to the next and previous open disagreement
//! passing the filters (disagreements first, the most divided first: the core's order).

use gamma_core::coding::adjudication::CodingAdjudicationError;
use gamma_core::coding::{BulkRule, CodingAdjudication, CodingStudy, DecidedBy};
use gamma_core::gold::{Direction, Filter};
use gamma_formats::coding_table::write::write_session;
use std::path::PathBuf;
use std::sync::Arc;

/// Which items the table lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Show {
    /// Every item, disagreements first.
    #[default]
    All,
    /// The items whose coders disagree.
    Disagreements,
    /// The disagreements not decided yet.
    Open,
}

impl Show {
    pub const ALL: [Show; 3] = [Show::All, Show::Disagreements, Show::Open];

    /// Its words in the filter.
    pub fn label(self) -> &'static str {
        match self {
            Show::All => "every item",
            Show::Disagreements => "disagreements",
            Show::Open => "open disagreements",
        }
    }
}

/// The items table's filters.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ItemFilter {
    /// Items with a rating of this category.
    pub category: Option<String>,
    /// Items this coder rated.
    pub coder: Option<usize>,
    pub show: Show,
}

impl ItemFilter {
    /// The core's filter (category and coder), which navigation also keeps to.
    pub fn core(&self) -> Filter {
        Filter {
            category: self.category.clone(),
            annotator: self.coder,
        }
    }
}

/// An action on the item selected.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Keys 1…9: that coder's label.
    Coder(usize),
    /// Key A: the label most coders gave.
    Suggestion,
    /// A label typed (or chosen among the categories).
    Label(String),
    /// Key R: no gold label for this item.
    LeaveOut,
    /// Delete: the decision taken back.
    Clear,
}

/// A study open in the room.
pub struct Study {
    /// What was read: the table (or the annotation files of the spans shape).
    pub paths: Vec<PathBuf>,
    /// The study as read (shared with the jobs that measure it).
    pub study: Arc<CodingStudy>,
    /// Its fingerprint (what its results and session are of).
    pub fingerprint: String,
    pub adjudication: CodingAdjudication,
    /// Where the session is autosaved after every change (none without a data folder).
    pub save_path: Option<PathBuf>,
    /// The item selected (an index into the study's items).
    pub selected: Option<usize>,
    /// The items table's filters (changed through [`Study::set_filter`]).
    filter: ItemFilter,
    /// What the reader warned of.
    pub warnings: Vec<String>,
    /// Whether each item's coders disagree.
    disagreements: Vec<bool>,
    /// The items the table lists and the open disagreements, kept up to date by every change
    /// (a frame only reads them, whatever the size of the study).
    listed: Vec<usize>,
    open: usize,
}

impl Study {
    /// A study not adjudicated yet (its session will be kept at `save_path`).
    pub fn new(
        paths: Vec<PathBuf>,
        study: CodingStudy,
        adjudicator: Option<String>,
        save_path: Option<PathBuf>,
    ) -> Study {
        let mut opened = Study {
            paths,
            adjudication: CodingAdjudication::new(study.clone(), adjudicator),
            fingerprint: study.fingerprint(),
            disagreements: (0..study.n_items())
                .map(|i| study.is_disagreement(i))
                .collect(),
            study: Arc::new(study),
            save_path,
            selected: None,
            filter: ItemFilter::default(),
            warnings: Vec::new(),
            listed: Vec::new(),
            open: 0,
        };
        opened.refresh();
        opened
    }

    /// The items listed and the open disagreements, after a change.
    fn refresh(&mut self) {
        let core = self.filter.core();
        let a = &self.adjudication;
        let open = |i: usize| self.disagreements[i] && a.decision(i).is_none();
        self.listed = (a.order().iter().copied())
            .filter(|&i| a.passes(i, &core))
            .filter(|&i| match self.filter.show {
                Show::All => true,
                Show::Disagreements => self.disagreements[i],
                Show::Open => open(i),
            })
            .collect();
        self.open = (0..self.disagreements.len()).filter(|&i| open(i)).count();
    }

    /// The filters of the items table.
    pub fn filter(&self) -> &ItemFilter {
        &self.filter
    }

    /// New filters for the items table.
    pub fn set_filter(&mut self, filter: ItemFilter) {
        if filter != self.filter {
            self.filter = filter;
            self.refresh();
        }
    }

    /// The adjudication restored from a session or a project.
    pub fn set_adjudication(&mut self, adjudication: CodingAdjudication) {
        self.adjudication = adjudication;
        self.refresh();
    }

    /// The study's name.
    pub fn name(&self) -> &str {
        &self.study.name
    }

    /// The items the table lists, in visiting order (disagreements first), those the filters
    /// keep.
    pub fn listed(&self) -> &[usize] {
        &self.listed
    }

    /// Whether item `item`'s coders disagree.
    pub fn is_disagreement(&self, item: usize) -> bool {
        self.disagreements.get(item).copied().unwrap_or(false)
    }

    /// The next (previous) open disagreement after the item selected, among those the filters
    /// keep; `wrap`: going round to the first.
    pub fn next_open(&self, direction: Direction, wrap: bool) -> Option<usize> {
        let core = self.filter.core();
        let found = self
            .adjudication
            .next_open(self.selected, direction, &core)?;
        if wrap || self.selected.is_none() {
            return Some(found);
        }
        // Not past the end of the order: found must come after the selection.
        let order = self.adjudication.order();
        let at = |item: usize| order.iter().position(|&i| i == item);
        let (here, there) = (at(self.selected?)?, at(found)?);
        let ahead = match direction {
            Direction::Next => there > here,
            Direction::Previous => there < here,
        };
        ahead.then_some(found)
    }

    /// Applies `decision` to `item`; what was done, in the panel's words.
    pub fn decide(
        &mut self,
        item: usize,
        decision: &Decision,
    ) -> Result<String, CodingAdjudicationError> {
        let done = self.decide_step(item, decision);
        self.refresh();
        done
    }

    fn decide_step(
        &mut self,
        item: usize,
        decision: &Decision,
    ) -> Result<String, CodingAdjudicationError> {
        let name = self.study.items.get(item).cloned().unwrap_or_default();
        let a = &mut self.adjudication;
        Ok(match decision {
            Decision::Coder(coder) => {
                a.take_coder(item, *coder)?;
                let label = self.study.label(item, *coder).unwrap_or_default();
                format!(
                    "item {name}: {label} ({}'s label)",
                    self.study.coders[*coder]
                )
            }
            Decision::Suggestion => {
                a.accept_suggestion(item)?;
                let label = (a.decision(item).and_then(|d| d.label.clone())).unwrap_or_default();
                format!("item {name}: {label} (the majority's label)")
            }
            Decision::Label(label) => {
                a.decide(item, Some(label), DecidedBy::Adjudicator)?;
                format!("item {name}: {} (typed)", label.trim())
            }
            Decision::LeaveOut => {
                a.decide(item, None, DecidedBy::Adjudicator)?;
                format!("item {name}: left out of the gold")
            }
            Decision::Clear => {
                a.clear(item)?;
                format!("item {name}: open again")
            }
        })
    }

    /// Applies a bulk rule to the open items, as one step.
    pub fn apply_rule(&mut self, rule: BulkRule) -> String {
        let decided = self.adjudication.apply_rule(rule);
        self.refresh();
        let what = match rule {
            BulkRule::Unanimous => "unanimous items".to_string(),
            BulkRule::Majority { threshold } => {
                format!(
                    "items with a majority of at least {:.0} %",
                    threshold * 100.0
                )
            }
        };
        format!("decided {decided} {what} (one step: Ctrl+Z undoes it)")
    }

    /// Undoes (redoes) the last step, selecting the first item it changed; what was done.
    pub fn undo(&mut self, redo: bool) -> Option<String> {
        let items = self.adjudication.next_step_items(redo);
        let done = if redo {
            self.adjudication.redo()
        } else {
            self.adjudication.undo()
        };
        if !done {
            return None;
        }
        self.refresh();
        self.selected = items.first().copied().or(self.selected);
        let verb = if redo { "redone" } else { "undone" };
        Some(match items.as_slice() {
            [one] => format!("{verb}: item {}", self.study.items[*one]),
            many => format!("{verb}: {} items", many.len()),
        })
    }

    /// Writes the session where it is autosaved (when there is a data folder); why not.
    pub fn autosave(&self) -> Result<(), String> {
        let Some(path) = &self.save_path else {
            return Ok(());
        };
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("{}: cannot be made: {e}", folder.display()))?;
        }
        write_session(&self.adjudication, path).map_err(|e| e.to_string())
    }

    /// Decided items of all items.
    pub fn progress(&self) -> (usize, usize) {
        let progress = self.adjudication.progress();
        (progress.decided, progress.total)
    }

    /// Open disagreements (undecided items whose coders disagree).
    pub fn open_disagreements(&self) -> usize {
        self.open
    }
}
