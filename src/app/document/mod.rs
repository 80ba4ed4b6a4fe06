//! The document room: the open documents (each prepared for drawing, [`open_document`]), the
//! one shown, the timeline's visible window, the selection, the reading view's state, the
//! categories hidden from the timeline and the colours categories keep; showing a document,
//! selecting an alignment and bringing it into view. Its panels: the [`documents_panel`], the
//! [`alignments_panel`] (inspector and list), the [`reading_view`] and the [`timeline`];
//! [`palette`] gives each category its colour, [`shown_alignments`] the alignments every panel
//! shows.

pub mod alignments_panel;
pub mod documents_panel;
pub mod open_document;
pub mod palette;
pub mod reading_view;
pub mod selection;
pub mod shown_alignments;
pub mod timeline;

use crate::app::AppState;
use crate::app::jobs::JobKind;
use crate::app::measure::settings::TextGammaBase;
use crate::app::shell::Mode;
use gamma_formats::Document;
use open_document::{DocumentId, OpenDocument, View};
use palette::CategoryMemory;
use reading_view::ReadingView;
use selection::Selection;
use shown_alignments::ShownAlignments;
use std::collections::BTreeSet;

/// A selected alignment's neighbourhood on the timeline, in characters: about as many as
/// the timeline draws legibly (7 pixels each) on a usual window.
const LEGIBLE_CHARACTERS: f64 = 100.0;

/// The document room's state.
#[derive(Default)]
pub struct Documents {
    /// The open documents.
    pub open: Vec<OpenDocument>,
    /// The document shown (index in `open`).
    pub current: usize,
    /// The timeline's visible window.
    pub view: View,
    /// The selected unitary alignment and the list's order.
    pub selection: Selection,
    /// The reading view (or the timeline) in the central panel, and what it remembers.
    pub reading: ReadingView,
    /// Categories hidden from the timeline.
    pub hidden_categories: BTreeSet<String>,
    /// The colours categories had in this session's documents (they keep them).
    pub category_colours: CategoryMemory,
}

impl AppState {
    /// The document shown.
    pub fn document(&self) -> Option<&OpenDocument> {
        self.documents.open.get(self.documents.current)
    }

    /// The annotators of the document shown (none when no document is open).
    pub fn annotator_names(&self) -> Vec<String> {
        self.document()
            .map(|d| d.continuum().annotator_names())
            .unwrap_or_default()
    }

    /// Replaces the open documents and starts γ on the first.
    pub fn set_documents(&mut self, documents: Vec<Document>) {
        self.documents.open = documents.into_iter().map(OpenDocument::new).collect();
        let before = self.documents.category_colours.clone();
        for document in &mut self.documents.open {
            document.recolour(&mut self.documents.category_colours);
        }
        if self.documents.category_colours != before
            && let Some(folder) = &self.files.data_folder
            && let Err(e) = self.documents.category_colours.save(folder)
        {
            self.shell.messages.error(e);
        }
        // A tγ base belongs to the documents it was chosen for.
        let base_fits = match &self.measure.settings.text_gamma_base {
            TextGammaBase::EachInTurn => true,
            TextGammaBase::Annotator(name) => self
                .documents
                .open
                .iter()
                .all(|d| d.continuum().annotators.iter().any(|a| &a.name == name)),
            TextGammaBase::File(_) => false,
        };
        if !base_fits {
            self.measure.settings.text_gamma_base = TextGammaBase::EachInTurn;
        }
        self.documents.reading.forget();
        self.measure.corpus_gamma = None;
        self.adjudication.by_document.clear();
        (self.jobs).cancel_where(|k| matches!(k, JobKind::AgainstGold(_) | JobKind::Dashboard));
        self.campaign.forget();
        self.resume_saved_sessions();
        self.select_document(0);
    }

    /// Shows document `id` in the Annotations view (and starts its γ, if it was not shown).
    pub(crate) fn open_document(&mut self, id: DocumentId) {
        self.shell.mode = Mode::Annotations;
        if let Some(index) = self.documents.open.iter().position(|d| d.id == id)
            && index != self.documents.current
        {
            self.select_document(index);
        }
    }

    /// Shows document `index` and starts its γ.
    pub fn select_document(&mut self, index: usize) {
        self.documents.current = index.min(self.documents.open.len().saturating_sub(1));
        self.documents.selection.alignment = None;
        self.measure.run.forget();
        self.zoom_to_fit();
        self.recompute();
        self.look_for_session();
        let (settings, jobs) = (&self.measure.settings, &mut self.jobs);
        if let Some(adjudicating) = (self.documents.open.get(self.documents.current))
            .and_then(|d| self.adjudication.by_document.get_mut(&d.id))
            .filter(|a| a.against_gold_waits())
        {
            adjudicating.start_against_gold(settings, jobs);
        }
    }

    /// The whole document in view.
    pub fn zoom_to_fit(&mut self) {
        if let Some(document) = self.document() {
            let (start, end) = document.extent();
            let margin = (end - start) * 0.01;
            self.documents.view = View {
                start: start - margin,
                end: end + margin,
            };
        }
    }

    /// The unitary alignments shown: the adjudicated ones while adjudicating this document
    /// (they stay as they were when adjudication began), else those of the latest result.
    pub fn shown(&self) -> Option<&ShownAlignments> {
        if let Some(adjudicating) = self.adjudicating() {
            return Some(&adjudicating.shown);
        }
        self.current_outcome()
            .map(|o| &o.shown)
            .or_else(|| self.current_text_outcome().map(|o| &o.shown))
    }

    /// Selects a unitary alignment and brings it into view.
    pub fn select_alignment(&mut self, index: usize) {
        self.documents.selection.alignment = Some(index);
        if let Some(adjudicating) = self.adjudicating_mut() {
            adjudicating.visited.insert(index);
        }
        let (Some(shown), Some(document)) = (self.shown(), self.document()) else {
            return;
        };
        let Some(alignment) = shown.get(index) else {
            return;
        };
        let (low, high, limits) = (alignment.start, alignment.end, document.extent());
        let has_text = document.continuum().text.is_some();
        self.documents.view.bring_into_view(low, high, limits);
        // With a text, zoom in until its words are legible on the timeline (the whole
        // alignment still in view).
        let legible = ((high - low) * 1.5).max(LEGIBLE_CHARACTERS);
        if has_text && self.documents.view.width() > legible {
            self.documents.view.zoom(
                self.documents.view.width() / legible,
                (low + high) / 2.0,
                limits,
            );
            self.documents.view.centre_on((low + high) / 2.0, limits);
        }
    }
}
