//! `gamma-studio convert IN... --to FORMAT OUT`

use super::Failure;
use super::input::InputArgs;
use clap::Args;
use gamma_studio::io::format::Output;
use gamma_studio::io::{Format, planned_paths, write_continuum};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The output format: csv, elan, textgrid or rttm (one file), glozz, cora, tsv3 or brat (a
    /// folder: one file per annotator; Glozz also the .ac, brat each .txt).
    #[arg(long)]
    pub to: Format,
    /// Where to write. Several input documents go to OUT/<document> each.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub out: PathBuf,
}

pub fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let documents = args.input.read()?;
    let inputs: Vec<PathBuf> = documents.iter().flat_map(|d| d.source.paths()).collect();
    let cora_options = args.input.cora_options();
    let several = documents.len() > 1;
    for document in &documents {
        let out = if several {
            let info = args.to.info();
            let extension = match info.output {
                Output::File => format!(".{}", info.written_extension),
                Output::Folder => String::new(),
            };
            args.out
                .join(format!("{}{extension}", document.continuum.name))
        } else {
            args.out.clone()
        };
        for path in planned_paths(&document.continuum, args.to, &out) {
            if inputs.iter().any(|input| same_file(input, &path)) {
                return Err(Failure::BadInput(format!(
                    "{} is an input file; choose another output",
                    path.display()
                )));
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
        let written = write_continuum(
            &document.continuum,
            Some(&document.source),
            args.to,
            &out,
            &cora_options,
        )
        .map_err(|e| Failure::BadInput(e.to_string()))?;
        for path in written {
            println!("{}", path.display());
        }
    }
    Ok(())
}

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
