//! The diagnostics room (issue 43): why the annotators disagree and what to tell each of them.
//! Its state, without widgets, and the feedback export's job ([`feedback_export`]: one page
//! per annotator, HTML and Markdown, from the core's feedback). Its [`panel`] draws them.

pub mod feedback_export;
pub mod panel;

/// The diagnostics room's state.
#[derive(Default)]
pub struct Diagnostics {
    /// Whether the feedback pages name the other annotators "annotator A", "annotator B"….
    pub anonymise: bool,
    /// The feedback export running: its progress (documents aligned, of how many).
    pub feedback: Option<(usize, usize)>,
}
