//! The open dialog's defaults, remembered choices and reading options.

use super::*;

/// Two brat users' `doc.ann`: default names follow the files added (folders when the stems
/// collide); a name the user typed stays.
#[test]
fn adding_files_renews_default_names_and_keeps_typed_ones() {
    let names = |dialog: &OpenDialog| -> Vec<String> {
        dialog.names.iter().map(|(_, n)| n.clone()).collect()
    };
    let mut dialog = OpenDialog::new(vec![PathBuf::from("/ana/doc.ann")], &OpenChoices::default());
    assert_eq!(names(&dialog), ["doc"]);
    dialog.add_files(vec![PathBuf::from("/ben/doc.ann")]);
    assert_eq!(names(&dialog), ["ana", "ben"]);
    dialog.names[0].1 = "Ana K.".into();
    dialog.add_files(vec![PathBuf::from("/carl/doc.ann")]);
    assert_eq!(names(&dialog), ["Ana K.", "ben", "carl"]);
}

fn fixture(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(relative)
}

#[test]
fn offers_span_layers_features_tiers_and_users() {
    let tsv = fixture("webanno-tsv/example2.tsv");
    let grid = fixture("textgrid/mary.TextGrid");
    let project = fixture("inception-project/curated-project-3.6.1.zip");
    let paths = vec![tsv.clone(), grid.clone(), project];
    assert!(OpenDialog::needed(&paths));
    assert!(!OpenDialog::needed(&[fixture("rttm/sample.rttm")]));
    let mut dialog = OpenDialog::new(paths, &OpenChoices::default());
    let layers: Vec<&str> = dialog.span_layers.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        layers,
        [
            "de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS",
            "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
        ]
    );
    assert_eq!(dialog.span_layers[1].1, ["value"]);
    assert_eq!(
        dialog.tiers,
        ["phone", "word"],
        "the point tier is not offered"
    );
    assert_eq!(dialog.project_users, [("curation".to_string(), true)]);
    // Each tier an annotator: the TextGrid file is not named.
    let options = dialog.read_options();
    assert_eq!(
        options.annotator_names,
        [("example2".to_string(), tsv.clone())]
    );
    assert_eq!(options.layer, LayerChoice::default());
    assert!(options.users.is_empty(), "all users: no filter");
    dialog.span_layer = dialog.span_layers[1].0.clone();
    dialog.span_feature = "value".into();
    dialog.project_users[0].1 = false;
    let options = dialog.read_options();
    assert_eq!(
        options.layer.layer.as_deref(),
        Some(dialog.span_layers[1].0.as_str())
    );
    assert_eq!(options.layer.category_feature.as_deref(), Some("value"));
    let (documents, _) = gamma_formats::read_documents(&[tsv], &options).unwrap();
    assert_eq!(
        documents[0].continuum.annotators[0].units.len(),
        9,
        "the named entities"
    );
    dialog.span_layer.clear();
    dialog.tier = "word".into();
    let options = dialog.read_options();
    assert_eq!(options.layer.layer.as_deref(), Some("word"));
    assert!(
        options
            .annotator_names
            .iter()
            .any(|(name, path)| name == "mary" && *path == grid)
    );
}
