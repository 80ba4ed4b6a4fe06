use super::moves::{
    Band, Coded, Cutoff, DIAGONAL, GAP_IN_FIRST, GAP_IN_SECOND, INFINITE, OptimalMoves,
    optimal_moves,
};
use super::pairing::Pairing;
use super::*;

fn annotated(text: &str) -> (Vec<char>, Vec<(usize, usize)>) {
    // "«a» «b»" notation: « and » mark units.
    let mut chars = Vec::new();
    let mut units = Vec::new();
    let mut start = 0;
    for c in text.chars() {
        match c {
            '«' => start = chars.len(),
            '»' => units.push((start, chars.len())),
            c => chars.push(c),
        }
    }
    (chars, units)
}

fn render(columns: &[Column], first: bool) -> String {
    columns
        .iter()
        .map(|c| match if first { c.0 } else { c.1 } {
            None => '―',
            Some(Symbol::Open) => '«',
            Some(Symbol::Close) => '»',
            Some(Symbol::Char(c)) => c,
        })
        .collect()
}

fn pairing(a: &str, b: &str) -> Pairing {
    let (ta, ua) = annotated(a);
    let (tb, ub) = annotated(b);
    let sa = symbols(&ta, &ua).unwrap();
    let sb = symbols(&tb, &ub).unwrap();
    best_pairing(&sa, &sb, &GapCosts::default(), 1 << 30, |_, _| 0.0).unwrap()
}

#[test]
fn symbols_put_boundaries_around_units() {
    let (text, units) = annotated("«van»«der» «to»");
    let s = symbols(&text, &units).unwrap();
    let shown: String = s
        .iter()
        .map(|s| match s {
            Symbol::Open => '«',
            Symbol::Close => '»',
            Symbol::Char(c) => *c,
        })
        .collect();
    assert_eq!(shown, "«van»«der» «to»");
    assert!(symbols(&text, &[(0, 4), (3, 6)]).is_err());
    assert!(symbols(&text, &[(0, 99)]).is_err());
    assert!(symbols(&text, &[(3, 3)]).is_err());
}

#[test]
fn the_reference_path_of_pair_p2() {
    let (ta, ua) =
        annotated("«De» «hystorie» «van»«der» «duldicheyt» «to» «samende» «der» «vrowen» ");
    let (tb, ub) = annotated("«De» «historie» «vander» «duldicheit» «to samende» «der» «vrowen» ");
    let sa = symbols(&ta, &ua).unwrap();
    let sb = symbols(&tb, &ub).unwrap();
    let path = first_path(&sa, &sb, &GapCosts::default(), 1 << 30).unwrap();
    assert_eq!(
        render(&path, true),
        "«De» «hy―storie» «van»«der» «duldichey―t» «to» «samende» «der» «vrowen» "
    );
    assert_eq!(
        render(&path, false),
        "«De» «h―istorie» «van――der» «duldiche―it» «to― ―samende» «der» «vrowen» "
    );
    let p = best_pairing(&sa, &sb, &GapCosts::default(), 1 << 30, |_, _| 0.0).unwrap();
    assert_eq!(p.pairs, vec![(0, 0), (1, 1), (4, 3), (7, 5), (8, 6)]);
    assert_eq!(p.alignment_cost, 8);
}

#[test]
fn repeated_material_keeps_the_pairing_with_most_pairs() {
    // p3: three paths with two pairs each; the pairs differ.
    let p = pairing("«dat» «dat» «dat» ", "«dat» «dat» ");
    assert_eq!(p.pairs.len(), 2);
    // p4: the path that stretches "sprak" over the gap pairs only 4 units.
    let p = pairing(
        "«vnde» «de» «here» «sprak» «to» «em» ",
        "«vnde» «de» «here» «sprak» «em» ",
    );
    assert_eq!(p.pairs, vec![(0, 0), (1, 1), (2, 2), (3, 3), (5, 4)]);
}

#[test]
fn adjacent_and_shared_boundaries_pair_correctly() {
    // Units that close where the next one opens, in both annotations.
    let p = pairing("«ab»«cd» ", "«ab»«cd» ");
    assert_eq!(p.pairs, vec![(0, 0), (1, 1)]);
    // A split against the whole: nothing pairs.
    let p = pairing("«ab»«cd» ", "«abcd» ");
    assert!(p.pairs.is_empty());
    // A unit only in the first text.
    let p = pairing("«x» «y» ", "«x» y ");
    assert_eq!(p.pairs, vec![(0, 0)]);
}

/// The full matrix, for comparison.
fn full_moves(a: &[Symbol], b: &[Symbol], costs: &GapCosts) -> (u64, Vec<Vec<u8>>) {
    let band = Band {
        dmin: -(b.len() as i64),
        width: a.len() + b.len() + 1,
    };
    let no_cutoff = Cutoff {
        bound: INFINITE,
        cheapest_gap: 0,
        delta: 0,
    };
    let mut all = OptimalMoves::pass(
        Coded::new(a, costs),
        Coded::new(b, costs),
        band,
        no_cutoff,
        1 << 20,
    );
    let moves = (0..=a.len())
        .map(|i| (0..=b.len()).map(|j| all.moves(i, j)).collect())
        .collect();
    (all.cost, moves)
}

#[test]
fn the_band_gives_the_same_result_as_the_full_matrix() {
    let (ta, ua) = annotated(&"«word» «other» «x» ".repeat(40));
    let (tb, ub) = annotated(&"«word» «othr» «x» «new» ".repeat(35));
    let sa = symbols(&ta, &ua).unwrap();
    let sb = symbols(&tb, &ub).unwrap();
    for costs in [
        GapCosts::default(),
        GapCosts {
            text: 2,
            boundary: 3,
        },
    ] {
        let (full_cost, full) = full_moves(&sa, &sb, &costs);
        let mut band = optimal_moves(&sa, &sb, &costs, 1 << 30).unwrap();
        assert_eq!(full_cost, band.cost);
        assert!(band.band.width < sa.len() + sb.len());
        // Every cell on an optimal path has the same optimal moves in the band (asked for
        // in decreasing rows, as the search does).
        let mut queue = std::collections::BinaryHeap::from([(sa.len(), sb.len())]);
        let mut seen = std::collections::HashSet::new();
        while let Some((i, j)) = queue.pop() {
            if !seen.insert((i, j)) || (i, j) == (0, 0) {
                continue;
            }
            let moves = full[i][j];
            assert_eq!(band.moves(i, j), moves, "cell {i},{j}");
            if moves & DIAGONAL != 0 {
                queue.push((i - 1, j - 1));
            }
            if moves & GAP_IN_FIRST != 0 {
                queue.push((i, j - 1));
            }
            if moves & GAP_IN_SECOND != 0 {
                queue.push((i - 1, j));
            }
        }
        assert!(seen.len() > sa.len());
    }
    let d = |x: usize, y: usize| (x + 2 * y) as f64 * 1e-3;
    let pairing = best_pairing(&sa, &sb, &GapCosts::default(), 1 << 30, d).unwrap();
    assert!(pairing.pairs.len() > 60);
}

#[test]
fn texts_too_different_for_the_memory_limit_are_an_error() {
    let a: Vec<Symbol> = "abcdefgh".repeat(100).chars().map(Symbol::Char).collect();
    let b: Vec<Symbol> = "zyxwvuts".repeat(100).chars().map(Symbol::Char).collect();
    let e = optimal_moves(&a, &b, &GapCosts::default(), 20_000)
        .err()
        .expect("too different");
    assert!(e.to_string().contains("differ too much"), "{e}");
}
