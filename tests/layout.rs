//! The shape of the source tree, checked like behaviour: no source file over 800 lines, no
//! function over 150 lines, and no import cycle between files (file A naming an item of file
//! B while B names one of A, directly or through others). Each failure names the file and line.
//!
//! References between a module and its own submodules (a child using its parent's items, a
//! parent re-exporting its children's) are how Rust's module tree is built and do not count:
//! a cycle is between files of which neither contains the other.
//!
//! The rules read rustfmt-formatted code: a function ends at the first line that closes a brace
//! at the indentation of its `fn`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 800;
const MAX_FUNCTION_LINES: usize = 150;

fn rust_files(folder: &Path, into: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "fixtures") {
                continue;
            }
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// The workspace's crates: their folders, relative to the top.
const CRATES: [&str; 4] = [".", "crates/gamma-core", "crates/gamma-formats", "python"];

fn all_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for krate in CRATES {
        for folder in ["src", "tests", "examples", "benches"] {
            let folder = root.join(krate).join(folder);
            if folder.is_dir() {
                rust_files(&folder, &mut files);
            }
        }
    }
    files
}

fn relative(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

/// `(name, first line, number of lines)` of every function of `text`.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let Some(at) = trimmed.find("fn ") else {
            continue;
        };
        let before = &trimmed[..at];
        let is_declaration = before.split_whitespace().all(|word| {
            word.starts_with("pub")
                || matches!(word, "async" | "const" | "unsafe" | "extern" | "\"C\"")
        });
        if !is_declaration || trimmed.starts_with("//") {
            continue;
        }
        let name: String = trimmed[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // A declaration without a body (in a trait) reaches its `;` before any `{`.
        let body_opens = lines[i..]
            .iter()
            .map(|l| code_of(l))
            .find(|l| l.contains('{') || l.trim_end().ends_with(';'))
            .is_some_and(|l| l.contains('{'));
        if !body_opens {
            continue;
        }
        let closing = format!("{}}}", " ".repeat(indent));
        let end = lines[i..]
            .iter()
            .position(|l| {
                l.trim_end() == closing
                    || (l.starts_with(&closing) && l.trim_end().len() == indent + 1)
            })
            .map_or(lines.len(), |offset| i + offset);
        found.push((name, i + 1, end - i + 1));
    }
    found
}

