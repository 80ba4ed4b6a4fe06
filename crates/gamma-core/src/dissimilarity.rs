//! Dissimilarities between two units (paper §4.4) and the cost of an empty slot, Δ∅.
//!
//! * positional-sporadic: `d_pos(u,v) = ((|s_u−s_v| + |e_u−e_v|) / (l_u + l_v))² · Δ∅` (§4.4.1);
//! * categorical: `d_cat(u,v) = D[c_u, c_v] · Δ∅` with `D` a symmetric matrix over the
//!   categories, zero on the diagonal, values in [0, 1] (§4.4.2);
//! * combined: `d(u,v) = α·d_pos(u,v) + β·d_cat(u,v)` (§4.4.3), defaults α = β = Δ∅ = 1.
//!
//! Both terms are scaled by Δ∅ as the paper says. pygamma-agreement 0.5.9 forgets to scale
//! its default categorical term when Δ∅ ≠ 1, so with Δ∅ ≠ 1 its numbers differ from ours.

use crate::settings::{Range, Setting, SettingError};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;

/// A categorical dissimilarity matrix `D` over named categories.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "MatrixRecord")]
pub struct CategoryMatrix {
    categories: Vec<String>,
    /// Row-major, `categories.len()²` values.
    values: Vec<f64>,
}

/// A category matrix as stored (in a session file), validated by [`CategoryMatrix::new`] when
/// read back.
#[derive(serde::Deserialize)]
struct MatrixRecord {
    categories: Vec<String>,
    values: Vec<f64>,
}

impl TryFrom<MatrixRecord> for CategoryMatrix {
    type Error = MatrixError;

    fn try_from(record: MatrixRecord) -> Result<Self, Self::Error> {
        CategoryMatrix::new(
            record.categories,
            record.values,
            "the stored category matrix",
        )
    }
}

/// Why a category matrix was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MatrixError {
    /// A line of a matrix file cannot be read.
    #[error("{file}: line {line}: {message}")]
    Syntax {
        /// The file (or the description of the source) read.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong with the line.
        message: String,
    },
    /// The matrix as a whole is not a dissimilarity: wrong size, repeated category, value
    /// outside [0, 1], non-zero diagonal, asymmetry; or the file cannot be read.
    #[error("{file}: {message}")]
    Invalid {
        /// The file (or the description of the source) read.
        file: String,
        /// What is wrong with the matrix.
        message: String,
    },
    /// A category of the annotations has no row in the matrix (or no rank in the ordinal scale).
    #[error("category {0:?} is not in the category matrix")]
    MissingCategory(String),
    /// More categories than [`MAX_CATEGORIES`]: the `k × k` matrix is refused before it is
    /// allocated.
    #[error(
        "{file}: {categories} categories would need a {categories}×{categories} dissimilarity matrix of {}; the limit is {limit} categories",
        bytes_in_words(*bytes)
    )]
    TooManyCategories {
        /// Where the categories come from (a file, "the annotations").
        file: String,
        /// Categories found.
        categories: usize,
        /// Bytes the matrix would take.
        bytes: u128,
        /// The limit in force, [`MAX_CATEGORIES`].
        limit: usize,
    },
    /// A numeric scale met a category label that does not parse as a number.
    #[error("category {label:?} is not a number, so a numeric dissimilarity cannot use it")]
    NotNumeric {
        /// The label that is not a number.
        label: String,
    },
}

/// The most categories a dissimilarity matrix (and a confusion matrix) may have: its `k²`
/// values take 128 MiB at this size, and each is made twice (the matrix, then the table the
/// alignment reads). Tag sets have tens to hundreds of categories; this many means labels that
/// are free text (transcriptions, identifiers) read as categories.
pub const MAX_CATEGORIES: usize = 4096;

/// [`MatrixError::TooManyCategories`] when `categories` is past [`MAX_CATEGORIES`].
pub(crate) fn check_category_count(categories: usize, source: &str) -> Result<(), MatrixError> {
    if categories <= MAX_CATEGORIES {
        return Ok(());
    }
    Err(MatrixError::TooManyCategories {
        file: source.to_string(),
        categories,
        bytes: (categories as u128).pow(2) * std::mem::size_of::<f64>() as u128,
        limit: MAX_CATEGORIES,
    })
}

