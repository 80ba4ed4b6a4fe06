"""Best alignments for the drop-in: through Gamma Studio's Rust core when the dissimilarity is
one of the built-in ones (exact, in parallel, without the GIL), in Python otherwise.

* Built-in dissimilarities (`PositionalSporadicDissimilarity`, the categorical ones,
  `CombinedCategoricalDissimilarity` of those) become the core's `α·d_pos·Δ∅ + β·D·Δ∅` and the
  continua go to `_core.best_alignments` as spans.
* Soft-γ (pygamma 0.5's `soft=True`): the core's best soft alignments (the covering program
  `min Σ δ_c x_c, Σ_{c∋u} x_c ≥ 1, x ∈ {0,1}` over its candidates and the singletons).
* A dissimilarity of the user's own (its own `compile_d_mat`): every tuple with δ ≤ n·Δ∅
  (paper §5.1.1, as pygamma), listed annotator by annotator with partial sums (each pair adds
  d ≥ 0), then the set-partitioning (or covering) MILP by scipy's HiGHS.
"""

import functools
from typing import List, Optional, Sequence

import numpy as np
from sortedcontainers import SortedSet

from .. import _core
from .dissimilarity import (
    AbsoluteCategoricalDissimilarity,
    AbstractDissimilarity,
    CategoricalDissimilarity,
    CombinedCategoricalDissimilarity,
    PositionalSporadicDissimilarity,
    PrecomputedCategoricalDissimilarity,
)

#: Relative slack when comparing with the §5.1.1 bound, so that rounding never drops a tie.
SLACK = 1e-9


# ------------------------------------------------------------------------------------------
# Array forms


def unit_arrays(continuum, categories: SortedSet) -> List[np.ndarray]:
    """pygamma's array form: per annotator (alphabetical) a float32 array of rows `[start, end,
    duration, category index]`."""
    arrays = []
    index = {category: i for i, category in enumerate(categories)}
    for units in continuum._annotations.values():
        array = np.empty((len(units), 4), dtype=np.float32)
        for i, unit in enumerate(units):
            try:
                category = index[unit.annotation]
            except KeyError:
                raise AssertionError(f"category {unit.annotation!r} is not among the "
                                     f"dissimilarity's categories {list(categories)}") from None
            array[i] = (unit.segment.start, unit.segment.end, unit.segment.duration, category)
        arrays.append(array)
    return arrays


def _own(obj, cls) -> bool:
    """Whether `obj` is a `cls` computing with the built-in `d_mat` of `cls`."""
    return isinstance(obj, cls) and type(obj).compile_d_mat is cls.compile_d_mat


class CoreSpec:
    """A dissimilarity as the core computes it: `α·d_pos·Δ∅ + β·D[c_u, c_v]·Δ∅`, with `D` the
    nominal matrix (`categories` None) or `matrix` over `categories`."""

    def __init__(self, alpha, beta, delta_empty, categories=None, matrix=None):
        self.alpha, self.beta, self.delta_empty = float(alpha), float(beta), float(delta_empty)
        self.categories = categories
        self.matrix = None
        if matrix is not None:
            matrix = np.asarray(matrix, dtype=np.float64)
            top = float(matrix.max()) if matrix.size else 0.0
            if top > 1.0:  # the core's matrices are in [0, 1]: the scale goes into β
                matrix = matrix / top
                self.beta *= top
            self.matrix = matrix

    def index_of(self, continua) -> dict:
        """Category → index for these continua (units without a category included)."""
        if self.categories is not None:
            index = {category: i for i, category in enumerate(self.categories)}
            for continuum in continua:
                for units in continuum._annotations.values():
                    for unit in units:
                        if unit.annotation not in index:
                            raise AssertionError(
                                f"category {unit.annotation!r} is not among the dissimilarity's "
                                f"categories {list(self.categories)}")
            return index
        seen = set()
        for continuum in continua:
            for units in continuum._annotations.values():
                seen.update(unit.annotation for unit in units)
        ordered = ([None] if None in seen else []) + sorted(c for c in seen if c is not None)
        return {category: i for i, category in enumerate(ordered)}

    def arguments(self, n_categories: int):
        matrix = None if self.matrix is None else [float(v) for v in self.matrix.ravel()]
        return self.alpha, self.beta, self.delta_empty, max(n_categories, 1), matrix


def _categorical_spec(cat):
    """(Δ∅ factor, categories, matrix) of a built-in categorical dissimilarity, else None."""
    if _own(cat, AbsoluteCategoricalDissimilarity):
        return cat.delta_empty, None, None
    if _own(cat, PrecomputedCategoricalDissimilarity):
        return cat.delta_empty, list(cat.categories), cat._matrix
    return None


