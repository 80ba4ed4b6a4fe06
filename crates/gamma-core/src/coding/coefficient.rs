//! The coefficients of a coding study by name: the registry the command line, the app, the
//! report and Python choose from (the measures of spans are in [`crate::measure`]; the names
//! they share mean the same coefficient there, on the positions of the spans).
//!
//! A choice is a coefficient and the distance between labels that weighs its disagreements:
//! `alpha:interval`, `ac2:quadratic`, `kappa:linear`. Every coefficient takes every distance, as
//! in Gwet's handbook (weights `w = 1 − d / d_max`); without one it is nominal, except for the
//! names `ac2` and `weighted_kappa`, which mean quadratic weights unless told otherwise.
//!
//! | name | coefficient | chance agreement |
//! |---|---|---|
//! | `percentage` | observed agreement `A_o` | none |
//! | `s` (`bennett_s`, `brennan_prediger`) | S (Bennett et al. 1954; Brennan & Prediger 1981) | uniform over the categories |
//! | `pi` (`scott_pi`, `fleiss`, `multi_pi`) | Scott's π, Fleiss's multi-π beyond two coders | one distribution for all coders |
//! | `kappa` (`cohen_kappa`, `weighted_kappa`, `multi_kappa`, `conger`, `davies_fleiss`) | Cohen's κ (weighted with a distance), multi-κ beyond two (Davies & Fleiss 1982 = Conger 1980) | each coder's own distribution |
//! | `alpha` | Krippendorff's α | the pooled values, without replacement |
//! | `ac1` (`ac2`, `gwet`) | Gwet's AC1, AC2 with weights | the chance of a random rating times the chance of agreeing by it |
//!
//! With two coders the survey's π and κ are multi-π and multi-κ (§2.5), so one name serves both
//! and the label says which it is ([`CoefficientChoice::label`]).

use super::{CodingStudy, chance};
use crate::coefficients::{CoefficientError, Distance};
use crate::dissimilarity::CategoryMatrix;

/// A coefficient of the survey (see the module's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Coefficient {
    /// Percentage (observed) agreement.
    Percentage,
    /// Bennett, Alpert & Goldstein's S; Brennan & Prediger's coefficient.
    S,
    /// Scott's π; Fleiss's multi-π (Siegel & Castellan's K).
    Pi,
    /// Cohen's κ, weighted κ; Davies & Fleiss's multi-κ (Conger's κ).
    Kappa,
    /// Krippendorff's α.
    Alpha,
    /// Gwet's AC1 (AC2 with weights).
    Ac,
}

crate::named_choices! {
    Coefficient, "coefficient", exact;
    Percentage => "percentage" | "pa" | "agreement",
    S => "s" | "bennett_s" | "brennan_prediger" | "bp",
    Pi => "pi" | "scott_pi" | "fleiss" | "multi_pi" | "fleiss_kappa",
    Kappa => "kappa" | "cohen_kappa" | "weighted_kappa" | "kappa_w" | "multi_kappa" | "conger"
        | "davies_fleiss",
    Alpha => "alpha" | "krippendorff_alpha",
    Ac => "ac1" | "ac2" | "gwet",
}

impl From<Coefficient> for String {
    fn from(coefficient: Coefficient) -> String {
        coefficient.name().to_string()
    }
}

impl TryFrom<String> for Coefficient {
    type Error = crate::settings::UnknownName;
    fn try_from(name: String) -> Result<Coefficient, Self::Error> {
        name.parse()
    }
}

/// A distance between labels by name (`custom` takes a matrix given beside it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DistanceName {
    /// Different labels are 1 apart (identity weights).
    Nominal,
    /// Krippendorff's ordinal metric (ranks weighted by how often each label is used).
    Ordinal,
    /// `(a − b)²`: Krippendorff's interval metric, quadratic weights.
    Interval,
    /// `|a − b|`: linear weights.
    Linear,
    /// `((a − b) / (a + b))²`: Krippendorff's ratio metric.
    Ratio,
    /// MASI (Passonneau 2006), for set-valued labels.
    Masi,
    /// Jaccard's distance `1 − |A ∩ B| / |A ∪ B|`, for set-valued labels.
    Jaccard,
    /// A matrix of distances given with it.
    Custom,
}

crate::named_choices! {
    DistanceName, "distance", exact;
    Nominal => "nominal" | "identity",
    Ordinal => "ordinal",
    Interval => "interval" | "quadratic",
    Linear => "linear",
    Ratio => "ratio",
    Masi => "masi",
    Jaccard => "jaccard",
    Custom => "custom",
}

impl DistanceName {
    /// The distance, `matrix` for `custom`.
    fn distance(self, matrix: Option<&CategoryMatrix>) -> Result<Distance, UnknownCoefficient> {
        Ok(match self {
            DistanceName::Nominal => Distance::Nominal,
            DistanceName::Ordinal => Distance::Ordinal,
            DistanceName::Interval => Distance::Interval,
            DistanceName::Linear => Distance::Linear,
            DistanceName::Ratio => Distance::Ratio,
            DistanceName::Masi => Distance::Masi,
            DistanceName::Jaccard => Distance::Jaccard,
            DistanceName::Custom => {
                Distance::Custom(matrix.cloned().ok_or(UnknownCoefficient::NoMatrix)?)
            }
        })
    }
}

