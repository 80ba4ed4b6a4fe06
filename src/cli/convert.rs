//! `gamma-studio convert IN... --to FORMAT OUT`

use super::Failure;
use super::file_plan::FilePlan;
use super::input::InputArgs;
use clap::Args;
use gamma_formats::format::Output;
use gamma_formats::{Format, planned_paths, write_continuum};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The output format: csv, elan, textgrid or rttm (one file), glozz, cora, tsv3, xmi or brat
    /// (a folder: one file per annotator; Glozz also the .ac, brat each .txt).
    #[arg(long)]
    pub to: Format,
    /// Where to write. Several input documents go to `OUT/<document>` each.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub out: PathBuf,
}

pub fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let documents = args.input.read()?;
    let inputs: Vec<PathBuf> = documents.iter().flat_map(|d| d.source.paths()).collect();
    let cora_options = args.input.cora_options();
    let several = documents.len() > 1;
    let out_of = |document: &gamma_formats::Document| {
        if several {
            let info = args.to.info();
            let extension = match info.output {
                Output::File => format!(".{}", info.written_extension),
                Output::Folder => String::new(),
            };
            args.out
                .join(format!("{}{extension}", document.continuum.name))
        } else {
            args.out.clone()
        }
    };
    // Every file of every document is checked before the first is written.
    let mut plan = FilePlan::default();
    plan.reads_input_args(&args.input, &inputs);
    for document in &documents {
        for path in planned_paths(&document.continuum, args.to, &out_of(document)) {
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
        for document in &documents {
            written.extend(write_continuum(
                &document.continuum,
                Some(&document.source),
                args.to,
                &out_of(document),
                &cora_options,
            )?);
        }
        Ok(written)
    })
    .map_err(|e| Failure::BadInput(e.to_string()))?;
    for path in written {
        println!("{}", path.display());
    }
    Ok(())
}
