//! Measuring: the coefficients chosen on the study shown (values, analytic intervals, pairs,
//! categories) in one job, their bootstrap intervals in another (each as it is drawn), the
//! confusion matrix of the pair chosen in a third, and the dashboard's rows of a folder in a
//! fourth. A new measure replaces the jobs running, so a result of other choices or of another
//! study never shows.

use super::agreement::{Drawn, Results, choices_of, confusion_of, draw, measure_all};
use super::running::CodingJob;
use crate::app::AppState;
use gamma_core::coding::intervals::CodingInterval;
use gamma_core::coding::tables::ConfusionMatrix;
use gamma_core::coding::{CodingStudy, StudySummary};
use std::sync::Arc;

/// What the bootstrap job sends.
enum Drawing {
    /// Choice `index` has this many replicates drawn.
    Progress { index: usize, done: usize },
    /// Choice `index`'s interval, or why there is none.
    Drawn {
        index: usize,
        interval: Result<CodingInterval, String>,
    },
}

impl AppState {
    /// Measures the study shown again (the coefficients chosen, their bootstrap intervals,
    /// the confusion matrix of the pair chosen), and the dashboard's rows.
    pub fn measure_coding(&mut self) {
        self.coding.agreement.problem = None;
        let Some(shown) = self.coding.shown() else {
            self.summarise_coding();
            return;
        };
        let study = Arc::clone(&shown.study);
        let forms = self.coding.agreement.choices.clone();
        let matrix = self.coding.agreement.matrix.clone();
        {
            let (study, forms, matrix) = (Arc::clone(&study), forms.clone(), matrix.clone());
            self.start_coding_job(CodingJob::Agreement, route_results, move |context| {
                let choices = choices_of(&forms, matrix.as_deref());
                context.send(measure_all(&study, &forms, choices));
            });
        }
        self.draw_coding_bootstrap(study, forms, matrix);
        let pair = self.coding.agreement.pair;
        self.coding_pair(pair.0, pair.1);
        self.summarise_coding();
    }

    /// Draws the bootstrap intervals of the study shown (when the bootstrap is on and they
    /// were not drawn with these settings already).
    fn draw_coding_bootstrap(
        &mut self,
        study: Arc<CodingStudy>,
        forms: Vec<super::agreement::ChoiceForm>,
        matrix: Option<std::path::PathBuf>,
    ) {
        let agreement = &self.coding.agreement;
        let fingerprint = self.coding.shown().map(|s| s.fingerprint.clone());
        let Some((options, fingerprint)) = agreement.bootstrap.options().zip(fingerprint) else {
            self.cancel_coding_job(CodingJob::Bootstrap);
            return;
        };
        let drawn_whole = (agreement.drawn_of(&fingerprint))
            .is_some_and(|d| d.intervals.iter().all(Option::is_some));
        if drawn_whole {
            return;
        }
        self.coding.agreement.drawn = Some(Drawn {
            study: fingerprint,
            names: agreement.names(),
            options,
            intervals: vec![None; forms.len()],
            progress: None,
        });
        self.start_coding_job(CodingJob::Bootstrap, route_drawn, move |context| {
            let choices = choices_of(&forms, matrix.as_deref());
            for (index, choice) in choices.iter().enumerate() {
                if context.is_cancelled() {
                    return;
                }
                let progress = |done, _| context.send(Drawing::Progress { index, done });
                let interval = draw(&study, choice, &options, &context.control(Some(&progress)));
                context.send(Drawing::Drawn { index, interval });
            }
        });
    }

    /// Stops drawing the bootstrap intervals (those drawn stay).
    pub(super) fn stop_coding_bootstrap(&mut self) {
        self.cancel_coding_job(CodingJob::Bootstrap);
        self.coding_says("bootstrap intervals stopped");
    }

    /// The confusion matrix of coders `first` and `second` of the study shown.
    pub(super) fn coding_pair(&mut self, first: usize, second: usize) {
        self.coding.agreement.pair = (first, second);
        let Some(shown) = self.coding.shown() else {
            return;
        };
        let (study, fingerprint) = (Arc::clone(&shown.study), shown.fingerprint.clone());
        self.start_coding_job(CodingJob::Pair, route_confusion, move |context| {
            if let Some(matrix) = confusion_of(&study, (first, second)) {
                context.send(((first, second), fingerprint, matrix));
            }
        });
    }

    /// The dashboard's rows of every table read, with the coefficients chosen.
    pub(super) fn summarise_coding(&mut self) {
        let Some(dashboard) = &mut self.coding.dashboard else {
            return;
        };
        let studies: Vec<(usize, Arc<CodingStudy>)> = (dashboard.rows.iter().enumerate())
            .filter_map(|(row, r)| {
                let index = *r.read.as_ref()?.as_ref().ok()?;
                Some((row, Arc::clone(&self.coding.studies.get(index)?.study)))
            })
            .collect();
        let forms = self.coding.agreement.choices.clone();
        let matrix = self.coding.agreement.matrix.clone();
        let names: Vec<String> = (forms.iter().zip(choices_of(&forms, matrix.as_deref())))
            .filter(|(_, choice)| choice.is_ok())
            .map(|(form, _)| form.name())
            .collect();
        if names == dashboard.names && dashboard.rows.iter().all(|r| r.summary.is_some()) {
            return;
        }
        dashboard.names = names;
        for row in &mut dashboard.rows {
            row.summary = None;
        }
        self.start_coding_job(CodingJob::Summaries, route_summary, move |context| {
            let choices: Vec<_> = (choices_of(&forms, matrix.as_deref()).into_iter())
                .flatten()
                .collect();
            for (row, study) in studies {
                if context.is_cancelled() {
                    return;
                }
                context.send((row, study.summary(&choices)));
            }
        });
    }
}

fn route_results(state: &mut AppState, results: Results) {
    let agreement = &mut state.coding.agreement;
    agreement.problem = (results.rows.iter())
        .find_map(|r| r.choice.as_ref().err())
        .cloned();
    agreement.results = Some(results);
}

fn route_drawn(state: &mut AppState, drawing: Drawing) {
    let Some(drawn) = &mut state.coding.agreement.drawn else {
        return;
    };
    match drawing {
        Drawing::Progress { index, done } => drawn.progress = Some((index, done)),
        Drawing::Drawn { index, interval } => {
            if let Some(slot) = drawn.intervals.get_mut(index) {
                *slot = Some(interval);
            }
            drawn.progress = None;
        }
    }
}

fn route_confusion(state: &mut AppState, confusion: ((usize, usize), String, ConfusionMatrix)) {
    state.coding.agreement.confusion = Some(confusion);
}

fn route_summary(state: &mut AppState, (row, summary): (usize, StudySummary)) {
    if let Some(row) = (state.coding.dashboard.as_mut()).and_then(|d| d.rows.get_mut(row)) {
        row.summary = Some(summary);
    }
}
