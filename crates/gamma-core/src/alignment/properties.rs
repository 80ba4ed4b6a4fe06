//! Properties of γ that must hold whatever the data: checked on generated continua, the
//! solvers against each other and against brute force.

use crate::alignment::solver::{Method, solve_component};
use crate::alignment::{Alignment, AlignmentError, AlignmentProblem, AlignmentSearch, Limits};
use crate::alignment::{candidates, components};
use crate::gamma::RunControl;
use crate::synthetic::{Density, noisy_copies};
use crate::{Continuum, Dissimilarity, GammaOptions, SampleCount, Sampler};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_small_continuum(seed: u64) -> Continuum {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let annotators = rng.random_range(2..=4);
    let budget = 9;
    let mut c = Continuum::new(format!("random{seed}"));
    let mut total = 0;
    for a in 0..annotators {
        let name = format!("a{a}");
        c.add_annotator(&name);
        for _ in 0..rng.random_range(0..=3) {
            if total == budget {
                break;
            }
            let start = rng.random_range(0..60) as f64;
            let length = rng.random_range(1..=20) as f64;
            let category = ["x", "y"][rng.random_range(0..2)];
            c.add(&name, start, start + length, category).unwrap();
            total += 1;
        }
    }
    if total == 0 {
        c.add("a0", 0.0, 5.0, "x").unwrap();
    }
    c
}

/// Least total disorder over every partition of the units into unitary alignments (at most one
/// unit per annotator in each), by plain recursion; knows nothing of candidates or pruning.
fn brute_force_total(problem: &AlignmentProblem) -> f64 {
    fn cover(problem: &AlignmentProblem, covered: &mut Vec<bool>) -> f64 {
        let Some(first) = covered.iter().position(|c| !c) else {
            return 0.0;
        };
        covered[first] = true;
        let mut best = f64::INFINITY;
        let mut group = vec![first as u32];
        extend(problem, covered, &mut group, 0, &mut best);
        covered[first] = false;
        best
    }
    fn extend(
        problem: &AlignmentProblem,
        covered: &mut Vec<bool>,
        group: &mut Vec<u32>,
        from: usize,
        best: &mut f64,
    ) {
        let cost = problem.unitary_disorder(group) + cover(problem, covered);
        *best = best.min(cost);
        for next in from..problem.units.len() {
            if covered[next] {
                continue;
            }
            let annotator = problem.units[next].annotator;
            if group
                .iter()
                .any(|&g| problem.units[g as usize].annotator == annotator)
            {
                continue;
            }
            covered[next] = true;
            group.push(next as u32);
            extend(problem, covered, group, next + 1, best);
            group.pop();
            covered[next] = false;
        }
    }
    cover(problem, &mut vec![false; problem.units.len()])
}

#[test]
fn exact_solvers_agree_with_brute_force_on_small_random_cases() {
    let mut methods_used = std::collections::BTreeSet::new();
    for seed in 0..250 {
        let continuum = random_small_continuum(seed);
        for alpha in [1.0, 3.0] {
            let dissimilarity = Dissimilarity {
                alpha,
                ..Default::default()
            };
            let categories = continuum.categories();
            let problem = AlignmentProblem::from_continuum(
                &continuum,
                &categories,
                dissimilarity.resolve(&categories).unwrap(),
            )
            .unwrap();
            let brute = brute_force_total(&problem);
            let best = solve(&problem, &Limits::default()).unwrap();
            let total: f64 = best.unitary_alignments.iter().map(|u| u.disorder).sum();
            assert!(
                (total - brute).abs() < 1e-9,
                "seed {seed}, α {alpha}: {total} against brute force {brute}"
            );
            // every method on every component gives the same optimum
            let candidates = candidates::generate(&problem, 1_000_000).unwrap();
            for component in components::split(&problem, &candidates) {
                let annotators: std::collections::BTreeSet<u32> = component
                    .units
                    .iter()
                    .map(|&g| problem.units[g as usize].annotator)
                    .collect();
                let mut methods = vec![Method::Exhaustive, Method::Memoised, Method::Milp];
                if annotators.len() == 2 {
                    methods.push(Method::Assignment);
                }
                let mut costs = Vec::new();
                for method in methods {
                    let (chosen, used) =
                        solve_component(&problem, &candidates, &component, Some(method)).unwrap();
                    methods_used.insert(format!("{used:?}"));
                    let mut seen: Vec<u32> = chosen.iter().flatten().copied().collect();
                    seen.sort();
                    assert_eq!(
                        seen, component.units,
                        "seed {seed}: {used:?} does not partition the component"
                    );
                    costs.push(
                        chosen
                            .iter()
                            .map(|m| problem.unitary_disorder(m))
                            .sum::<f64>(),
                    );
                }
                for cost in &costs {
                    assert!(
                        (cost - costs[0]).abs() < 1e-9,
                        "seed {seed}: methods disagree {costs:?}"
                    );
                }
            }
        }
    }
    assert!(
        methods_used.contains("Milp")
            && methods_used.contains("Memoised")
            && methods_used.contains("Assignment")
            && methods_used.contains("Exhaustive")
    );
}

