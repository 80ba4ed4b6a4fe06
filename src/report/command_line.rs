//! The command that gives a report's figures again, written so that a POSIX shell gives back
//! each argument exactly: an argument of letters, digits and `_-+=:,./@%` only is written as it
//! is, any other (spaces, quotes, `$`, `` ` ``, `;`, `*`, line breaks, an empty one) between
//! single quotes, each `'` in it written `'\''`, each control character but the line feed made
//! by `printf` from its bytes (`'a'"$(printf '\033')"'b'`: the line holds no ESC). Pasting it
//! runs `gamma-studio` and nothing else, whatever the files are named (`x$(touch P).csv` stays
//! a name).

use gamma_core::GammaOptions;
use std::borrow::Cow;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// `argument` as a POSIX shell reads it back as one word, exactly.
pub fn shell_quoted(argument: &str) -> Cow<'_, str> {
    let plain = !argument.is_empty()
        && argument
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-+=:,./@%".contains(&b));
    if plain {
        return Cow::Borrowed(argument);
    }
    let mut quoted = String::from("'");
    for c in argument.chars() {
        match c {
            '\'' => quoted.push_str(r"'\''"),
            // A control character (but the line feed, kept between the quotes) is made by
            // printf from its bytes in octal, so that the line holds none.
            c if c != '\n' && crate::printable::is_unsafe(c) => {
                let mut bytes = [0; 4];
                let octal: String = (c.encode_utf8(&mut bytes).bytes())
                    .map(|b| format!("\\{b:03o}"))
                    .collect();
                quoted.push_str(&format!("'\"$(printf '{octal}')\"'"));
            }
            c => quoted.push(c),
        }
    }
    quoted.push('\'');
    Cow::Owned(quoted)
}

/// `gamma-studio` followed by `arguments`, each [`shell_quoted`] (an argument that is not
/// UTF-8 is written with U+FFFD for its bytes that are not).
pub fn command_line<I, S>(arguments: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut line = String::from("gamma-studio");
    for argument in arguments {
        line.push(' ');
        line.push_str(&shell_quoted(&argument.as_ref().to_string_lossy()));
    }
    line
}

/// The `report` command that measures `inputs` with `options` (its dissimilarity's weights and
/// seed) into `out`, the categories `excluded` left out, with `--calibrate` when `calibrate`:
/// what the app prints in the report it exports.
pub fn report_command(
    inputs: &[&OsStr],
    options: &GammaOptions,
    excluded: &[&str],
    calibrate: bool,
    out: &Path,
) -> String {
    let d = &options.dissimilarity;
    let settings = [
        ("--alpha", d.alpha.to_string()),
        ("--beta", d.beta.to_string()),
        ("--delta-empty", d.delta_empty.to_string()),
        ("--seed", options.seed.to_string()),
    ];
    let mut arguments: Vec<&OsStr> = vec![OsStr::new("report")];
    arguments.extend(inputs);
    for (flag, value) in &settings {
        arguments.push(OsStr::new(flag));
        arguments.push(OsStr::new(value));
    }
    for category in excluded {
        arguments.extend([OsStr::new("--exclude-category"), OsStr::new(category)]);
    }
    if calibrate {
        arguments.push(OsStr::new("--calibrate"));
    }
    arguments.extend([OsStr::new("-o"), out.as_os_str()]);
    command_line(arguments)
}

/// The deepest folder that holds every one of `paths` (none for relative names).
pub fn common_folder(paths: &[PathBuf]) -> Option<PathBuf> {
    let mut common = paths.first()?.parent()?.to_path_buf();
    for path in paths {
        while !path.starts_with(&common) {
            common = common.parent()?.to_path_buf();
        }
    }
    (common.is_absolute()).then_some(common)
}

