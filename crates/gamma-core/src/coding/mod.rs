//! Coding studies: items that several coders each label (or leave out), measured with the
//! classic coefficients of Artstein & Poesio's survey (2008, seed 002) and adjudicated into a
//! gold label per item.
//!
//! A [`CodingStudy`] is a table of items × coders. A missing rating is missing — never a
//! category: every coefficient treats it as Gwet's handbook (2014, ch. 2–5) and Krippendorff
//! (2011) do, each item counting with the ratings it has. A label may be a set (`a;b`, written
//! in a canonical order), compared with the MASI or Jaccard distance (survey §4.4.1).
//!
//! * [`coefficient`]: the coefficients by name — percentage agreement, S (Bennett;
//!   Brennan–Prediger), π (Scott), κ (Cohen, weighted κ), multi-π (Fleiss), multi-κ (Davies &
//!   Fleiss; Conger), α (Krippendorff, any distance), AC1 and AC2 (Gwet) — each with the
//!   observed and expected agreement behind it and its standard error (modules `chance` and `alpha`);
//! * [`intervals`]: the 95 % intervals, analytic (Gwet's linearised variances, Student's t) and
//!   a bootstrap over items (seeded, the seed reported);
//! * [`tables`]: coder × coder tables (a coefficient per pair, confusion matrices), agreement
//!   per category (specific agreement, Fleiss's κ per category);
//! * [`adjudication`]: the gold label of each item, decided one by one or by bulk rules
//!   (unanimous, majority with a threshold), every action one undoable step, a session that
//!   saves and restores it;
//! * [`summary`]: one row per study, for a campaign's dashboard;
//! * [`simulate`]: studies drawn from a latent-class model, for the coverage benchmark.
//!
//! Spans become a coding study in [`from_units`]: units of several annotators at identical
//! positions are one item (c|uα on such units is Scott's π, not α: see the tests).

pub mod adjudication;
mod alpha;
mod chance;
pub mod coefficient;
mod conger;
pub mod from_units;
pub mod intervals;
mod names;
pub mod simulate;
pub mod summary;
pub mod tables;
mod terms;
pub mod value;

#[cfg(test)]
mod tests;

use crate::coefficients::Codings;
pub use crate::coefficients::{SET_SEPARATOR, label_members};
use std::collections::{BTreeSet, HashMap};

pub use adjudication::{BulkRule, CodingAdjudication, CodingSession, DecidedBy, GoldDecision};
pub use coefficient::{Coefficient, CoefficientChoice, DistanceName, UnknownCoefficient};
pub use intervals::{CodingInterval, IntervalMethod, IntervalOptions};
pub use summary::StudySummary;
pub use value::{Basis, CodingValue};

/// Items × coders: each coder's label of each item, or nothing.
///
/// The labels are the study's *categories* (an index into [`CodingStudy::categories`]); a
/// set-valued label is one category whose name lists its members ([`SET_SEPARATOR`]). The
/// categories are in the study's order: the order given by the user
/// ([`CodingStudy::set_category_order`]), else numeric when every label is a number, else
/// alphabetical.
#[derive(Debug, Clone, PartialEq)]
pub struct CodingStudy {
    /// The study's name (its file's stem).
    pub name: String,
    /// The coders, in the order of the table.
    pub coders: Vec<String>,
    /// The items' identifiers, in the order of the table.
    pub items: Vec<String>,
    /// The labels, the coders and the ratings as the coefficients read them.
    pub codings: Codings,
    /// Whether the category order was given (ordinal, linear and interval weights may then
    /// place labels that are not numbers at their rank).
    pub ordered: bool,
}

/// Why a coding study cannot be built as asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CodingError {
    /// A coder labelled an item twice with different labels.
    #[error("coder {coder:?} labels item {item:?} twice: {first:?} and {second:?}")]
    ConflictingRatings {
        /// The item.
        item: String,
        /// The coder.
        coder: String,
        /// The label given first.
        first: String,
        /// The other label.
        second: String,
    },
    /// A category order that leaves out a label the coders used.
    #[error("the category order leaves out {0:?}, a label the coders used")]
    OrderMissesLabel(String),
    /// A category named twice in an order.
    #[error("category {0:?} is named twice in the order")]
    RepeatedCategory(String),
    /// An empty item or coder name.
    #[error("an item or coder name is empty")]
    EmptyName,
}

/// A set-valued label in canonical form: its members trimmed, without repeats, sorted, joined
/// by [`SET_SEPARATOR`]; `None` when no member is left (an empty label is a missing rating).
pub fn canonical_set(raw: &str, separator: char) -> Option<String> {
    let members: BTreeSet<&str> = raw
        .split(separator)
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .collect();
    if members.is_empty() {
        return None;
    }
    Some(
        members
            .into_iter()
            .collect::<Vec<_>>()
            .join(&SET_SEPARATOR.to_string()),
    )
}

