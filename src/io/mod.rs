//! Reading and writing annotation files. Every reader returns the core model
//! ([`crate::Continuum`]); every error names the file, the line when there is one, and what is
//! wrong. Files are never modified: writers go through a temporary file that is renamed.

pub mod aam;
pub mod cora;
pub mod csv;
pub mod elan;
pub mod format;
pub mod glozz;
pub mod lines;
pub mod xml;

pub use files::{FileError, Warning, WarningKind, read_bytes, utf8_text, write_atomically};
pub use format::{Document, Format, ReadOptions, Source, read_documents, write_continuum};

mod files;
