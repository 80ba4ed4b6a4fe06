"""Dissimilarities between units (pygamma-agreement's `dissimilarity` module).

Every class has pygamma-agreement 0.5.9's name and constructor. `d(unit1, unit2)` compares two
`Unit`s; `d_mat(unit1, unit2)` compares two units in array form `[start, end, duration,
category index]` (pygamma compiles it with numba; here it is plain Python and
`dissimilarity_dec` leaves the function as it is, so custom dissimilarities written for pygamma
work unchanged, numba or not).

When γ is computed, the built-in dissimilarities (positional, the categorical ones, and their
combination) are handed to Gamma Studio's Rust core, which finds the exact best alignment; a
dissimilarity of your own (a subclass that defines its own `compile_d_mat`) is aligned in
Python (every tuple the paper's §5.1.1 bound allows, then a MILP through scipy).

Differences with pygamma (documented in docs/pygamma-migration.md):

- Δ∅ scales both terms of `CombinedCategoricalDissimilarity` (the paper). pygamma 0.5.9 compiles
  its default categorical part with Δ∅ = 1 before setting Δ∅, so with Δ∅ ≠ 1 its alignment
  search and its disorders use `α·d_pos·Δ∅ + β·d_cat·1`.
- `OrdinalCategoricalDissimilarity(labels, p)` pairs each label with its own `p` whatever the
  order the labels are given in (pygamma builds the matrix in the given order but reads it in
  alphabetical order, so it is only right for labels given sorted).
- A category matrix must be symmetric with a zero diagonal (a `ValueError` otherwise; pygamma
  tests three random pairs).
"""

import abc
import random
from typing import TYPE_CHECKING, Callable, Iterable, Optional, Tuple

import numpy as np
from sortedcontainers import SortedSet

if TYPE_CHECKING:  # pragma: no cover
    from .alignment import Alignment
    from .continuum import Continuum, Unit

__all__ = [
    "dissimilarity_dec",
    "AbstractDissimilarity",
    "PositionalSporadicDissimilarity",
    "CategoricalDissimilarity",
    "AbsoluteCategoricalDissimilarity",
    "PrecomputedCategoricalDissimilarity",
    "LambdaCategoricalDissimilarity",
    "LevenshteinCategoricalDissimilarity",
    "OrdinalCategoricalDissimilarity",
    "NumericalCategoricalDissimilarity",
    "CombinedCategoricalDissimilarity",
]


def dissimilarity_dec(function: Callable[[np.ndarray, np.ndarray], float]):
    """pygamma's decorator of `d_mat` functions (a numba compilation there): here the function
    is used as it is, in Python."""
    return function


