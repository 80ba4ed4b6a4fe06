//! Bulk rules: decide many easy proposals at once (the unanimous ones, or those under a
//! disorder threshold with a majority on the category), as one undoable step.

use super::Adjudication;
use super::model::{Choice, GoldError, Rule, parse_rule};

impl Adjudication {
    /// Decides every open proposal where all annotators have the same unit (same category
    /// and span) with that unit, and every open relation proposal where all annotators have a
    /// relation with the same label. One step; returns how many alignments were decided (the
    /// relations: [`Self::relation_progress`]).
    pub fn decide_unanimous(&mut self) -> usize {
        let chosen: Vec<usize> = (0..self.proposals.len())
            .filter(|&i| self.decisions[i].is_open() && self.is_unanimous(i))
            .collect();
        let mut changes = Vec::new();
        let relations = self.decide_unanimous_relations(&mut changes);
        let label = match relations {
            0 => "decide the unanimous alignments".to_string(),
            n => format!("decide the unanimous alignments and {n} unanimous relations"),
        };
        self.decide_by_suggestion_into(changes, &chosen, Rule::Unanimous, &label)
    }

    /// Decides every open proposal whose disorder is at most `max_disorder` and where at least
    /// `min_majority` annotators agree on the category, with the suggestion. One step; returns
    /// how many were decided.
    pub fn decide_below_threshold(
        &mut self,
        max_disorder: f64,
        min_majority: usize,
    ) -> Result<usize, GoldError> {
        self.decide_when_agreeing(max_disorder, min_majority, false)
    }

    /// As [`Self::decide_below_threshold`], with the [median
    /// suggestion](Self::median_suggestion) (the named rule `median:T:K`).
    pub(crate) fn decide_with_medians(
        &mut self,
        max_disorder: f64,
        min_majority: usize,
    ) -> Result<usize, GoldError> {
        self.decide_when_agreeing(max_disorder, min_majority, true)
    }

    fn decide_when_agreeing(
        &mut self,
        max_disorder: f64,
        min_majority: usize,
        medians: bool,
    ) -> Result<usize, GoldError> {
        if max_disorder.is_nan() || max_disorder < 0.0 {
            return Err(GoldError::BadRule(format!(
                "the disorder threshold must be a number ≥ 0, got {max_disorder}"
            )));
        }
        if min_majority == 0 || min_majority > self.continuum.n_annotators() {
            return Err(GoldError::BadRule(format!(
                "the majority must be between 1 and the number of annotators ({}), got {min_majority}",
                self.continuum.n_annotators()
            )));
        }
        let chosen: Vec<usize> = (0..self.proposals.len())
            .filter(|&i| {
                self.decisions[i].is_open()
                    && self.proposals[i].disorder <= max_disorder
                    && self.category_majority(i) >= min_majority
            })
            .collect();
        let (rule, kind) = if medians {
            let rule = Rule::Median {
                max_disorder,
                min_majority,
            };
            (rule, " (median boundaries)")
        } else {
            let rule = Rule::Threshold {
                max_disorder,
                min_majority,
            };
            (rule, "")
        };
        Ok(self.decide_by_suggestion(
            &chosen,
            rule,
            &format!(
                "decide alignments with disorder ≤ {max_disorder} and {min_majority} agreeing{kind}"
            ),
        ))
    }

    /// Applies a bulk rule written as `unanimous`, `threshold:T:K` or `median:T:K`.
    pub fn apply_rule(&mut self, rule: &str) -> Result<usize, GoldError> {
        match parse_rule(rule)? {
            Rule::Unanimous => Ok(self.decide_unanimous()),
            Rule::Threshold {
                max_disorder,
                min_majority,
            } => self.decide_below_threshold(max_disorder, min_majority),
            Rule::Median {
                max_disorder,
                min_majority,
            } => self.decide_with_medians(max_disorder, min_majority),
            Rule::Manual => Err(GoldError::BadRule("manual is not a bulk rule".into())),
        }
    }

    fn decide_by_suggestion(&mut self, chosen: &[usize], rule: Rule, label: &str) -> usize {
        self.decide_by_suggestion_into(Vec::new(), chosen, rule, label)
    }

    fn decide_by_suggestion_into(
        &mut self,
        mut changes: Vec<super::history::Change>,
        chosen: &[usize],
        rule: Rule,
        label: &str,
    ) -> usize {
        for &index in chosen {
            let suggested = match rule {
                Rule::Median { .. } => self.median_suggestion(index),
                _ => self.suggestion(index),
            };
            let choice = if suggested.is_some() {
                Choice::Suggestion
            } else {
                Choice::Reject
            };
            self.decide(
                &mut changes,
                index,
                choice,
                rule,
                suggested.into_iter().collect(),
            );
        }
        self.commit(format!("{label} ({})", chosen.len()), changes);
        chosen.len()
    }
}

/// What a gold export does with a document whose alignments are not all decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpenAlignments {
    /// The document is not exported until every alignment is decided.
    Skip,
    /// The gold holds what was decided; the open alignments put nothing in it.
    #[default]
    DecidedOnly,
    /// The open alignments take the suggestion (recorded as the rule `threshold:inf:1`).
    Suggestions,
}

crate::named_choices! {
    OpenAlignments, "treatment of open alignments", dash_or_underscore;
    Skip => "skip",
    DecidedOnly => "decided" | "decided-only",
    Suggestions => "suggestions" | "suggest",
}

impl Adjudication {
    /// The adjudication a gold export writes under `policy`: `None` when the document is
    /// skipped (open alignments under [`OpenAlignments::Skip`]); otherwise this one, or a copy
    /// whose open alignments took the suggestion in one step.
    /// Under [`OpenAlignments::Suggestions`] the open relations take their suggestion too (no
    /// relation when more annotators have none there than have one, else the label most of them
    /// gave); otherwise an open relation is left to the writer, which
    /// carries the base annotator's.
    pub fn for_export(&self, policy: OpenAlignments) -> Option<std::borrow::Cow<'_, Adjudication>> {
        let open = self.progress().open;
        let open_relations = self.relation_progress().open;
        match policy {
            OpenAlignments::Skip if open > 0 => None,
            OpenAlignments::Suggestions if open + open_relations > 0 => {
                let mut completed = self.clone();
                if open > 0 {
                    completed
                        .decide_below_threshold(f64::INFINITY, 1)
                        .expect("an infinite threshold and a majority of one are valid");
                }
                let mut changes = Vec::new();
                completed.suggest_open_relations(&mut changes);
                completed.commit("suggest the open relations".into(), changes);
                Some(std::borrow::Cow::Owned(completed))
            }
            _ => Some(std::borrow::Cow::Borrowed(self)),
        }
    }
}
