//! The registry of agreement measures by name: γ, the classic coefficients of the discretized
//! annotations and the measures made for spans, each with its command-line name (and
//! aliases), its label in plots and reports, what it evaluates, and how to compute it on one
//! continuum. The Corpus Shuffling Tool's sweeps, the `coefficients` command and the app all
//! name measures through it. The coefficients of a coding study (items × coders) are named in
//! [`crate::coding::Coefficient`]; the names both have (`kappa`, `pi`, `alpha`, `percentage`)
//! are the same coefficients, here on the positions of the spans (a test holds it).

use crate::coefficients::unitizing::UnitizingError;
use crate::coefficients::{self, CoefficientError, Distance};
use crate::continuum::Continuum;
use crate::gamma::{GammaError, GammaOptions, RunControl};

/// The most whole positions that the position-based measures (κd, πd, αd, the percentage,
/// WindowDiff, Pk, GHD) label: each position is an item, so a longer range is refused rather
/// than filling the memory (10⁷ positions of 3 annotators take about 0.7 GB).
pub const MAX_DISCRETE_POSITIONS: u64 = 10_000_000;

/// Why a measure has no value on a continuum: the values that made it so, or the error of the
/// computation it rests on.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UndefinedMeasure {
    /// A measure that labels every whole position (κd, πd, αd, the percentage, WindowDiff, Pk,
    /// GHD) over more positions than [`MAX_DISCRETE_POSITIONS`]: refused before any is made.
    #[error(
        "{} labels every whole position: the units end at {end}, at most {MAX_DISCRETE_POSITIONS} \
         positions are measured (about {} GB)",
        measure.label(),
        discretized_gigabytes(*end, *annotators)
    )]
    TooManyPositions {
        /// The measure.
        measure: Measure,
        /// Where the units end: the positions are `[0, end)`.
        end: f64,
        /// The annotators, each labelling every position.
        annotators: usize,
    },
    /// γ cannot be computed.
    #[error(transparent)]
    Gamma(#[from] GammaError),
    /// A coefficient of the discretized annotations cannot be computed.
    #[error(transparent)]
    Coefficient(#[from] CoefficientError),
    /// α_U or c|uα cannot be computed.
    #[error(transparent)]
    Unitizing(#[from] UnitizingError),
    /// α_U's expected disagreement is 0: chance correction divides by zero.
    #[error("the expected disagreement is 0")]
    NoExpectedDisagreement,
    /// No annotator has a unit (1 − SER, WindowDiff, Pk, GHD compare units).
    #[error("no annotator has a unit")]
    NoUnit,
    /// The value computed is not a finite number.
    #[error("{} is not a number here ({value})", measure.label())]
    NotFinite {
        /// The measure.
        measure: Measure,
        /// What it came to.
        value: f64,
    },
}

impl UndefinedMeasure {
    /// About how many gigabytes labelling every position would have taken, when that is why.
    pub fn gigabytes(&self) -> Option<f64> {
        match self {
            UndefinedMeasure::TooManyPositions {
                end, annotators, ..
            } => Some(discretized_gigabytes(*end, *annotators)),
            _ => None,
        }
    }
}

/// About how many gigabytes labelling every whole position of `[0, end)` for `annotators`
/// takes, rounded up.
fn discretized_gigabytes(end: f64, annotators: usize) -> f64 {
    (end.ceil() * (24 + 16 * annotators) as f64 / 1e9).ceil()
}

/// A measure a sweep computes: γ, the classic coefficients on the discretized annotations
/// (κd and its relatives), and the measures made for spans that the γ paper compares with it
/// (§6.1, §6.3).
///
/// Written and read by its [name](Measure::name) (serde too, so settings and reports store
/// `"kappa"`, not a variant index); [`FromStr`](std::str::FromStr) also takes the aliases
/// `kappa_d`, `kd`, `ualpha`, `alphau`, `c|ualpha`, `cualpha` and `wd`, in any case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Measure {
    /// γ (Mathet et al. 2015): the disorder of the best alignment against chance.
    Gamma,
    /// Multi-κ of the discretized annotations (each position an item): κd.
    Kappa,
    /// Multi-π of the discretized annotations.
    Pi,
    /// Nominal Krippendorff α of the discretized annotations.
    Alpha,
    /// Percentage agreement of the discretized annotations.
    Percentage,
    /// Krippendorff's α_U (undefined where an annotator's units of a category overlap).
    AlphaU,
    /// Krippendorff's c|uα, nominal categories.
    CuAlpha,
    /// 1 − Slot Error Rate, averaged over ordered pairs of annotators.
    Ser,
    /// 1 − WindowDiff, averaged over ordered pairs of annotators.
    WindowDiff,
    /// 1 − Pk, averaged over ordered pairs of annotators.
    Pk,
    /// 1 − the normalised Generalized Hamming Distance, averaged over ordered pairs.
    Ghd,
}

crate::named_choices! {
    Measure, "measure", exact;
    Gamma => "gamma",
    Kappa => "kappa" | "kappa_d" | "kd",
    Pi => "pi",
    Alpha => "alpha",
    Percentage => "percentage",
    AlphaU => "alpha_u" | "ualpha" | "alphau",
    CuAlpha => "cu_alpha" | "c|ualpha" | "cualpha",
    Ser => "ser",
    WindowDiff => "windowdiff" | "wd",
    Pk => "pk",
    Ghd => "ghd",
}

impl From<Measure> for String {
    fn from(measure: Measure) -> String {
        measure.name().to_string()
    }
}

impl TryFrom<String> for Measure {
    type Error = crate::settings::UnknownName;
    fn try_from(name: String) -> Result<Measure, Self::Error> {
        name.parse()
    }
}

impl Measure {
    /// The name in plots and reports.
    pub fn label(self) -> &'static str {
        match self {
            Measure::Gamma => "γ",
            Measure::Kappa => "κd",
            Measure::Pi => "πd",
            Measure::Alpha => "αd",
            Measure::Percentage => "% agreement (discretized)",
            Measure::AlphaU => "α_U",
            Measure::CuAlpha => "c|uα",
            Measure::Ser => "1 − SER",
            Measure::WindowDiff => "1 − WindowDiff",
            Measure::Pk => "1 − Pk",
            Measure::Ghd => "1 − GHD",
        }
    }

    /// What the measure evaluates, in a sentence (for help texts and tooltips).
    pub fn description(self) -> &'static str {
        match self {
            Measure::Gamma => {
                "the disorder of the best alignment of the units (position and category) \
                 against the disorder of chance annotations"
            }
            Measure::Kappa => {
                "multi-κ of the positions, each labelled with its unit's category or \
                 \"none\" (chance from each annotator's own distribution)"
            }
            Measure::Pi => {
                "multi-π of the positions, each labelled with its unit's category or \
                 \"none\" (chance from the pooled distribution)"
            }
            Measure::Alpha => {
                "nominal Krippendorff α of the positions, each labelled with its unit's \
                 category or \"none\""
            }
            Measure::Percentage => {
                "the share of positions on which the annotators give the same label"
            }
            Measure::AlphaU => {
                "Krippendorff's α_U: units and gaps of each category compared by the squared \
                 lengths of their mismatches"
            }
            Measure::CuAlpha => {
                "Krippendorff's c|uα: the categories of intersecting units, weighted by the \
                 length of the intersections"
            }
            Measure::Ser => {
                "1 − the Slot Error Rate of one annotator's units against another's \
                 (least-cost alignment), averaged over ordered pairs"
            }
            Measure::WindowDiff => {
                "1 − WindowDiff of the units' boundaries, averaged over ordered pairs"
            }
            Measure::Pk => "1 − Pk of the units' boundaries, averaged over ordered pairs",
            Measure::Ghd => {
                "1 − the normalised Generalized Hamming Distance of the units' boundaries, \
                 averaged over ordered pairs"
            }
        }
    }

    /// Whether the measure compares a reference with a hypothesis (and is therefore averaged
    /// over every ordered pair of annotators) rather than all annotators at once.
    #[cfg(test)]
    fn is_pairwise(self) -> bool {
        matches!(
            self,
            Measure::Ser | Measure::WindowDiff | Measure::Pk | Measure::Ghd
        )
    }

    /// The measure of one continuum over `[0, end)`, or why it is undefined there.
    pub fn evaluate(
        self,
        continuum: &Continuum,
        end: f64,
        gamma_options: &GammaOptions,
    ) -> Result<f64, UndefinedMeasure> {
        self.evaluate_sharing(continuum, end, gamma_options, &std::cell::OnceCell::new())
    }

    /// Several measures of one continuum: the discretized annotations that κd, πd, αd and the
    /// percentage share are built once.
    pub fn evaluate_all(
        measures: &[Measure],
        continuum: &Continuum,
        end: f64,
        gamma_options: &GammaOptions,
    ) -> Vec<Result<f64, UndefinedMeasure>> {
        let discretized = std::cell::OnceCell::new();
        measures
            .iter()
            .map(|m| m.evaluate_sharing(continuum, end, gamma_options, &discretized))
            .collect()
    }

    fn evaluate_sharing(
        self,
        continuum: &Continuum,
        end: f64,
        gamma_options: &GammaOptions,
        discretized: &std::cell::OnceCell<coefficients::Codings>,
    ) -> Result<f64, UndefinedMeasure> {
        use coefficients::segmentation::{SegmentationDistance, segmentation_agreement};
        let discretized =
            || discretized.get_or_init(|| coefficients::discretize(continuum, 0.0, end));
        // These measures make one item per whole position of [0, end): memory grows with the
        // positions' range, not with the number of units, so a huge range is refused up front.
        let per_position = matches!(
            self,
            Measure::Kappa
                | Measure::Pi
                | Measure::Alpha
                | Measure::Percentage
                | Measure::WindowDiff
                | Measure::Pk
                | Measure::Ghd
        );
        if per_position && (end.is_nan() || end.ceil() > MAX_DISCRETE_POSITIONS as f64) {
            return Err(UndefinedMeasure::TooManyPositions {
                measure: self,
                end,
                annotators: continuum.n_annotators(),
            });
        }
        let segmentation = |distance| {
            segmentation_agreement(continuum, 0.0, end, distance).ok_or(UndefinedMeasure::NoUnit)
        };
        let value = match self {
            Measure::Gamma => {
                crate::gamma(continuum, gamma_options, RunControl::default()).map(|r| r.gamma)?
            }
            Measure::Kappa => discretized().multi_kappa()?,
            Measure::Pi => discretized().multi_pi()?,
            Measure::Alpha => discretized().krippendorff_alpha(&Distance::Nominal)?,
            Measure::Percentage => discretized().percentage_agreement()?,
            Measure::AlphaU => coefficients::unitizing::alpha_u(continuum, 0.0, end)?
                .alpha()
                .ok_or(UndefinedMeasure::NoExpectedDisagreement)?,
            Measure::CuAlpha => coefficients::unitizing::cu_alpha(continuum, &Distance::Nominal)?,
            Measure::Ser => coefficients::slot_error_rate::ser_agreement(continuum)
                .ok_or(UndefinedMeasure::NoUnit)?,
            Measure::WindowDiff => segmentation(SegmentationDistance::WindowDiff)?,
            Measure::Pk => segmentation(SegmentationDistance::Pk)?,
            Measure::Ghd => segmentation(SegmentationDistance::GeneralizedHamming)?,
        };
        if value.is_finite() {
            Ok(value)
        } else {
            Err(UndefinedMeasure::NotFinite {
                measure: self,
                value,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_read_back() {
        for measure in Measure::ALL {
            assert_eq!(measure.to_string().parse::<Measure>(), Ok(measure));
            assert_eq!(
                measure.name().to_uppercase().parse::<Measure>(),
                Ok(measure)
            );
        }
        for (alias, measure) in [
            ("kappa_d", Measure::Kappa),
            ("kd", Measure::Kappa),
            ("ualpha", Measure::AlphaU),
            ("alphau", Measure::AlphaU),
            ("c|ualpha", Measure::CuAlpha),
            ("cualpha", Measure::CuAlpha),
            ("wd", Measure::WindowDiff),
            (" WindowDiff ", Measure::WindowDiff),
        ] {
            assert_eq!(alias.parse::<Measure>(), Ok(measure), "{alias}");
        }
        let error = "kappa-d".parse::<Measure>().unwrap_err();
        assert_eq!(error.name, "kappa-d");
        assert_eq!(error.accepted, Measure::ALL.map(Measure::name));
        assert!(
            error
                .to_string()
                .starts_with("unknown measure \"kappa-d\": expected one of gamma, kappa,")
        );
    }

    #[test]
    fn serde_uses_the_names() {
        let json =
            serde_json::to_string(&[Measure::Gamma, Measure::CuAlpha, Measure::Ghd]).unwrap();
        assert_eq!(json, r#"["gamma","cu_alpha","ghd"]"#);
        let read: Vec<Measure> = serde_json::from_str(r#"["kappa_d","wd","alpha_u"]"#).unwrap();
        assert_eq!(read, [Measure::Kappa, Measure::WindowDiff, Measure::AlphaU]);
        let error = serde_json::from_str::<Measure>(r#""delta""#).unwrap_err();
        assert!(
            error.to_string().contains("unknown measure \"delta\""),
            "{error}"
        );
    }

    #[test]
    fn every_measure_is_listed_once_with_distinct_names_and_labels() {
        let mut names: Vec<&str> = Measure::ALL.iter().map(|m| m.name()).collect();
        let mut labels: Vec<&str> = Measure::ALL.iter().map(|m| m.label()).collect();
        names.sort_unstable();
        names.dedup();
        labels.sort_unstable();
        labels.dedup();
        assert_eq!((names.len(), labels.len()), (11, 11));
        let pairwise: Vec<&str> = Measure::ALL
            .iter()
            .filter(|m| m.is_pairwise())
            .map(|m| m.name())
            .collect();
        assert_eq!(pairwise, ["ser", "windowdiff", "pk", "ghd"]);
        assert!(Measure::ALL.iter().all(|m| m.description().len() > 20));
    }

    /// Two annotators who agree on one unit and disagree on the other's category: the
    /// discretized coefficients by hand (positions 0–10, labels A A A A none none B B B B vs
    /// A A A A none none C C C C).
    #[test]
    fn evaluate_gives_the_hand_computed_discretized_values() {
        let mut continuum = Continuum::new("hand");
        for (annotator, start, end, category) in [
            ("x", 0.0, 4.0, "A"),
            ("x", 6.0, 10.0, "B"),
            ("y", 0.0, 4.0, "A"),
            ("y", 6.0, 10.0, "C"),
        ] {
            continuum.add(annotator, start, end, category).unwrap();
        }
        let options = GammaOptions::default();
        let values = Measure::evaluate_all(
            &[Measure::Percentage, Measure::Kappa, Measure::Pi],
            &continuum,
            10.0,
            &options,
        );
        // Agreement on 6 of 10 positions. κ: chance from x's (A .4, none .2, B .4) and y's
        // (A .4, none .2, C .4): .16 + .04 = .2, κ = (.6 − .2) / .8 = .5. π: pooled A .4,
        // none .2, B .2, C .2: .16 + .04 + .04 + .04 = .28, π = (.6 − .28) / .72 = 4/9.
        let expected = [0.6, 0.5, 4.0 / 9.0];
        for (value, expected) in values.iter().zip(expected) {
            let value = *value.as_ref().unwrap();
            assert!((value - expected).abs() < 1e-12, "{value} vs {expected}");
        }
    }

    /// The names the registry shares with the coding coefficients' (`coding::Coefficient`)
    /// are the same coefficients: on the discretized positions they give the same values.
    #[test]
    fn shared_names_are_the_coding_coefficients_of_the_positions() {
        use crate::coding::{CodingStudy, CoefficientChoice};
        let mut continuum = Continuum::new("shared");
        for (annotator, start, end, category) in [
            ("x", 0.0, 4.0, "A"),
            ("x", 6.0, 10.0, "B"),
            ("y", 1.0, 4.0, "A"),
            ("y", 6.0, 9.0, "C"),
            ("z", 0.0, 5.0, "A"),
            ("z", 7.0, 10.0, "B"),
        ] {
            continuum.add(annotator, start, end, category).unwrap();
        }
        let study =
            CodingStudy::from_codings("shared", coefficients::discretize(&continuum, 0.0, 10.0));
        let options = GammaOptions::default();
        for measure in [
            Measure::Kappa,
            Measure::Pi,
            Measure::Alpha,
            Measure::Percentage,
        ] {
            let choice = CoefficientChoice::parse(measure.name(), None).unwrap();
            let coding = choice.evaluate(&study).unwrap().value;
            let span = measure.evaluate(&continuum, 10.0, &options).unwrap();
            assert!(
                (coding - span).abs() < 1e-12,
                "{measure}: {coding} vs {span}"
            );
        }
    }

    /// Each undefined measure says why with the values that made it so.
    #[test]
    fn an_undefined_measure_carries_its_cause() {
        let options = GammaOptions::default();
        let mut alone = Continuum::new("alone");
        alone.add("x", 0.0, 4.0, "A").unwrap();
        alone.add("y", 0.0, 4.0, "A").unwrap();
        let far = Measure::Kappa.evaluate(&alone, 2e7, &options).unwrap_err();
        assert_eq!(
            far,
            UndefinedMeasure::TooManyPositions {
                measure: Measure::Kappa,
                end: 2e7,
                annotators: 2
            }
        );
        // 2·10⁷ positions of (24 + 16·2) bytes: 1.12 GB, about 2.
        assert_eq!(
            far.to_string(),
            "κd labels every whole position: the units end at 20000000, at most 10000000 \
             positions are measured (about 2 GB)"
        );
        // Every position of both annotators is A: chance agreement is 1.
        assert_eq!(
            Measure::Kappa.evaluate(&alone, 4.0, &options),
            Err(UndefinedMeasure::Coefficient(CoefficientError::Undefined))
        );
        let mut empty = Continuum::new("empty");
        empty.add_annotator("x");
        empty.add_annotator("y");
        assert_eq!(
            Measure::Ser.evaluate(&empty, 4.0, &options),
            Err(UndefinedMeasure::NoUnit)
        );
        let mut one = Continuum::new("one");
        one.add("x", 0.0, 4.0, "A").unwrap();
        assert_eq!(
            Measure::CuAlpha.evaluate(&one, 4.0, &options),
            Err(UndefinedMeasure::Unitizing(
                UnitizingError::TooFewAnnotators(1)
            ))
        );
        assert!(matches!(
            Measure::Gamma.evaluate(&one, 4.0, &options),
            Err(UndefinedMeasure::Gamma(_))
        ));
    }
}
