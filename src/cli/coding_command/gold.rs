//! The gold of a coding study from the command line: the bulk rules over the items (resuming a
//! saved session of the same table), then the gold table, the decision report and the session.

use super::{CodingArgs, bad};
use crate::cli::Failure;
use gamma_core::coding::{BulkRule, CodingAdjudication, CodingStudy};
use gamma_formats::coding_table::write;

/// What the rules did, for the summary.
pub struct GoldRun {
    pub adjudication: CodingAdjudication,
    /// Each rule and how many items it decided.
    pub applied: Vec<(BulkRule, usize)>,
    /// Whether a saved session was resumed.
    pub resumed: bool,
}

/// Applies `--auto` and writes what was asked; none without `--auto`.
pub fn run(args: &CodingArgs, study: &CodingStudy) -> Result<Option<GoldRun>, Failure> {
    if args.auto.is_empty() {
        return Ok(None);
    }
    let rules: Vec<BulkRule> = (args.auto.iter())
        .map(|rule| rule.parse().map_err(|e| bad(format!("--auto: {e}"))))
        .collect::<Result<_, _>>()?;
    let adjudicator =
        Some((args.adjudicator.clone()).unwrap_or_else(crate::environment::default_adjudicator));
    let (mut adjudication, resumed) = match &args.session {
        Some(path) if path.is_file() => {
            let session =
                write::read_session(path).map_err(|e| bad(crate::cli::input::in_flags(&e)))?;
            let restored = CodingAdjudication::restore(study.clone(), &session, adjudicator)
                .map_err(|e| bad(format!("--session {}: {e}", path.display())))?;
            (restored, true)
        }
        _ => (CodingAdjudication::new(study.clone(), adjudicator), false),
    };
    let applied = (rules.into_iter())
        .map(|rule| (rule, adjudication.apply_rule(rule)))
        .collect();
    let failed =
        |e: gamma_formats::FileError| Failure::Computation(crate::cli::input::in_flags(&e));
    gamma_formats::write_together(|| {
        if let Some(out) = &args.out {
            write::write_gold_table(&adjudication, out)?;
        }
        if let Some(decisions) = &args.decisions {
            write::write_decision_report(&adjudication, decisions)?;
        }
        if let Some(session) = &args.session {
            write::write_session(&adjudication, session)?;
        }
        Ok(())
    })
    .map_err(failed)?;
    Ok(Some(GoldRun {
        adjudication,
        applied,
        resumed,
    }))
}