class AbstractDissimilarity(metaclass=abc.ABCMeta):
    """A dissimilarity between two units.

    Parameters
    ----------
    categories: SortedSet of str, optional
        The categories it compares (alphabetical order indexes its matrix), if any.
    delta_empty: float
        Δ∅, the cost of a unit against an empty slot. Defaults to 1.0.
    """

    def __init__(self, categories: Optional[Iterable[str]] = None, delta_empty: float = 1.0):
        self.delta_empty = _delta(delta_empty)
        if categories is not None:
            categories = categories if isinstance(categories, SortedSet) else SortedSet(categories)
            if len(categories) == 0:
                raise ValueError("Cannot declare categorical dissimilarity with no categories.")
        self.categories = categories
        self.d_mat: Callable[[np.ndarray, np.ndarray], float] = self.compile_d_mat()
        self.check_if_dissim()

    @abc.abstractmethod
    def compile_d_mat(self) -> Callable[[np.ndarray, np.ndarray], float]:
        """The function `d_mat(unit1, unit2)` on units in array form (start, end, duration,
        category index)."""
        raise NotImplementedError

    @abc.abstractmethod
    def d(self, unit1: "Unit", unit2: "Unit") -> float:
        """Dissimilarity between two `Unit`s."""
        raise NotImplementedError

    def check_if_dissim(self):
        """Checks `d_mat` on three random pairs (Python's `random`, not numpy's, so that numpy's
        seed is untouched): symmetric, and 0 between a unit and itself; `ValueError` otherwise."""
        nb_cat = 10000 if self.categories is None else len(self.categories)
        for _ in range(3):
            start_1, len_1, cat_1 = random.uniform(0, 1000), random.uniform(1, 1000), random.randrange(0, nb_cat)
            start_2, len_2, cat_2 = random.uniform(0, 1000), random.uniform(1, 1000), random.randrange(0, nb_cat)
            unit1 = np.array([start_1, start_1 + len_1, len_1, cat_1], dtype=np.float32)
            unit2 = np.array([start_2, start_2 + len_2, len_2, cat_2], dtype=np.float32)
            if self.d_mat(unit1, unit2) != self.d_mat(unit2, unit1):
                raise ValueError(f"Compiled dissimilarity function is not symmetrical. Exception found :\n"
                                 f"d({unit1}, {unit2}) = {self.d_mat(unit1, unit2)}  and "
                                 f"d({unit2}, {unit1}) = {self.d_mat(unit2, unit1)}")
            for unit in (unit1, unit2):
                if self.d_mat(unit, unit) != 0:
                    raise ValueError(f"Compiled dissimilarity d_mat does not respect d_mat(u, u) = 0. "
                                     f"Exception found :\n d({unit}, {unit}) = {self.d_mat(unit, unit)}")

    def _categories_for(self, categories: SortedSet) -> SortedSet:
        """The categories that index units: this dissimilarity's, or those given."""
        own = categories if self.categories is None else self.categories
        missing = [c for c in categories if c not in own]
        assert not missing, f"categories {missing} are not among the dissimilarity's categories {list(own)}"
        return own

    def _build_arrays_continuum(self, continuum: "Continuum"):
        """One float32 array per annotator (alphabetical), a row `[start, end, duration,
        category index]` per unit (pygamma's array form)."""
        from ._engine import unit_arrays

        return unit_arrays(continuum, self._categories_for(continuum.categories))

    def _build_arrays_alignment(self, alignment: "Alignment") -> np.ndarray:
        """The alignment as a float32 array `[unitary alignment, annotator (alphabetical), 4]`,
        rows of −1 for empty slots."""
        categories = self._categories_for(alignment.categories)
        annotators = alignment.annotators
        array = np.empty((len(alignment.unitary_alignments), len(annotators), 4), dtype=np.float32)
        for i, unitary_alignment in enumerate(alignment.unitary_alignments):
            for annotator, unit in unitary_alignment.n_tuple:
                j = annotators.index(annotator)
                if unit is None:
                    array[i, j] = -1
                else:
                    array[i, j] = (unit.segment.start, unit.segment.end, unit.segment.duration,
                                   _category_index(categories, unit.annotation))
        return array

    def compute_disorder(self, alignment: "Alignment") -> np.ndarray:
        """The disorder δ of each unitary alignment of `alignment` (float32, as pygamma): the mean
        of `d_mat` over the C(n,2) pairs of slots, Δ∅ for a pair with an empty slot."""
        array = self._build_arrays_alignment(alignment)
        n_alignments, n_annotators, _ = array.shape
        pairs = n_annotators * (n_annotators - 1) // 2
        result = np.zeros(n_alignments, dtype=np.float32)
        for k in range(n_alignments):
            rows = array[k]
            for i in range(n_annotators):
                for j in range(i):
                    if rows[i, 3] == -1 or rows[j, 3] == -1:
                        result[k] += self.delta_empty
                    else:
                        result[k] += self.d_mat(rows[i], rows[j])
        result /= pairs
        return result

    def valid_alignments(self, continuum: "Continuum") -> Tuple[np.ndarray, np.ndarray]:
        """Every unitary alignment (as unit indices per annotator, the annotator's number of units
        for ∅) with δ ≤ n·Δ∅ (paper §5.1.1), and their disorders."""
        from ._engine import enumerate_tuples

        return enumerate_tuples(self, continuum)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(delta_empty={self.delta_empty})"


def _delta(delta_empty) -> float:
    value = float(delta_empty)
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"delta_empty must be a finite number ≥ 0 (got {delta_empty!r})")
    return value


def _category_index(categories: SortedSet, category) -> int:
    """Index of `category` in `categories` (units without a category, `None`, come first)."""
    try:
        return categories.index(category)
    except (ValueError, TypeError):
        raise ValueError(f"category {category!r} is not among the categories {list(categories)}") from None


class PositionalSporadicDissimilarity(AbstractDissimilarity):
    """Positional dissimilarity (paper §4.4): `((|Δstart| + |Δend|) / (len1 + len2))² · Δ∅`.

    0 for equal segments, below Δ∅ when one contains the other, above when they are disjoint.
    """

    def __init__(self, delta_empty: float = 1.0):
        super().__init__(delta_empty=delta_empty)

    def compile_d_mat(self):
        delta_empty = self.delta_empty

        @dissimilarity_dec
        def d_mat(unit1: np.ndarray, unit2: np.ndarray) -> float:
            dist = ((abs(unit1[0] - unit2[0]) + abs(unit1[1] - unit2[1])) / (unit1[2] + unit2[2]))
            return dist * dist * delta_empty

        return d_mat

    def d(self, unit1: "Unit", unit2: "Unit"):
        s1, s2 = unit1.segment, unit2.segment
        pos = (abs(s1.start - s2.start) + abs(s1.end - s2.end)) / (s1.duration + s2.duration)
        return pos * pos * self.delta_empty


