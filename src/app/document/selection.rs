//! The selection room: which unitary alignment is selected (the inspector shows it, the
//! timeline outlines it, the adjudication panel decides it) and the order of the list.
//! The indices are those of the shown alignments ([`super::shown_alignments`]).

use super::shown_alignments::AlignmentOrder;

/// What the user selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection {
    /// The selected unitary alignment (its index among the shown alignments).
    pub alignment: Option<usize>,
    /// The order of the list, and of navigation while adjudicating.
    pub order: AlignmentOrder,
}

impl Default for Selection {
    fn default() -> Self {
        Selection {
            alignment: None,
            order: AlignmentOrder::WorstFirst,
        }
    }
}