/// A size in MiB, or GiB past 1 GiB.
fn bytes_in_words(bytes: u128) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    let mib = bytes as f64 / MIB;
    if mib >= 1024.0 {
        format!("{:.1} GiB", mib / 1024.0)
    } else {
        format!("{mib:.0} MiB")
    }
}

impl CategoryMatrix {
    /// Nominal categories: `D = 1` between different categories (the paper's default).
    pub fn nominal(categories: &[String]) -> CategoryMatrix {
        let k = categories.len();
        let mut values = vec![1.0; k * k];
        for i in 0..k {
            values[i * k + i] = 0.0;
        }
        CategoryMatrix {
            categories: categories.to_vec(),
            values,
        }
    }

    /// Ordered categories (a scale such as low < mid < high), in the order given:
    /// `D = |rank_i − rank_j| / (K − 1)`.
    pub fn ordinal(ordered: &[String]) -> CategoryMatrix {
        let ranks: Vec<f64> = (0..ordered.len()).map(|i| i as f64).collect();
        Self::from_positions(ordered, &ranks)
    }

    /// Numeric categories ("1", "2.5", …): `D = |x_i − x_j| / (max − min)`.
    pub fn numeric(labels: &[String]) -> Result<CategoryMatrix, MatrixError> {
        let mut values = Vec::with_capacity(labels.len());
        for label in labels {
            let x: f64 = label.trim().parse().map_err(|_| MatrixError::NotNumeric {
                label: label.clone(),
            })?;
            values.push(x);
        }
        Ok(Self::from_positions(labels, &values))
    }

    fn from_positions(labels: &[String], positions: &[f64]) -> CategoryMatrix {
        let k = labels.len();
        let spread = positions
            .iter()
            .flat_map(|a| positions.iter().map(move |b| (a - b).abs()))
            .fold(0.0, f64::max);
        let scale = if spread > 0.0 { spread } else { 1.0 };
        let mut values = vec![0.0; k * k];
        for i in 0..k {
            for j in 0..k {
                values[i * k + j] = (positions[i] - positions[j]).abs() / scale;
            }
        }
        CategoryMatrix {
            categories: labels.to_vec(),
            values,
        }
    }

    /// Categories compared as strings: `D = lev(a, b) / (max(|a|, |b|) + 1)`, the formula of
    /// pygamma-agreement (its `+ 1` keeps one-letter labels below 1).
    pub fn levenshtein(labels: &[String]) -> CategoryMatrix {
        let k = labels.len();
        let chars: Vec<Vec<char>> = labels.iter().map(|l| l.chars().collect()).collect();
        let mut values = vec![0.0; k * k];
        for i in 0..k {
            for j in 0..k {
                let longest = chars[i].len().max(chars[j].len()) as f64;
                values[i * k + j] = levenshtein(&chars[i], &chars[j]) as f64 / (longest + 1.0);
            }
        }
        CategoryMatrix {
            categories: labels.to_vec(),
            values,
        }
    }

    /// A user matrix; validated: square, symmetric, zero diagonal, values in [0, 1].
    pub fn new(
        categories: Vec<String>,
        values: Vec<f64>,
        source: &str,
    ) -> Result<CategoryMatrix, MatrixError> {
        let k = categories.len();
        check_category_count(k, source)?;
        let invalid = |message: String| MatrixError::Invalid {
            file: source.to_string(),
            message,
        };
        if values.len() != k * k {
            return Err(invalid(format!(
                "{} categories need {} values, found {}",
                k,
                k * k,
                values.len()
            )));
        }
        let mut seen = HashMap::new();
        for (i, c) in categories.iter().enumerate() {
            if let Some(j) = seen.insert(c.as_str(), i) {
                return Err(invalid(format!(
                    "category {c:?} appears twice (rows {} and {})",
                    j + 1,
                    i + 1
                )));
            }
        }
        for i in 0..k {
            for j in 0..k {
                let v = values[i * k + j];
                let (ci, cj) = (&categories[i], &categories[j]);
                if !(0.0..=1.0).contains(&v) {
                    return Err(invalid(format!("D[{ci}, {cj}] = {v} is outside [0, 1]")));
                }
                if i == j && v != 0.0 {
                    return Err(invalid(format!(
                        "D[{ci}, {ci}] = {v}: the diagonal must be 0"
                    )));
                }
                let w = values[j * k + i];
                if (v - w).abs() > 1e-12 {
                    return Err(invalid(format!(
                        "the matrix is not symmetric: D[{ci}, {cj}] = {v} but D[{cj}, {ci}] = {w}"
                    )));
                }
            }
        }
        Ok(CategoryMatrix { categories, values })
    }

