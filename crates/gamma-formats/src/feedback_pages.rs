//! Each annotator's feedback ([`gamma_core::feedback`]) as one self-contained page: HTML (inline
//! CSS, no script, no image, no link out of the page — it opens offline and prints) or Markdown.
//! Every name and text from the annotations is escaped. [`write_feedback`] writes one page per
//! annotator into a folder, every page together (a failure leaves none of them replaced).

use crate::{FileError, safe_file_name, write_atomically, write_together};
use gamma_core::diagnostics::Usage;
use gamma_core::feedback::{Against, AnnotatorFeedback, Disagreement, Kind, ShownUnit};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The forms of a feedback page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageFormat {
    /// `.html`: one self-contained page.
    Html,
    /// `.md`: Markdown.
    Markdown,
}

impl PageFormat {
    /// The extension of its files.
    pub fn extension(self) -> &'static str {
        match self {
            PageFormat::Html => "html",
            PageFormat::Markdown => "md",
        }
    }

    /// The page of `feedback` in this form; offsets are in `position_unit`.
    pub fn render(self, feedback: &AnnotatorFeedback, position_unit: &str) -> String {
        match self {
            PageFormat::Html => html(feedback, position_unit),
            PageFormat::Markdown => markdown(feedback, position_unit),
        }
    }
}

/// Text for HTML: `& < > " '` as entities, control characters as U+FFFD.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Text for Markdown within a line (never at its start): every character Markdown reads as
/// markup there after a backslash (emphasis, code, links, tables, HTML, entities), line breaks
/// and other control characters as spaces.
pub fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '<' | '>' | '~' | '&' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn signed(x: Option<f64>) -> String {
    x.map_or("–".to_string(), |x| format!("{x:+.2}"))
}

/// A unit in words: category, span and the text it covers.
fn unit_words(unit: &ShownUnit) -> (String, String) {
    let span = format!("{} [{}, {})", unit.category, unit.start, unit.end);
    (span, unit.text.clone().unwrap_or_default())
}

fn reference_name(against: Against) -> &'static str {
    match against {
        Against::Gold => "Gold",
        Against::Majority { tie: false } => "Majority",
        Against::Majority { tie: true } => "Majority (a tie, settled by the suggestion)",
    }
}

/// The lead sentence and the rows of the profile table (figure, you, the group).
fn profile_rows(f: &AnnotatorFeedback, position_unit: &str) -> Vec<[String; 3]> {
    let (p, g) = (&f.profile, &f.group);
    let used = |wanted: Usage| {
        let list: Vec<&str> = (p.categories.iter())
            .filter(|c| c.usage == wanted)
            .map(|c| c.category.as_str())
            .collect();
        if list.is_empty() {
            "none".to_string()
        } else {
            list.join(", ")
        }
    };
    vec![
        [
            "units marked".into(),
            p.units.to_string(),
            format!("{:.1}", g.units),
        ],
        [
            "units missed (all the others marked one)".into(),
            p.missed.count.to_string(),
            format!("{:.1}", g.missed),
        ],
        [
            "units added (nobody else marked one)".into(),
            p.added.count.to_string(),
            format!("{:.1}", g.added),
        ],
        [
            format!("mean start offset, in {position_unit} (negative: earlier than the others)"),
            signed(p.start_offset),
            signed(g.start_offset),
        ],
        [
            format!("mean end offset, in {position_unit} (positive: later than the others)"),
            signed(p.end_offset),
            signed(g.end_offset),
        ],
        [
            "categories used more than the others".into(),
            used(Usage::Over),
            String::new(),
        ],
        [
            "categories used less than the others".into(),
            used(Usage::Under),
            String::new(),
        ],
    ]
}

fn lead(f: &AnnotatorFeedback) -> String {
    format!(
        "{} disagreement(s) in {} document(s), against the gold where it is decided and against \
         the majority of the annotators elsewhere; {} place(s) where you agree.{}",
        f.disagreements.len(),
        f.documents,
        f.agreements,
        if f.anonymised {
            " The other annotators are not named."
        } else {
            ""
        }
    )
}