#[test]
fn identical_annotators_give_gamma_exactly_one() {
    let reference = noisy_copies(1, 40, Density::Sparse, 5);
    let mut c = Continuum::new("identical");
    for name in ["a", "b", "c"] {
        for unit in &reference.annotators[0].units {
            c.add_unit(name, unit.clone());
        }
    }
    let options = GammaOptions {
        seed: 1,
        samples: SampleCount::Fixed(10),
        ..Default::default()
    };
    let result = crate::gamma(&c, &options, RunControl::default()).unwrap();
    assert_eq!(result.observed_disorder, 0.0);
    assert_eq!(result.gamma, 1.0);
    assert!(result.expected_disorder > 0.5);
}

#[test]
fn disorder_of_two_units_grows_with_distance_and_saturates_at_two_singletons() {
    let mut previous = 0.0;
    for shift in 0..60 {
        let mut c = Continuum::new("pair");
        c.add("a", 0.0, 10.0, "x").unwrap();
        c.add("b", shift as f64, shift as f64 + 10.0, "x").unwrap();
        let (_, alignment) = best_alignment(&c, &Dissimilarity::default());
        let expected = ((2.0 * shift as f64) / 20.0).powi(2).min(2.0);
        assert!(
            (alignment.disorder - expected).abs() < 1e-12,
            "shift {shift}: {}",
            alignment.disorder
        );
        assert!(alignment.disorder >= previous);
        previous = alignment.disorder;
    }
    assert_eq!(previous, 2.0);
    let delta_empty = 1.5;
    let mut far = Continuum::new("far");
    far.add("a", 0.0, 10.0, "x").unwrap();
    far.add("b", 500.0, 510.0, "x").unwrap();
    let (_, alignment) = best_alignment(
        &far,
        &Dissimilarity {
            delta_empty,
            ..Default::default()
        },
    );
    assert_eq!(alignment.disorder, 2.0 * delta_empty);
}

#[test]
fn disorder_does_not_depend_on_the_order_of_annotators_or_units() {
    for seed in 0..20 {
        let continuum = noisy_copies(3, 25, Density::Dense, seed);
        let (_, reference) = best_alignment(&continuum, &Dissimilarity::default());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut shuffled = continuum.clone();
        shuffled.annotators.reverse();
        for annotator in &mut shuffled.annotators {
            for i in (1..annotator.units.len()).rev() {
                let j = rng.random_range(0..=i);
                annotator.units.swap(i, j);
            }
        }
        let (_, again) = best_alignment(&shuffled, &Dissimilarity::default());
        assert!(
            (again.disorder - reference.disorder).abs() < 1e-9,
            "seed {seed}: {} vs {}",
            again.disorder,
            reference.disorder
        );
        assert_eq!(
            again.unitary_alignments.len(),
            reference.unitary_alignments.len()
        );
    }
}

#[test]
fn a_seed_repeats_a_run_and_is_reported() {
    let continuum = noisy_copies(3, 30, Density::Sparse, 2);
    for sampler in [
        Sampler::Statistical,
        Sampler::Shuffle {
            min_pivot_distance: Default::default(),
            integer_pivots: false,
        },
    ] {
        let options = GammaOptions {
            sampler,
            seed: 42,
            samples: SampleCount::Fixed(12),
            ..Default::default()
        };
        let a = crate::gamma(&continuum, &options, RunControl::default()).unwrap();
        let b = crate::gamma(&continuum, &options, RunControl::default()).unwrap();
        assert_eq!(a.seed, 42);
        assert_eq!(a.chance_disorders, b.chance_disorders);
        assert_eq!(a.gamma, b.gamma);
        // Without a seed of its own, a run uses the default seed, reported in its result.
        let default_seed = GammaOptions {
            seed: crate::DEFAULT_SEED,
            ..options.clone()
        };
        let c = crate::gamma(&continuum, &default_seed, RunControl::default()).unwrap();
        assert_eq!(c.seed, crate::DEFAULT_SEED);
        let other_seed = GammaOptions {
            seed: 43,
            ..options
        };
        let d = crate::gamma(&continuum, &other_seed, RunControl::default()).unwrap();
        assert_ne!(d.chance_disorders, a.chance_disorders);
    }
}

