//! The restricted linear relaxation of [`super::column_generation`], kept in one CLP model from
//! round to round.
//!
//! `min Σ δ_t x_t` subject to `Σ_{t∋u} x_t = m_u` for every unit `u` (1, or the multiplicity of
//! a stack of interchangeable units), `x ≥ 0`, over the singletons (cost `Δ∅`, a feasible
//! start) and the tuples added so far. Each round adds the
//! new tuples as columns and re-solves with CLP's primal simplex from the previous optimal
//! basis, which stays feasible (new columns enter at zero): a few pivots per round instead of a
//! solve from scratch. The values `π` are the rows' dual values.
//!
//! CBC's C interface (the `coin_cbc` crate) cannot add columns to a solved model and runs every
//! solve under one process-wide lock; CLP's own C interface, in the same libraries, does both:
//! one model per continuum, so the samples of the expected disorder solve in parallel.

use super::AlignmentError;
use super::candidates::Column;
use std::os::raw::{c_double, c_int, c_void};
use std::ptr::NonNull;

// CLP's C interface (`Clp_C_Interface.h`), linked with CBC (`libClp`, bundled or Debian's).
// `CoinBigIndex` is `int` in both builds.
unsafe extern "C" {
    fn Clp_newModel() -> *mut c_void;
    fn Clp_deleteModel(model: *mut c_void);
    fn Clp_setLogLevel(model: *mut c_void, value: c_int);
    #[allow(clippy::too_many_arguments)]
    fn Clp_loadProblem(
        model: *mut c_void,
        numcols: c_int,
        numrows: c_int,
        start: *const c_int,
        index: *const c_int,
        value: *const c_double,
        collb: *const c_double,
        colub: *const c_double,
        obj: *const c_double,
        rowlb: *const c_double,
        rowub: *const c_double,
    );
    fn Clp_addColumns(
        model: *mut c_void,
        number: c_int,
        column_lower: *const c_double,
        column_upper: *const c_double,
        objective: *const c_double,
        column_starts: *const c_int,
        rows: *const c_int,
        elements: *const c_double,
    );
    fn Clp_primal(model: *mut c_void, if_values_pass: c_int) -> c_int;
    fn Clp_isProvenOptimal(model: *mut c_void) -> c_int;
    fn Clp_getRowPrice(model: *mut c_void) -> *const c_double;
    fn Clp_numberRows(model: *mut c_void) -> c_int;
}

/// The restricted relaxation over `units` rows; see the module documentation.
pub(crate) struct RestrictedRelaxation {
    /// Owned CLP model (`Clp_newModel`), deleted on drop; used by one thread at a time.
    model: NonNull<c_void>,
    units: usize,
    delta_empty: f64,
    columns: usize,
}

impl RestrictedRelaxation {
    /// The relaxation over units standing for `multiplicity` units each (their rows'
    /// right-hand sides) and their singletons (cost `delta_empty`).
    pub(crate) fn new(multiplicity: &[u32], delta_empty: f64) -> Result<Self, AlignmentError> {
        let units = multiplicity.len();
        let count = c_int::try_from(units)
            .map_err(|_| AlignmentError::Solver(format!("{units} units: too many for CLP")))?;
        // SAFETY: `Clp_newModel` returns a fresh model or null (checked).
        let model = NonNull::new(unsafe { Clp_newModel() })
            .ok_or_else(|| AlignmentError::Solver("CLP could not create a model".into()))?;
        let relaxation = Self {
            model,
            units,
            delta_empty,
            columns: units,
        };
        let starts: Vec<c_int> = (0..=count).collect();
        let rows: Vec<c_int> = (0..count).collect();
        let ones = vec![1.0; units];
        let sides: Vec<f64> = multiplicity.iter().map(|&m| f64::from(m)).collect();
        let zeros = vec![0.0; units];
        let upper = vec![f64::MAX; units];
        let costs = vec![delta_empty; units];
        // SAFETY: every array has the length CLP reads: `units + 1` starts, `units` entries,
        // bounds and costs for `units` columns, bounds for `units` rows.
        unsafe {
            Clp_setLogLevel(model.as_ptr(), 0);
            Clp_loadProblem(
                model.as_ptr(),
                count,
                count,
                starts.as_ptr(),
                rows.as_ptr(),
                ones.as_ptr(),
                zeros.as_ptr(),
                upper.as_ptr(),
                costs.as_ptr(),
                sides.as_ptr(),
                sides.as_ptr(),
            );
        }
        Ok(relaxation)
    }

    /// Number of columns (singletons included).
    pub(crate) fn columns(&self) -> usize {
        self.columns
    }