#[test]
fn no_file_and_no_function_is_too_long() {
    let mut problems = Vec::new();
    for path in all_sources() {
        let text = std::fs::read_to_string(&path).unwrap();
        let n = text.lines().count();
        if n > MAX_FILE_LINES {
            problems.push(format!(
                "{}: {n} lines (at most {MAX_FILE_LINES})",
                relative(&path)
            ));
        }
        for (name, line, length) in functions(&text) {
            if length > MAX_FUNCTION_LINES {
                problems.push(format!(
                    "{}:{line}: fn {name} has {length} lines (at most {MAX_FUNCTION_LINES})",
                    relative(&path)
                ));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// The module path of a source file of `src/` (`["app", "measure", "settings"]` for
/// `src/app/measure/settings.rs`).
fn module_of(path: &Path, src: &Path) -> Vec<String> {
    let relative = path.strip_prefix(src).unwrap().with_extension("");
    let mut segments: Vec<String> = relative
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if matches!(
        segments.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        segments.pop();
    }
    segments
}

/// Code without comments and string literals, roughly: enough to find paths.
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `super::…`, `self::…`, `crate::…` path and every path through a child module named in
/// `code`, as absolute module paths.
fn referenced_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let children: BTreeSet<String> = code
        .lines()
        .filter_map(|l| {
            let t = l.trim();
            let t = t.strip_prefix("pub ").unwrap_or(t);
            let t = t.strip_prefix("pub(crate) ").unwrap_or(t);
            t.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect();
    // The module that `super` names from this file, and the one `self` names.
    let here = module.to_vec();
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0
            || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if !starts_word || !(bytes[i].is_alphabetic() || bytes[i] == '_') {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut segments = Vec::new();
        loop {
            let start = j;
            while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_') {
                j += 1;
            }
            segments.push(bytes[start..j].iter().collect::<String>());
            if j + 2 < bytes.len()
                && bytes[j] == ':'
                && bytes[j + 1] == ':'
                && (bytes[j + 2].is_alphabetic() || bytes[j + 2] == '_')
            {
                j += 2;
            } else if j + 2 < bytes.len()
                && bytes[j] == ':'
                && bytes[j + 1] == ':'
                && bytes[j + 2] == '{'
            {
                // `use a::{b, c}`: each name in the braces continues the path.
                let close = bytes[j..]
                    .iter()
                    .position(|c| *c == '}')
                    .map_or(bytes.len(), |p| j + p);
                let inner: String = bytes[j + 3..close].iter().collect();
                for name in inner.split(',') {
                    let name = name.trim().split("::").next().unwrap_or("").trim();
                    if !name.is_empty() && name != "self" && name != "*" {
                        let mut with = segments.clone();
                        with.push(name.to_string());
                        found.push(with);
                    }
                }
                break;
            } else {
                break;
            }
        }
        if segments.len() > 1 {
            found.push(segments);
        }
        i = j.max(i + 1);
    }
    found
        .into_iter()
        .filter_map(|segments| {
            let mut absolute: Vec<String>;
            let mut rest = segments.as_slice();
            match rest[0].as_str() {
                "crate" => {
                    absolute = Vec::new();
                    rest = &rest[1..];
                }
                "self" => {
                    absolute = here.clone();
                    rest = &rest[1..];
                }
                "super" => {
                    absolute = here.clone();
                    while rest.first().is_some_and(|s| s == "super") {
                        absolute.pop();
                        rest = &rest[1..];
                    }
                }
                child if children.contains(child) => {
                    absolute = here.clone();
                }
                _ => return None,
            }
            absolute.extend(rest.iter().cloned());
            Some(absolute)
        })
        .collect()
}

#[test]
fn no_import_cycle_between_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    // Each crate on its own: `crate::` names a different root in each.
    for krate in CRATES {
        let src = root.join(krate).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let modules: BTreeMap<Vec<String>, PathBuf> = files
            .iter()
            .map(|f| (module_of(f, &src), f.clone()))
            .collect();
        for file in &files {
            let module = module_of(file, &src);
            let code = code_of(&std::fs::read_to_string(file).unwrap());
            for mut path in referenced_paths(&code, &module) {
                // The longest prefix of the path that is a file of the same crate.
                while !path.is_empty() {
                    if let Some(target) = modules.get(&path) {
                        let related = path.starts_with(&module) || module.starts_with(&path);
                        if !related {
                            edges
                                .entry(file.clone())
                                .or_default()
                                .insert(target.clone());
                        }
                        break;
                    }
                    path.pop();
                }
            }
        }
    }
    // A file's cycle: a path of edges back to itself.
    let mut cycles = BTreeSet::new();
    for start in edges.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((file, trail)) = stack.pop() {
            for next in edges.get(&file).into_iter().flatten() {
                if next == start {
                    let mut names: Vec<String> = trail.iter().map(|p| relative(p)).collect();
                    names.push(relative(start));
                    let mut key: Vec<String> = trail.iter().map(|p| relative(p)).collect();
                    key.sort();
                    if cycles.insert(key) {
                        eprintln!("cycle: {}", names.join(" → "));
                    }
                } else if seen.insert(next.clone()) {
                    let mut longer = trail.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    assert!(cycles.is_empty(), "import cycles between files: {cycles:?}");
}

#[test]
fn the_function_finder_measures_functions() {
    let text = "fn a() {\n    1;\n}\n\nimpl X {\n    pub fn b(&self) {\n        if x {\n        }\n    }\n}\n";
    assert_eq!(
        functions(text),
        vec![("a".to_string(), 1, 3), ("b".to_string(), 6, 4)]
    );
}

/// The names of the `[dependencies]` of a crate's manifest.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_dependencies = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies
            && !line.starts_with('#')
            && let Some((name, _)) = line.split_once('=')
        {
            names.push(name.trim().trim_end_matches(".workspace").to_string());
        }
    }
    names
}

#[test]
fn the_measures_depend_on_no_gui_command_line_or_format_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("crates/gamma-core/Cargo.toml")).unwrap();
    let names = dependencies(&manifest);
    assert!(names.contains(&"good_lp".to_string()), "{names:?}");
    let forbidden = [
        "eframe",
        "egui",
        "egui_plot",
        "egui_kittest",
        "rfd",
        "clap",
        "dirs",
        "png",
        "csv",
        "quick-xml",
        "zip",
        "gamma-formats",
        "pyo3",
    ];
    for name in &names {
        assert!(
            !forbidden.contains(&name.as_str()),
            "crates/gamma-core depends on {name}: the measures build without GUI, command-line \
             and file-format crates"
        );
    }
}

/// Module files in one style: a module with sub-modules is `folder/mod.rs`, never `folder.rs`
/// beside `folder/` (tests/ excepted: there `name.rs` is a test binary and `name/` its parts).
#[test]
fn module_files_are_in_one_style() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut mixed = Vec::new();
    for krate in CRATES {
        let mut files = Vec::new();
        let src = root.join(krate).join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
        for file in files {
            if file.with_extension("").is_dir() {
                mixed.push(relative(&file));
            }
        }
    }
    assert!(mixed.is_empty(), "move these to <name>/mod.rs: {mixed:?}");
}

/// Whether `code` names `word` as a whole word (`egui`, not `egui_plot`'s `plot`).
fn names(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + word.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !part(before) && !part(after)
    })
}