def core_spec(dissimilarity: AbstractDissimilarity) -> Optional[CoreSpec]:
    """The core's form of `dissimilarity`, or None when it is one of the user's own."""
    if _own(dissimilarity, PositionalSporadicDissimilarity):
        if dissimilarity.delta_empty <= 0:
            return None
        return CoreSpec(1.0, 0.0, dissimilarity.delta_empty)
    if isinstance(dissimilarity, CategoricalDissimilarity):
        spec = _categorical_spec(dissimilarity)
        if spec is None or spec[0] <= 0:
            return None
        delta, categories, matrix = spec
        return CoreSpec(0.0, 1.0, delta, categories, matrix)
    if _own(dissimilarity, CombinedCategoricalDissimilarity):
        pos, cat = dissimilarity.positional_dissim, dissimilarity.categorical_dissim
        categorical = _categorical_spec(cat)
        delta = dissimilarity.delta_empty
        if not _own(pos, PositionalSporadicDissimilarity) or categorical is None or delta <= 0:
            return None
        cat_delta, categories, matrix = categorical
        return CoreSpec(dissimilarity.alpha * pos.delta_empty / delta,
                        dissimilarity.beta * cat_delta / delta, delta, categories, matrix)
    return None


def _spans(continuum, index: dict) -> List[bytes]:
    """The continuum as the core reads it: per annotator, f64 triples (start, end, category)."""
    out = []
    for units in continuum._annotations.values():
        rows = [(unit.segment.start, unit.segment.end, index[unit.annotation]) for unit in units]
        out.append(np.asarray(rows, dtype=np.float64).reshape(-1, 3).tobytes())
    return out


# ------------------------------------------------------------------------------------------
# Building alignments


def _unitary_alignments(continuum, rows):
    from .alignment import UnitaryAlignment

    annotators = list(continuum._annotations.keys())
    units = [list(s) for s in continuum._annotations.values()]
    unitary_alignments = []
    for disorder, slots in rows:
        unitary = UnitaryAlignment([(annotators[a], units[a][i] if i >= 0 else None)
                                    for a, i in enumerate(slots)])
        unitary.disorder = float(disorder)
        unitary_alignments.append(unitary)
    return unitary_alignments


def _make_alignment(continuum, rows, total, soft: bool):
    """An `Alignment` (or `SoftAlignment`) from rows `(δ, [unit index or −1 per annotator])`,
    its unitary alignments made when first read."""
    from .alignment import Alignment, SoftAlignment

    cls = SoftAlignment if soft else Alignment
    alignment = cls([], continuum=continuum, check_validity=False, disorder=float(total))
    alignment._pending = functools.partial(_unitary_alignments, continuum, rows)
    return alignment


def _check_alignable(continuum):
    assert len(continuum.annotators) >= 2 and continuum, \
        "Disorder cannot be computed with less than two annotators, or without annotations."


def best_alignments(dissimilarity: AbstractDissimilarity, continua: Sequence, soft: bool = False):
    """The best alignment (or best soft alignment) of each continuum."""
    for continuum in continua:
        _check_alignable(continuum)
    spec = core_spec(dissimilarity)
    if spec is not None:
        index = spec.index_of(continua)
        solved = _core.best_alignments([_spans(c, index) for c in continua],
                                       *spec.arguments(len(index)), soft=soft)
        return [_make_alignment(c, rows, total, soft)
                for c, (total, rows) in zip(continua, solved)]
    alignments = []
    for continuum in continua:
        tuples, costs = enumerate_tuples(dissimilarity, continuum)
        columns = _columns_of_tuples(continuum, tuples)
        chosen = _solve(continuum.num_units, columns, costs, cover=soft)
        alignments.append(_alignment_of_columns(continuum, [columns[c] for c in chosen],
                                                [costs[c] for c in chosen], soft))
    return alignments


# ------------------------------------------------------------------------------------------
# The user's own dissimilarities: every tuple within the bound, and the MILP


def _first_ids(continuum) -> List[int]:
    first, total = [], 0
    for units in continuum._annotations.values():
        first.append(total)
        total += len(units)
    return first


def _columns_of_tuples(continuum, tuples: np.ndarray):
    """Tuples of unit indices per annotator (∅ = the annotator's number of units) as global ids."""
    first = _first_ids(continuum)
    sizes = [len(units) for units in continuum._annotations.values()]
    return [[first[a] + int(i) for a, i in enumerate(row) if i != sizes[a]] for row in tuples]


