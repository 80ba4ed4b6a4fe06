//! The names of the coding coefficients and of the distances between labels, as the command
//! line, the app, session files and Python write them ([`super::coefficient`] reads a choice
//! of both).

use crate::coefficients::Distance;

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