    /// Adds `tuples` as columns (at zero, off the basis).
    pub(crate) fn add(&mut self, tuples: &[&Column]) -> Result<(), AlignmentError> {
        if tuples.is_empty() {
            return Ok(());
        }
        let too_many = || AlignmentError::Solver("too many tuples for CLP".into());
        let number = c_int::try_from(tuples.len()).map_err(|_| too_many())?;
        let mut starts: Vec<c_int> = Vec::with_capacity(tuples.len() + 1);
        let mut rows: Vec<c_int> = Vec::new();
        starts.push(0);
        for tuple in tuples {
            for &member in &tuple.members {
                debug_assert!((member as usize) < self.units);
                rows.push(c_int::try_from(member).map_err(|_| too_many())?);
            }
            starts.push(c_int::try_from(rows.len()).map_err(|_| too_many())?);
        }
        let elements = vec![1.0; rows.len()];
        let lower = vec![0.0; tuples.len()];
        let upper = vec![f64::MAX; tuples.len()];
        let costs: Vec<f64> = tuples.iter().map(|tuple| tuple.disorder).collect();
        // SAFETY: `number + 1` starts, the last one the length of `rows` and `elements`; bounds
        // and costs for `number` columns; every row index is a unit (< the model's rows).
        unsafe {
            Clp_addColumns(
                self.model.as_ptr(),
                number,
                lower.as_ptr(),
                upper.as_ptr(),
                costs.as_ptr(),
                starts.as_ptr(),
                rows.as_ptr(),
                elements.as_ptr(),
            );
        }
        self.columns += tuples.len();
        Ok(())
    }

    /// Solves the relaxation from the last basis: the rows' dual values `π` (at most `Δ∅`).
    pub(crate) fn solve(&mut self) -> Result<Vec<f64>, AlignmentError> {
        let model = self.model.as_ptr();
        // SAFETY: `model` is live; the row prices array has `Clp_numberRows` entries, read
        // before any other call on the model.
        unsafe {
            Clp_primal(model, 0);
            if Clp_isProvenOptimal(model) == 0 {
                return Err(AlignmentError::Solver(
                    "the linear relaxation of the alignment was not solved to optimality".into(),
                ));
            }
            let rows = Clp_numberRows(model) as usize;
            let prices = Clp_getRowPrice(model);
            if rows != self.units || prices.is_null() {
                return Err(AlignmentError::Solver(
                    "CLP gave no dual values for the relaxation".into(),
                ));
            }
            Ok(std::slice::from_raw_parts(prices, rows)
                .iter()
                .map(|&price| price.min(self.delta_empty))
                .collect())
        }
    }
}

impl Drop for RestrictedRelaxation {
    fn drop(&mut self) {
        // SAFETY: the model was made by `Clp_newModel` and is deleted once.
        unsafe { Clp_deleteModel(self.model.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuple(members: &[u32], disorder: f64) -> Column {
        Column {
            members: members.to_vec(),
            disorder,
        }
    }

    #[test]
    fn dual_values_price_every_column_nonnegatively_and_sum_to_the_optimum() {
        // Units 0..4, Δ∅ = 1. Tuples {0,1} 0.2, {2,3} 0.4, {1,2} 0.1: the best partition is
        // {0,1} + {2,3} = 0.6 (the LP optimum too: this matrix is an interval matrix).
        let mut relaxation = RestrictedRelaxation::new(&[1; 4], 1.0).unwrap();
        let singletons_only = relaxation.solve().unwrap();
        assert_eq!(singletons_only, vec![1.0; 4]);
        let tuples = [
            tuple(&[0, 1], 0.2),
            tuple(&[2, 3], 0.4),
            tuple(&[1, 2], 0.1),
        ];
        let refs: Vec<&Column> = tuples.iter().collect();
        relaxation.add(&refs[..2]).unwrap();
        let first = relaxation.solve().unwrap();
        assert!((first.iter().sum::<f64>() - 0.6).abs() < 1e-9, "{first:?}");
        relaxation.add(&refs[2..]).unwrap();
        assert_eq!(relaxation.columns(), 7);
        let duals = relaxation.solve().unwrap();
        assert!((duals.iter().sum::<f64>() - 0.6).abs() < 1e-9, "{duals:?}");
        for column in &tuples {
            let reduced: f64 = column.disorder
                - column
                    .members
                    .iter()
                    .map(|&m| duals[m as usize])
                    .sum::<f64>();
            assert!(reduced >= -1e-9, "{column:?} has reduced cost {reduced}");
        }
        assert!(duals.iter().all(|&d| d <= 1.0));
    }

    #[test]
    fn a_fractional_optimum_is_found_from_the_previous_basis() {
        // The odd cycle {0,1}, {1,2}, {0,2} at 0.5 each (Δ∅ = 1): integer best 1.5 ({0,1} and
        // {2}), LP optimum 0.75 (each tuple at ½, dual values ¼).
        let mut relaxation = RestrictedRelaxation::new(&[1; 3], 1.0).unwrap();
        let tuples = [
            tuple(&[0, 1], 0.5),
            tuple(&[1, 2], 0.5),
            tuple(&[0, 2], 0.5),
        ];
        let refs: Vec<&Column> = tuples.iter().collect();
        relaxation.add(&refs[..1]).unwrap();
        let first = relaxation.solve().unwrap();
        assert!((first.iter().sum::<f64>() - 1.5).abs() < 1e-9, "{first:?}");
        relaxation.add(&refs[1..]).unwrap();
        let duals = relaxation.solve().unwrap();
        assert!((duals.iter().sum::<f64>() - 0.75).abs() < 1e-9, "{duals:?}");
    }
}
