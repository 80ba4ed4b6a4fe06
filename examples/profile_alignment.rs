//! Where the time of one best alignment goes: candidates, components, and each solver, on a
//! generated continuum and one statistical sample of it.
//! `cargo run --release --example profile_alignment -- K P` (default 5 annotators × 1000 units).

use gamma_studio::Dissimilarity;
use gamma_studio::alignment::{AlignmentProblem, candidates, components, solver};
use gamma_studio::sampler::{SpanContinuum, StatisticalModel, sample_rng};
use gamma_studio::synthetic::{Density, noisy_copies};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: usize = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(5);
    let p: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(1000);
    let c = noisy_copies(k, p, Density::Sparse, 1);
    let cats = c.categories();
    let d = Dissimilarity::default().resolve(&cats).unwrap();
    let problem = AlignmentProblem::from_continuum(&c, &cats, d.clone()).unwrap();
    let mut spans = vec![Vec::new(); k];
    for u in &problem.units {
        spans[u.annotator as usize].push(u.span);
    }
    let model = StatisticalModel::fit(&[&SpanContinuum::new(spans, c.bounds())], cats.len());
    for (name, prob) in [
        ("observed", problem.clone()),
        (
            "sample",
            AlignmentProblem::from_spans(&model.sample(&mut sample_rng(1, 0)), d.clone()),
        ),
    ] {
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
