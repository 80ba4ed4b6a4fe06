//! Reading and writing annotation files. Every reader returns the core model
//! ([`gamma_core::Continuum`]); every error names the file, the line when there is one, and what is
//! wrong. Files are never modified: writers go through a temporary file that is renamed.
//!
//! Each format is one module with one codec ([`format::Codec`]), and [`codec::CODECS`] is the
//! table of them all: reading ([`read_documents`]), writing ([`write_continuum`]), the gold
//! export and the front ends' format lists follow it.

pub mod aam;
pub mod brat;
pub mod codec;
pub mod coding_table;
pub mod cora;
pub mod corpus_folder;
pub mod csv;
pub mod csv_cells;
pub mod elan;
pub mod evaluation_report;
pub mod examples_list;
pub mod feedback_pages;
pub mod format;
pub mod glozz;
pub mod gold_corpus;
pub mod gold_export;
pub mod inception_project;
pub mod label_mapping;
pub mod losses;
pub mod per_document_table;
pub mod project;
pub mod reference;
pub mod rttm;
pub mod session;
pub mod stored_options;
pub mod textgrid;
pub mod webanno_tsv;
pub mod xmi;
pub mod xml;

pub use annotator_files::AnnotatorFile;
pub use atomic_write::{finish_interrupted_writes, write_atomically, write_together};
pub use codec::CODECS;
pub use corpus_folder::read_corpus;
pub use documents::read_documents;
pub(crate) use files::utf8_text;
pub use files::{
    FileError, NameClash, Remedy, UnusableFileName, Warning, WarningKind, distinct_safe_file_names,
    read_bytes, safe_file_name,
};
pub use format::{Document, Format, ReadOptions, Source};
pub use time_unit::position_unit;
pub use unwritable::{Unwritable, XmlPlace};
pub use write::{planned_paths, write_continuum};

mod annotator_files;
mod atomic_write;
mod documents;
mod files;
mod layer_choice;
mod lines;
mod span_layer;
mod time_unit;
mod unwritable;
mod write;
