//! The files one command reads and the files it writes, compared by canonical path before
//! anything is written: an output may be neither an input (annotations, text, model, category
//! matrix, reference, session…) nor another output of the same command. Overwriting an
//! annotation input is allowed only when the command says so (`--overwrite-input`).

use super::Failure;
use super::input::InputArgs;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A path as the file system resolves it: canonical when it exists, else its canonical folder
/// joined with its name, else absolute.
fn resolved(path: &Path) -> PathBuf {
    if let Ok(canonical) = path.canonicalize() {
        return canonical;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(folder), Some(name)) => folder
            .canonicalize()
            .map(|folder| folder.join(name))
            .unwrap_or(absolute),
        _ => absolute,
    }
}

/// What a file is for the command, to name it in a refusal.
struct Role {
    what: String,
    given: PathBuf,
    /// An annotation input that `--overwrite-input` may replace.
    replaceable: bool,
}

impl Role {
    fn new(what: &str, given: &Path, replaceable: bool) -> Role {
        Role {
            what: what.to_string(),
            given: given.to_path_buf(),
            replaceable,
        }
    }
}

/// The files found beside an annotation file by convention and read with it, that exist: the
/// `.txt` of a CSV or brat `.ann`, the `.ac` of a Glozz `.aa` and the `.aam` files of its folder
/// (once per folder: `models_listed` holds the folders listed already).
fn companions(path: &Path, models_listed: &mut HashSet<PathBuf>) -> Vec<PathBuf> {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let mut out = Vec::new();
    match extension.as_str() {
        "csv" | "tsv" | "ann" => out.push(path.with_extension("txt")),
        "aa" => {
            out.push(path.with_extension("ac"));
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
            let folder = folder.unwrap_or(Path::new("."));
            if !models_listed.insert(folder.to_path_buf()) {
                return out_existing(out, path);
            }
            if let Ok(entries) = std::fs::read_dir(folder) {
                out.extend(
                    entries
                        .flatten()
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|e| e == "aam")),
                );
            }
        }
        _ => {}
    }
    out_existing(out, path)
}

/// The files of `out` that exist, other than `path`.
fn out_existing(mut out: Vec<PathBuf>, path: &Path) -> Vec<PathBuf> {
    out.retain(|p| p != path && p.is_file());
    out
}

/// The files of one command. Each path is resolved once and looked up by hash, and each output
/// folder is recovered once, so that planning 20,000 documents' files is linear (issue 45).
#[derive(Default)]
pub struct FilePlan {
    inputs: Vec<Role>,
    outputs: Vec<Role>,
    /// `inputs` by resolved path (the first role of each).
    input_at: HashMap<PathBuf, usize>,
    /// `outputs` by resolved path, and by resolved path in lower case.
    output_at: HashMap<PathBuf, usize>,
    folded_output_at: HashMap<String, usize>,
    /// The output folders whose interrupted writes were finished.
    recovered: HashSet<PathBuf>,
}

impl FilePlan {
    /// A file the command reads (`what`: "the text", "the category matrix", …).
    pub fn reads(&mut self, what: &str, path: &Path) {
        self.add_input(what, path, resolved(path), false);
    }

    /// Adds an input role; a path read twice is found by its first role, as it was listed.
    fn add_input(&mut self, what: &str, path: &Path, resolved: PathBuf, replaceable: bool) {
        self.input_at.entry(resolved).or_insert(self.inputs.len());
        self.inputs.push(Role::new(what, path, replaceable));
    }

