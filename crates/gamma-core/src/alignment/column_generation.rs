//! Exact best alignment by column generation, for continua too dense to list every candidate.
//!
//! The set-partitioning problem `min Σ δ_t x_t, Σ_{t∋u} x_t = 1` is never written out whole.
//! For any values `π ≤ Δ∅` (one per unit), a partition `x` costs `Σ_u π_u + Σ_t c̄_t x_t` with
//! the reduced costs `c̄_t = δ_t − Σ_{u∈t} π_u`. Hence:
//!
//! 1. **Lower bound.** Each tuple of a partition is anchored at a different unit (its lowest
//!    id), so every alignment costs at least `L = Σ π_u + Σ_a m_a`, with `m_a ≤ 0` below the
//!    reduced cost of every tuple anchored at `a` ([`super::pricing`]'s search finds them). The
//!    `π` are the dual values of the linear relaxation over the tuples found so far
//!    (`restricted_relaxation.rs`: one CLP model re-solved from its last basis as tuples
//!    are added), smoothed towards the values of the best bound so far; each round adds the
//!    most negative tuples of every anchor, until `L` is within 0.01 `Δ∅` of the relaxation's value.
//! 2. **Proof.** An alignment cheaper than `U` only uses tuples with `c̄_t ≤ (U − L) + m_a(t)`:
//!    the tuples within a small gap are listed (the same search with per-anchor thresholds) and
//!    solved exactly; if the alignment found costs at most `L` plus that gap, it is the best;
//!    otherwise the gap grows (to the alignment's own gap, within which a listing proves the
//!    best, when that is near; doubling otherwise) and the tuples within it are listed and solved
//!    again.
//!
//! When the list would be too long, the search too large, the caller learns which phase and
//! size blocked, or (if it accepts) gets the best alignment found with its proven lower bound.

use super::candidates::Candidates;
use super::candidates::Column;
use super::components::split;
use super::milp::Cuts;
use super::pricing::{ImplicitColumns, Wanted};
use super::restricted_relaxation::RestrictedRelaxation;
use super::solver::solve_all_with;
use super::{AlignmentError, AlignmentProblem, Limits, SearchLimit, SearchPhase};
use crate::control::RunControl;
use std::collections::HashSet;

/// Rounds of the relaxation allowed before the search is declared beyond reach.
const MAX_ROUNDS: usize = 1000;
/// A tuple is priced out when its reduced cost is below `−TOLERANCE·Δ∅`.
const TOLERANCE: f64 = 1e-9;
/// Weight of the stability centre in the values priced (dual smoothing, Wentges 1997): the
/// relaxation's own values oscillate from round to round on these degenerate problems. The
/// weight is the one that took the fewest rounds on dense samples (docs/benchmarks.md).
const SMOOTHING: f64 = 0.3;
/// The relaxation stops when the Lagrangian bound is within this many `Δ∅` of the relaxation's
/// value (which it cannot pass); the tuples within the remaining gap to the best alignment over
/// the tuples found are then listed and solved exactly. The number of tuples within a gap
/// depends on the gap itself, not on the size of the continuum, so the gap is counted in `Δ∅`
/// rather than as a share of the total (which grows with the continuum).
const STOP_GAP: f64 = 0.01;
/// … or within this fraction of it, on continua so large that a gap of [`STOP_GAP`] would take
/// many rounds more.
const STOP_GAP_RELATIVE: f64 = 1e-5;
/// A listing within a gap finds an alignment of its own gap: when that is at most this many
/// times the gap, the next listing is within it (which proves the best); otherwise the gap
/// doubles: a first alignment can be poor, and the listing within its own gap far too long.
const DIRECT_GAP_RATIO: f64 = 4.0;
/// Tuples of negative reduced cost added per anchor and round: fewer rounds, each of which
/// solves the relaxation again.
const COLUMNS_PER_ANCHOR: usize = 3;
/// A partition of the units into unitary alignments (global ids; singletons included), its
/// total disorder `Σ δ` and a proven lower bound on the total of every alignment.
#[derive(Debug, Clone)]
pub(crate) struct BoundedPartition {
    pub chosen: Vec<Vec<u32>>,
    pub total: f64,
    pub lower_bound: f64,
}

/// The values `π` with the best Lagrangian bound found so far (the stability centre).
struct Centre {
    duals: Vec<f64>,
    bound: f64,
    /// For each unit, `min(0, c̄)` of the most negative tuple it anchors under `duals`.
    anchor_minima: Vec<f64>,
}

