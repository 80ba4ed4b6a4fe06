//! The anatomy of the disagreement of the document shown ([`gamma_core::diagnostics`]): which
//! categories meet which in its best alignment, each annotator's profile, and γ with each
//! annotator left out with its bootstrap interval; computed by a job from the γ shown. Every
//! figure keeps the alignments behind it: clicking one selects the first of them in the
//! adjudication room and lists them all ([`Focus`]), each a click away.

use crate::app::AppState;
use crate::app::document::open_document::DocumentId;
use crate::app::jobs::JobKind;
use gamma_core::diagnostics::{AlignmentId, Anatomy, LeftOut, anatomy, left_out};
use gamma_core::gamma::GammaResult;
use gamma_core::{Continuum, Corpus};
use std::collections::BTreeSet;
use std::sync::Arc;

/// What a result of the anatomy is of: the document, and the γ run (its result's address).
pub type AnatomyKey = (DocumentId, usize);

/// The anatomy of the document shown, as far as the job went.
#[derive(Debug, Default)]
pub struct AnatomyView {
    /// What it is of.
    pub key: Option<AnatomyKey>,
    /// The confusions, the split of D_o and the profiles (`None` while computed).
    pub anatomy: Option<Anatomy>,
    /// The measured document it was computed on (the examples need its units and text).
    pub continuum: Option<Continuum>,
    /// The γ it was computed from.
    pub result: Option<Arc<GammaResult>>,
    /// γ with each annotator left out (`None` while computed; empty under three annotators).
    pub left_out: Option<Vec<LeftOut>>,
}

/// The alignments a clicked figure rests on, which the adjudication room goes through.
#[derive(Debug, Clone, PartialEq)]
pub struct Focus {
    /// The figure, in words ("PER with ORG").
    pub label: String,
    /// Its alignments (indices of the document's unitary alignments), in order.
    pub alignments: Vec<usize>,
}

/// What the anatomy job sends.
enum Sent {
    Anatomy(Box<Anatomy>),
    LeftOut(Vec<LeftOut>),
}

impl AppState {
    /// The key of the γ shown, if the anatomy can be computed from it.
    pub(crate) fn anatomy_key(&self) -> Option<AnatomyKey> {
        let outcome = self.current_outcome().filter(|_| !self.measure.run.stale)?;
        let document = self.document()?;
        (!self.uses_text_gamma()).then_some((document.id, Arc::as_ptr(&outcome.result) as usize))
    }

    /// Computes the anatomy of the document shown from its γ, in a job (left-out γ last).
    pub fn compute_anatomy(&mut self) {
        let Some(key) = self.anatomy_key() else {
            return;
        };
        let (Some(outcome), Some(document)) = (self.current_outcome(), self.document()) else {
            return;
        };
        let excluded = &outcome.settings.excluded_categories;
        let measured = (document.continuum()).filter_categories(|c| !excluded.contains(c));
        let result = Arc::clone(&outcome.result);
        let options = outcome.settings.gamma_options();
        let bootstrap = self.measure.settings.bootstrap_options();
        self.diagnostics.examples = None;
        self.diagnostics.anatomy = AnatomyView {
            key: Some(key),
            continuum: Some(measured.clone()),
            result: Some(Arc::clone(&result)),
            ..AnatomyView::default()
        };
        self.jobs
            .start(JobKind::Anatomy, "anatomy", deliver, move |context| {
                let corpus = Corpus::new(vec![measured]);
                let found = anatomy(&corpus, &result);
                let three = found.annotators.len() >= 3;
                context.send(Sent::Anatomy(Box::new(found)));
                let rows = match three {
                    true => left_out(&corpus, &options, &bootstrap, context.control(None)),
                    false => Vec::new(),
                };
                if !context.is_cancelled() {
                    context.send(Sent::LeftOut(rows));
                }
            });
    }

    /// Focuses the adjudication room on `alignments` (of the document shown): the first is
    /// selected, all are listed until the focus is cleared.
    pub fn focus_alignments(&mut self, label: String, alignments: Vec<AlignmentId>) {
        let alignments: Vec<usize> = (alignments.iter())
            .filter(|id| id.document == 0)
            .map(|id| id.alignment)
            .collect::<BTreeSet<usize>>()
            .into_iter()
            .collect();
        if let Some(&first) = alignments.first() {
            self.select_alignment(first);
        }
        self.diagnostics.focus = Some(Focus { label, alignments });
    }
}

/// The job's route.
fn deliver(state: &mut AppState, sent: Sent) {
    let view = &mut state.diagnostics.anatomy;
    match sent {
        Sent::Anatomy(found) => view.anatomy = Some(*found),
        Sent::LeftOut(rows) => view.left_out = Some(rows),
    }
}
