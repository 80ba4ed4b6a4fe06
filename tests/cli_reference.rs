//! docs/cli.md is the command line's reference, and this test keeps it equal to the binary: under
//! the heading `## gamma-studio` and one heading `## gamma-studio COMMAND` per command, the
//! ```` ```text ```` block holds exactly what `--help` prints. Every command the binary lists
//! must have its section, and every section a command.
//!
//! With `GAMMA_STUDIO_BLESS_CLI_DOCS=1` the test rewrites the blocks from the binary instead
//! (adding a section at the end for a command that has none), so that the reference is
//! generated, never copied by hand:
//!
//! ```sh
//! GAMMA_STUDIO_BLESS_CLI_DOCS=1 cargo test --release --test cli_reference
//! ```

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BLESS: &str = "GAMMA_STUDIO_BLESS_CLI_DOCS";
const PROGRAM: &str = "gamma-studio";

fn reference_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md")
}

/// What `gamma-studio ARGS --help` prints when its output is not a terminal, as in a pipe or a
/// redirection: unstyled, and unwrapped (clap wraps help only with its `wrap_help` feature,
/// which the binary does not enable). Should that feature be enabled, it would read COLUMNS when
/// no terminal answers: COLUMNS is pinned to 100 so that the width stays fixed. The colour
/// variables are cleared.
fn help(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_gamma-studio"))
        .args(args)
        .arg("--help")
        .env("COLUMNS", "100")
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let shown = format!("{PROGRAM} {} --help", args.join(" "));
    assert!(output.status.success(), "`{shown}` failed: {output:?}");
    String::from_utf8(output.stdout).unwrap_or_else(|_| panic!("`{shown}` printed non-UTF-8"))
}

/// The commands `gamma-studio --help` lists (`help` left out: it prints the same help).
fn commands(top_help: &str) -> Vec<String> {
    top_help
        .lines()
        .skip_while(|line| line.trim_end() != "Commands:")
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        // A command's line is indented by two spaces; a wrapped description, by more.
        .filter(|line| line.starts_with("  ") && !line[2..].starts_with(' '))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// One `## gamma-studio …` section of the reference: its heading's line and its `text` block.
struct Section {
    /// The heading without `## `: `gamma-studio` or `gamma-studio COMMAND`.
    title: String,
    heading: usize,
    /// The lines of the block's fences (opening, closing), if the section has a block.
    block: Option<(usize, usize)>,
    /// How many `text` blocks the section has (one is expected).
    blocks: usize,
}

/// The sections of the reference, found outside fenced blocks.
fn sections(lines: &[&str]) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut open_fence: Option<(usize, bool)> = None;
    for (i, line) in lines.iter().enumerate() {
        if let Some((start, is_text)) = open_fence {
            if line.trim_end() == "```" {
                open_fence = None;
                if let Some(section) = sections.last_mut().filter(|_| is_text) {
                    section.blocks += 1;
                    section.block.get_or_insert((start, i));
                }
            }
        } else if let Some(info) = line.strip_prefix("```") {
            open_fence = Some((i, info.trim() == "text"));
        } else if let Some(title) = line.strip_prefix("## ")
            && (title.trim() == PROGRAM || title.starts_with(&format!("{PROGRAM} ")))
        {
            sections.push(Section {
                title: title.trim().to_string(),
                heading: i,
                block: None,
                blocks: 0,
            });
        }
    }
    assert!(
        open_fence.is_none(),
        "docs/cli.md: a fenced block is never closed"
    );
    sections
}