    /// Reads a matrix file: a header line of category names, then one line per category,
    /// its name followed by its row. Fields are separated by commas, tabs or semicolons; blank
    /// lines and lines starting with `#` are skipped. The first header cell is a free label.
    pub fn parse(text: &str, source: &str) -> Result<CategoryMatrix, MatrixError> {
        let syntax = |line: usize, message: String| MatrixError::Syntax {
            file: source.to_string(),
            line,
            message,
        };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let separator = |line: &str| {
            if line.contains('\t') {
                '\t'
            } else if line.contains(';') {
                ';'
            } else {
                ','
            }
        };
        let (header_line, header) = lines.next().ok_or_else(|| MatrixError::Invalid {
            file: source.to_string(),
            message: "the file is empty".into(),
        })?;
        let sep = separator(header);
        let categories: Vec<String> = header
            .split(sep)
            .skip(1)
            .map(|c| c.trim().to_string())
            .collect();
        if categories.is_empty() {
            return Err(syntax(header_line, "the header names no category".into()));
        }
        check_category_count(categories.len(), source)?;
        let mut values = Vec::with_capacity(categories.len() * categories.len());
        let mut rows = 0;
        for (line_no, line) in lines {
            let mut fields = line.split(sep).map(str::trim);
            let name = fields.next().unwrap_or_default();
            if rows >= categories.len() {
                return Err(syntax(
                    line_no,
                    format!(
                        "more rows than the {} categories of the header",
                        categories.len()
                    ),
                ));
            }
            if name != categories[rows] {
                return Err(syntax(
                    line_no,
                    format!(
                        "row {} is named {name:?}, expected {:?} (rows follow the header's order)",
                        rows + 1,
                        categories[rows]
                    ),
                ));
            }
            let row: Vec<&str> = fields.collect();
            if row.len() != categories.len() {
                return Err(syntax(
                    line_no,
                    format!("{} values, expected {}", row.len(), categories.len()),
                ));
            }
            for field in row {
                let v: f64 = field
                    .parse()
                    .map_err(|_| syntax(line_no, format!("{field:?} is not a number")))?;
                values.push(v);
            }
            rows += 1;
        }
        if rows != categories.len() {
            return Err(MatrixError::Invalid {
                file: source.to_string(),
                message: format!("{} rows for {} categories", rows, categories.len()),
            });
        }
        CategoryMatrix::new(categories, values, source)
    }

    /// Reads and validates a matrix file in the format of [`CategoryMatrix::parse`]; errors name
    /// the file (and the line for syntax errors).
    pub fn read(path: &Path) -> Result<CategoryMatrix, MatrixError> {
        let source = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| MatrixError::Invalid {
            file: source.clone(),
            message: e.to_string(),
        })?;
        Self::parse(&text, &source)
    }

    /// Writes the format [`CategoryMatrix::parse`] reads (comma separated).
    pub fn to_csv(&self) -> String {
        let k = self.categories.len();
        let mut out = String::from("category");
        for c in &self.categories {
            out.push(',');
            out.push_str(c);
        }
        out.push('\n');
        for i in 0..k {
            out.push_str(&self.categories[i]);
            for j in 0..k {
                out.push_str(&format!(",{}", self.values[i * k + j]));
            }
            out.push('\n');
        }
        out
    }

    /// The categories, in the order of the rows.
    pub fn categories(&self) -> &[String] {
        &self.categories
    }

    /// `D[a, b]` in [0, 1]; `None` when either category is not in the matrix.
    pub fn get(&self, a: &str, b: &str) -> Option<f64> {
        let i = self.categories.iter().position(|c| c == a)?;
        let j = self.categories.iter().position(|c| c == b)?;
        Some(self.values[i * self.categories.len() + j])
    }
}