def _alignment_of_columns(continuum, columns, costs, soft: bool):
    first = _first_ids(continuum)
    n = len(first)
    rows = []
    for column, cost in zip(columns, costs):
        slots = [-1] * n
        for g in column:
            a = max(i for i in range(n) if first[i] <= g and (i + 1 == n or first[i + 1] > g))
            slots[a] = g - first[a]
        rows.append((cost, slots))
    rows.sort(key=lambda row: min((continuum_unit(continuum, a, i).segment.start
                                   for a, i in enumerate(row[1]) if i >= 0), default=0.0))
    total = float(np.sum(costs)) / continuum.avg_num_annotations_per_annotator
    return _make_alignment(continuum, rows, total, soft)


def continuum_unit(continuum, annotator_index: int, unit_index: int):
    return continuum._annotations.peekitem(annotator_index)[1][unit_index]


def _solve(n_units: int, columns, costs: np.ndarray, cover: bool) -> List[int]:
    """Indices of the chosen columns: a partition of the units (or a cover) of least cost."""
    try:
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import csc_matrix
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError("dissimilarities of your own need scipy's MILP solver: pip install scipy "
                          "(the built-in dissimilarities, soft-γ included, do not)") from None
    rows = [g for column in columns for g in column]
    cols = [c for c, column in enumerate(columns) for _ in column]
    matrix = csc_matrix((np.ones(len(rows)), (rows, cols)), shape=(n_units, len(columns)))
    result = milp(c=np.asarray(costs, dtype=np.float64),
                  constraints=LinearConstraint(matrix, lb=1, ub=np.inf if cover else 1),
                  integrality=np.ones(len(columns)), bounds=Bounds(0, 1))
    assert result.x is not None, ("The linear solver couldn't find an alignment with minimal "
                                  f"disorder ({result.message})")
    return [int(c) for c in np.flatnonzero(result.x > 0.9)]


def _pair_matrix(d_mat, units_a: np.ndarray, units_b: np.ndarray) -> np.ndarray:
    """`d_mat` between every unit of `units_a` and of `units_b`: one vectorised call when the
    function broadcasts (checked against single calls), else one call per pair."""
    na, nb = len(units_a), len(units_b)
    if na == 0 or nb == 0:
        return np.zeros((na, nb), dtype=np.float64)
    try:
        with np.errstate(all="ignore"):
            values = np.asarray(d_mat(units_a.T[:, :, None], units_b.T[:, None, :]), dtype=np.float64)
        if values.shape == (na, nb):
            probes = [(0, 0), (na - 1, nb - 1), (na // 2, nb // 3)]
            if all(np.isclose(values[i, j], float(d_mat(units_a[i], units_b[j])), rtol=1e-6, atol=1e-9)
                   for i, j in probes):
                return values
    except Exception:  # noqa: BLE001 - any failure means the function does not broadcast
        pass
    values = np.empty((na, nb), dtype=np.float64)
    for i in range(na):
        for j in range(nb):
            values[i, j] = d_mat(units_a[i], units_b[j])
    return values


def enumerate_tuples(dissimilarity: AbstractDissimilarity, continuum):
    """Every unitary alignment with δ ≤ n·Δ∅ (paper §5.1.1; pygamma's bound), except the empty
    one: `(tuples, disorders)`, a tuple holding per annotator (alphabetical) a unit index or the
    annotator's number of units for ∅."""
    _check_alignable(continuum)
    categories = dissimilarity._categories_for(continuum.categories)
    arrays = unit_arrays(continuum, categories)
    n = len(arrays)
    pairs = n * (n - 1) // 2
    delta = float(dissimilarity.delta_empty)
    bound = pairs * delta * n * (1 + SLACK)
    sizes = [len(a) for a in arrays]
    matrices = {}
    for a in range(n):
        for b in range(a):
            m = np.full((sizes[a] + 1, sizes[b] + 1), delta, dtype=np.float64)
            m[:sizes[a], :sizes[b]] = _pair_matrix(dissimilarity.d_mat, arrays[a], arrays[b])
            matrices[a, b] = m
    tuples = np.arange(sizes[0] + 1, dtype=np.int64)[:, None]
    sums = np.zeros(len(tuples), dtype=np.float64)
    for a in range(1, n):
        k = sizes[a] + 1
        grown = np.repeat(tuples, k, axis=0)
        added = np.tile(np.arange(k, dtype=np.int64), len(tuples))
        partial = np.repeat(sums, k)
        for b in range(a):
            partial = partial + matrices[a, b][added, grown[:, b]]
        keep = partial <= bound
        tuples = np.column_stack([grown[keep], added[keep]])
        sums = partial[keep]
    empty = np.all(tuples == np.asarray(sizes)[None, :], axis=1)
    return tuples[~empty], sums[~empty] / pairs
