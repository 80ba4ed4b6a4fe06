//! The classic agreement coefficients of Artstein & Poesio's survey (2008, seed 002): for items
//! that every coder classifies (or leaves out), percentage agreement, Bennett's S, Scott's π,
//! Cohen's κ, Fleiss's multi-π, multi-κ (Davies & Fleiss), Krippendorff's α with nominal,
//! ordinal, interval, ratio or custom distances, and weighted κ. Spans are turned into items by
//! [`discretize`]: one item per position, labelled with the category of the unit covering it
//! (or "none") — the discretized κ/α that the Corpus Shuffling Tool compares with γ.
//! Gwet's AC1 and AC2 ([`gwet`]) sit next to them, for two or more raters.
//!
//! For spans themselves: Krippendorff's α_U and c|uα ([`unitizing`]), the 2016 family uα, |uα,
//! c|uα and (k)uα ([`u_alpha_family`]), the Slot Error Rate
//! ([`slot_error_rate`]), and the segmentation distances Pk, WindowDiff and the Generalized
//! Hamming Distance ([`segmentation`]).

use crate::continuum::Continuum;
use crate::dissimilarity::CategoryMatrix;

pub mod gwet;
pub mod segmentation;
pub mod slot_error_rate;
pub mod u_alpha_family;
pub mod unitizing;

/// Items × coders: for each item, each coder's category (an index into `categories`) or
/// `None` when the coder did not classify it.
#[derive(Debug, Clone, PartialEq)]
pub struct Codings {
    /// The category labels; a coding is an index into this list.
    pub categories: Vec<String>,
    /// The number of coders `c`.
    pub n_coders: usize,
    /// One row per item, one entry per coder.
    pub items: Vec<Vec<Option<usize>>>,
}

/// How far apart two categories are, for α and weighted κ (0 = same).
#[derive(Debug, Clone, PartialEq)]
pub enum Distance {
    /// Different categories are 1 apart.
    Nominal,
    /// Categories in the order of `Codings::categories`.
    Ordinal,
    /// Categories are numbers: `(a − b)²`.
    Interval,
    /// Categories are numbers: `((a − b) / (a + b))²`.
    Ratio,
    /// Categories are numbers: `|a − b|` (linear weights).
    Linear,
    /// Categories are sets (`a;b`): MASI, `1 − J · M` with `J` Jaccard's index and `M` 1 for
    /// equal sets, 2/3 when one holds the other, 1/3 when they only intersect, 0 when disjoint
    /// (Passonneau 2006; the survey's §4.4.1).
    Masi,
    /// Categories are sets (`a;b`): Jaccard's distance `1 − |A ∩ B| / |A ∪ B|`.
    Jaccard,
    /// A matrix over the categories (its own names are looked up).
    Custom(CategoryMatrix),
}

/// Why a coefficient cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CoefficientError {
    /// A two-coder coefficient (κ, S, π, weighted κ) was asked of another number of coders.
    #[error("{coefficient} is for exactly 2 coders, found {found}")]
    TwoCodersOnly {
        /// The coefficient's name.
        coefficient: &'static str,
        /// The number of coders given.
        found: usize,
    },
    /// No item has the codings the coefficient compares (fewer than two coders, no complete
    /// item for the κ family, no item with two codings for α).
    #[error("no item was classified by at least two coders")]
    NoPairableItem,
    /// An interval or ratio distance met a label that is not a number (the label, the
    /// distance's name).
    #[error("category {0:?} is not a number ({1} distance)")]
    NotNumeric(String, &'static str),
    /// A category has no row in the custom distance matrix.
    #[error("category {0:?} is not in the distance matrix")]
    NotInMatrix(String),
    /// The expected agreement is 1 (or the expected disagreement 0): chance correction
    /// divides by zero.
    #[error(
        "expected agreement is 1 (every value is the same category): the coefficient is undefined"
    )]
    Undefined,
}

