//! The bundled demo corpora, embedded in the binary so that the app opens them with no file
//! present: named entities in Glozz format (three annotators, a model), a dialogue segmented and
//! linked by discourse relations (Glozz, two annotators), and a CorA-XML pair with its
//! pre-annotation for tγ. They are written once per run to a folder of the temporary
//! directory and read back with the ordinary readers, so that everything (exports, sessions,
//! adjudication) treats them as the files they are.

use crate::app::errors::AppError;
use gamma_formats::{Document, ReadOptions, read_documents};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const FILES: [(&str, &[u8]); 13] = [
    (
        "glozz/named-entities.ac",
        include_bytes!("../../../resources/demo/glozz/named-entities.ac"),
    ),
    (
        "glozz/named-entities.aam",
        include_bytes!("../../../resources/demo/glozz/named-entities.aam"),
    ),
    (
        "glozz/ana/named-entities.aa",
        include_bytes!("../../../resources/demo/glozz/ana/named-entities.aa"),
    ),
    (
        "glozz/ben/named-entities.aa",
        include_bytes!("../../../resources/demo/glozz/ben/named-entities.aa"),
    ),
    (
        "glozz/chloe/named-entities.aa",
        include_bytes!("../../../resources/demo/glozz/chloe/named-entities.aa"),
    ),
    (
        "cora/anna.xml",
        include_bytes!("../../../resources/demo/cora/anna.xml"),
    ),
    (
        "cora/bernd.xml",
        include_bytes!("../../../resources/demo/cora/bernd.xml"),
    ),
    (
        "cora/pre-annotation.xml",
        include_bytes!("../../../resources/demo/cora/pre-annotation.xml"),
    ),
    (
        "discourse/dialogue.ac",
        include_bytes!("../../../resources/demo/discourse/dialogue.ac"),
    ),
    (
        "discourse/dialogue.aam",
        include_bytes!("../../../resources/demo/discourse/dialogue.aam"),
    ),
    (
        "discourse/ana/dialogue.aa",
        include_bytes!("../../../resources/demo/discourse/ana/dialogue.aa"),
    ),
    (
        "discourse/ben/dialogue.aa",
        include_bytes!("../../../resources/demo/discourse/ben/dialogue.aa"),
    ),
    (
        "README.md",
        include_bytes!("../../../resources/demo/README.md"),
    ),
];

/// The folder the demo files are written to (once per run).
fn folder() -> Result<&'static Path, AppError> {
    static FOLDER: OnceLock<Result<PathBuf, AppError>> = OnceLock::new();
    FOLDER
        .get_or_init(|| {
            // Every run writes the same bytes (each file through its own temporary file, renamed),
            // so runs side by side never see a half-written file.
            // One folder per user: another user's would not be writable.
            let user = std::env::var("USER")
                .or_else(|_| std::env::var("USERNAME"))
                .unwrap_or_default();
            let folder = std::env::temp_dir().join(format!(
                "gamma-studio-demo-{}-{}",
                env!("CARGO_PKG_VERSION"),
                user.replace(['/', '\\'], "_")
            ));
            for (relative, bytes) in FILES {
                let path = folder.join(relative);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| AppError::Demo(format!("{}: {e}", parent.display())))?;
                }
                gamma_formats::write_atomically(&path, bytes)?;
            }
            Ok(folder)
        })
        .as_deref()
        .map_err(Clone::clone)
}

/// A bundled demo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Demo {
    /// Named entities of a short text, three annotators, Glozz (γ, adjudication).
    NamedEntities,
    /// A Low German line corrected and tagged by two annotators, CorA-XML (tγ).
    HistoricalText,
    /// A short dialogue segmented and linked by discourse relations, two annotators, Glozz
    /// (relation agreement and adjudication).
    DiscourseRelations,
}

impl Demo {
    pub const ALL: [Demo; 3] = [
        Demo::NamedEntities,
        Demo::DiscourseRelations,
        Demo::HistoricalText,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Demo::NamedEntities => "Named entities (Glozz, 3 annotators)",
            Demo::HistoricalText => "Historical text (CorA-XML pair, tγ)",
            Demo::DiscourseRelations => "Discourse relations (Glozz, 2 annotators)",
        }
    }

    /// The demo's files and how to read them.
    pub fn files(self) -> Result<(Vec<PathBuf>, ReadOptions), AppError> {
        let folder = folder()?;
        Ok(match self {
            Demo::NamedEntities => (
                ["ana", "ben", "chloe"]
                    .iter()
                    .map(|a| folder.join("glozz").join(a).join("named-entities.aa"))
                    .collect(),
                ReadOptions {
                    text: Some(folder.join("glozz/named-entities.ac")),
                    model: Some(folder.join("glozz/named-entities.aam")),
                    ..ReadOptions::default()
                },
            ),
            Demo::HistoricalText => (
                vec![folder.join("cora/anna.xml"), folder.join("cora/bernd.xml")],
                ReadOptions::default(),
            ),
            // The turns are the same in both files (given before segmenting): carried, not measured.
            Demo::DiscourseRelations => (
                ["ana", "ben"]
                    .iter()
                    .map(|a| folder.join("discourse").join(a).join("dialogue.aa"))
                    .collect(),
                ReadOptions {
                    text: Some(folder.join("discourse/dialogue.ac")),
                    model: Some(folder.join("discourse/dialogue.aam")),
                    glozz: gamma_formats::glozz::GlozzOptions {
                        include_types: vec!["Segment".into()],
                        ..Default::default()
                    },
                    ..ReadOptions::default()
                },
            ),
        })
    }

    pub fn documents(self) -> Result<Vec<Document>, AppError> {
        let (paths, options) = self.files()?;
        let (mut documents, _) = read_documents(&paths, &options)?;
        for document in &mut documents {
            document.continuum.name = format!("Demo: {}", self.title());
        }
        Ok(documents)
    }
}
