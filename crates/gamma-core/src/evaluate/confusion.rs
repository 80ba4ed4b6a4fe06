//! The category confusion matrix of a system against the reference, over the unitary
//! alignments of γ's best alignment of the pair: a pair of units counts in the cell (reference
//! category, system category); a reference unit aligned with nothing counts in its row's empty
//! column (missed), a system unit aligned with nothing in its column's empty row (spurious).
//!
//! Unlike the span schemes, which match units greedily, the alignment pairs units so that the
//! total disorder (position and category together) is least, so one confusion is never counted
//! twice and a near miss of another category is paired with the unit it stands for.

/// Counts of aligned pairs by category; rows are reference categories, columns system
/// categories, each with a last "empty" entry for units aligned with nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfusionMatrix {
    /// Reference categories, sorted (the rows; row `len()` is the empty slot).
    pub reference_categories: Vec<String>,
    /// System categories after mapping, sorted (the columns; column `len()` is the empty slot).
    pub system_categories: Vec<String>,
    /// `counts[row][column]`, of size `(reference + 1) × (system + 1)`; the empty-empty cell
    /// is always 0.
    pub counts: Vec<Vec<usize>>,
}

impl ConfusionMatrix {
    /// An empty matrix over these categories (sorted and deduplicated here).
    pub fn new(mut reference: Vec<String>, mut system: Vec<String>) -> ConfusionMatrix {
        reference.sort();
        reference.dedup();
        system.sort();
        system.dedup();
        let counts = vec![vec![0; system.len() + 1]; reference.len() + 1];
        ConfusionMatrix {
            reference_categories: reference,
            system_categories: system,
            counts,
        }
    }

    fn row(&self, category: Option<&str>) -> Option<usize> {
        match category {
            None => Some(self.reference_categories.len()),
            Some(c) => self
                .reference_categories
                .binary_search_by(|x| x.as_str().cmp(c))
                .ok(),
        }
    }

    fn column(&self, category: Option<&str>) -> Option<usize> {
        match category {
            None => Some(self.system_categories.len()),
            Some(c) => self
                .system_categories
                .binary_search_by(|x| x.as_str().cmp(c))
                .ok(),
        }
    }

    /// Counts one unitary alignment: the reference unit's category (or `None`) and the system
    /// unit's. A category the matrix was not built with is a programming error.
    pub fn add(&mut self, reference: Option<&str>, system: Option<&str>) {
        if reference.is_none() && system.is_none() {
            return;
        }
        let (row, column) = (self.row(reference), self.column(system));
        match (row, column) {
            (Some(r), Some(c)) => self.counts[r][c] += 1,
            _ => debug_assert!(
                false,
                "category {reference:?} / {system:?} not in the matrix"
            ),
        }
    }

    /// The count of one cell (`None`: the empty slot); 0 for a category not in the matrix.
    pub fn count(&self, reference: Option<&str>, system: Option<&str>) -> usize {
        match (self.row(reference), self.column(system)) {
            (Some(r), Some(c)) => self.counts[r][c],
            _ => 0,
        }
    }

    /// Adds another document's matrix (categories are merged).
    pub fn merge(&mut self, other: &ConfusionMatrix) {
        let mut merged = ConfusionMatrix::new(
            self.reference_categories
                .iter()
                .chain(&other.reference_categories)
                .cloned()
                .collect(),
            self.system_categories
                .iter()
                .chain(&other.system_categories)
                .cloned()
                .collect(),
        );
        for matrix in [&*self, other] {
            for (r, row) in matrix.counts.iter().enumerate() {
                for (c, &n) in row.iter().enumerate() {
                    let reference = matrix.reference_categories.get(r).map(String::as_str);
                    let system = matrix.system_categories.get(c).map(String::as_str);
                    if let (Some(mr), Some(mc)) = (merged.row(reference), merged.column(system)) {
                        merged.counts[mr][mc] += n;
                    }
                }
            }
        }
        *self = merged;
    }

    /// Aligned pairs (both slots filled) whose categories are equal by name.
    pub fn agreeing_pairs(&self) -> usize {
        self.reference_categories
            .iter()
            .map(|c| self.count(Some(c), Some(c)))
            .sum()
    }

    /// Aligned pairs (both slots filled).
    pub fn pairs(&self) -> usize {
        let (rows, columns) = (
            self.reference_categories.len(),
            self.system_categories.len(),
        );
        self.counts[..rows]
            .iter()
            .map(|row| row[..columns].iter().sum::<usize>())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn cells_empty_slots_and_merging() {
        let mut m = ConfusionMatrix::new(strings(&["PER", "LOC", "PER"]), strings(&["LOC"]));
        assert_eq!(m.reference_categories, strings(&["LOC", "PER"]));
        m.add(Some("PER"), Some("LOC"));
        m.add(Some("LOC"), Some("LOC"));
        m.add(Some("LOC"), Some("LOC"));
        m.add(Some("PER"), None);
        m.add(None, Some("LOC"));
        m.add(None, None);
        assert_eq!(m.counts, vec![vec![2, 0], vec![1, 1], vec![1, 0]]);
        assert_eq!((m.pairs(), m.agreeing_pairs()), (3, 2));
        assert_eq!(m.count(Some("ORG"), Some("LOC")), 0);

        let mut other = ConfusionMatrix::new(strings(&["ORG"]), strings(&["ORG", "LOC"]));
        other.add(Some("ORG"), Some("ORG"));
        other.add(Some("ORG"), None);
        m.merge(&other);
        assert_eq!(m.reference_categories, strings(&["LOC", "ORG", "PER"]));
        assert_eq!(m.system_categories, strings(&["LOC", "ORG"]));
        assert_eq!(m.count(Some("LOC"), Some("LOC")), 2);
        assert_eq!(m.count(Some("PER"), Some("LOC")), 1);
        assert_eq!(m.count(Some("ORG"), Some("ORG")), 1);
        assert_eq!(m.count(Some("ORG"), None), 1);
        assert_eq!(m.count(Some("PER"), None), 1);
        assert_eq!(m.count(None, Some("LOC")), 1);
        assert_eq!((m.pairs(), m.agreeing_pairs()), (4, 3));
    }
}