fn levenshtein(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// How categories are compared.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CategoryDissimilarity {
    /// Different categories cost 1 (the paper's default).
    #[default]
    Nominal,
    /// Categories on an ordered scale, in this order.
    Ordinal(Vec<String>),
    /// Category labels are numbers.
    Numeric,
    /// Normalised edit distance between the labels.
    Levenshtein,
    /// A matrix given by the user.
    Matrix(CategoryMatrix),
}

impl fmt::Display for CategoryDissimilarity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CategoryDissimilarity::Nominal => write!(f, "nominal"),
            CategoryDissimilarity::Ordinal(_) => write!(f, "ordinal"),
            CategoryDissimilarity::Numeric => write!(f, "numeric"),
            CategoryDissimilarity::Levenshtein => write!(f, "levenshtein"),
            CategoryDissimilarity::Matrix(_) => write!(f, "matrix"),
        }
    }
}

/// The scales of [`CategoryDissimilarity`] that need no data of their own, by name
/// (`--category-scale`, the app's list); a matrix comes from a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CategoryScale {
    /// Different categories cost 1.
    Nominal,
    /// Categories on an ordered scale (the order is given with it).
    Ordinal,
    /// Category labels are numbers.
    Numeric,
    /// Normalised edit distance between the labels.
    Levenshtein,
}

/// An ordinal category scale asked for without the order of its categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("an ordinal category scale needs the order of its categories")]
pub struct NoCategoryOrder;

impl CategoryScale {
    /// The categorical dissimilarity of this scale; `order` lists the categories of an ordinal
    /// scale (and must then be given).
    pub fn dissimilarity(self, order: &[String]) -> Result<CategoryDissimilarity, NoCategoryOrder> {
        Ok(match self {
            CategoryScale::Nominal => CategoryDissimilarity::Nominal,
            CategoryScale::Ordinal if order.is_empty() => return Err(NoCategoryOrder),
            CategoryScale::Ordinal => CategoryDissimilarity::Ordinal(order.to_vec()),
            CategoryScale::Numeric => CategoryDissimilarity::Numeric,
            CategoryScale::Levenshtein => CategoryDissimilarity::Levenshtein,
        })
    }
}

crate::named_choices! {
    CategoryScale, "category scale", dash_or_underscore;
    Nominal => "nominal",
    Ordinal => "ordinal",
    Numeric => "numeric",
    Levenshtein => "levenshtein",
}

/// The largest α, β or Δ∅: a million times the paper's defaults, far past any useful weighting,
/// and small enough that the disorders keep their precision.
pub const MAX_WEIGHT: f64 = 1e6;

/// The combined dissimilarity's parameters (§4.4.3).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Dissimilarity {
    /// Weight α of the positional dissimilarity.
    pub alpha: f64,
    /// Weight β of the categorical dissimilarity.
    pub beta: f64,
    /// Cost Δ∅ of an empty slot; scales both dissimilarities.
    pub delta_empty: f64,
    /// How categories compare.
    pub categorical: CategoryDissimilarity,
}

impl Default for Dissimilarity {
    fn default() -> Self {
        Dissimilarity {
            alpha: 1.0,
            beta: 1.0,
            delta_empty: 1.0,
            categorical: CategoryDissimilarity::Nominal,
        }
    }
}

/// The values α and β may take: from 0 to [`MAX_WEIGHT`].
pub const WEIGHT_RANGE: Range = Range::closed(0.0, MAX_WEIGHT);

/// The values Δ∅ may take: the dissimilarities are scaled by it and the paper's measures divide
/// by it, so it is above 0, and at most [`MAX_WEIGHT`].
pub const DELTA_EMPTY_RANGE: Range = Range::above(0.0, MAX_WEIGHT);

/// Why parameters cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParameterError {
    /// α, β or Δ∅ is outside its range.
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// The categorical dissimilarity does not cover the categories in use.
    #[error(transparent)]
    Matrix(#[from] MatrixError),
}

