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
use std::path::Path;

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
/// seed) into `out`, with `--calibrate` when `calibrate`: what the app prints in the report
/// it exports.
pub fn report_command(
    inputs: &[&OsStr],
    options: &GammaOptions,
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
    if calibrate {
        arguments.push(OsStr::new("--calibrate"));
    }
    arguments.extend([OsStr::new("-o"), out.as_os_str()]);
    command_line(arguments)
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
}