/// Builds a study rating by rating (the readers of every table shape use it).
#[derive(Debug, Default)]
pub struct StudyBuilder {
    name: String,
    coders: Vec<String>,
    coder_index: HashMap<String, usize>,
    items: Vec<String>,
    item_index: HashMap<String, usize>,
    ratings: Vec<HashMap<usize, String>>,
}

impl StudyBuilder {
    /// An empty study called `name`.
    pub fn new(name: impl Into<String>) -> StudyBuilder {
        StudyBuilder {
            name: name.into(),
            ..StudyBuilder::default()
        }
    }

    /// Adds a coder (in table order) even if they label nothing; returns their index.
    pub fn coder(&mut self, coder: &str) -> Result<usize, CodingError> {
        if coder.is_empty() {
            return Err(CodingError::EmptyName);
        }
        if let Some(&index) = self.coder_index.get(coder) {
            return Ok(index);
        }
        self.coders.push(coder.to_string());
        self.coder_index
            .insert(coder.to_string(), self.coders.len() - 1);
        Ok(self.coders.len() - 1)
    }

    /// Adds an item (in table order) even if nobody labels it; returns its index.
    pub fn item(&mut self, item: &str) -> Result<usize, CodingError> {
        if item.is_empty() {
            return Err(CodingError::EmptyName);
        }
        if let Some(&index) = self.item_index.get(item) {
            return Ok(index);
        }
        self.items.push(item.to_string());
        self.ratings.push(HashMap::new());
        self.item_index
            .insert(item.to_string(), self.items.len() - 1);
        Ok(self.items.len() - 1)
    }

    /// Records that `coder` labelled `item` with `label` (already canonical). The same label
    /// twice is one rating; two different labels are an error.
    pub fn rate(&mut self, item: &str, coder: &str, label: &str) -> Result<(), CodingError> {
        let c = self.coder(coder)?;
        let i = self.item(item)?;
        match self.ratings[i].get(&c) {
            Some(first) if first != label => Err(CodingError::ConflictingRatings {
                item: item.to_string(),
                coder: coder.to_string(),
                first: first.clone(),
                second: label.to_string(),
            }),
            _ => {
                self.ratings[i].insert(c, label.to_string());
                Ok(())
            }
        }
    }

    /// The study, its categories in their natural order (numeric when every label is a
    /// number, else alphabetical).
    pub fn build(self) -> CodingStudy {
        let mut labels: Vec<String> = (self.ratings.iter())
            .flat_map(|r| r.values().cloned())
            .collect::<BTreeSet<String>>()
            .into_iter()
            .collect();
        natural_order(&mut labels);
        let index: HashMap<&str, usize> = (labels.iter().enumerate())
            .map(|(i, l)| (l.as_str(), i))
            .collect();
        let n_coders = self.coders.len();
        let items = (self.ratings.iter())
            .map(|r| {
                (0..n_coders)
                    .map(|c| r.get(&c).map(|l| index[l.as_str()]))
                    .collect()
            })
            .collect();
        CodingStudy {
            name: self.name,
            coders: self.coders,
            items: self.items,
            codings: Codings {
                categories: labels,
                n_coders,
                items,
            },
            ordered: false,
        }
    }
}

/// Numbers in numeric order when every label is one, else alphabetical.
fn natural_order(labels: &mut [String]) {
    let numbers: Option<Vec<f64>> = labels.iter().map(|l| l.trim().parse().ok()).collect();
    if numbers.is_some() {
        labels.sort_by(|a, b| {
            let (x, y): (f64, f64) = (a.trim().parse().unwrap(), b.trim().parse().unwrap());
            x.total_cmp(&y).then_with(|| a.cmp(b))
        });
    } else {
        labels.sort();
    }
}

impl CodingStudy {
    /// A study from rows of labels (one row per item, `None` or an empty string is missing),
    /// the items numbered from 1: for tests and the Python module.
    pub fn from_rows(
        name: &str,
        coders: &[&str],
        rows: &[Vec<Option<&str>>],
    ) -> Result<CodingStudy, CodingError> {
        let mut builder = StudyBuilder::new(name);
        for coder in coders {
            builder.coder(coder)?;
        }
        for (i, row) in rows.iter().enumerate() {
            let item = (i + 1).to_string();
            builder.item(&item)?;
            for (coder, label) in coders.iter().zip(row) {
                if let Some(label) = label.filter(|l| !l.trim().is_empty()) {
                    builder.rate(&item, coder, label.trim())?;
                }
            }
        }
        Ok(builder.build())
    }