impl Dissimilarity {
    /// Whether α and β are in [`WEIGHT_RANGE`] and Δ∅ in [`DELTA_EMPTY_RANGE`]: the one check
    /// of these values, which every front end calls.
    pub fn check(&self) -> Result<(), SettingError> {
        WEIGHT_RANGE.check(Setting::Alpha, self.alpha)?;
        WEIGHT_RANGE.check(Setting::Beta, self.beta)?;
        DELTA_EMPTY_RANGE.check(Setting::DeltaEmpty, self.delta_empty)
    }

    /// Resolves the categorical part against the categories in use, in their alphabetical order
    /// (category indices of [`crate::alignment::AlignmentProblem`] follow that order).
    pub fn resolve(&self, categories: &[String]) -> Result<ResolvedDissimilarity, ParameterError> {
        self.check()?;
        check_category_count(categories.len(), "the annotations")?;
        let matrix = match &self.categorical {
            CategoryDissimilarity::Nominal => CategoryMatrix::nominal(categories),
            CategoryDissimilarity::Ordinal(order) => {
                for c in categories {
                    if !order.contains(c) {
                        return Err(MatrixError::MissingCategory(c.clone()).into());
                    }
                }
                CategoryMatrix::ordinal(order)
            }
            CategoryDissimilarity::Numeric => CategoryMatrix::numeric(categories)?,
            CategoryDissimilarity::Levenshtein => CategoryMatrix::levenshtein(categories),
            CategoryDissimilarity::Matrix(m) => m.clone(),
        };
        let k = categories.len();
        // Rows looked up once each, not by a scan per cell (cubic in k).
        let rows: HashMap<&str, usize> = matrix
            .categories
            .iter()
            .enumerate()
            .map(|(i, c)| (c.as_str(), i))
            .collect();
        let row = |c: &String| {
            rows.get(c.as_str())
                .copied()
                .ok_or_else(|| MatrixError::MissingCategory(c.clone()))
        };
        let indices = categories.iter().map(row).collect::<Result<Vec<_>, _>>()?;
        let width = matrix.categories.len();
        let mut table = vec![0.0; k * k];
        for (i, &a) in indices.iter().enumerate() {
            for (j, &b) in indices.iter().enumerate() {
                table[i * k + j] = matrix.values[a * width + b];
            }
        }
        Ok(ResolvedDissimilarity {
            alpha: self.alpha,
            beta: self.beta,
            delta_empty: self.delta_empty,
            n_categories: k,
            categorical: table,
        })
    }
}

/// The dissimilarity ready for the hot loops: categories are indices.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedDissimilarity {
    /// Weight α of the positional dissimilarity.
    pub alpha: f64,
    /// Weight β of the categorical dissimilarity.
    pub beta: f64,
    /// Cost Δ∅ of an empty slot, > 0.
    pub delta_empty: f64,
    n_categories: usize,
    categorical: Vec<f64>,
}

/// The part of a unit the dissimilarities look at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    /// Where the unit begins.
    pub start: f64,
    /// Where the unit ends, after `start`.
    pub end: f64,
    /// Index of the unit's category among the categories the dissimilarity was resolved
    /// against (alphabetical order).
    pub category: u32,
}

impl ResolvedDissimilarity {
    /// `((|Δstart| + |Δend|) / (len_u + len_v))² · Δ∅`, without α.
    #[inline]
    pub fn positional(&self, u: &Span, v: &Span) -> f64 {
        let ratio = ((u.start - v.start).abs() + (u.end - v.end).abs())
            / ((u.end - u.start) + (v.end - v.start));
        ratio * ratio * self.delta_empty
    }

    /// `D[c_u, c_v] · Δ∅`, without β.
    #[inline]
    pub fn categorical(&self, u: &Span, v: &Span) -> f64 {
        self.categorical[u.category as usize * self.n_categories + v.category as usize]
            * self.delta_empty
    }

    /// `α·d_pos + β·d_cat`.
    #[inline]
    pub fn combined(&self, u: &Span, v: &Span) -> f64 {
        self.alpha * self.positional(u, v) + self.beta * self.categorical(u, v)
    }

