//! Where the time of one best alignment goes: candidates, components, and each solver, on a
//! generated continuum and one statistical sample of it.
//! `cargo run --release --example profile_alignment -- K P [dense]` (default 5 annotators × 1000
//! units, sparse). Environment: `SAMPLES=N` random continua (default 1), `ONLY_COLUMNS=1` column
//! generation alone, `LISTING=1` the default limits (listing first), `RUST_LOG=gamma_studio=info`
//! the phases.

use gamma_studio::Dissimilarity;
use gamma_studio::alignment::{AlignmentProblem, Limits, candidates, components, solver};
use gamma_studio::sampler::{SpanContinuum, StatisticalModel, sample_rng};
use gamma_studio::synthetic::{Density, noisy_copies};
use std::time::Instant;

fn main() {
    env_logger::init();
    let args: Vec<String> = std::env::args().collect();
    let k: usize = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(5);
    let p: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(1000);
    let density = match args.get(3).map(String::as_str) {
        Some("dense") => Density::Dense,
        _ => Density::Sparse,
    };
    let c = noisy_copies(k, p, density, 1);
    let cats = c.categories();
    let d = Dissimilarity::default().resolve(&cats).unwrap();
    let problem = AlignmentProblem::from_continuum(&c, &cats, d.clone()).unwrap();
    let mut spans = vec![Vec::new(); k];
    for u in &problem.units {
        spans[u.annotator as usize].push(u.span);
    }
    let model = StatisticalModel::fit(&[&SpanContinuum::new(spans, c.bounds())], cats.len());
    let samples: u64 = std::env::var("SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut problems = vec![("observed".to_string(), problem.clone())];
    for index in 0..samples {
        problems.push((
            format!("sample {index}"),
            AlignmentProblem::from_spans(&model.sample(&mut sample_rng(1, index)), d.clone()),
        ));
    }
    for (name, prob) in problems {
        // With LISTING set, the default limits: listing first, column generation past them.
        let forced = if std::env::var_os("LISTING").is_some() {
            Limits::default()
        } else {
            Limits {
                max_listed_candidates: 0,
                ..Limits::default()
            }
        };
        let t = Instant::now();
        match prob.best_alignment(&forced) {
            Ok(a) => println!(
                "{name}: column generation {:.3}s, disorder {:.9} (lower bound {:.9})",
                t.elapsed().as_secs_f64(),
                a.disorder,
                a.lower_bound
            ),
            Err(e) => println!("{name}: column generation failed: {e}"),
        }
        if std::env::var_os("ONLY_COLUMNS").is_some() {
            continue;
        }
        let t = Instant::now();
        let cands = candidates::generate(&prob, 10_000_000).unwrap();
        let t1 = t.elapsed().as_secs_f64();
        let comps = components::split(&prob, &cands);
        let mut sizes: Vec<(usize, usize)> = comps
            .iter()
            .map(|c| (c.units.len(), c.candidates.len()))
            .collect();
        sizes.sort();
        let big: Vec<_> = sizes.iter().rev().take(5).collect();
        let t = Instant::now();
        let mut by_method = std::collections::BTreeMap::new();
        for comp in &comps {
            let t0 = Instant::now();
            let (_, m) = solver::solve_component(&prob, &cands, comp, None).unwrap();
            let e = by_method
                .entry(format!("{m:?}"))
                .or_insert((0usize, 0.0f64));
            e.0 += 1;
            e.1 += t0.elapsed().as_secs_f64();
        }
        println!(
            "{name}: {} units, {} candidates in {t1:.3}s, {} components, biggest {:?}, solve {:.3}s {:?}",
            prob.units.len(),
            cands.len(),
            comps.len(),
            big,
            t.elapsed().as_secs_f64(),
            by_method
        );
    }
}
