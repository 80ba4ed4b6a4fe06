//! What the settings of every measure share: choices by name, the range checks every front end
//! calls, and the default seed (the presets that reproduce other tools are in
//! [`crate::preset`]).
//!
//! The settings themselves live with what they parameterise, in the paper's rooms:
//! [`crate::gamma::GammaOptions`] (with [`crate::dissimilarity::Dissimilarity`],
//! [`crate::sampler::Sampler`] and [`crate::gamma::SampleCount`]) and
//! [`crate::textgamma::sampler::TextGammaOptions`]. They are serde types, and every setting
//! chosen by name is declared with [`named_choices!`](crate::named_choices), so the command
//! line, the app and session files all parse into these same types and share their defaults:
//! the core is the one place where a default is decided, and the one place where a value is
//! checked ([`SettingError`] names the setting; each front end words it).

use std::fmt;

/// The seed of every random draw unless the user gives another: results are reproducible by
/// default, and every result reports its seed.
pub const DEFAULT_SEED: u64 = 1;

/// A setting a user chooses with a number, by what it is: the core checks every one of them
/// ([`SettingError`]) and each front end names it in its own words (a flag, a label of the
/// settings panel, a keyword argument).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Setting {
    /// Weight α of the positional dissimilarity (§4.4.3).
    Alpha,
    /// Weight β of the categorical dissimilarity (§4.4.3).
    Beta,
    /// Cost Δ∅ of an empty slot (§4.4); the dissimilarities divide by it, so it is above 0.
    DeltaEmpty,
    /// A fixed number of random samples.
    Samples,
    /// Relative precision wanted on the expected disorder (§5.3).
    Precision,
    /// Confidence of that precision (§5.3).
    Confidence,
    /// Upper bound of the number of samples under the precision rule.
    MaxSamples,
    /// tγ's probability p_t of a text edit, when given.
    TextEditProbability,
    /// tγ's probability p_s of a split or merge, when given.
    SegmentationProbability,
    /// The `a` and `b` of the Beta prior of tγ's estimated probabilities.
    Prior,
    /// Cost of a gap at a character of the text in tγ's character alignment.
    TextGap,
    /// Cost of a gap at a token boundary in tγ's character alignment.
    BoundaryGap,
    /// Magnitude m of the Corpus Shuffling Tool's errors.
    Magnitude,
    /// Step between the magnitudes of a sweep.
    Step,
    /// Sets per magnitude of a sweep.
    Sets,
    /// Simulated annotators of a shuffle.
    Annotators,
    /// The shift factor `x` of the Corpus Shuffling Tool.
    ShiftFactor,
    /// The false-positive factor `x`.
    FalsePositiveFactor,
    /// The split factor `x`.
    SplitFactor,
}

impl fmt::Display for Setting {
    /// The setting in the paper's words (the front ends use their own).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Setting::Alpha => "α",
            Setting::Beta => "β",
            Setting::DeltaEmpty => "Δ∅",
            Setting::Samples => "the number of samples",
            Setting::Precision => "the precision",
            Setting::Confidence => "the confidence",
            Setting::MaxSamples => "the most samples",
            Setting::TextEditProbability => "p_t",
            Setting::SegmentationProbability => "p_s",
            Setting::Prior => "the prior's a and b",
            Setting::TextGap => "the cost of a text gap",
            Setting::BoundaryGap => "the cost of a boundary gap",
            Setting::Magnitude => "the magnitude",
            Setting::Step => "the step",
            Setting::Sets => "the sets",
            Setting::Annotators => "the simulated annotators",
            Setting::ShiftFactor => "the shift factor",
            Setting::FalsePositiveFactor => "the false-positive factor",
            Setting::SplitFactor => "the split factor",
        })
    }
}

/// The values a numeric setting may take: from `min` to `max`, each bound included or not
/// (no `max`: unbounded above). NaN is never in range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// The lower bound.
    pub min: f64,
    /// Whether `min` itself is allowed.
    pub min_included: bool,
    /// The upper bound, if any.
    pub max: Option<f64>,
    /// Whether `max` itself is allowed.
    pub max_included: bool,
}

impl Range {
    /// From `min` to `max`, both included.
    pub const fn closed(min: f64, max: f64) -> Range {
        Range {
            min,
            min_included: true,
            max: Some(max),
            max_included: true,
        }
    }

    /// Strictly between `min` and `max`.
    pub const fn open(min: f64, max: f64) -> Range {
        Range {
            min,
            min_included: false,
            max: Some(max),
            max_included: false,
        }
    }