    /// `D[a, b]` for category indices `a`, `b`: in [0, 1], not scaled by Δ∅; panics when an
    /// index is not below the number of categories resolved.
    pub fn category_value(&self, a: u32, b: u32) -> f64 {
        self.categorical[a as usize * self.n_categories + b as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn span(start: f64, end: f64) -> Span {
        Span {
            start,
            end,
            category: 0,
        }
    }

    /// Figure 10 of the paper, with the units of pygamma's `example_figure10.csv`
    /// (Joe A[4,14] B[20,30], Jack A[4,14] B[20,25], William A[14,24] B[40,44]).
    #[test]
    fn positional_values_of_figure_10() {
        let d = Dissimilarity::default().resolve(&names(&["A"])).unwrap();
        let joe_a = span(4.0, 14.0);
        let joe_b = span(20.0, 30.0);
        let jack_b = span(20.0, 25.0);
        let william_a = span(14.0, 24.0);
        let william_b = span(40.0, 44.0);
        let round = |x: f64, places: i32| (x * 10f64.powi(places)).round() / 10f64.powi(places);
        assert_eq!(round(d.positional(&joe_a, &william_b), 1), 22.2);
        assert_eq!(round(d.positional(&joe_a, &jack_b), 1), 3.2);
        assert_eq!(d.positional(&joe_a, &william_a), 1.0);
        assert_eq!(round(d.positional(&joe_b, &jack_b), 2), 0.11);
        assert_eq!(round(d.positional(&jack_b, &william_a), 2), 0.22);
        assert_eq!(d.positional(&joe_a, &joe_a), 0.0);
    }

    #[test]
    fn both_terms_scale_with_delta_empty() {
        let categories = names(&["x", "y"]);
        let d = Dissimilarity {
            delta_empty: 2.0,
            ..Default::default()
        }
        .resolve(&categories)
        .unwrap();
        let u = Span {
            start: 0.0,
            end: 10.0,
            category: 0,
        };
        let v = Span {
            start: 2.0,
            end: 12.0,
            category: 1,
        };
        assert!((d.combined(&u, &v) - 2.08).abs() < 1e-12);
    }

    #[test]
    fn levenshtein_matches_pygamma_formula() {
        let m = CategoryMatrix::levenshtein(&names(&["a", "ab", "xyz"]));
        assert!((m.get("a", "ab").unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert!((m.get("a", "xyz").unwrap() - 0.75).abs() < 1e-12);
    }

    #[test]
    fn ordinal_uses_the_given_order() {
        let m = CategoryMatrix::ordinal(&names(&["low", "mid", "high"]));
        assert_eq!(m.get("low", "high"), Some(1.0));
        assert_eq!(m.get("mid", "high"), Some(0.5));
        let n = CategoryMatrix::numeric(&names(&["1", "2", "5"])).unwrap();
        assert_eq!(n.get("1", "2"), Some(0.25));
        assert!(CategoryMatrix::numeric(&names(&["1", "two"])).is_err());
    }

    #[test]
    fn matrix_file_is_validated() {
        let good = "cat,x,y\nx,0,0.5\ny,0.5,0\n";
        let m = CategoryMatrix::parse(good, "m.csv").unwrap();
        assert_eq!(m.get("x", "y"), Some(0.5));
        assert_eq!(CategoryMatrix::parse(&m.to_csv(), "again").unwrap(), m);
        let asymmetric = CategoryMatrix::parse("c,x,y\nx,0,0.5\ny,0.4,0\n", "m.csv").unwrap_err();
        assert!(
            asymmetric.to_string().contains("not symmetric"),
            "{asymmetric}"
        );
        let diagonal = CategoryMatrix::parse("c,x,y\nx,0.1,0.5\ny,0.5,0\n", "m.csv").unwrap_err();
        assert!(diagonal.to_string().contains("diagonal"), "{diagonal}");
        let range = CategoryMatrix::parse("c,x,y\nx,0,1.5\ny,1.5,0\n", "m.csv").unwrap_err();
        assert!(range.to_string().contains("outside [0, 1]"), "{range}");
        let word = CategoryMatrix::parse("c,x,y\nx,0,a\ny,0.5,0\n", "m.csv").unwrap_err();
        assert_eq!(word.to_string(), "m.csv: line 2: \"a\" is not a number");
        let missing = Dissimilarity {
            categorical: CategoryDissimilarity::Matrix(m),
            ..Default::default()
        }
        .resolve(&names(&["x", "z"]))
        .unwrap_err();
        assert!(missing.to_string().contains("\"z\""), "{missing}");
    }
}