#[test]
fn precision_rule_draws_enough_samples() {
    let continuum = noisy_copies(2, 15, Density::Dense, 3);
    let options = GammaOptions {
        seed: 5,
        samples: SampleCount::Precision {
            precision: 0.01,
            confidence: 0.95,
            max_samples: 5000,
        },
        ..Default::default()
    };
    let result = crate::gamma(&continuum, &options, RunControl::default()).unwrap();
    let required =
        crate::gamma::required_samples(&result.chance_disorders, 1.959963984540054, 0.01);
    assert!(
        result.n_samples >= 30 && required <= result.n_samples,
        "{} samples, {required} required",
        result.n_samples
    );
    assert!(
        result.achieved_precision <= 0.01 + 1e-12,
        "{}",
        result.achieved_precision
    );
    let (low, high) = result.gamma_interval;
    assert!(low <= result.gamma && result.gamma <= high);
}

#[test]
fn corpus_gamma_pools_documents_and_the_corpus_sampler_needs_enough_documents() {
    let documents: Vec<Continuum> = (0..4)
        .map(|s| noisy_copies(3, 20, Density::Sparse, s))
        .collect();
    let corpus = crate::Corpus::new(documents.clone());
    let options = GammaOptions {
        sampler: Sampler::Corpus,
        seed: 1,
        samples: SampleCount::Fixed(20),
        ..Default::default()
    };
    let result = crate::corpus_gamma(&corpus, &options, RunControl::default()).unwrap();
    // Pooled D_o: all unitary disorders over the corpus x̄ (equal sizes → mean of the documents').
    let mean_of_documents = result
        .documents
        .iter()
        .map(|d| d.alignment.disorder)
        .sum::<f64>()
        / 4.0;
    assert!((result.observed_disorder - mean_of_documents).abs() < 1e-12);
    assert!(result.gamma > 0.3 && result.gamma < 1.0, "{}", result.gamma);
    let too_few = crate::Corpus::new(documents[..2].to_vec());
    let error = crate::corpus_gamma(&too_few, &options, RunControl::default()).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("at least as many documents as annotators"),
        "{error}"
    );
}

#[test]
fn cancelling_stops_the_sampling() {
    let continuum = noisy_copies(3, 50, Density::Sparse, 1);
    let cancelled = std::sync::atomic::AtomicBool::new(true);
    let control = RunControl {
        cancelled: Some(&cancelled),
        on_progress: None,
    };
    let options = GammaOptions {
        seed: 1,
        ..Default::default()
    };
    let error = crate::gamma(&continuum, &options, control).unwrap_err();
    assert_eq!(error, crate::gamma::GammaError::Cancelled);
}

#[test]
fn a_hard_guard_refuses_what_would_not_fit_in_memory() {
    let continuum = noisy_copies(5, 200, Density::Dense, 1);
    let categories = continuum.categories();
    let problem = AlignmentProblem::from_continuum(
        &continuum,
        &categories,
        Dissimilarity::default().resolve(&categories).unwrap(),
    )
    .unwrap();
    let error = solve(
        &problem,
        &Limits {
            max_candidates: 1000,
            ..Limits::default()
        },
    )
    .unwrap_err();
    assert!(
        error.to_string().contains("more than 1000 candidate"),
        "{error}"
    );
}