    /// Above `min` (excluded), at most `max`.
    pub const fn above(min: f64, max: f64) -> Range {
        Range {
            min,
            min_included: false,
            max: Some(max),
            max_included: true,
        }
    }

    /// At least `min`, finite.
    pub const fn at_least(min: f64) -> Range {
        Range {
            min,
            min_included: true,
            max: None,
            max_included: false,
        }
    }

    /// Whether `value` is in the range (a finite number).
    pub fn contains(&self, value: f64) -> bool {
        let above_min = if self.min_included {
            value >= self.min
        } else {
            value > self.min
        };
        let below_max = match self.max {
            None => true,
            Some(max) if self.max_included => value <= max,
            Some(max) => value < max,
        };
        value.is_finite() && above_min && below_max
    }

    /// `Ok` when `value` is in the range, else the [`SettingError`] of `setting`.
    pub fn check(&self, setting: Setting, value: f64) -> Result<(), SettingError> {
        self.check_value(setting, Value::Number(value))
    }

    /// `Ok` when the count `n` is in the range, else the [`SettingError`] of `setting`.
    pub fn check_count(&self, setting: Setting, n: u64) -> Result<(), SettingError> {
        self.check_value(setting, Value::Count(n))
    }

    fn check_value(&self, setting: Setting, value: Value) -> Result<(), SettingError> {
        let x = match value {
            Value::Count(n) => n as f64,
            Value::Number(x) => x,
        };
        if self.contains(x) {
            Ok(())
        } else {
            Err(SettingError {
                setting,
                value,
                allowed: *self,
            })
        }
    }

    /// The range in words, its bounds as counts (`1000000`) or as numbers (`1e6`).
    fn words(&self, counts: bool) -> String {
        let bound = |x: f64| if counts { format!("{x:.0}") } else { number(x) };
        let (min, inc) = (bound(self.min), self.min_included);
        match (self.max.map(bound), self.max_included) {
            (None, _) if inc => format!("at least {min}"),
            (None, _) => format!("greater than {min}"),
            (Some(max), true) if inc => format!("from {min} to {max}"),
            (Some(max), true) => format!("greater than {min} and at most {max}"),
            (Some(max), false) if inc => format!("at least {min} and less than {max}"),
            (Some(max), false) => format!("strictly between {min} and {max}"),
        }
    }
}

/// A value given to a setting: a count or a number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// A whole number of things (samples, sets, annotators, a gap cost).
    Count(u64),
    /// Any other number.
    Number(f64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Count(n) => write!(f, "{n}"),
            Value::Number(x) => write!(f, "{x}"),
        }
    }
}

/// A number as a user writes it: `1e6` rather than `1000000`.
fn number(x: f64) -> String {
    if x.abs() >= 1e5 && x.is_finite() {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

impl fmt::Display for Range {
    /// "from 0 to 1e6", "greater than 0 and at most 1e6", "strictly between 0 and 1", "at
    /// least 1": what follows "must be".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(false))
    }
}

/// A setting given a value outside its range: which setting, the value and the range.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}", self.worded(&self.setting.to_string()))]
pub struct SettingError {
    /// The setting.
    pub setting: Setting,
    /// The value given.
    pub value: Value,
    /// The values allowed.
    pub allowed: Range,
}

impl SettingError {
    /// The error with the setting called `name` (a front end's own name for it): "`name` must
    /// be a number from 0 to 1e6 (got -1)", "`name` must be from 1 to 1000000 (got 0)".
    pub fn worded(&self, name: &str) -> String {
        let counts = matches!(self.value, Value::Count(_));
        let a_number = if !counts && self.allowed.min_included {
            "a number "
        } else {
            ""
        };
        format!(
            "{name} must be {a_number}{} (got {})",
            self.allowed.words(counts),
            self.value
        )
    }
}

/// A name that is none of a choice's names: what kind of choice, the name given and the names
/// accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {name:?}: expected one of {}", .accepted.join(", "))]
pub struct UnknownName {
    /// The kind of choice ("sampler", "measure").
    pub what: &'static str,
    /// The name given, trimmed.
    pub name: String,
    /// Every choice's name, in the order a user is offered them (aliases left out).
    pub accepted: Vec<&'static str>,
}

/// How [`parse_named`] compares a name with the choices' names.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    /// Case-insensitive, `_` and `-` alike.
    DashOrUnderscore,
    /// Case-insensitive, `_` and `-` distinct (for names that contain `_`).
    Exact,
}

