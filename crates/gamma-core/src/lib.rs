//! Gamma Studio's measures: the γ agreement measure of Mathet, Widlöcher & Métivier (2015,
//! *Computational Linguistics* 41(3)) for annotations of spans, computed exactly and fast.
//!
//! The modules follow the paper: [`unit`](mod@unit), [`continuum`] and [`corpus`] (§3),
//! [`dissimilarity`] (§4.4), [`disorder`] and [`alignment`] (§4.5–4.7, §5.1), [`sampler`]
//! (§5.2), [`gamma`](mod@gamma) (§4.8, §5.3) with its [`bootstrap`] confidence intervals,
//! [`gamma_cat`] (Mathet 2017), [`gold`]
//! (adjudication, §7), [`textgamma`] (tγ, Barteld et al. 2016), [`shuffle`] (the Corpus
//! Shuffling Tool), [`measure`] (the registry of agreement measures by name) and
//! [`coefficients`] (κ, π, α… of Artstein & Poesio's survey; α_U, c|uα, SER, Pk, WindowDiff and
//! GHD for spans), [`coding`] (coding studies: items × coders, every coefficient of the survey
//! with its intervals, adjudicated into a gold label per item), [`evaluate`] (annotators or systems against a reference: γ and the
//! SemEval-2013 span scores side by side). [`settings`] holds what the settings of every
//! measure share and [`preset`] the settings of other tools; [`synthetic`] generates test and
//! benchmark continua; [`diagnostics`] says why the annotators disagree and [`feedback`] what each should change (confusions, the
//! disorder in parts, each annotator's habits, γ without each); [`pairwise`] gives γ of every pair of annotators; [`relations`] measures agreement on relations through the best alignment; [`per_document`]
//! measures each document of a corpus alone (a
//! campaign's table).
//!
//! Nothing here reads or writes files, and no GUI, command-line or file-format crate is in this
//! crate's dependency tree: the `gamma-formats` crate reads and writes annotation files, and
//! the `gamma-studio` binary (desktop app and command line) and the Python module sit on top.

#[cfg(feature = "bundled-cbc")]
extern crate cbc_src;

pub mod alignment;
pub mod bootstrap;
pub mod coding;
pub mod coefficients;
pub mod continuum;
pub mod control;
pub mod corpus;
pub mod diagnostics;
pub mod disorder;
pub mod dissimilarity;
pub mod evaluate;
pub mod feedback;
pub mod gamma;
pub mod gamma_cat;
pub mod gold;
pub mod measure;
pub mod pairwise;
pub mod per_document;
pub mod preset;
pub mod relation;
pub mod relations;
pub mod sample_count;
pub mod sampler;
pub mod settings;
pub mod shuffle;
pub mod synthetic;
pub mod textgamma;
pub mod unit;

pub use alignment::{Alignment, AlignmentProblem, UnitaryAlignment};
pub use continuum::{Annotator, Continuum};
pub use corpus::Corpus;
pub use dissimilarity::{CategoryDissimilarity, CategoryMatrix, CategoryScale, Dissimilarity};
pub use gamma::{GammaOptions, GammaResult, SampleCount, corpus_gamma, gamma};
pub use preset::Preset;
pub use sampler::{PivotDistance, Sampler, SamplerKind};
pub use settings::DEFAULT_SEED;
pub use unit::Unit;
