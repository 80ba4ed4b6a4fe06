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

/// The seed of every random draw unless the user gives another: results are reproducible by
/// default, and every result reports its seed.
pub const DEFAULT_SEED: u64 = 1;

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