/// Solves `problem` (every unit) by column generation; see the module documentation.
pub(crate) fn solve(
    problem: &AlignmentProblem,
    limits: &Limits,
    control: RunControl,
) -> Result<BoundedPartition, AlignmentError> {
    let columns = ImplicitColumns::new(
        problem,
        limits.max_candidates,
        limits.max_search_nodes,
        control,
    )?;
    // How many units each unit stands for (all 1 but in a problem of stacks): the right-hand
    // sides of the program, and how many tuples each unit may anchor.
    let multiplicity: Vec<u32> = (0..problem.units.len())
        .map(|u| problem.multiplicity(u))
        .collect();
    let delta = problem.dissimilarity.delta_empty;
    let clock = std::time::Instant::now();
    let relaxed = relax(&columns, &multiplicity, delta)?;
    let (centre, relaxation_value) = (relaxed.centre, relaxed.value);
    let lower_bound = centre.bound;
    log::info!(
        "relaxation: {} tuples, lower bound {lower_bound:.6}, relaxation {relaxation_value:.6} ({:.2}s)",
        relaxed.pool.len(),
        clock.elapsed().as_secs_f64()
    );
    if let Some(blocked) = relaxed.blocked {
        return beyond_reach(
            &centre,
            &relaxed.pool,
            (delta, &multiplicity),
            None,
            blocked,
            limits,
        );
    }
    // An alignment of cost `U` costs `Σ π + Σ_t c̄_t` with each tuple `t` anchored at a
    // different unit `a(t)` and `c̄_t ≥ m_{a(t)}` (the anchor's minimum), so each of its tuples
    // has `c̄_t ≤ (U − L) + m_{a(t)}`, with `L = Σ π + Σ_a m_a` the Lagrangian bound. List the
    // tuples within a small gap `g` and solve over them: if the alignment found costs at most
    // `L + g`, no better one exists; otherwise list again within its own gap.
    // The first gap is at least the relaxation's stopping gap: never zero or negative (CLP's
    // values are feasible within its tolerances), and not so small that it takes many doublings.
    let mut gap = (relaxation_value - lower_bound).max(stopping_gap(relaxation_value, delta))
        * (1.0 + 1e-6)
        + TOLERANCE * delta * (1.0 + lower_bound.abs());
    let mut best: Option<BoundedPartition> = None;
    loop {
        columns.check_stop()?;
        let within_gap = match columns.search(
            &centre.duals,
            Wanted::AtMost {
                gap,
                anchor_minima: &centre.anchor_minima,
                limit: limits.max_gap_tuples,
            },
        ) {
            Ok(found) => found,
            Err(blocked @ AlignmentError::BeyondReach { .. }) => {
                return beyond_reach(
                    &centre,
                    &relaxed.pool,
                    (delta, &multiplicity),
                    best,
                    blocked,
                    limits,
                );
            }
            Err(other) => return Err(other),
        };
        columns.check_stop()?;
        let (chosen, total) = solve_listed(problem, &within_gap)?;
        log::info!(
            "{} tuples within the gap {gap:.6}: alignment {total:.6} ({:.2}s)",
            within_gap.len(),
            clock.elapsed().as_secs_f64()
        );
        if best.as_ref().is_none_or(|b| total < b.total) {
            best = Some(BoundedPartition {
                chosen,
                total,
                lower_bound,
            });
        }
        let found = best.as_mut().expect("set above");
        if found.total - lower_bound <= gap * (1.0 + TOLERANCE) {
            found.lower_bound = found.total;
            return Ok(best.expect("set above"));
        }
        // A listing within a small gap may find a poor alignment, whose own gap would list far
        // more tuples than a better one needs: unless its gap is near, the gap doubles from one
        // listing to the next, each of which finds an alignment at least as good.
        let own_gap = found.total - lower_bound;
        gap = if own_gap <= DIRECT_GAP_RATIO * gap {
            own_gap
        } else {
            2.0 * gap
        };
    }
}

/// What to answer when the relaxation or the listing within the gap is beyond reach
/// (`blocked`, an [`AlignmentError::BeyondReach`]): the best alignment found (or one made
/// greedily from the tuples found) with the proven lower bound when the caller accepts it, the
/// error (with the bounds) otherwise.
fn beyond_reach(
    centre: &Centre,
    pool: &[Column],
    (delta, multiplicity): (f64, &[u32]),
    best: Option<BoundedPartition>,
    blocked: AlignmentError,
    limits: &Limits,
) -> Result<BoundedPartition, AlignmentError> {
    if !limits.accept_bounded_answer {
        return Err(match blocked {
            AlignmentError::BeyondReach {
                phase,
                limit,
                tuples_found,
                ..
            } => AlignmentError::BeyondReach {
                phase,
                limit,
                tuples_found,
                best_found: best.as_ref().map(|found| found.total),
                lower_bound: Some(
                    best.as_ref()
                        .map_or(centre.bound, |found| found.lower_bound),
                ),
            },
            other => other,
        });
    }
    let mut best = best.unwrap_or_else(|| greedy_partition(centre, pool, delta, multiplicity));
    // A total disorder is never negative, whatever the bound's arithmetic gave.
    best.lower_bound = best.lower_bound.max(0.0).min(best.total);
    Ok(best)
}