/// On components too big for the exhaustive table, the memoised search and the MILP agree.
#[test]
fn memoised_search_agrees_with_the_milp_on_large_components() {
    use crate::alignment::solver::{MEMOISED_MAX_UNITS, Method, solve_component};
    use crate::alignment::{candidates, components};
    use crate::synthetic::{Density, noisy_copies};
    let mut compared = 0;
    for seed in 0..6 {
        let continuum = noisy_copies(4, 60, Density::Dense, seed);
        let categories = continuum.categories();
        let problem = AlignmentProblem::from_continuum(
            &continuum,
            &categories,
            crate::Dissimilarity::default()
                .resolve(&categories)
                .unwrap(),
        )
        .unwrap();
        let candidates = candidates::generate(&problem, 4_000_000).unwrap();
        for component in components::split(&problem, &candidates) {
            if component.units.len() <= 16 || component.units.len() > MEMOISED_MAX_UNITS {
                continue;
            }
            let cost = |method| {
                let (chosen, used) =
                    solve_component(&problem, &candidates, &component, Some(method)).unwrap();
                let mut seen: Vec<u32> = chosen.iter().flatten().copied().collect();
                seen.sort();
                assert_eq!(seen, component.units, "{used:?} partitions the component");
                chosen
                    .iter()
                    .map(|m| problem.unitary_disorder(m))
                    .sum::<f64>()
            };
            let (memoised, milp) = (cost(Method::Memoised), cost(Method::Milp));
            assert!(
                (memoised - milp).abs() < 1e-9,
                "seed {seed}: memoised {memoised} vs MILP {milp} on {} units",
                component.units.len()
            );
            compared += 1;
        }
    }
    assert!(compared >= 5, "only {compared} large components compared");
}

/// Limits that send every continuum to column generation.
fn by_column_generation() -> Limits {
    Limits {
        max_listed_candidates: 0,
        ..Limits::default()
    }
}

fn dense_problem(annotators: usize, units: usize, seed: u64) -> AlignmentProblem {
    let continuum = noisy_copies(annotators, units, Density::Dense, seed);
    problem(&continuum, &Dissimilarity::default())
}

fn partitions_every_unit(problem: &AlignmentProblem, alignment: &crate::Alignment) {
    let mut seen: Vec<u32> = alignment
        .unitary_alignments
        .iter()
        .flat_map(|u| u.members.iter().copied())
        .collect();
    seen.sort();
    assert_eq!(seen, (0..problem.units.len() as u32).collect::<Vec<_>>());
}

#[test]
fn column_generation_agrees_with_brute_force_on_small_random_cases() {
    for seed in 0..120 {
        let problem = problem(&random_small_continuum(seed), &Dissimilarity::default());
        let brute = brute_force_total(&problem);
        let best = solve(&problem, &by_column_generation()).unwrap();
        partitions_every_unit(&problem, &best);
        let total: f64 = best.unitary_alignments.iter().map(|u| u.disorder).sum();
        assert!(
            (total - brute).abs() < 1e-9,
            "seed {seed}: column generation {total} against brute force {brute}"
        );
        assert!(best.is_proven_best());
    }
}

/// Dense continua of 3 to 8 annotators: column generation finds the optimum that the listed
/// candidates' solvers (checked against brute force above) find.
#[test]
fn column_generation_agrees_with_the_listed_candidates_on_dense_cases() {
    for (annotators, units) in [(3, 40), (4, 30), (5, 20), (6, 12), (8, 6)] {
        for seed in 0..3 {
            let problem = dense_problem(annotators, units, seed);
            let listed = solve(
                &problem,
                &Limits {
                    max_listed_candidates: usize::MAX,
                    max_candidates: 20_000_000,
                    ..Limits::default()
                },
            )
            .unwrap();
            let generated = solve(&problem, &by_column_generation()).unwrap();
            partitions_every_unit(&problem, &generated);
            assert!(
                (generated.disorder - listed.disorder).abs() < 1e-9,
                "k{annotators}×{units} seed {seed}: column generation {} against {}",
                generated.disorder,
                listed.disorder
            );
            assert!(generated.is_proven_best());
        }
    }
}

/// Under `cramped`: the error's message, then the bounded answer given with consent — a
/// partition whose range holds the `exact` disorder, not proven best.
fn refused_then_bounded(
    problem: &AlignmentProblem,
    cramped: Limits,
    exact: &crate::Alignment,
) -> (String, crate::Alignment) {
    let error = solve(problem, &cramped).unwrap_err().to_string();
    let bounded = solve(
        problem,
        &Limits {
            accept_bounded_answer: true,
            ..cramped
        },
    )
    .unwrap();
    partitions_every_unit(problem, &bounded);
    assert!(!bounded.is_proven_best());
    assert!(bounded.lower_bound <= exact.disorder + 1e-12);
    assert!(exact.disorder <= bounded.disorder + 1e-12);
    (error, bounded)
}

