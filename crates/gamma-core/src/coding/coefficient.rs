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

use super::CodingStudy;
pub use super::names::{Coefficient, DistanceName, distance_name};
use super::value::CodingValue;
use crate::coefficients::{CoefficientError, Distance};
use crate::dissimilarity::CategoryMatrix;

/// The distance of a name, `matrix` for `custom`.
fn distance_of(
    name: DistanceName,
    matrix: Option<&CategoryMatrix>,
) -> Result<Distance, UnknownCoefficient> {
    Ok(match name {
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
            Some(d) => distance_of(d.parse::<DistanceName>()?, matrix)?,
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
            (Coefficient::Kappa, false) if weighted => "weighted multi-κ",
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
            other => super::chance::kappa_family(study, other, &self.distance)?,
        };
        value.choice = self.name();
        Ok(value)
    }
}