impl Codings {
    /// From two coders' labels of the same items, as a contingency table would count them:
    /// `table[a][b]` items that coder 1 put in category `a` and coder 2 in `b`.
    #[cfg(test)]
    pub(crate) fn from_contingency(categories: &[&str], table: &[Vec<usize>]) -> Codings {
        let mut items = Vec::new();
        for (a, row) in table.iter().enumerate() {
            for (b, &count) in row.iter().enumerate() {
                items.extend(std::iter::repeat_n(vec![Some(a), Some(b)], count));
            }
        }
        Codings {
            categories: categories.iter().map(|c| c.to_string()).collect(),
            n_coders: 2,
            items,
        }
    }

    /// Items every coder classified (the kappa family needs complete data).
    fn complete(&self) -> Vec<Vec<usize>> {
        self.items
            .iter()
            .filter_map(|item| item.iter().copied().collect::<Option<Vec<usize>>>())
            .collect()
    }

    #[cfg(test)]
    fn two_coders(&self, coefficient: &'static str) -> Result<(), CoefficientError> {
        if self.n_coders == 2 {
            Ok(())
        } else {
            Err(CoefficientError::TwoCodersOnly {
                coefficient,
                found: self.n_coders,
            })
        }
    }

    /// Observed agreement: the share of agreeing coder pairs over items (Artstein & Poesio
    /// §2.6: `A_o = Σ_i Σ_k n_ik (n_ik − 1) / (I·c·(c − 1))`).
    pub(crate) fn observed_agreement(&self) -> Result<f64, CoefficientError> {
        let items = self.complete();
        let c = self.n_coders as f64;
        if items.is_empty() || self.n_coders < 2 {
            return Err(CoefficientError::NoPairableItem);
        }
        let k = self.categories.len();
        let mut sum = 0.0;
        for item in &items {
            let mut counts = vec![0.0; k];
            for &label in item {
                counts[label] += 1.0;
            }
            sum += counts.iter().map(|n| n * (n - 1.0)).sum::<f64>();
        }
        Ok(sum / (items.len() as f64 * c * (c - 1.0)))
    }

    /// Each category's share of all labels.
    fn pooled_shares(&self) -> Vec<f64> {
        let items = self.complete();
        let mut counts = vec![0.0; self.categories.len()];
        for label in items.iter().flatten() {
            counts[*label] += 1.0;
        }
        let total: f64 = counts.iter().sum();
        counts.iter().map(|n| n / total).collect()
    }

    /// Each coder's shares of the categories.
    fn coder_shares(&self) -> Vec<Vec<f64>> {
        let items = self.complete();
        (0..self.n_coders)
            .map(|coder| {
                let mut counts = vec![0.0; self.categories.len()];
                for item in &items {
                    counts[item[coder]] += 1.0;
                }
                counts.iter().map(|n| n / items.len() as f64).collect()
            })
            .collect()
    }

    fn chance_corrected(&self, expected: f64) -> Result<f64, CoefficientError> {
        let observed = self.observed_agreement()?;
        if expected >= 1.0 {
            return Err(CoefficientError::Undefined);
        }
        Ok((observed - expected) / (1.0 - expected))
    }

    /// Percentage agreement (no chance correction).
    pub(crate) fn percentage_agreement(&self) -> Result<f64, CoefficientError> {
        self.observed_agreement()
    }

    /// Bennett, Alpert & Goldstein's S: chance = 1 / number of categories.
    pub fn bennett_s(&self) -> Result<f64, CoefficientError> {
        self.chance_corrected(1.0 / self.categories.len() as f64)
    }

    /// Scott's π (2 coders): chance from the pooled distribution. With two annotators it is
    /// πd (`multi_pi`): checked against the survey's table, offered by no front end.
    #[cfg(test)]
    pub(crate) fn scott_pi(&self) -> Result<f64, CoefficientError> {
        self.two_coders("Scott's π")?;
        self.multi_pi()
    }

    /// Fleiss's multi-π (Siegel & Castellan's K): chance from the pooled distribution.
    pub(crate) fn multi_pi(&self) -> Result<f64, CoefficientError> {
        let expected = self.pooled_shares().iter().map(|p| p * p).sum();
        self.chance_corrected(expected)
    }

    /// Cohen's κ (2 coders): chance from each coder's own distribution. With two annotators
    /// it is κd (`multi_kappa`): checked against the survey's table, offered by no front end.
    #[cfg(test)]
    pub(crate) fn cohen_kappa(&self) -> Result<f64, CoefficientError> {
        self.two_coders("Cohen's κ")?;
        self.multi_kappa()
    }

