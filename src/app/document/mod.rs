//! The document room: the open documents and the timeline's view, the selection, the shown
//! alignments, the reading view, the timeline and the categories' colours.

pub mod alignments_panel;
pub mod documents_panel;
pub mod open_document;
pub mod palette;
pub mod reading_view;
pub mod selection;
pub mod shown_alignments;
pub mod timeline;