/// A line diff of the documented help (`-`) against the binary's (`+`), from their longest
/// common subsequence of lines.
fn diff(documented: &str, printed: &str) -> String {
    let a: Vec<&str> = documented.lines().collect();
    let b: Vec<&str> = printed.lines().collect();
    let mut common = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            common[i][j] = if a[i] == b[j] {
                common[i + 1][j + 1] + 1
            } else {
                common[i + 1][j].max(common[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out += &format!("  {}\n", a[i]);
            (i, j) = (i + 1, j + 1);
        } else if i < a.len() && (j == b.len() || common[i + 1][j] >= common[i][j + 1]) {
            out += &format!("- {}\n", a[i]);
            i += 1;
        } else {
            out += &format!("+ {}\n", b[j]);
            j += 1;
        }
    }
    out
}

/// The reference with every section's block set to `expected` (title → help), sections added
/// at the end for titles it lacks.
fn blessed(lines: &[&str], found: &[Section], expected: &[(String, String)]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut next = 0;
    for section in found {
        let Some((_, help)) = expected.iter().find(|(title, _)| *title == section.title) else {
            continue;
        };
        let (from, to) = match section.block {
            Some((open, close)) => (open, close + 1),
            None => (section.heading + 1, section.heading + 1),
        };
        out.extend(lines[next..from].iter().map(|l| l.to_string()));
        if section.block.is_none() {
            out.push(String::new());
        }
        out.push("```text".to_string());
        out.extend(help.lines().map(str::to_string));
        out.push("```".to_string());
        next = to;
    }
    out.extend(lines[next..].iter().map(|l| l.to_string()));
    for (title, help) in expected {
        if !found.iter().any(|s| s.title == *title) {
            while out.last().is_some_and(|l| l.trim().is_empty()) {
                out.pop();
            }
            out.extend([
                String::new(),
                format!("## {title}"),
                String::new(),
                "```text".to_string(),
            ]);
            out.extend(help.lines().map(str::to_string));
            out.push("```".to_string());
        }
    }
    out.join("\n") + "\n"
}

#[test]
fn the_cli_reference_is_the_help_the_binary_prints() {
    let top = help(&[]);
    let mut expected = vec![(PROGRAM.to_string(), top.clone())];
    for command in commands(&top) {
        let printed = help(&[&command]);
        expected.push((format!("{PROGRAM} {command}"), printed));
    }
    assert!(expected.len() > 5, "too few commands found in:\n{top}");

    let path = reference_path();
    let text = std::fs::read_to_string(&path).expect("docs/cli.md is readable");
    let lines: Vec<&str> = text.lines().collect();
    let found = sections(&lines);
    let stale: Vec<&str> = found
        .iter()
        .filter(|s| !expected.iter().any(|(title, _)| *title == s.title))
        .map(|s| s.title.as_str())
        .collect();
    assert!(
        stale.is_empty(),
        "docs/cli.md documents commands the binary does not have (remove their sections): {stale:?}"
    );

    if std::env::var_os(BLESS).is_some_and(|v| v == "1") {
        std::fs::write(&path, blessed(&lines, &found, &expected)).expect("docs/cli.md written");
        eprintln!("docs/cli.md rewritten from the binary's --help");
        return;
    }

    let mut problems = Vec::new();
    for (title, printed) in &expected {
        let Some(section) = found.iter().find(|s| s.title == *title) else {
            problems.push(format!(
                "`{title}` has no section `## {title}` in docs/cli.md"
            ));
            continue;
        };
        let Some((open, close)) = section.block.filter(|_| section.blocks == 1) else {
            problems.push(format!(
                "`## {title}` (docs/cli.md line {}) needs exactly one ```text block, has {}",
                section.heading + 1,
                section.blocks
            ));
            continue;
        };
        let documented: String = lines[open + 1..close]
            .iter()
            .map(|l| format!("{l}\n"))
            .collect();
        if documented != *printed {
            problems.push(format!(
                "`{title} --help` differs from docs/cli.md lines {}–{} \
                 (- documented, + printed):\n{}",
                open + 2,
                close,
                diff(&documented, printed)
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{}\n\nRegenerate the reference with {BLESS}=1 cargo test --release --test cli_reference",
        problems.join("\n\n")
    );
}

#[test]
fn the_reference_reader_finds_sections_commands_and_differences() {
    let top = "Usage: gamma-studio [COMMAND]\n\nCommands:\n  gamma  Compute γ of one\n         document\n  help   Print this\n\nOptions:\n  -h, --help  Print help\n";
    assert_eq!(commands(top), ["gamma"]);

    let doc = "# CLI\n\n## gamma-studio\n\n```text\nold\n```\n\n## gamma-studio gamma\n\nprose\n\n```sh\ngamma-studio gamma x\n```\n\n## Other\n";
    let lines: Vec<&str> = doc.lines().collect();
    let found = sections(&lines);
    let titles: Vec<&str> = found.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["gamma-studio", "gamma-studio gamma"]);
    assert_eq!(found[0].block, Some((4, 6)));
    assert_eq!(found[1].block, None);

    let expected = [
        ("gamma-studio".to_string(), "new\n".to_string()),
        ("gamma-studio gamma".to_string(), "gamma help\n".to_string()),
        ("gamma-studio sweep".to_string(), "sweep help\n".to_string()),
    ];
    let rewritten = blessed(&lines, &found, &expected);
    assert!(rewritten.contains("## gamma-studio\n\n```text\nnew\n```\n"));
    assert!(rewritten.contains("## gamma-studio gamma\n\n```text\ngamma help\n```\n\nprose\n"));
    assert!(rewritten.contains("```sh\ngamma-studio gamma x\n```"));
    assert!(rewritten.ends_with("## gamma-studio sweep\n\n```text\nsweep help\n```\n"));
    let again: Vec<&str> = rewritten.lines().collect();
    assert_eq!(blessed(&again, &sections(&again), &expected), rewritten);

    assert_eq!(diff("a\nb\nc\n", "a\nx\nc\n"), "  a\n- b\n+ x\n  c\n");
}