    /// Davies & Fleiss's multi-κ: chance = mean over coder pairs of Σ_k P(k|m)·P(k|n).
    pub(crate) fn multi_kappa(&self) -> Result<f64, CoefficientError> {
        let shares = self.coder_shares();
        let mut sum = 0.0;
        let mut pairs = 0.0;
        for m in 0..self.n_coders {
            for n in m + 1..self.n_coders {
                sum += shares[m]
                    .iter()
                    .zip(&shares[n])
                    .map(|(a, b)| a * b)
                    .sum::<f64>();
                pairs += 1.0;
            }
        }
        self.chance_corrected(sum / pairs)
    }

    /// The distance of every pair of categories; `counts` (how often each category occurs among
    /// the values compared) is what the ordinal metric needs.
    pub(crate) fn distances(
        &self,
        distance: &Distance,
        counts: &[f64],
    ) -> Result<Vec<Vec<f64>>, CoefficientError> {
        let k = self.categories.len();
        let numbers = |name: &'static str| -> Result<Vec<f64>, CoefficientError> {
            self.categories
                .iter()
                .map(|c| {
                    c.trim()
                        .parse::<f64>()
                        .map_err(|_| CoefficientError::NotNumeric(c.clone(), name))
                })
                .collect()
        };
        Ok(match distance {
            Distance::Nominal => (0..k)
                .map(|a| (0..k).map(|b| f64::from(u8::from(a != b))).collect())
                .collect(),
            Distance::Ordinal => {
                // Krippendorff's ordinal metric: (Σ_{g=a..b} n_g − (n_a + n_b)/2)².
                (0..k)
                    .map(|a| {
                        (0..k)
                            .map(|b| {
                                let (low, high) = (a.min(b), a.max(b));
                                let between: f64 = counts[low..=high].iter().sum();
                                (between - (counts[a] + counts[b]) / 2.0).powi(2)
                            })
                            .collect()
                    })
                    .collect()
            }
            Distance::Linear => {
                let x = numbers("linear")?;
                (0..k)
                    .map(|a| (0..k).map(|b| (x[a] - x[b]).abs()).collect())
                    .collect()
            }
            Distance::Masi | Distance::Jaccard => {
                let sets: Vec<std::collections::BTreeSet<&str>> =
                    (self.categories.iter()).map(|c| label_members(c)).collect();
                let masi = matches!(distance, Distance::Masi);
                (0..k)
                    .map(|a| {
                        (0..k)
                            .map(|b| set_distance(&sets[a], &sets[b], masi))
                            .collect()
                    })
                    .collect()
            }
            Distance::Interval => {
                let x = numbers("interval")?;
                (0..k)
                    .map(|a| (0..k).map(|b| (x[a] - x[b]).powi(2)).collect())
                    .collect()
            }
            Distance::Ratio => {
                let x = numbers("ratio")?;
                (0..k)
                    .map(|a| {
                        (0..k)
                            .map(|b| {
                                if x[a] + x[b] == 0.0 {
                                    0.0
                                } else {
                                    ((x[a] - x[b]) / (x[a] + x[b])).powi(2)
                                }
                            })
                            .collect()
                    })
                    .collect()
            }
            Distance::Custom(matrix) => self
                .categories
                .iter()
                .map(|a| {
                    self.categories
                        .iter()
                        .map(|b| {
                            matrix
                                .get(a, b)
                                .ok_or_else(|| CoefficientError::NotInMatrix(a.clone()))
                        })
                        .collect::<Result<Vec<f64>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?,
        })
    }

    /// Krippendorff's α, with missing values: items with fewer than two values are not
    /// pairable and are left out; `D_o` from the coincidences within items, `D_e` from all
    /// pairable values.
    pub(crate) fn krippendorff_alpha(&self, distance: &Distance) -> Result<f64, CoefficientError> {
        let (observed, expected, _) = self.alpha_disagreements(distance)?;
        Ok(1.0 - observed / expected)
    }

    /// α's observed and expected disagreements `D_o`, `D_e` and the distances between the
    /// categories it used (the ordinal metric depends on the pairable values).
    pub(crate) fn alpha_disagreements(
        &self,
        distance: &Distance,
    ) -> Result<(f64, f64, Vec<Vec<f64>>), CoefficientError> {
        let k = self.categories.len();
        let mut coincidences = vec![vec![0.0; k]; k];
        for item in &self.items {
            let values: Vec<usize> = item.iter().flatten().copied().collect();
            let m = values.len();
            if m < 2 {
                continue;
            }
            for (i, &a) in values.iter().enumerate() {
                for (j, &b) in values.iter().enumerate() {
                    if i != j {
                        coincidences[a][b] += 1.0 / (m as f64 - 1.0);
                    }
                }
            }
        }
        let marginals: Vec<f64> = coincidences.iter().map(|row| row.iter().sum()).collect();
        let n: f64 = marginals.iter().sum();
        if n < 2.0 {
            return Err(CoefficientError::NoPairableItem);
        }
        let d = self.distances(distance, &marginals)?;
        let mut observed = 0.0;
        let mut expected = 0.0;
        for a in 0..k {
            for b in 0..k {
                observed += coincidences[a][b] * d[a][b];
                expected += marginals[a] * marginals[b] * d[a][b];
            }
        }
        observed /= n;
        expected /= n * (n - 1.0);
        if expected == 0.0 {
            return Err(CoefficientError::Undefined);
        }
        Ok((observed, expected, d))
    }

    /// Cohen's weighted κ (2 coders): `1 − D_o / D_e`, chance from each coder's distribution,
    /// disagreements weighted by `distance`. The front ends measure nominal categories, where it
    /// is Cohen's κ: checked against hand-computed values, offered by no front end.
    #[cfg(test)]
    pub(crate) fn weighted_kappa(&self, distance: &Distance) -> Result<f64, CoefficientError> {
        self.two_coders("weighted κ")?;
        let items = self.complete();
        let mut counts = vec![0.0; self.categories.len()];
        for label in items.iter().flatten() {
            counts[*label] += 1.0;
        }
        let d = self.distances(distance, &counts)?;
        if items.is_empty() {
            return Err(CoefficientError::NoPairableItem);
        }
        let observed = items.iter().map(|i| d[i[0]][i[1]]).sum::<f64>() / items.len() as f64;
        let shares = self.coder_shares();
        let k = self.categories.len();
        let mut expected = 0.0;
        for a in 0..k {
            for b in 0..k {
                expected += shares[0][a] * shares[1][b] * d[a][b];
            }
        }
        if expected == 0.0 {
            return Err(CoefficientError::Undefined);
        }
        Ok(1.0 - observed / expected)
    }
}

/// What separates the members of a set-valued label in its canonical form (`a;b`).
pub const SET_SEPARATOR: char = ';';

/// The members of a label (one for a plain label; [`SET_SEPARATOR`] separates those of a set).
pub fn label_members(label: &str) -> std::collections::BTreeSet<&str> {
    label.split(SET_SEPARATOR).map(str::trim).collect()
}

/// MASI (`masi`) or Jaccard's distance between two sets of labels.
fn set_distance(
    a: &std::collections::BTreeSet<&str>,
    b: &std::collections::BTreeSet<&str>,
    masi: bool,
) -> f64 {
    let common = a.intersection(b).count() as f64;
    let union = a.union(b).count() as f64;
    let jaccard = if union == 0.0 { 1.0 } else { common / union };
    if !masi {
        return 1.0 - jaccard;
    }
    let monotonicity = if a == b {
        1.0
    } else if a.is_subset(b) || b.is_subset(a) {
        2.0 / 3.0
    } else if common > 0.0 {
        1.0 / 3.0
    } else {
        0.0
    };
    1.0 - jaccard * monotonicity
}

/// The label of positions covered by no unit, in [`discretize`].
pub const NONE: &str = "(none)";

/// One item per whole position of `[start, end)` of the continuum: each annotator's label is
/// the category of the unit covering the position's middle (the one starting last when
/// several do), or [`NONE`].
pub fn discretize(continuum: &Continuum, start: f64, end: f64) -> Codings {
    let mut categories = continuum.categories();
    categories.push(NONE.to_string());
    let none = categories.len() - 1;
    let first = start.floor() as i64;
    let last = end.ceil() as i64;
    let length = (last - first).max(0) as usize;
    let mut items = vec![vec![Some(none); continuum.n_annotators()]; length];
    for (a, annotator) in continuum.annotators.iter().enumerate() {
        let mut units: Vec<&crate::unit::Unit> = annotator.units.iter().collect();
        units.sort_by(|x, y| x.start.total_cmp(&y.start));
        for unit in units {
            let label = categories[..none]
                .binary_search(&unit.category)
                .unwrap_or(none);
            let from = ((unit.start - 0.5).ceil() as i64 - first).max(0) as usize;
            let to = (((unit.end - 0.5).ceil() as i64) - first).clamp(0, length as i64) as usize;
            for item in items.iter_mut().take(to).skip(from) {
                item[a] = Some(label);
            }
        }
    }
    Codings {
        categories,
        n_coders: continuum.n_annotators(),
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Artstein & Poesio's integrated example (Table 6): coder A in rows, coder B in columns.
    fn table_6() -> Codings {
        Codings::from_contingency(
            &["Stat", "IReq", "Chck"],
            &[vec![46, 6, 0], vec![0, 32, 0], vec![0, 6, 10]],
        )
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn the_surveys_integrated_example() {
        let c = table_6();
        assert_eq!(c.items.len(), 100);
        assert!(close(c.percentage_agreement().unwrap(), 0.88, 1e-12));
        assert!(close(c.bennett_s().unwrap(), 0.82, 1e-12));
        // A_e^π = 0.4014, π ≈ 0.7995; A_e^κ = 0.396, κ ≈ 0.8013.
        assert!(close(
            c.scott_pi().unwrap(),
            (0.88 - 0.4014) / (1.0 - 0.4014),
            1e-12
        ));
        assert!(close(c.scott_pi().unwrap(), 0.7995, 5e-5));
        assert!(close(
            c.cohen_kappa().unwrap(),
            (0.88 - 0.396) / (1.0 - 0.396),
            1e-12
        ));
        assert!(close(c.cohen_kappa().unwrap(), 0.8013, 5e-5));
        // Two coders: multi-π is π and multi-κ is κ.
        assert_eq!(c.multi_pi(), c.scott_pi());
        assert_eq!(c.multi_kappa(), c.cohen_kappa());
        // Weighted: Stat–IReq 1, Stat–Chck 0.5, IReq–Chck 0.5; D_o = 0.09.
        let matrix = CategoryMatrix::parse(
            ",Stat,IReq,Chck\nStat,0,1,0.5\nIReq,1,0,0.5\nChck,0.5,0.5,0\n",
            "weights",
        )
        .unwrap();
        let weights = Distance::Custom(matrix);
        // α: D_e = (2·98·76 + 2·98·26·0.5 + 2·76·26·0.5) / 39800 ≈ 0.4879, α ≈ 0.8156.
        let alpha = c.krippendorff_alpha(&weights).unwrap();
        let expected_alpha =
            1.0 - 0.09 / ((2.0 * 98.0 * 76.0 + 98.0 * 26.0 + 76.0 * 26.0) / 39800.0);
        assert!(close(alpha, expected_alpha, 1e-12), "{alpha}");
        assert!(close(alpha, 0.8156, 5e-5), "{alpha}");
        // α_κ (weighted κ): D_e = 0.49, ≈ 0.8163.
        let weighted = c.weighted_kappa(&weights).unwrap();
        assert!(close(weighted, 1.0 - 0.09 / 0.49, 1e-12), "{weighted}");
    }

    /// Krippendorff's worked example with missing values (4 coders, 12 units; the example of
    /// his Content Analysis and of Wikipedia): α as the `krippendorff` PyPI package (0.6.1)
    /// computes it.
    #[test]
    fn krippendorffs_example_with_missing_values() {
        let rows: [[Option<u8>; 12]; 4] = [
            [
                Some(1),
                Some(2),
                Some(3),
                Some(3),
                Some(2),
                Some(1),
                Some(4),
                Some(1),
                Some(2),
                None,
                None,
                None,
            ],
            [
                Some(1),
                Some(2),
                Some(3),
                Some(3),
                Some(2),
                Some(2),
                Some(4),
                Some(1),
                Some(2),
                Some(5),
                None,
                Some(3),
            ],
            [
                None,
                Some(3),
                Some(3),
                Some(3),
                Some(2),
                Some(3),
                Some(4),
                Some(2),
                Some(2),
                Some(5),
                Some(1),
                None,
            ],
            [
                Some(1),
                Some(2),
                Some(3),
                Some(3),
                Some(2),
                Some(4),
                Some(4),
                Some(1),
                Some(2),
                Some(5),
                Some(1),
                None,
            ],
        ];
        let categories: Vec<String> = (1..=5).map(|v| v.to_string()).collect();
        let items = (0..12)
            .map(|i| rows.iter().map(|r| r[i].map(|v| v as usize - 1)).collect())
            .collect();
        let c = Codings {
            categories,
            n_coders: 4,
            items,
        };
        let nominal = c.krippendorff_alpha(&Distance::Nominal).unwrap();
        let interval = c.krippendorff_alpha(&Distance::Interval).unwrap();
        let ratio = c.krippendorff_alpha(&Distance::Ratio).unwrap();
        let ordinal = c.krippendorff_alpha(&Distance::Ordinal).unwrap();
        assert!(close(nominal, 0.743421052631579, 1e-12), "{nominal}");
        assert!(close(ordinal, 0.8153875037548814, 1e-12), "{ordinal}");
        assert!(close(interval, 0.8491071428571428, 1e-12), "{interval}");
        assert!(close(ratio, 0.7974027747116121, 1e-12), "{ratio}");
        assert!(matches!(
            c.cohen_kappa(),
            Err(CoefficientError::TwoCodersOnly { found: 4, .. })
        ));
    }

    /// Random data (3 coders, 20 items, values 1–4, 15 % missing, numpy seed 7) and the
    /// `krippendorff` PyPI package's α on it.
    #[test]
    fn alpha_matches_the_krippendorff_package_on_random_data() {
        let rows: [[u8; 20]; 3] = [
            [4, 3, 0, 4, 3, 4, 4, 0, 1, 2, 2, 4, 4, 1, 2, 4, 0, 4, 1, 2],
            [4, 2, 0, 2, 3, 2, 4, 2, 2, 3, 3, 3, 3, 4, 4, 4, 3, 0, 2, 4],
            [2, 1, 4, 1, 0, 3, 1, 1, 2, 0, 1, 3, 4, 2, 4, 4, 4, 3, 2, 3],
        ];
        let c = Codings {
            categories: (1..=4).map(|v| v.to_string()).collect(),
            n_coders: 3,
            items: (0..20)
                .map(|i| {
                    rows.iter()
                        .map(|r| (r[i] > 0).then(|| r[i] as usize - 1))
                        .collect()
                })
                .collect(),
        };
        for (distance, expected) in [
            (Distance::Nominal, -0.03238866396761142),
            (Distance::Ordinal, 0.18471744139736002),
            (Distance::Interval, 0.18310301507537696),
            (Distance::Ratio, 0.12258226527061555),
        ] {
            let found = c.krippendorff_alpha(&distance).unwrap();
            assert!(close(found, expected, 1e-12), "{distance:?}: {found}");
        }
    }

    #[test]
    fn discretized_spans() {
        let mut c = Continuum::new("d");
        c.add("A", 0.0, 3.0, "X").unwrap();
        c.add("B", 1.0, 3.0, "X").unwrap();
        c.add("B", 3.0, 4.0, "Y").unwrap();
        let d = discretize(&c, 0.0, 5.0);
        assert_eq!(d.categories, vec!["X", "Y", NONE]);
        let labels: Vec<Vec<Option<usize>>> = d.items.clone();
        assert_eq!(
            labels,
            vec![
                vec![Some(0), Some(2)],
                vec![Some(0), Some(0)],
                vec![Some(0), Some(0)],
                vec![Some(2), Some(1)],
                vec![Some(2), Some(2)],
            ]
        );
        assert!(close(d.percentage_agreement().unwrap(), 0.6, 1e-12));
    }
}
