//! The adjudication room: the adjudication of each document and its panels.

pub mod adjudicating;
pub mod bulk_rules_panel;
pub mod panel;
pub mod relations_panel;