class CategoricalDissimilarity(AbstractDissimilarity, metaclass=abc.ABCMeta):
    """Base class of the categorical dissimilarities: `D[cat1, cat2] · Δ∅` with `D` in [0, 1]."""

    def __init__(self, categories: Optional[SortedSet], delta_empty: float = 1.0):
        super().__init__(categories, delta_empty)


class AbsoluteCategoricalDissimilarity(CategoricalDissimilarity):
    """Nominal categories: 0 when the categories are equal, Δ∅ otherwise."""

    def __init__(self, delta_empty: float = 1.0):
        super().__init__(None, delta_empty=delta_empty)

    def compile_d_mat(self):
        delta_empty = self.delta_empty

        @dissimilarity_dec
        def d_mat(unit1: np.ndarray, unit2: np.ndarray) -> float:
            # (also works on arrays of units, broadcast)
            return (unit1[3] != unit2[3]) * delta_empty

        return d_mat

    def d(self, unit1: "Unit", unit2: "Unit"):
        return float(unit1.annotation != unit2.annotation) * self.delta_empty


class PrecomputedCategoricalDissimilarity(CategoricalDissimilarity):
    """Categorical dissimilarity from a matrix of category-to-category values, indexed by the
    categories in alphabetical order. The matrix must be square (one row per category, an
    `AssertionError` otherwise), symmetric with a zero diagonal and non-negative (`ValueError`)."""

    def __init__(self, categories: SortedSet, matrix: np.ndarray, delta_empty: float = 1.0):
        matrix = np.asarray(matrix, dtype=np.float64)
        assert matrix.shape == (len(categories), len(categories)), \
            "Provided categorical dissimilarity matrix's shape doesn't match number of categories."
        if not np.all(np.isfinite(matrix)) or np.any(matrix < 0):
            raise ValueError("Categorical dissimilarity matrix values must be finite and ≥ 0.")
        if not np.array_equal(matrix, matrix.T):
            raise ValueError("Categorical dissimilarity matrix is not symmetrical.")
        if np.any(np.diag(matrix) != 0):
            raise ValueError("Categorical dissimilarity matrix must have a zero diagonal (d(c, c) = 0).")
        self._matrix = matrix
        super().__init__(categories, delta_empty)

    def compile_d_mat(self):
        matrix = self._matrix
        delta_empty = self.delta_empty

        @dissimilarity_dec
        def d_mat(unit1: np.ndarray, unit2: np.ndarray) -> float:
            # (also works on arrays of units, broadcast)
            return matrix[np.asarray(unit1[3]).astype(np.intp), np.asarray(unit2[3]).astype(np.intp)] * delta_empty

        return d_mat

    def d(self, unit1: "Unit", unit2: "Unit"):
        return self._matrix[_category_index(self.categories, unit1.annotation),
                            _category_index(self.categories, unit2.annotation)] * self.delta_empty


class LambdaCategoricalDissimilarity(PrecomputedCategoricalDissimilarity, metaclass=abc.ABCMeta):
    """Categorical dissimilarity precomputed from a `(str, str) -> float` function, the static
    method `cat_dissim_func`, divided by its largest value when that exceeds 1."""

    def __init__(self, labels: Iterable[str], delta_empty: float = 1.0):
        categories = SortedSet(labels)
        size = len(categories)
        matrix = np.zeros((size, size), dtype=np.float32)
        max_val = 1.0
        for i in range(size):
            for j in range(i):
                value = self.cat_dissim_func(categories[i], categories[j])
                max_val = max(max_val, value)
                matrix[i, j] = value
                matrix[j, i] = value
        matrix /= max_val
        super().__init__(categories, matrix, delta_empty)

    @staticmethod
    @abc.abstractmethod
    def cat_dissim_func(str1: str, str2: str) -> float:
        raise NotImplementedError


def _levenshtein(str1: str, str2: str) -> int:
    previous = list(range(len(str2) + 1))
    for i, a in enumerate(str1, 1):
        current = [i]
        for j, b in enumerate(str2, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b)))
        previous = current
    return previous[-1]


class LevenshteinCategoricalDissimilarity(LambdaCategoricalDissimilarity):
    """The edit distance between the category labels over `max(len) + 1` (pygamma's formula:
    'a' vs 'ab' is 1/3)."""

    def __init__(self, labels: Iterable[str], delta_empty: float = 1.0):
        super().__init__(labels, delta_empty)

    @staticmethod
    def levenshtein(str1: str, str2: str) -> float:
        return np.float32(_levenshtein(str1, str2) / max(len(str1) + 1, len(str2) + 1))

    @staticmethod
    def cat_dissim_func(str1: str, str2: str) -> float:
        return LevenshteinCategoricalDissimilarity.levenshtein(str1, str2)


