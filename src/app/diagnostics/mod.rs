//! The diagnostics room (issue 43): why the annotators disagree and what to tell each of them.
//! Its state, without widgets: whether the anatomy window is open, the anatomy of the document
//! shown ([`anatomy`]: the confusions, each annotator's profile, γ with each left out, each
//! figure with the alignments behind it, and the focus a click puts on them), the examples of
//! a pair of confused categories ([`examples`]), and the feedback
//! export's job ([`feedback_export`]: one page per annotator, HTML and Markdown, from the
//! core's feedback). Its [`panel`] and [`anatomy_panel`] draw them.

pub mod anatomy;
pub mod anatomy_panel;
pub mod examples;
pub mod feedback_export;
pub mod panel;

/// The diagnostics room's state.
#[derive(Default)]
pub struct Diagnostics {
    /// Whether the anatomy window is open.
    pub open: bool,
    /// The anatomy of the document shown, as far as computed.
    pub anatomy: anatomy::AnatomyView,
    /// The alignments of the figure last clicked, which N and P go through.
    pub focus: Option<anatomy::Focus>,
    /// The places where the pair of categories last asked for meet.
    pub examples: Option<examples::PairExamples>,
    /// Whether the feedback pages name the other annotators "annotator A", "annotator B"….
    pub anonymise: bool,
    /// The feedback export running: its progress (documents aligned, of how many).
    pub feedback: Option<(usize, usize)>,
}