/// The app's rooms: every folder of `src/app/` but `tests/` is a room whose `mod.rs` owns its
/// state and behaviour without widgets, its panel files drawing it; `src/app/mod.rs` composes
/// the rooms' states into `AppState`. None of them names egui or eframe.
#[test]
fn the_rooms_of_the_app_hold_their_state_without_widgets() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut states = vec![app.join("mod.rs")];
    let mut rooms: Vec<PathBuf> = std::fs::read_dir(&app)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_dir() && p.file_name().is_some_and(|n| n != "tests"))
        .collect();
    rooms.sort();
    assert!(rooms.len() >= 9, "the rooms: {rooms:?}");
    states.extend(rooms.iter().map(|room| room.join("mod.rs")));
    let mut widgets = Vec::new();
    for state in &states {
        let code = code_of(
            &std::fs::read_to_string(state)
                .unwrap_or_else(|e| panic!("{}: {e} (a room's state)", relative(state))),
        );
        for word in ["egui", "eframe", "egui_plot"] {
            if names(&code, word) {
                widgets.push(format!("{} names {word}", relative(state)));
            }
        }
    }
    assert!(
        widgets.is_empty(),
        "a room's mod.rs holds its state without widgets (draw in its panel files):\n{}",
        widgets.join("\n")
    );
}

/// One way to change what outlives a widget: a `Command` sent to the queue, applied in one
/// place. The queue's vector is private to `src/app/commands.rs` (only it drains the queue),
/// `AppState`'s queue is not public, and no other file reaches into it.
#[test]
fn the_command_queue_is_private() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let commands = code_of(&std::fs::read_to_string(app.join("commands.rs")).unwrap());
    assert!(
        commands.contains("pub struct Commands(Vec<Command>);"),
        "the queue's vector is private to commands.rs"
    );
    let state = code_of(&std::fs::read_to_string(app.join("mod.rs")).unwrap());
    let field = state
        .lines()
        .find(|l| l.trim_start().starts_with("commands:") || l.contains(" commands: "))
        .expect("AppState holds the queue");
    assert!(
        field.trim_start().starts_with("commands:"),
        "AppState's queue is private: {field}"
    );
    let mut files = Vec::new();
    rust_files(&app, &mut files);
    let reaching: Vec<String> = files
        .iter()
        .filter(|f| !f.ends_with("src/app/commands.rs"))
        .filter(|f| {
            let code = code_of(&std::fs::read_to_string(f).unwrap());
            code.contains(".commands.") || code.contains(".commands)")
        })
        .map(|f| relative(f))
        .collect();
    assert!(
        reaching.is_empty(),
        "only commands.rs reaches into the queue (send with AppState::send): {reaching:?}"
    );
}

/// What acts on the app state — computes, decides, reads or writes files, opens or closes —
/// as `AppState`'s methods (and the file functions): the panels send a `Command` for each,
/// applied in `src/app/commands.rs`.
const ACTIONS: [&str; 40] = [
    "adjudicate(",
    "adjudicate_counted(",
    "edit(",
    "start_adjudication(",
    "resume_adjudication(",
    "stop_adjudication(",
    "load_session(",
    "save_session_as(",
    "export(",
    "open_files(",
    "open_folder(",
    "open_project(",
    "save_project(",
    "open_demo(",
    "request_open(",
    "export_report(",
    "recompute(",
    "settings_changed(",
    "change_settings(",
    "select_document(",
    "set_documents(",
    "apply_corpus_rule(",
    "undo(",
    "redo(",
    "go_across(",
    "go_to_open(",
    "decided(",
    "export_gold_corpus(",
    "export_table(",
    "start_sweep(",
    "start_calibration(",
    "reopen_saved_session(",
    "list_saved_sessions(",
    "load_matrix(",
    "save_matrix(",
    "export_evaluation(",
    "load_mapping(",
    "keep_inputs(",
    "remember(",
    "write_atomically(",
];

/// The files that draw (those naming egui) change what outlives their widgets only through
/// commands: none calls an action of the state, none reads or writes a file.
#[test]
fn the_panels_act_through_commands() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = Vec::new();
    rust_files(&app, &mut files);
    let mut acting = Vec::new();
    for file in &files {
        let name = relative(file);
        if name.contains("/tests/") || name.ends_with("tests.rs") || name.ends_with("bench.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        if !names(&code, "egui") {
            continue;
        }
        for (number, line) in code.lines().enumerate() {
            for action in ACTIONS {
                let called = line.match_indices(action).any(|(at, _)| {
                    let before = line[..at].chars().next_back();
                    matches!(before, Some('.') | Some(':'))
                });
                if called {
                    acting.push(format!("{name}:{}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        acting.is_empty(),
        "send a Command (src/app/commands.rs) instead:\n{}",
        acting.join("\n")
    );
}