/// A partition from the tuples found, taken greedily by reduced cost under the centre's values
/// (the rest as singletons), with the centre's bound: a quick answer once a limit is reached
/// (no search, no solver, whatever the limits). A tuple of stacks is taken as often as its
/// stacks allow.
fn greedy_partition(
    centre: &Centre,
    pool: &[Column],
    delta: f64,
    multiplicity: &[u32],
) -> BoundedPartition {
    // A tuple that costs more than its units alone never helps.
    let mut order: Vec<(f64, &Column)> = pool
        .iter()
        .filter(|column| column.disorder < delta * column.members.len() as f64)
        .map(|column| (reduced_cost(column, &centre.duals), column))
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut left = multiplicity.to_vec();
    let mut chosen = Vec::new();
    let mut total = 0.0;
    for (_, column) in order {
        let times = (column.members.iter())
            .map(|&m| left[m as usize])
            .min()
            .unwrap_or(0);
        for &m in &column.members {
            left[m as usize] -= times;
        }
        for _ in 0..times {
            chosen.push(column.members.clone());
            total += column.disorder;
        }
    }
    for (unit, &times) in left.iter().enumerate() {
        for _ in 0..times {
            chosen.push(vec![unit as u32]);
            total += delta;
        }
    }
    BoundedPartition {
        chosen,
        total,
        lower_bound: centre.bound,
    }
}

/// How close the Lagrangian bound must come to the relaxation's value (see [`STOP_GAP`]).
fn stopping_gap(relaxation_value: f64, delta: f64) -> f64 {
    (STOP_GAP * delta).max(STOP_GAP_RELATIVE * relaxation_value.abs())
}

/// Where the relaxation ended.
struct Relaxed {
    /// The values with the best Lagrangian bound.
    centre: Centre,
    /// The restricted relaxation's last value.
    value: f64,
    /// Every tuple found.
    pool: Vec<Column>,
    /// The phase and size that stopped it before the bound came close to the relaxation.
    blocked: Option<AlignmentError>,
}