class OrdinalCategoricalDissimilarity(PrecomputedCategoricalDissimilarity):
    """Each label has a position `p` on the real axis (0, 1, 2… in the order given when `p` is not
    given); `D[a, b] = |p_a − p_b| / max(1, max |p_i − p_j|)`."""

    def __init__(self, labels: Iterable[str], p: Iterable[float] = None, delta_empty=1.0):
        labels = [str(label) for label in labels]
        if len(labels) != len(set(labels)):
            raise ValueError("Provided labels must not have duplicates.")
        if p is None:
            p = np.arange(len(labels), dtype=np.float32)
        p = np.asarray(list(p), dtype=np.float64)
        if len(p) != len(labels):
            raise ValueError("Labels' and their associated numbers' iterables have not the same length")
        categories = SortedSet(labels)
        position = {label: p[i] for i, label in enumerate(labels)}
        ordered = np.array([position[c] for c in categories], dtype=np.float64)
        matrix = np.abs(ordered[:, None] - ordered[None, :]) if len(ordered) else np.zeros((0, 0))
        max_val = max(1.0, float(matrix.max())) if matrix.size else 1.0
        super().__init__(categories, (matrix / max_val).astype(np.float32), delta_empty)


class NumericalCategoricalDissimilarity(OrdinalCategoricalDissimilarity):
    """Numeric categories ('1', '2.5', …): `D[a, b] = |a − b| / max(1, max |a − b|)`."""

    def __init__(self, labels: Iterable[str], delta_empty: float = 1.0):
        labels = list(labels)
        try:
            numbers = np.array(labels, dtype=np.float32)
        except ValueError:
            raise ValueError("Cannot use ordinal dissimilarity on non-numeric categories.") from None
        super().__init__(labels, numbers, delta_empty)


class CombinedCategoricalDissimilarity(AbstractDissimilarity):
    """`α·d_pos + β·d_cat` (paper §4.4), both scaled by Δ∅.

    Parameters
    ----------
    alpha, beta: float
        Weights of the positional and categorical parts (default 1 and 1; the Java Gamma
        Software uses α = 3).
    delta_empty: float
        Δ∅ (default 1). It scales both parts and is set on the categorical part.
    pos_dissim: AbstractDissimilarity, optional
        The positional part (default `PositionalSporadicDissimilarity(delta_empty)`).
    cat_dissim: CategoricalDissimilarity, optional
        The categorical part (default `AbsoluteCategoricalDissimilarity()`).
    """

    def __init__(self, alpha: float = 1.0, beta: float = 1.0, delta_empty: float = 1.0,
                 pos_dissim: AbstractDissimilarity = None,
                 cat_dissim: CategoricalDissimilarity = None):
        for name, value in (("alpha", alpha), ("beta", beta)):
            if not np.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a finite number ≥ 0 (got {value!r})")
        if pos_dissim is None:
            pos_dissim = PositionalSporadicDissimilarity(delta_empty)
        if cat_dissim is None:
            cat_dissim = AbsoluteCategoricalDissimilarity()
        # Δ∅ scales the categorical part too (the paper); pygamma sets it without recompiling.
        cat_dissim.delta_empty = _delta(delta_empty)
        cat_dissim.d_mat = cat_dissim.compile_d_mat()
        self.positional_dissim: AbstractDissimilarity = pos_dissim
        self.categorical_dissim: CategoricalDissimilarity = cat_dissim
        self.alpha = alpha
        self.beta = beta
        super().__init__(delta_empty=delta_empty, categories=cat_dissim.categories)

    def compile_d_mat(self):
        pos = self.positional_dissim.d_mat
        cat = self.categorical_dissim.d_mat
        alpha = self.alpha
        beta = self.beta

        @dissimilarity_dec
        def d_mat(unit1: np.ndarray, unit2: np.ndarray) -> float:
            return alpha * pos(unit1, unit2) + beta * cat(unit1, unit2)

        return d_mat

    def d(self, unit1: "Unit", unit2: "Unit"):
        return (self.alpha * self.positional_dissim.d(unit1, unit2)
                + self.beta * self.categorical_dissim.d(unit1, unit2))

    def __repr__(self) -> str:
        return (f"CombinedCategoricalDissimilarity(alpha={self.alpha}, beta={self.beta}, "
                f"delta_empty={self.delta_empty}, cat_dissim={type(self.categorical_dissim).__name__})")
