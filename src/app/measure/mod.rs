//! The measure room: the settings, the γ and tγ runs, and the panels of their results.

pub mod gamma_run;
pub mod number_rows;
pub mod relation_agreement_panel;
pub mod results_panel;
pub mod settings;
pub mod settings_panel;
pub mod text_gamma_panel;
pub mod text_gamma_run;