/// The linear relaxation by smoothed column generation, stopped when the Lagrangian bound is
/// within [`STOP_GAP`] of the relaxation's value, or as far as it got when a limit stopped it.
fn relax(
    columns: &ImplicitColumns,
    multiplicity: &[u32],
    delta: f64,
) -> Result<Relaxed, AlignmentError> {
    let n = multiplicity.len();
    let tolerance = TOLERANCE * delta;
    let clock = std::time::Instant::now();
    let mut pool: Vec<Column> = Vec::new();
    let mut known: HashSet<Vec<u32>> = HashSet::new();
    let mut restricted = RestrictedRelaxation::new(multiplicity, delta)?;
    let mut centre = Centre {
        duals: vec![delta; n],
        bound: f64::NEG_INFINITY,
        anchor_minima: vec![0.0; n],
    };
    let mut lp_seconds = 0.0;
    let mut last_report = clock;
    let mut round = 0;
    let mut final_relaxation_value: f64;
    let mut blocked = None;
    'relaxation: loop {
        columns.check_stop()?;
        let lp_clock = std::time::Instant::now();
        let in_restricted = restricted.columns() - n;
        restricted.add(&pool[in_restricted..].iter().collect::<Vec<_>>())?;
        let lp = restricted.solve()?;
        lp_seconds += lp_clock.elapsed().as_secs_f64();
        let relaxation_value = weighted_sum(&lp, multiplicity);
        final_relaxation_value = relaxation_value;
        let mut weight = SMOOTHING;
        loop {
            columns.check_stop()?;
            round += 1;
            if round > MAX_ROUNDS {
                blocked = Some(AlignmentError::BeyondReach {
                    phase: SearchPhase::LinearRelaxation,
                    limit: SearchLimit::Rounds {
                        rounds: MAX_ROUNDS,
                        relaxation: relaxation_value,
                    },
                    tuples_found: Some(pool.len()),
                    best_found: None,
                    lower_bound: None,
                });
                break 'relaxation;
            }
            let duals: Vec<f64> = if centre.bound.is_finite() {
                centre
                    .duals
                    .iter()
                    .zip(&lp)
                    .map(|(c, p)| (weight * c + (1.0 - weight) * p).min(delta))
                    .collect()
            } else {
                lp.clone()
            };
            let priced = match columns.search(
                &duals,
                Wanted::MostNegative {
                    tolerance,
                    per_anchor: COLUMNS_PER_ANCHOR,
                },
            ) {
                Ok(priced) => priced,
                Err(AlignmentError::BeyondReach {
                    phase,
                    limit,
                    best_found,
                    lower_bound,
                    ..
                }) => {
                    blocked = Some(AlignmentError::BeyondReach {
                        phase,
                        limit,
                        tuples_found: Some(pool.len()),
                        best_found,
                        lower_bound,
                    });
                    break 'relaxation;
                }
                Err(other) => return Err(other),
            };
            let bound = lagrangian_bound(&duals, &priced, tolerance, multiplicity);
            if bound > centre.bound {
                let mut anchor_minima = vec![0.0f64; n];
                for column in &priced {
                    let anchor = &mut anchor_minima[column.members[0] as usize];
                    *anchor = anchor.min(reduced_cost(column, &duals));
                }
                centre = Centre {
                    duals,
                    bound,
                    anchor_minima,
                };
            }
            let before = pool.len();
            for column in priced {
                if known.insert(column.members.clone()) {
                    pool.push(column);
                }
            }
            let added = pool.len() - before;
            let level = if last_report.elapsed().as_secs_f64() >= 1.0 {
                last_report = std::time::Instant::now();
                log::Level::Info
            } else {
                log::Level::Debug
            };
            log::log!(
                level,
                "{:.2}s (LP {lp_seconds:.2}s) relaxation round {round}: {} tuples (+{}), Lagrangian bound {:.6}, relaxation {relaxation_value:.6}, {} search nodes",
                clock.elapsed().as_secs_f64(),
                pool.len(),
                pool.len() - before,
                centre.bound,
                columns.nodes_visited()
            );
            // The bound cannot pass the relaxation's value: stop when it is close.
            if relaxation_value - centre.bound <= stopping_gap(relaxation_value, delta) {
                break 'relaxation;
            }
            if added > 0 {
                continue 'relaxation;
            }
            // Nothing new at the smoothed values (mispricing): price again nearer the
            // relaxation's values (at them, nothing new means the relaxation is solved).
            weight = if weight > 0.1 { 0.1 } else { 0.0 };
        }
    }
    Ok(Relaxed {
        centre,
        value: final_relaxation_value,
        pool,
        blocked,
    })
}

/// `Σ π_u + Σ_a min(0, c̄ of a's most negative tuple)`: a lower bound on every alignment for
/// any `π ≤ Δ∅` (so that singletons have `c̄ ≥ 0`). An alignment costs `Σ π + Σ_t c̄_t`, and
/// each of its tuples is the tuple of its first unit (its anchor), a different one for each.
/// `priced` holds, for each anchor with tuples of negative reduced cost, the most negative.
/// In a problem of stacks each term counts `m_u` times: the stack's units are covered `m_u`
/// times and anchor at most `m_u` tuples.
fn lagrangian_bound(duals: &[f64], priced: &[Column], tolerance: f64, multiplicity: &[u32]) -> f64 {
    // An anchor with no tuple found below −tolerance may still have one in [−tolerance, 0).
    let mut anchor_minima = vec![-tolerance; duals.len()];
    for column in priced {
        let anchor = &mut anchor_minima[column.members[0] as usize];
        *anchor = anchor.min(reduced_cost(column, duals));
    }
    weighted_sum(duals, multiplicity) + weighted_sum(&anchor_minima, multiplicity)
}

/// `Σ_u m_u·values_u`, in the order of the units.
fn weighted_sum(values: &[f64], multiplicity: &[u32]) -> f64 {
    values
        .iter()
        .zip(multiplicity)
        .map(|(&value, &m)| if m == 1 { value } else { value * f64::from(m) })
        .sum()
}

fn reduced_cost(column: &Column, duals: &[f64]) -> f64 {
    column.disorder
        - column
            .members
            .iter()
            .map(|&m| duals[m as usize])
            .sum::<f64>()
}

/// The best alignment using only the tuples `listed` (and singletons), by the methods of
/// [`super::solver`] on the independent components they leave (few tuples, small components).
fn solve_listed(
    problem: &AlignmentProblem,
    listed: &[Column],
) -> Result<(Vec<Vec<u32>>, f64), AlignmentError> {
    let candidates = Candidates::from_columns(listed);
    let components = split(problem, &candidates);
    let chosen = solve_all_with(problem, &candidates, &components, Cuts::On)?;
    let total = chosen
        .iter()
        .map(|members| {
            if members.len() == 1 {
                problem.dissimilarity.delta_empty
            } else {
                problem.unitary_disorder(members)
            }
        })
        .sum();
    Ok((chosen, total))
}