/// Parses `name` as one of `names` or of `aliases` (each with the name it stands for), as
/// [`Spelling`] says; the error lists the accepted names. The engine of the `FromStr` that [`named_choices!`](crate::named_choices)
/// writes.
#[doc(hidden)]
pub fn parse_named<T: Copy>(
    name: &str,
    names: &[(&'static str, T)],
    aliases: &[(&'static str, &'static str)],
    what: &'static str,
    spelling: Spelling,
) -> Result<T, UnknownName> {
    let normal = |s: &str| {
        let lower = s.trim().to_lowercase();
        match spelling {
            Spelling::DashOrUnderscore => lower.replace('_', "-"),
            Spelling::Exact => lower,
        }
    };
    let given = normal(name);
    let wanted = aliases
        .iter()
        .find(|(alias, _)| normal(alias) == given)
        .map_or(given, |(_, name)| normal(name));
    names
        .iter()
        .find(|(n, _)| normal(n) == wanted)
        .map(|(_, choice)| *choice)
        .ok_or_else(|| UnknownName {
            what,
            name: name.trim().to_string(),
            accepted: names.iter().map(|(n, _)| *n).collect(),
        })
}

/// Declares the names of an enum chosen by name (a sampler, a scale, a preset…): writes its
/// `ALL` (every choice, in the order a user is offered them), its `name()`, `Display` (the
/// name) and `FromStr` (the name or an alias, case-insensitive; [`UnknownName`] otherwise).
///
/// ```ignore
/// named_choices! {
///     SamplerKind, "sampler", dash_or_underscore;
///     Statistical => "statistical",
///     Shuffle => "shuffle" | "shuffled",
/// }
/// ```
///
/// `dash_or_underscore` takes `_` and `-` alike; `exact` keeps them apart. A variant with
/// fields is written with literal field values (`Shift { keep_apart: true } => …`).
#[macro_export]
macro_rules! named_choices {
    (
        $ty:ident, $what:literal, $spelling:ident;
        $( $variant:ident $( { $($field:ident : $value:literal),* $(,)? } )?
            => $name:literal $( | $alias:literal )* ),+ $(,)?
    ) => {
        impl $ty {
            /// Every choice, in the order a user is offered them.
            pub const ALL: [$ty; [$($name),+].len()] = [$( $ty::$variant $({ $($field: $value),* })? ),+];

            /// The choice's name, which `FromStr` reads back.
            pub fn name(self) -> &'static str {
                match self {
                    $( $ty::$variant $({ $($field: $value),* })? => $name, )+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::settings::UnknownName;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                $crate::settings::parse_named(
                    name,
                    &[$( ($name, $ty::$variant $({ $($field: $value),* })?) ),+],
                    &[$( $( ($alias, $name), )* )+],
                    $what,
                    $crate::named_choices!(@spelling $spelling),
                )
            }
        }
    };
    (@spelling dash_or_underscore) => { $crate::settings::Spelling::DashOrUnderscore };
    (@spelling exact) => { $crate::settings::Spelling::Exact };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Kind {
        Plain,
        Shift { keep_apart: bool },
    }

    named_choices! {
        Kind, "kind", dash_or_underscore;
        Plain => "plain" | "p",
        Shift { keep_apart: false } => "shift",
        Shift { keep_apart: true } => "shift-apart",
    }

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Strict {
        AlphaU,
    }

    named_choices! { Strict, "strict", exact; AlphaU => "alpha_u" }

    #[test]
    fn names_aliases_and_spellings_read_back() {
        assert_eq!(Kind::ALL.len(), 3);
        for kind in Kind::ALL {
            assert_eq!(kind.to_string().parse::<Kind>(), Ok(kind));
        }
        assert_eq!(
            " SHIFT_apart ".parse::<Kind>(),
            Ok(Kind::Shift { keep_apart: true })
        );
        assert_eq!("P".parse::<Kind>(), Ok(Kind::Plain));
        assert_eq!(Strict::ALL, [Strict::AlphaU]);
        assert_eq!("ALPHA_U".parse::<Strict>(), Ok(Strict::AlphaU));
        assert!("alpha-u".parse::<Strict>().is_err());
    }

    #[test]
    fn an_unknown_name_lists_the_names_without_the_aliases() {
        let error = " shfit ".parse::<Kind>().unwrap_err();
        assert_eq!(
            error,
            UnknownName {
                what: "kind",
                name: "shfit".into(),
                accepted: vec!["plain", "shift", "shift-apart"],
            }
        );
        assert_eq!(
            error.to_string(),
            "unknown kind \"shfit\": expected one of plain, shift, shift-apart"
        );
    }
}