    /// A study of numbered items and coders from codings already made (the positions of
    /// discretized spans, [`crate::coefficients::discretize`]).
    pub fn from_codings(name: &str, codings: Codings) -> CodingStudy {
        CodingStudy {
            name: name.to_string(),
            coders: (1..=codings.n_coders).map(|c| c.to_string()).collect(),
            items: (1..=codings.items.len()).map(|i| i.to_string()).collect(),
            codings,
            ordered: false,
        }
    }

    /// The number of items.
    pub fn n_items(&self) -> usize {
        self.items.len()
    }

    /// The categories (label values) in the study's order.
    pub fn categories(&self) -> &[String] {
        &self.codings.categories
    }

    /// The label coder `coder` gave item `item`, if any.
    pub fn label(&self, item: usize, coder: usize) -> Option<&str> {
        self.codings.items[item][coder].map(|k| self.codings.categories[k].as_str())
    }

    /// The number of ratings given (cells that are not missing).
    pub fn n_ratings(&self) -> usize {
        self.codings.items.iter().flatten().flatten().count()
    }

    /// Whether some label is a set of several members.
    pub fn has_sets(&self) -> bool {
        (self.codings.categories.iter()).any(|c| c.contains(SET_SEPARATOR))
    }

    /// Whether the coders who labelled item `item` did not all give the same label (an item
    /// labelled by one coder or none is no disagreement).
    pub fn is_disagreement(&self, item: usize) -> bool {
        let mut labels = self.codings.items[item].iter().flatten();
        match labels.next() {
            Some(first) => labels.any(|l| l != first),
            None => false,
        }
    }

    /// How many coders gave each category to item `item`.
    pub fn counts(&self, item: usize) -> Vec<usize> {
        let mut counts = vec![0; self.codings.categories.len()];
        for k in self.codings.items[item].iter().flatten() {
            counts[*k] += 1;
        }
        counts
    }

    /// Puts the categories in `order` (which must name every label used; a category nobody
    /// used is added, and counts for S and Gwet's AC, whose chance depends on the number of
    /// categories). The study is then ordered: ordinal, linear and interval distances place
    /// labels that are not numbers at their rank.
    pub fn set_category_order(&mut self, order: &[String]) -> Result<(), CodingError> {
        let mut seen = BTreeSet::new();
        for category in order {
            if !seen.insert(category.as_str()) {
                return Err(CodingError::RepeatedCategory(category.clone()));
            }
        }
        let old = &self.codings.categories;
        if let Some(missing) = old.iter().find(|c| !seen.contains(c.as_str())) {
            return Err(CodingError::OrderMissesLabel(missing.clone()));
        }
        let position: HashMap<&str, usize> = (order.iter().enumerate())
            .map(|(i, c)| (c.as_str(), i))
            .collect();
        let remap: Vec<usize> = old.iter().map(|c| position[c.as_str()]).collect();
        for item in &mut self.codings.items {
            for label in item.iter_mut().flatten() {
                *label = remap[*label];
            }
        }
        self.codings.categories = order.to_vec();
        self.ordered = true;
        Ok(())
    }

    /// The study restricted to the items in `items` (repeats allowed: a bootstrap replicate).
    pub fn with_items(&self, items: &[usize]) -> CodingStudy {
        CodingStudy {
            name: self.name.clone(),
            coders: self.coders.clone(),
            items: items.iter().map(|&i| self.items[i].clone()).collect(),
            codings: Codings {
                categories: self.codings.categories.clone(),
                n_coders: self.codings.n_coders,
                items: items
                    .iter()
                    .map(|&i| self.codings.items[i].clone())
                    .collect(),
            },
            ordered: self.ordered,
        }
    }

    /// The study of two of its coders (every item kept; the coefficients leave out those
    /// neither or only one of them labelled, as they would in the whole study).
    pub fn pair(&self, first: usize, second: usize) -> CodingStudy {
        CodingStudy {
            name: self.name.clone(),
            coders: vec![self.coders[first].clone(), self.coders[second].clone()],
            items: self.items.clone(),
            codings: Codings {
                categories: self.codings.categories.clone(),
                n_coders: 2,
                items: (self.codings.items.iter())
                    .map(|row| vec![row[first], row[second]])
                    .collect(),
            },
            ordered: self.ordered,
        }
    }

    /// A fingerprint of the table (coders, items, labels): a session records it, and is
    /// restored only on the same table whatever the file's name.
    pub fn fingerprint(&self) -> String {
        // FNV-1a over the table's cells: stable across runs and platforms, unlike std's hasher.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |s: &str| {
            for byte in s.bytes().chain([0xff]) {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for coder in &self.coders {
            feed(coder);
        }
        for (i, item) in self.items.iter().enumerate() {
            feed(item);
            for c in 0..self.coders.len() {
                feed(self.label(i, c).unwrap_or("\u{0}"));
            }
        }
        format!("{hash:016x}")
    }
}