/// A bounded answer, forced by allowing a single tuple within the gap: its lower bound is
/// below the optimum and its disorder above; without consent the error names the phase.
#[test]
fn a_bounded_answer_reports_its_gap() {
    let problem = dense_problem(6, 30, 2);
    let exact = solve(&problem, &by_column_generation()).unwrap();
    let cramped = Limits {
        max_gap_tuples: 1,
        ..by_column_generation()
    };
    let (error, bounded) = refused_then_bounded(&problem, cramped, &exact);
    assert!(
        error.contains("final enumeration") && error.contains("ask for a bounded answer"),
        "{error}"
    );
    assert!(bounded.disorder - bounded.lower_bound > 0.0);
    // The γ of a bounded run holds the exact γ between its bounds.
    let continuum = noisy_copies(6, 30, Density::Dense, 2);
    let options = GammaOptions {
        samples: SampleCount::Fixed(4),
        ..Default::default()
    };
    let exact_gamma = crate::gamma(&continuum, &options, RunControl::default()).unwrap();
    assert_eq!(exact_gamma.gamma_bounds, None);
    let mut bounded_options = options.clone();
    bounded_options.limits = Limits {
        accept_bounded_answer: true,
        ..cramped
    };
    let bounded_gamma = crate::gamma(&continuum, &bounded_options, RunControl::default()).unwrap();
    let (low, high) = bounded_gamma.gamma_bounds.expect("a bounded answer");
    assert!(
        low <= exact_gamma.gamma + 1e-12 && exact_gamma.gamma <= high + 1e-12,
        "{low} ≤ {} ≤ {high}",
        exact_gamma.gamma
    );
    assert!(bounded_gamma.observed_lower_bound < bounded_gamma.observed_disorder);
}

/// A relaxation stopped by the search-node limit gives, when asked, the best alignment over the
/// tuples it found with the best bound it proved; otherwise an error naming the phase.
#[test]
fn a_relaxation_stopped_early_still_gives_a_bounded_answer() {
    let problem = dense_problem(6, 30, 2);
    let exact = solve(&problem, &by_column_generation()).unwrap();
    let cramped = Limits {
        max_search_nodes: 20_000,
        ..by_column_generation()
    };
    let (message, bounded) = refused_then_bounded(&problem, cramped, &exact);
    assert!(
        message.contains("pricing") && message.contains("proven lower bound"),
        "{message}"
    );
    assert!(bounded.lower_bound > 0.0, "some bound was proven");
    // Better than every unit alone (the tuples found were used).
    let singletons = problem.units.len() as f64 / problem.mean_units();
    assert!(bounded.disorder < singletons, "{}", bounded.disorder);
}

/// The alignment problem of a continuum with the given dissimilarity.
fn problem(continuum: &Continuum, dissimilarity: &Dissimilarity) -> AlignmentProblem {
    let categories = continuum.categories();
    let resolved = dissimilarity.resolve(&categories).unwrap();
    AlignmentProblem::from_continuum(continuum, &categories, resolved).unwrap()
}

/// The best alignment of `problem` under `limits`, through the one entry point.
fn solve(problem: &AlignmentProblem, limits: &Limits) -> Result<Alignment, AlignmentError> {
    AlignmentSearch::new()
        .limits(*limits)
        .best_alignment(problem, RunControl::default())
}

/// The problem and best alignment of a continuum with the given dissimilarity.
fn best_alignment(
    continuum: &Continuum,
    dissimilarity: &Dissimilarity,
) -> (AlignmentProblem, Alignment) {
    let problem = problem(continuum, dissimilarity);
    let alignment = solve(&problem, &Limits::default()).unwrap();
    (problem, alignment)
}

/// Total disorder of the best partition found by the unit-level methods alone (every unit its
/// own, no stacks): the listing, its components and each component's method.
fn unit_level_total(problem: &AlignmentProblem) -> f64 {
    let candidates = candidates::generate(problem, 20_000_000).unwrap();
    components::split(problem, &candidates)
        .iter()
        .map(|component| {
            let (chosen, _) = solve_component(problem, &candidates, component, None).unwrap();
            chosen
                .iter()
                .map(|m| problem.unitary_disorder(m))
                .sum::<f64>()
        })
        .sum()
}

