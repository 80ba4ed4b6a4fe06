//! The gold CorA-XML file as a whole document: the base annotator's file ([`Gold::base`]) with
//! the gold units' layers on its annotation tokens.
//!
//! The layers read (the category layer and those kept as features) are the gold units'; the
//! layers not read stay as the base annotator's file has them, with the rest of its structure
//! (header, pages, columns, lines, comments, shift tags, diplomatic tokens). Layers not read
//! that not every annotator's file has alike (by layer, value and token) are listed, the base
//! annotator's being the ones in the gold. When the base annotator's text is not the document's,
//! the first annotator's file is the structure, and a note says so.

use super::{CoraFile, CoraOptions};
use crate::FileError;
use crate::annotator_files::AnnotatorFile;
use crate::format::Gold;
use crate::gold_export::{CarriedNotes, NotMeasured, differences};
use std::path::Path;

/// The gold file of a CorA-XML document, and the notes on what was not measured: `files` and
/// `contents` are the annotators' files as read, `out` the gold's path (named in errors).
pub(crate) fn whole_gold(
    gold: &Gold<'_>,
    files: &[AnnotatorFile],
    contents: &[CoraFile],
    out: &Path,
) -> Result<(CoraFile, CarriedNotes), FileError> {
    let annotators = &gold.document.annotators;
    let options = &gold.options.cora;
    let annotator_of = |i: usize| {
        (annotators.iter())
            .position(|a| a.name == files[i].annotator)
            .unwrap_or(i)
    };
    let mut notes = CarriedNotes::default();
    let base_text_differs = annotators
        .get(gold.base)
        .is_some_and(|a| a.own_text.is_some());
    let structure = match (0..files.len()).find(|&i| annotator_of(i) == gold.base) {
        Some(i) if !base_text_differs => i,
        _ => {
            notes.flagged.push(format!(
                "the text of {} is not the document's: the gold has the structure and the \
                 layers not read of {}'s file",
                annotators.get(gold.base).map_or("?", |a| a.name.as_str()),
                annotators.first().map_or("?", |a| a.name.as_str()),
            ));
            0
        }
    };
    let (file, _) = contents[structure]
        .with_layers_from(gold.units, options, &files[structure].path)
        .map_err(|e| FileError::new(out, None, e))?;
    let mut items = Vec::new();
    for (i, content) in contents.iter().enumerate() {
        let annotator = annotator_of(i);
        if annotators
            .get(annotator)
            .is_some_and(|a| a.own_text.is_some())
        {
            continue;
        }
        items.push((annotator, not_read(content, options, &files[i].path)?));
    }
    let name = |a: usize| annotators.get(a).map_or("?", |x| x.name.as_str());
    notes.differed = differences(&items, gold.base, name);
    Ok((file, notes))
}

/// The values of the layers not read of a file's annotation tokens, by layer, value and the
/// token's place in the text.
fn not_read(file: &CoraFile, options: &CoraOptions, path: &Path) -> Result<NotMeasured, FileError> {
    let rebuilt = file.rebuild_text(options, path)?;
    let mut items = NotMeasured::new();
    for (token, &(start, end)) in file.annotation_tokens().zip(&rebuilt.spans) {
        for (layer, value) in token.layers.iter().filter(|(l, _)| !options.keeps_layer(l)) {
            let key = format!("{layer}\t{start}\t{end}\t{value}");
            let description = format!(
                "{layer} “{value}” of token {:?} [{start}, {end})",
                token.transcribed.trans
            );
            items.entry(key).or_insert((0, description)).0 += 1;
        }
    }
    Ok(items)
}