const STYLE: &str = r#"
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; max-width: 52em;
       margin: 2em auto; padding: 0 1em; color: #1d1d1d; line-height: 1.45; }
h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
.lead { color: #555; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
li.disagreement { margin: 0.6em 0; }
.context { font-family: "DejaVu Sans Mono", monospace; background: #f7f7f2; padding: 0.2em 0.4em; }
mark { background: #ffe08a; }
.where { color: #777; font-size: 0.85em; }
.why { color: #2a5d8f; }
@media print { body { margin: 0; max-width: none; } li.disagreement { break-inside: avoid; } }
"#;

/// The page as self-contained HTML.
pub fn html(f: &AnnotatorFeedback, position_unit: &str) -> String {
    let name = escape(&f.annotator);
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Feedback for {name}</title><style>{STYLE}</style></head><body><h1>Feedback for {name}</h1><p class=\"lead\">{}</p>",
        escape(&lead(f))
    );
    s.push_str("<table id=\"summary\"><tr><th>kind</th><th>disagreements</th></tr>");
    for kind in Kind::ALL {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td></tr>",
            escape(kind.title()),
            f.count(kind)
        );
    }
    s.push_str("</table><h2>Your profile beside the group's</h2><table id=\"profile\"><tr><th>figure</th><th>you</th><th>the group's mean</th></tr>");
    for row in profile_rows(f, position_unit) {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&row[0]),
            escape(&row[1]),
            escape(&row[2])
        );
    }
    s.push_str("</table>");
    for kind in Kind::ALL {
        let groups = f.by_category(kind);
        if groups.is_empty() {
            continue;
        }
        let _ = write!(s, "<h2>{} ({})</h2>", escape(kind.title()), f.count(kind));
        for (category, list) in groups {
            let _ = write!(s, "<h3>{} ({})</h3><ol>", escape(category), list.len());
            for d in list {
                html_disagreement(&mut s, d);
            }
            s.push_str("</ol>");
        }
    }
    s.push_str("</body></html>\n");
    s
}

fn html_unit(s: &mut String, label: &str, unit: Option<&ShownUnit>) {
    let _ = write!(s, "<div><strong>{}</strong>: ", escape(label));
    match unit {
        Some(u) => {
            let (span, text) = unit_words(u);
            let _ = write!(s, "{} “{}”", escape(&span), escape(&text));
        }
        None => s.push_str("nothing"),
    }
    s.push_str("</div>");
}

fn html_disagreement(s: &mut String, d: &Disagreement) {
    let _ = write!(
        s,
        "<li class=\"disagreement\" id=\"d{}-{}\">",
        d.id.document, d.id.alignment
    );
    if let Some(c) = &d.context {
        let _ = write!(
            s,
            "<div class=\"context\">{}<mark>{}</mark>{}</div>",
            escape(&c.before),
            escape(&c.span),
            escape(&c.after)
        );
    }
    html_unit(s, "You", d.hers.as_ref());
    let reference = reference_name(d.against);
    match d.reference.as_slice() {
        [] => html_unit(s, reference, None),
        units => units.iter().for_each(|u| html_unit(s, reference, Some(u))),
    }
    for other in &d.others {
        html_unit(s, &other.who, Some(other));
    }
    let _ = write!(s, "<div>Decision: {}", escape(&d.decision));
    if let Some(reason) = &d.reason {
        let _ = write!(
            s,
            " — <span class=\"why\">reason: {}</span>",
            escape(reason)
        );
    }
    if let Some(note) = &d.note {
        let _ = write!(s, " — <span class=\"why\">note: {}</span>", escape(note));
    }
    let _ = write!(
        s,
        "</div><div class=\"where\">{}, alignment {}</div></li>",
        escape(&d.document),
        d.id.alignment + 1
    );
}

/// The page as Markdown.
pub fn markdown(f: &AnnotatorFeedback, position_unit: &str) -> String {
    let mut s = format!(
        "# Feedback for {}\n\n{}\n\n",
        md(&f.annotator),
        md(&lead(f))
    );
    s.push_str("| kind | disagreements |\n|---|---|\n");
    for kind in Kind::ALL {
        let _ = writeln!(s, "| {} | {} |", kind.title(), f.count(kind));
    }
    s.push_str("\n## Your profile beside the group's\n\n| figure | you | the group's mean |\n|---|---|---|\n");
    for row in profile_rows(f, position_unit) {
        let _ = writeln!(s, "| {} | {} | {} |", md(&row[0]), md(&row[1]), md(&row[2]));
    }
    for kind in Kind::ALL {
        let groups = f.by_category(kind);
        if groups.is_empty() {
            continue;
        }
        let _ = write!(s, "\n## {} ({})\n", kind.title(), f.count(kind));
        for (category, list) in groups {
            let _ = write!(s, "\n### {} ({})\n\n", md(category), list.len());
            for d in list {
                md_disagreement(&mut s, d);
            }
        }
    }
    s
}

fn md_unit(label: &str, unit: Option<&ShownUnit>) -> String {
    match unit {
        Some(u) => {
            let (span, text) = unit_words(u);
            format!("{}: {} “{}”", md(label), md(&span), md(&text))
        }
        None => format!("{}: nothing", md(label)),
    }
}

fn md_disagreement(s: &mut String, d: &Disagreement) {
    let context = d.context.as_ref().map_or_else(String::new, |c| {
        format!("{}**{}**{}", md(&c.before), md(&c.span), md(&c.after))
    });
    let _ = writeln!(
        s,
        "- {context} ({}, alignment {})",
        md(&d.document),
        d.id.alignment + 1
    );
    let mut lines = vec![md_unit("You", d.hers.as_ref())];
    let reference = reference_name(d.against);
    match d.reference.as_slice() {
        [] => lines.push(md_unit(reference, None)),
        units => lines.extend(units.iter().map(|u| md_unit(reference, Some(u)))),
    }
    lines.extend(d.others.iter().map(|o| md_unit(&o.who, Some(o))));
    let mut decision = format!("Decision: {}", md(&d.decision));
    if let Some(reason) = &d.reason {
        decision += &format!(" — reason: {}", md(reason));
    }
    if let Some(note) = &d.note {
        decision += &format!(" — note: {}", md(note));
    }
    lines.push(decision);
    for line in lines {
        let _ = writeln!(s, "  - {line}");
    }
}

/// Writes one page per annotator of `pages` into `folder` (created if missing), in each of
/// `formats`, as `feedback-NAME.html` / `.md` (the name made safe as a file name); all
/// together. Returns the files written.
pub fn write_feedback(
    folder: &Path,
    pages: &[AnnotatorFeedback],
    formats: &[PageFormat],
    position_unit: &str,
) -> Result<Vec<PathBuf>, FileError> {
    let mut planned: Vec<(PathBuf, String)> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for page in pages {
        let safe = safe_file_name(&page.annotator).map_err(|e| {
            FileError::new(folder, None, format!("annotator {:?}: {e}", page.annotator))
        })?;
        let lower = safe.to_lowercase();
        if names.contains(&lower) {
            return Err(FileError::new(
                folder,
                None,
                format!("two annotators' pages would be one file ({safe}): rename an annotator"),
            ));
        }
        names.push(lower);
        for format in formats {
            let path = folder.join(format!("feedback-{safe}.{}", format.extension()));
            planned.push((path, format.render(page, position_unit)));
        }
    }
    if !folder.is_dir() {
        std::fs::create_dir_all(folder)
            .map_err(|e| FileError::new(folder, None, format!("cannot create the folder: {e}")))?;
    }
    write_together(|| {
        for (path, text) in &planned {
            write_atomically(path, text.as_bytes())?;
        }
        Ok(())
    })?;
    Ok(planned.into_iter().map(|(path, _)| path).collect())
}
