//! The MILPs of a component, solved by CBC through good_lp: the set partitioning of γ
//! (`min Σ δ_c x_c, Σ_{c∋u} x_c = 1`) and the set covering of soft-γ (`≥ 1`), `x ∈ {0,1}`,
//! over a component's candidates and singletons ([`LocalProblem`]). In a problem of stacks
//! (`stacks`) the right-hand sides are the multiplicities `m_u` and `x` the number of times a
//! choice is taken, an integer up to what its stacks allow. CBC calls are serialised (good_lp's
//! `singlethread-cbc`).

use super::AlignmentError;
use super::components::LocalProblem;

/// Which program, and how CBC is set for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Program {
    /// Every unit in exactly one chosen unitary alignment (γ), with CBC's cuts as given and its
    /// presolve, preprocessing and heuristics off.
    Partition(Cuts),
    /// Every unit in at least one (soft-γ), with CBC's default settings.
    Cover,
}

/// Whether CBC generates cuts on the set-partitioning MILP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cuts {
    /// No cut: for every candidate of a continuum, whose relaxations are nearly integral, cuts
    /// cost more than the branching they save.
    Off,
    /// Clique and Gomory cuts: for the tuples column generation left within its gap, whose
    /// relaxations are fractional. CBC's other generators find no cut on them that these two
    /// miss, and probing costs more than it saves.
    On,
}

/// The choices (indices into `local.members`, each once per time it is taken) of the best
/// solution of `program`, proven optimal by CBC's branch and bound.
pub(crate) fn solve(local: &LocalProblem, program: Program) -> Result<Vec<usize>, AlignmentError> {
    use good_lp::{Expression, ProblemVariables, Solution, SolverModel, coin_cbc, variable};
    let mut variables = ProblemVariables::new();
    let x: Vec<good_lp::Variable> = local
        .members
        .iter()
        .map(|members| {
            let stacks = members.iter().map(|&l| local.multiplicity[l]);
            // A partition takes a choice at most as often as its smallest stack allows; a cover
            // has no use for taking it more often than its largest stack has units.
            let most = match program {
                Program::Partition(_) => stacks.min(),
                Program::Cover => stacks.max(),
            }
            .unwrap_or(1);
            if most <= 1 {
                variables.add(variable().binary())
            } else {
                variables.add(variable().integer().min(0).max(most))
            }
        })
        .collect();
    let objective: Expression = x
        .iter()
        .zip(&local.disorders)
        .map(|(&var, &cost)| cost * var)
        .sum();
    let mut model = variables.minimise(objective).using(coin_cbc);
    model.set_parameter("log", "0");
    model.set_parameter("slog", "0");
    model.set_parameter("allowableGap", "1e-9");
    model.set_parameter("ratioGap", "0");
    if let Program::Partition(cuts) = program {
        // These set-partitioning problems have nearly integral LP relaxations: CBC's presolve,
        // preprocessing and heuristics cost more than the branching they save, and so do cuts
        // unless asked for (see [`Cuts`]). Optimality is still proven by branch and bound.
        for switch in ["presolve", "preprocess", "heuristics"] {
            model.set_parameter(switch, "off");
        }
        match cuts {
            Cuts::Off => model.set_parameter("cuts", "off"),
            Cuts::On => {
                for generator in [
                    "probingCuts",
                    "knapsackCuts",
                    "flowCoverCuts",
                    "mixedIntegerRoundingCuts",
                    "twoMirCuts",
                ] {
                    model.set_parameter(generator, "off");
                }
            }
        }
    }
    let mut holding: Vec<Vec<usize>> = vec![Vec::new(); local.n_units];
    for (c, members) in local.members.iter().enumerate() {
        for &l in members {
            holding[l].push(c);
        }
    }
    for (choices, &units) in holding.iter().zip(&local.multiplicity) {
        let sum: Expression = choices.iter().map(|&c| x[c]).sum();
        model.add_constraint(match program {
            Program::Partition(_) => sum.eq(f64::from(units)),
            Program::Cover => sum.geq(f64::from(units)),
        });
    }
    let solution = model
        .solve()
        .map_err(|e| AlignmentError::Solver(e.to_string()))?;
    let mut chosen: Vec<usize> = Vec::new();
    for (c, &var) in x.iter().enumerate() {
        let times = solution.value(var).round().max(0.0) as usize;
        chosen.extend(std::iter::repeat_n(c, times));
    }
    let mut count = vec![0u32; local.n_units];
    for &c in &chosen {
        for &l in &local.members[c] {
            count[l] += 1;
        }
    }
    let mut against = count.iter().zip(&local.multiplicity);
    match program {
        Program::Partition(_) if against.any(|(k, m)| k != m) => Err(AlignmentError::Solver(
            "CBC returned a solution that is not a partition of the units".into(),
        )),
        Program::Cover if against.any(|(k, m)| k < m) => Err(AlignmentError::Solver(
            "CBC returned a solution that does not cover every unit".into(),
        )),
        _ => Ok(chosen),
    }
}