/// `path` made absolute (from the working folder) with its `.` and `..` resolved by name.
pub fn absolute(path: &Path) -> PathBuf {
    let whole = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for component in whole.components() {
        match component {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// `path` as a colleague names it: relative to `base` (the folder that holds the corpus) when
/// under it, else by its file name alone; never a local absolute path.
pub fn shared_name(path: &Path, base: Option<&Path>) -> PathBuf {
    let whole = absolute(path);
    match base.and_then(|b| whole.strip_prefix(b).ok()) {
        Some(relative) if !relative.as_os_str().is_empty() => relative.to_path_buf(),
        _ => whole
            .file_name()
            .map_or_else(|| path.to_path_buf(), PathBuf::from),
    }
}

/// `arguments` (a command line as given) with every argument naming one of `paths` (alone or
/// after `--flag=`) written as [`shared_name`] relative to the folder that holds `inputs`: the
/// command to reproduce then runs on a colleague's machine from the corpus's parent folder.
pub fn with_shared_names(
    arguments: impl IntoIterator<Item = std::ffi::OsString>,
    inputs: &[PathBuf],
    paths: &[&Path],
) -> Vec<std::ffi::OsString> {
    let absolute_inputs: Vec<PathBuf> = inputs.iter().map(|p| absolute(p)).collect();
    let base = common_folder(&absolute_inputs);
    let named: Vec<&Path> = (paths.iter().copied())
        .chain(inputs.iter().map(PathBuf::as_path))
        .collect();
    let shared = |argument: &OsStr| -> Option<std::ffi::OsString> {
        (named.iter())
            .any(|p| p.as_os_str() == argument)
            .then(|| shared_name(Path::new(argument), base.as_deref()).into_os_string())
    };
    (arguments.into_iter())
        .map(|argument| {
            if let Some(named) = shared(&argument) {
                return named;
            }
            let text = argument.to_string_lossy().into_owned();
            match text.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => match shared(OsStr::new(value)) {
                    Some(named) => {
                        let mut joined = std::ffi::OsString::from(format!("{flag}="));
                        joined.push(named);
                        joined
                    }
                    None => argument,
                },
                _ => argument,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_quoted_only_when_needed() {
        assert_eq!(shell_quoted("doc.csv"), "doc.csv");
        assert_eq!(shell_quoted("--alpha"), "--alpha");
        assert_eq!(shell_quoted(""), "''");
        assert_eq!(shell_quoted("a b"), "'a b'");
        assert_eq!(shell_quoted("it's"), r"'it'\''s'");
        assert_eq!(
            shell_quoted("x$(touch${IFS}P).csv"),
            "'x$(touch${IFS}P).csv'"
        );
        assert_eq!(shell_quoted("~/a"), "'~/a'");
        assert_eq!(shell_quoted("a\u{1b}b"), r#"'a'"$(printf '\033')"'b'"#);
        assert_eq!(
            command_line(["report", "a b.csv", "-o", "r.html"]),
            "gamma-studio report 'a b.csv' -o r.html"
        );
    }

    #[test]
    fn the_command_names_the_corpus_from_its_parent_folder() {
        let arguments = [
            "report",
            "/home/ana/campaign/corpus",
            "--seed",
            "7",
            "-o",
            "/tmp/r.html",
            "--session=/home/ana/campaign/s.json",
        ]
        .map(std::ffi::OsString::from);
        let inputs = [PathBuf::from("/home/ana/campaign/corpus")];
        let out = Path::new("/tmp/r.html");
        let session = Path::new("/home/ana/campaign/s.json");
        let shared = with_shared_names(arguments, &inputs, &[out, session]);
        assert_eq!(
            command_line(shared),
            "gamma-studio report corpus --seed 7 -o r.html --session=s.json"
        );
        let files = [
            PathBuf::from("/data/c/ana/x.aa"),
            PathBuf::from("/data/c/ben/x.aa"),
        ];
        let arguments = ["report", "/data/c/ana/x.aa", "/data/c/ben/x.aa"];
        let shared = with_shared_names(arguments.map(Into::into), &files, &[]);
        assert_eq!(
            command_line(shared),
            "gamma-studio report ana/x.aa ben/x.aa"
        );
    }
}