fn total(alignment: &Alignment) -> f64 {
    alignment
        .unitary_alignments
        .iter()
        .map(|u| u.disorder)
        .sum()
}

/// Identical and near-identical stacks (one span marked many times, a few units changed),
/// searched as stacks: the same optimum as brute force on small ones and as the unit-level
/// methods on larger ones, listed or by column generation, every unit aligned once.
#[test]
fn stacks_of_interchangeable_units_keep_the_optimum() {
    use crate::synthetic::stacks;
    let mut compared = 0;
    for seed in 0..12 {
        for (annotators, units, changed) in [(2, 4, 1), (3, 3, 1), (3, 2, 0), (4, 2, 1)] {
            let problem = problem(
                &stacks(annotators, units, changed, seed),
                &Dissimilarity::default(),
            );
            let best = solve(&problem, &Limits::default()).unwrap();
            partitions_every_unit(&problem, &best);
            let brute = brute_force_total(&problem);
            assert!(
                (total(&best) - brute).abs() < 1e-9,
                "seed {seed}, k{annotators}×{units} ({changed} changed): {} against brute force {brute}",
                total(&best)
            );
        }
        for (annotators, units, changed) in [(3, 8, 2), (4, 6, 2), (5, 5, 1), (6, 4, 0)] {
            let problem = problem(
                &stacks(annotators, units, changed, seed),
                &Dissimilarity::default(),
            );
            let unit_level = unit_level_total(&problem);
            for limits in [Limits::default(), by_column_generation()] {
                let best = solve(&problem, &limits).unwrap();
                partitions_every_unit(&problem, &best);
                assert!(best.is_proven_best());
                assert!(
                    (total(&best) - unit_level).abs() < 1e-9,
                    "seed {seed}, k{annotators}×{units} ({changed} changed): {} against {unit_level}",
                    total(&best)
                );
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 48);
}

/// Soft alignments of stacks (a cover with the multiplicities as right-hand sides) cost what
/// the unit-level cover costs, and every unit is covered.
#[test]
fn soft_alignments_of_stacks_keep_the_optimum() {
    for seed in 0..6 {
        for (annotators, units, changed) in [(2, 5, 2), (3, 4, 1), (4, 3, 1)] {
            let problem = problem(
                &crate::synthetic::stacks(annotators, units, changed, seed),
                &Dissimilarity::default(),
            );
            let soft = AlignmentSearch::new()
                .soft(true)
                .best_alignment(&problem, RunControl::default())
                .unwrap();
            let unit_level =
                super::soft::best_cover(&problem, &Limits::default(), Default::default())
                    .unwrap()
                    .iter()
                    .map(|members| problem.unitary_disorder(members))
                    .sum::<f64>();
            assert!(
                (total(&soft) - unit_level).abs() < 1e-9,
                "seed {seed}: {} against {unit_level}",
                total(&soft)
            );
            let mut covered: Vec<u32> = soft
                .unitary_alignments
                .iter()
                .flat_map(|u| u.members.iter().copied())
                .collect();
            covered.sort();
            covered.dedup();
            assert_eq!(covered.len(), problem.units.len());
        }
    }
}

/// Eight annotators who each marked one span forty times: forty unitary alignments of eight
/// units, disorder 0, proven best (the time is `bench --stacks`'s).
#[test]
fn eight_identical_stacks_of_forty_align_exactly() {
    let problem = problem(
        &crate::synthetic::stacks(8, 40, 0, 1),
        &Dissimilarity::default(),
    );
    let best = solve(&problem, &Limits::default()).unwrap();
    partitions_every_unit(&problem, &best);
    assert_eq!(best.disorder, 0.0);
    assert!(best.is_proven_best());
    assert_eq!(best.unitary_alignments.len(), 40);
    assert!(best.unitary_alignments.iter().all(|u| u.members.len() == 8));
    // Near-identical: the changed units cost what they must, and the search still proves it.
    let near = problem_of_stacks(8, 40, 4);
    let best = solve(&near, &Limits::default()).unwrap();
    partitions_every_unit(&near, &best);
    assert!(best.is_proven_best());
    assert!(best.disorder > 0.0);
}

fn problem_of_stacks(annotators: usize, units: usize, changed: usize) -> AlignmentProblem {
    problem(
        &crate::synthetic::stacks(annotators, units, changed, 1),
        &Dissimilarity::default(),
    )
}