    /// Annotation files the command reads, which `--overwrite-input` lets an output replace.
    pub fn reads_annotations<'a>(&mut self, paths: impl IntoIterator<Item = &'a PathBuf>) {
        for path in paths {
            self.add_input("an annotation file", path, resolved(path), true);
        }
    }

    /// Reads `path` as `what` unless it is read already.
    fn reads_once(&mut self, what: &str, path: &Path) {
        let target = resolved(path);
        if !self.input_at.contains_key(&target) {
            self.add_input(what, path, target, false);
        }
    }

    /// Every file that the reading options name or that reading found (a Glozz text found
    /// beside the `.aa`, its model): the annotation files replaceable, the others not.
    pub fn reads_input_args(&mut self, input: &InputArgs, found: &[PathBuf]) {
        self.reads_annotations(&input.files);
        if let Some(text) = &input.text {
            self.reads("the text", text);
        }
        if let Some(model) = &input.model {
            self.reads("the annotation model", model);
        }
        for path in found {
            self.reads_once("a file read with the annotations", path);
        }
        // Companions found by convention (a CSV's or brat file's .txt, a Glozz .ac and the
        // .aam beside it) are read too, though a reader may not list them. A folder's `.aam`
        // files are listed once per folder.
        let mut models_listed = HashSet::new();
        let annotations: Vec<PathBuf> = input.files.iter().chain(found).cloned().collect();
        for path in &annotations {
            for companion in companions(path, &mut models_listed) {
                self.reads_once("a companion of an annotation file", &companion);
            }
        }
    }

    /// A file the command will write (`what`: "--out", "--report", …): refused when it is one
    /// of the inputs (unless an annotation file and `overwrite_input`) or another output.
    pub fn writes(
        &mut self,
        what: &str,
        path: &Path,
        overwrite_input: bool,
    ) -> Result<(), Failure> {
        // A batch a killed run left beside the output lands (or goes) before it is compared.
        if let Some(folder) = path.parent() {
            let folder = if folder.as_os_str().is_empty() {
                Path::new(".")
            } else {
                folder
            };
            if self.recovered.insert(folder.to_path_buf()) {
                gamma_formats::finish_interrupted_writes(folder);
            }
        }
        let target = resolved(path);
        if let Some(input) = self.input_at.get(&target).map(|&i| &self.inputs[i])
            && !(input.replaceable && overwrite_input)
        {
            let hint = if input.replaceable {
                " (--overwrite-input allows it)"
            } else {
                ""
            };
            return Err(Failure::BadInput(format!(
                "{what} {} is an input file of this command ({}: {}); choose another file{hint}",
                path.display(),
                input.what,
                input.given.display()
            )));
        }
        if let Some(other) = self.output_at.get(&target).map(|&o| &self.outputs[o]) {
            return Err(Failure::BadInput(format!(
                "{what} {} is also {} ({}): two outputs cannot be one file",
                path.display(),
                other.what,
                other.given.display()
            )));
        }
        // Names from inside the inputs may differ by case only: on Windows and macOS they
        // would be one file, so they are refused everywhere.
        let folded = target.to_string_lossy().to_lowercase();
        if let Some(other) = self
            .folded_output_at
            .get(&folded)
            .map(|&o| &self.outputs[o])
        {
            return Err(Failure::BadInput(format!(
                "{what} {} and {} ({}) differ only in case: on a system that ignores case they are one file",
                path.display(),
                other.what,
                other.given.display()
            )));
        }
        let index = self.outputs.len();
        self.output_at.insert(target, index);
        self.folded_output_at.insert(folded, index);
        self.outputs.push(Role::new(what, path, false));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(result: Result<(), Failure>) -> String {
        match result {
            Err(Failure::BadInput(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn an_output_may_be_neither_an_input_nor_another_output() {
        let dir = tempfile::tempdir().unwrap();
        let doc = dir.path().join("doc.csv");
        std::fs::write(&doc, "a,X,0,1\n").unwrap();
        let matrix = dir.path().join("m.csv");
        std::fs::write(&matrix, "").unwrap();
        let mut plan = FilePlan::default();
        plan.reads_annotations([&doc]);
        plan.reads("the category matrix", &matrix);
        // The same file by another spelling.
        let other_spelling = dir.path().join(".").join("doc.csv");
        let message = refusal(plan.writes("--out", &other_spelling, false));
        assert!(
            message.contains("is an input file of this command (an annotation file"),
            "{message}"
        );
        assert!(message.contains("--overwrite-input allows it"), "{message}");
        plan.writes("--out", &doc, true).unwrap();
        let message = refusal(plan.writes("--report", &matrix, true));
        assert!(message.contains("(the category matrix: "), "{message}");
        let new = dir.path().join("new.csv");
        let mut plan = FilePlan::default();
        plan.writes("--out", &new, false).unwrap();
        let message = refusal(plan.writes("--report", &dir.path().join("./new.csv"), false));
        assert!(
            message.contains("two outputs cannot be one file"),
            "{message}"
        );
        let message = refusal(plan.writes("--report", &dir.path().join("NEW.csv"), false));
        assert!(message.contains("differ only in case"), "{message}");
    }
}
