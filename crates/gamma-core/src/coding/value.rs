//! A coefficient's value on a coding study and the parts it rests on.

/// What a coefficient's observed and expected parts are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Agreements: the value is `(A_o − A_e) / (1 − A_e)`.
    Agreement,
    /// Disagreements (α): the value is `1 − D_o / D_e`.
    Disagreement,
}

/// A coefficient's value on a study and what it rests on.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CodingValue {
    /// The choice's name ([`crate::coding::CoefficientChoice::name`]).
    pub choice: String,
    /// The coefficient.
    pub value: f64,
    /// Observed agreement `A_o` (or disagreement `D_o` for α).
    pub observed: f64,
    /// Expected agreement `A_e` (or disagreement `D_e` for α).
    pub expected: f64,
    /// Whether `observed` and `expected` are agreements or disagreements.
    pub basis: Basis,
    /// The analytic standard error (Gwet's linearised variance, as irrCAC computes it), when
    /// there are at least two items.
    pub standard_error: Option<f64>,
    /// The items with at least one rating (the variance's `n`).
    pub items: usize,
    /// The items with at least two ratings (those the observed agreement rests on).
    pub pairable_items: usize,
}
