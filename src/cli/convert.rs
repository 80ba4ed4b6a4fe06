//! `gamma-studio convert IN... --to FORMAT OUT`

use super::Failure;
use super::file_plan::FilePlan;
use super::input::InputArgs;
use super::input::{format_parser, warning_in_flags};
use crate::printable::{name, say, tell};
use clap::Args;
use gamma_formats::format::Output;
use gamma_formats::{Format, planned_paths, write_continuum};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The output format: one file (csv, elan, textgrid, rttm) or a folder with one file per
    /// annotator (the others; Glozz also the .ac, brat each .txt).
    #[arg(long, ignore_case = true, value_parser = format_parser(true))]
    pub to: Format,
    /// Where to write. Several input documents go to `OUT/<document>` each.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub out: PathBuf,
}

pub fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let documents = args.input.read_to_convert()?;
    let inputs: Vec<PathBuf> = documents.iter().flat_map(|d| d.source.paths()).collect();
    let read_options = args.input.read_options()?;
    let several = documents.len() > 1;
    // A document's name comes from inside its file (a CorA text id, an archive's folder): with
    // several documents it becomes one file name inside OUT, or the conversion is refused.
    let bad_name =
        |e: &dyn std::fmt::Display| Failure::BadInput(format!("{}: {e}", args.out.display()));
    if several {
        gamma_formats::distinct_safe_file_names(
            documents.iter().map(|d| d.continuum.name.as_str()),
            "document",
        )
        .map_err(|e| bad_name(&e))?;
    }
    let out_of = |document: &gamma_formats::Document| -> Result<PathBuf, Failure> {
        if !several {
            return Ok(args.out.clone());
        }
        let description = args.to.description();
        let extension = match description.output {
            Some(Output::File) => format!(".{}", description.written_extension),
            _ => String::new(),
        };
        let name =
            gamma_formats::safe_file_name(&document.continuum.name).map_err(|e| bad_name(&e))?;
        Ok(args.out.join(format!("{name}{extension}")))
    };
    let outs: Vec<PathBuf> = documents.iter().map(out_of).collect::<Result<_, _>>()?;
    // Every file of every document is checked before the first is written.
    let mut plan = FilePlan::default();
    plan.reads_input_args(&args.input, &inputs);
    for (document, out) in documents.iter().zip(&outs) {
        for path in planned_paths(&document.continuum, args.to, out) {
            plan.writes("--out", &path, false)?;
        }
    }
    if several {
        std::fs::create_dir_all(&args.out).map_err(|e| {
            Failure::BadInput(format!(
                "{}: cannot create the folder: {e}",
                args.out.display()
            ))
        })?;
    }
    // Every document's files are replaced together.
    let written = gamma_formats::write_together(|| {
        let mut written = Vec::new();
        for (document, out) in documents.iter().zip(&outs) {
            written.extend(write_continuum(
                &document.continuum,
                Some(&document.source),
                args.to,
                out,
                &read_options,
            )?);
        }
        Ok(written)
    })
    .map_err(|e| Failure::BadInput(e.to_string()))?;
    for path in written {
        say!("{}", name(&path.display().to_string()));
    }
    // What the output format could not hold, said once the files are written.
    for (document, out) in documents.iter().zip(&outs) {
        let losses = gamma_formats::losses::conversion_losses(
            &document.continuum,
            Some(&document.source),
            &read_options,
            args.to,
            out,
        );
        for warning in losses {
            tell!("gamma-studio: warning: {}", warning_in_flags(&warning));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, Parser};

    #[derive(Parser)]
    struct Convert {
        #[command(flatten)]
        args: ConvertArgs,
    }

    /// `--to` offers (and `--help` lists) the formats of the table that are written.
    #[test]
    fn the_to_names_are_the_written_formats_of_the_table() {
        let command = Convert::command();
        let to = command
            .get_arguments()
            .find(|a| a.get_id() == "to")
            .unwrap();
        let names: Vec<String> = (to.get_possible_values().iter())
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(names, gamma_formats::codec::names(true));
        let parsed = Convert::try_parse_from(["convert", "a.csv", "--to", "ELAN", "-o", "o"]);
        assert_eq!(parsed.unwrap().args.to, gamma_formats::elan::ELAN);
        assert!(
            Convert::try_parse_from(["convert", "a.csv", "--to", "inception", "-o", "o"]).is_err()
        );
    }
}
