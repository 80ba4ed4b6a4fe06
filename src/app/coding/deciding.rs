//! Deciding the gold of the study shown: every action (a key, a typed label, a bulk rule, undo
//! and redo) goes through here, is one undoable step of the core's adjudication, is autosaved
//! at once, and says what it did; after a decision the next open disagreement is selected
//! (when asked). N and P go on into the next table of a folder when this one has no open
//! disagreement left.

use super::study::Decision;
use crate::app::AppState;
use gamma_core::coding::BulkRule;
use gamma_core::gold::Direction;

impl AppState {
    /// Applies `decision` to the item selected of the study shown.
    pub(super) fn decide_coding(&mut self, decision: Decision) {
        let advance = self.coding.advance && decision != Decision::Clear;
        let Some(study) = self.coding.shown_mut() else {
            return;
        };
        let Some(item) = study.selected else {
            self.coding.message = Some("select an item first (N: the next disagreement)".into());
            return;
        };
        match study.decide(item, &decision) {
            Ok(done) => {
                self.coding.message = Some(done);
                if let Decision::Label(_) = decision {
                    self.coding.typed_label.clear();
                }
                self.coding_changed();
                if advance {
                    self.coding_go_to_open(Direction::Next);
                }
            }
            Err(e) => self.coding.message = Some(e.to_string()),
        }
    }

    /// A bulk rule over the open items of the study shown (one step).
    pub(super) fn coding_rule(&mut self, rule: BulkRule) {
        let Some(study) = self.coding.shown_mut() else {
            return;
        };
        let done = study.apply_rule(rule);
        self.coding.message = Some(done.clone());
        self.coding_says(format!(
            "{}: {done}",
            self.coding.shown().map_or("", |s| s.name())
        ));
        self.coding_changed();
    }

    /// Undoes (or redoes) the last step of the study shown.
    pub(super) fn coding_undo(&mut self, redo: bool) {
        let Some(study) = self.coding.shown_mut() else {
            return;
        };
        match study.undo(redo) {
            Some(done) => {
                self.coding.message = Some(done);
                self.coding.reveal = true;
                self.coding_changed();
            }
            None => {
                let nothing = if redo {
                    "nothing to redo"
                } else {
                    "nothing to undo"
                };
                self.coding.message = Some(nothing.into());
            }
        }
    }

    /// After a change: the session is autosaved.
    fn coding_changed(&mut self) {
        let saved = self.coding.shown().map(|s| s.autosave());
        if let Some(Err(e)) = saved {
            self.coding_fails(format!("the adjudication was not autosaved: {e}"));
        }
    }

    /// N, P: the next (previous) open disagreement of the study shown after the item
    /// selected; past its last, the first of the next table of the folder that has one; when
    /// none has, around this one.
    pub(super) fn coding_go_to_open(&mut self, direction: Direction) {
        let folder = self.coding.dashboard.is_some();
        let Some(study) = self.coding.shown() else {
            return;
        };
        if let Some(item) = study.next_open(direction, !folder) {
            self.reveal_coding_item(item);
            return;
        }
        if folder && let Some((index, item)) = self.open_in_other_table(direction) {
            self.show_coding_study(index);
            self.coding.reveal = true;
            if let Some(study) = self.coding.shown_mut() {
                study.selected = Some(item);
                let (decided, total) = study.progress();
                let name = study.name().to_string();
                self.coding.message = Some(format!("{name}: decided {decided} of {total}"));
            }
            return;
        }
        match self
            .coding
            .shown()
            .and_then(|s| s.next_open(direction, true))
        {
            Some(item) => self.reveal_coding_item(item),
            None => self.coding.message = Some("no open disagreement left".into()),
        }
    }

    /// The next table of the folder (in the dashboard's order, going round) with an open
    /// disagreement passing its own filters, and that disagreement.
    fn open_in_other_table(&self, direction: Direction) -> Option<(usize, usize)> {
        let shown = self.coding.shown?;
        let order: Vec<usize> = self.coding_lines().iter().filter_map(|l| l.study).collect();
        let here = order.iter().position(|&s| s == shown).unwrap_or(0);
        let mut after: Vec<usize> = order[here + 1..]
            .iter()
            .chain(&order[..here])
            .copied()
            .collect();
        if direction == Direction::Previous {
            after.reverse();
        }
        after.into_iter().find_map(|index| {
            let study = self.coding.studies.get(index)?;
            let filter = study.filter().core();
            let item = (study.adjudication).next_open(None, direction, &filter)?;
            Some((index, item))
        })
    }

    /// Selects `item` of the study shown and scrolls the items table to it.
    fn reveal_coding_item(&mut self, item: usize) {
        self.select_coding_item(item);
        self.coding.reveal = true;
    }

    /// Selects `item` of the study shown (the label typed for another item is dropped).
    pub fn select_coding_item(&mut self, item: usize) {
        if let Some(study) = self.coding.shown_mut()
            && study.selected != Some(item)
        {
            study.selected = Some(item);
            self.coding.typed_label.clear();
        }
    }
}
