//! What the settings of every measure share: choices by name and the default seed (the presets
//! that reproduce other tools are in [`crate::preset`]).
//!
//! The settings themselves live with what they parameterise, in the paper's rooms:
//! [`crate::gamma::GammaOptions`] (with [`crate::dissimilarity::Dissimilarity`],
//! [`crate::sampler::Sampler`] and [`crate::gamma::SampleCount`]) and
//! [`crate::textgamma::sampler::TextGammaOptions`]. They are serde types, and every setting
//! chosen by name implements `FromStr`/`Display`, so the command line, the app and session files
//! all parse into these same types and share their defaults: the core is the one place where a
//! default is decided.

use std::fmt;

/// The seed of every random draw unless the user gives another: results are reproducible by
/// default, and every result reports its seed.
pub const DEFAULT_SEED: u64 = 1;

/// Parses `name` as one of `choices` by its `Display` name (case-insensitive, `_` and `-`
/// alike); the error lists the accepted names.
pub fn parse_named<T: Copy + fmt::Display>(
    name: &str,
    choices: &[T],
    what: &str,
) -> Result<T, String> {
    let wanted = name.trim().to_lowercase().replace('_', "-");
    choices
        .iter()
        .find(|c| c.to_string().replace('_', "-") == wanted)
        .copied()
        .ok_or_else(|| {
            let names: Vec<String> = choices.iter().map(ToString::to_string).collect();
            format!(
                "unknown {what} {name:?}: expected one of {}",
                names.join(", ")
            )
        })
}