/// The name of a distance (`custom` for a matrix).
pub fn distance_name(distance: &Distance) -> &'static str {
    match distance {
        Distance::Nominal => "nominal",
        Distance::Ordinal => "ordinal",
        Distance::Interval => "quadratic",
        Distance::Linear => "linear",
        Distance::Ratio => "ratio",
        Distance::Masi => "masi",
        Distance::Jaccard => "jaccard",
        Distance::Custom(_) => "custom",
    }
}

/// Why a choice of coefficient could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UnknownCoefficient {
    /// No coefficient or no distance of that name.
    #[error(transparent)]
    Name(#[from] crate::settings::UnknownName),
    /// `custom` without a matrix of distances.
    #[error("the custom distance needs a matrix of distances between the labels")]
    NoMatrix,
}

/// A coefficient and the distance that weighs its disagreements.
#[derive(Debug, Clone, PartialEq)]
pub struct CoefficientChoice {
    /// The coefficient.
    pub coefficient: Coefficient,
    /// The distance between labels (nominal: unweighted).
    pub distance: Distance,
}

impl CoefficientChoice {
    /// The nominal (unweighted) coefficient.
    pub fn nominal(coefficient: Coefficient) -> CoefficientChoice {
        CoefficientChoice {
            coefficient,
            distance: Distance::Nominal,
        }
    }

    /// Reads `NAME` or `NAME:DISTANCE` (`alpha:interval`, `ac2`, `kappa:custom`); `matrix` is
    /// the custom distance, when one was given.
    pub fn parse(
        text: &str,
        matrix: Option<&CategoryMatrix>,
    ) -> Result<CoefficientChoice, UnknownCoefficient> {
        let (name, distance) = match text.split_once(':') {
            Some((name, distance)) => (name, Some(distance)),
            None => (text, None),
        };
        let coefficient: Coefficient = name.parse()?;
        let weighted_by_default = matches!(
            name.trim().to_lowercase().as_str(),
            "ac2" | "weighted_kappa" | "kappa_w"
        );
        let distance = match distance {
            Some(d) => d.parse::<DistanceName>()?.distance(matrix)?,
            None if weighted_by_default => Distance::Interval,
            None => Distance::Nominal,
        };
        Ok(CoefficientChoice {
            coefficient,
            distance,
        })
    }

    /// The choices the front ends show when none is asked for: the percentage, κ, π, α and
    /// AC1 (nominal).
    pub fn defaults() -> Vec<CoefficientChoice> {
        use Coefficient::*;
        [Percentage, Kappa, Pi, Alpha, Ac]
            .into_iter()
            .map(CoefficientChoice::nominal)
            .collect()
    }

    /// The choice's name, which [`CoefficientChoice::parse`] reads back (with the matrix).
    pub fn name(&self) -> String {
        match (&self.coefficient, &self.distance) {
            (_, Distance::Nominal) => self.coefficient.name().to_string(),
            (c, d) => format!("{}:{}", c.name(), distance_name(d)),
        }
    }

    /// The coefficient's name for people, for a study of `coders` coders: "Cohen's κ" or
    /// "multi-κ", "AC1" or "AC2 (quadratic)", "α (interval)".
    pub fn label(&self, coders: usize) -> String {
        let weighted = !matches!(self.distance, Distance::Nominal);
        let base = match (self.coefficient, coders == 2) {
            (Coefficient::Percentage, _) => "percentage agreement",
            (Coefficient::S, _) => "S (Bennett; Brennan–Prediger)",
            (Coefficient::Pi, true) => "Scott's π",
            (Coefficient::Pi, false) => "Fleiss's multi-π",
            (Coefficient::Kappa, true) if weighted => "Cohen's weighted κ",
            (Coefficient::Kappa, true) => "Cohen's κ",
            (Coefficient::Kappa, false) => "multi-κ (Davies & Fleiss; Conger)",
            (Coefficient::Alpha, _) => "Krippendorff's α",
            (Coefficient::Ac, _) if weighted => "Gwet's AC2",
            (Coefficient::Ac, _) => "Gwet's AC1",
        };
        match &self.distance {
            Distance::Nominal => base.to_string(),
            Distance::Interval if self.coefficient == Coefficient::Alpha => {
                format!("{base} (interval)")
            }
            d => format!("{base} ({})", distance_name(d)),
        }
    }

    /// The coefficient of `study`, with the observed and expected agreement behind it and
    /// its standard error where the literature gives one.
    pub fn evaluate(&self, study: &CodingStudy) -> Result<CodingValue, CoefficientError> {
        let mut value = match self.coefficient {
            Coefficient::Alpha => super::alpha::alpha(study, &self.distance)?,
            other => chance::kappa_family(study, other, &self.distance)?,
        };
        value.choice = self.name();
        Ok(value)
    }
}

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
    /// The choice's name ([`CoefficientChoice::name`]).
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
