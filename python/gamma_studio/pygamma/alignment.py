"""Alignments (pygamma-agreement's `alignment` module): `UnitaryAlignment`, `Alignment`,
`SoftAlignment` and `SetPartitionError`.

A unitary alignment is an n-tuple `[(annotator, Unit or None), …]`, one slot per annotator; an
alignment is a set of unitary alignments that partitions the units of a continuum (each unit in
exactly one), a soft alignment one that covers them (each unit at least once).
"""

from abc import ABCMeta, abstractmethod
from collections import Counter
from typing import Iterable, Iterator, List, Optional, Tuple, Union

import numpy as np
from sortedcontainers import SortedDict, SortedSet

from .continuum import Continuum, Unit
from .dissimilarity import AbstractDissimilarity, CombinedCategoricalDissimilarity

UnitsTuple = List[Tuple[str, Optional[Unit]]]

__all__ = ["SetPartitionError", "AbstractAlignment", "UnitaryAlignment", "Alignment", "SoftAlignment"]


class SetPartitionError(Exception):
    """The unitary alignments do not partition (or, soft, cover) the units of the continuum."""


class AbstractAlignment(metaclass=ABCMeta):
    @property
    @abstractmethod
    def disorder(self) -> float:
        """The disorder of the alignment, computed beforehand."""

    @abstractmethod
    def compute_disorder(self, dissimilarity: AbstractDissimilarity) -> float:
        """Computes the disorder of the alignment with `dissimilarity`."""


class UnitaryAlignment:
    """One unitary alignment: `n_tuple` is a list of `(annotator, Unit or None)`, one per
    annotator (at least two); `disorder` its δ once known."""

    def __init__(self, n_tuple: UnitsTuple):
        n_tuple = list(n_tuple)
        assert len(n_tuple) >= 2, "A unitary alignment has one slot per annotator (at least 2)."
        self._n_tuple: UnitsTuple = n_tuple
        self._disorder: Optional[float] = None

    @property
    def n_tuple(self) -> UnitsTuple:
        return self._n_tuple

    @n_tuple.setter
    def n_tuple(self, n_tuple: UnitsTuple):
        self._n_tuple = list(n_tuple)
        self._disorder = None

    @property
    def bounds(self):
        """Start of the leftmost unit and end of the rightmost one."""
        inf, sup = np.inf, -np.inf
        for _, unit in self._n_tuple:
            if unit is not None:
                inf = min(inf, unit.segment.start)
                sup = max(sup, unit.segment.end)
        return inf, sup

    @property
    def disorder(self) -> float:
        """δ of the unitary alignment; `ValueError` before `compute_disorder`."""
        if self._disorder is None:
            raise ValueError("Disorder hasn't been computed. Call `compute_disorder()` first to compute it.")
        return self._disorder

    @disorder.setter
    def disorder(self, value: float):
        self._disorder = value

    @property
    def nb_units(self) -> int:
        """The number of non-empty slots."""
        return sum(1 for _, unit in self._n_tuple if unit is not None)

    def compute_disorder(self, dissimilarity: AbstractDissimilarity):
        """δ with `dissimilarity` (float32, as pygamma), stored in `disorder`."""
        self._disorder = Alignment([self]).compute_disorder(dissimilarity)
        return self._disorder

    def __repr__(self) -> str:
        slots = ", ".join(f"{a}: ∅" if u is None else f"{a}: {u.annotation} [{u.segment.start:g}, {u.segment.end:g}]"
                          for a, u in self._n_tuple)
        disorder = "" if self._disorder is None else f", disorder={self._disorder:.6g}"
        return f"UnitaryAlignment([{slots}]{disorder})"


class Alignment(AbstractAlignment):
    """A set of unitary alignments partitioning the units of `continuum`.

    Parameters
    ----------
    unitary_alignments: iterable of UnitaryAlignment
    continuum: Continuum, optional
        The continuum aligned.
    check_validity: bool
        Check at once that the unitary alignments partition the continuum's units
        (`SetPartitionError` otherwise).
    disorder: float, optional
        The disorder, when already known.
    """

    def __init__(self, unitary_alignments: Iterable[UnitaryAlignment],
                 continuum: Optional[Continuum] = None,
                 check_validity: bool = False,
                 disorder: Optional[float] = None):
        self._unitary_alignments = list(unitary_alignments)
        # A function making the unitary alignments when first asked for (the best alignments of
        # random continua are seldom looked at: only γ-cat and γ-k read them).
        self._pending = None
        self.continuum = continuum
        self._disorder: Optional[float] = disorder
        if check_validity:
            self.check()

    @property
    def unitary_alignments(self) -> List[UnitaryAlignment]:
        """The unitary alignments (a list, which may be changed in place)."""
        if self._pending is not None:
            self._unitary_alignments, self._pending = self._pending(), None
        return self._unitary_alignments

    @unitary_alignments.setter
    def unitary_alignments(self, value: Iterable[UnitaryAlignment]):
        self._unitary_alignments, self._pending = value, None

    def __getitem__(self, keys: Union[int, Tuple[int], Tuple[int, str]]):
        """`alignment[i]` (or `alignment[i,]`): the i-th unitary alignment;
        `alignment[i, annotator]`: that annotator's `(annotator, unit)` slot in it."""
        if isinstance(keys, (int, np.integer)):
            return self.unitary_alignments[keys]
        if len(keys) == 1:
            return self.unitary_alignments[keys[0]]
        if len(keys) == 2:
            index, annotator = keys
            for slot in self.unitary_alignments[index].n_tuple:
                if slot[0] == annotator:
                    return slot
            raise KeyError(f"no annotator {annotator!r} in the alignment")
        raise KeyError("Invalid number of items in key")

    def __iter__(self) -> Iterator[UnitaryAlignment]:
        return iter(self.unitary_alignments)

    def __len__(self) -> int:
        return len(self.unitary_alignments)

    def take_until_limit(self, x_limit):
        """The unitary alignments ending by `x_limit`, by increasing end."""
        for unitary in sorted(self.unitary_alignments, key=lambda u: u.bounds[1]):
            if unitary.bounds[1] > x_limit:
                break
            yield unitary

    @property
    def annotators(self) -> SortedSet:
        return SortedSet(annotator for annotator, _ in self.unitary_alignments[0].n_tuple)

    @property
    def categories(self) -> SortedSet:
        if self.continuum is not None:
            return self.continuum.categories
        return SortedSet(unit.annotation for unitary in self for _, unit in unitary.n_tuple
                         if unit is not None and unit.annotation is not None)

    @property
    def avg_num_annotations_per_annotator(self) -> float:
        if self.continuum is not None:
            return self.continuum.avg_num_annotations_per_annotator
        return sum(unitary.nb_units for unitary in self) / self.num_annotators

    @property
    def num_unitary_alignments(self) -> int:
        return len(self.unitary_alignments)

    @property
    def num_annotators(self) -> int:
        return len(self.unitary_alignments[0].n_tuple)

    @property
    def disorder(self) -> float:
        """`Σ δ / x̄`, x̄ the mean number of units per annotator."""
        if self._disorder is None:
            self._disorder = (sum(u.disorder for u in self.unitary_alignments)
                              / self.avg_num_annotations_per_annotator)
        return self._disorder

    def compute_disorder(self, dissimilarity: AbstractDissimilarity):
        """Recomputes every δ and the disorder with `dissimilarity`."""
        disorders = dissimilarity.compute_disorder(self)
        for unitary, disorder in zip(self.unitary_alignments, disorders):
            unitary.disorder = disorder
        self._disorder = np.sum(disorders) / self.avg_num_annotations_per_annotator
        return self._disorder

    def gamma_k_disorder(self, dissimilarity: AbstractDissimilarity, category: Optional[str]) -> float:
        """The γ-cat disorder (`category` None) or the γ-k disorder of `category` (Mathet 2017,
        §4.2.5, as pygamma computes it: pairs weighted by `1/(nv − 1)` and the positional
        confidence `max(0, 1 − α·d_pos)`, and a (unit, ∅) pair adding Δ∅² to the disorder and Δ∅
        to the weight). Needs a `CombinedCategoricalDissimilarity` (`TypeError` otherwise)."""
        if not isinstance(dissimilarity, CombinedCategoricalDissimilarity):
            raise TypeError("Gamma-k and Gamma-cat can only be computed using "
                            f"the {CombinedCategoricalDissimilarity} dissimilarity.")
        delta = dissimilarity.delta_empty
        alpha = dissimilarity.alpha
        positional = dissimilarity.positional_dissim.d
        categorical = dissimilarity.categorical_dissim.d
        total_disorder = 0.0
        total_weight = 0.0
        no_cat = True
        no_loop = True
        for unitary in self.unitary_alignments:
            units = [unit for _, unit in unitary.n_tuple]
            nv = sum(1 for unit in units if unit is not None)
            base = 1 / (nv - 1) if nv >= 2 else 0
            for i, unit1 in enumerate(units):
                for unit2 in units[i + 1:]:
                    if category is not None and ((unit1 is None or unit1.annotation != category)
                                                 and (unit2 is None or unit2.annotation != category)):
                        continue
                    no_cat = False
                    if unit1 is None or unit2 is None:
                        if unit1 is not None or unit2 is not None:
                            total_disorder += delta * delta
                            total_weight += delta
                        continue
                    no_loop = False
                    weight = base * max(0, 1 - alpha * positional(unit1, unit2))
                    total_disorder += categorical(unit1, unit2) * weight
                    total_weight += weight
        if no_loop:
            return 1.0 if no_cat else 0.0
        return 0 if total_disorder == 0 else total_disorder / total_weight

    def _slots(self):
        for unitary in self.unitary_alignments:
            for annotator, unit in unitary.n_tuple:
                if unit is not None:
                    yield annotator, unit

    def _check_shape(self, continuum: Optional[Continuum]) -> Continuum:
        if continuum is None:
            if self.continuum is None:
                raise ValueError("No continuum was set")
            continuum = self.continuum
        first = len(self.unitary_alignments[0].n_tuple)
        for unitary in self.unitary_alignments:
            if len(unitary.n_tuple) != first:
                raise ValueError(f"Unitary alignments {self.unitary_alignments[0]} and {unitary} "
                                 "don't have the same amount of units tuples")
        return continuum

    def check(self, continuum: Optional[Continuum] = None):
        """Checks that the unitary alignments partition the units of the continuum: every unit
        once and only once (`SetPartitionError` otherwise; `ValueError` without a continuum or
        with unitary alignments of different sizes)."""
        continuum = self._check_shape(continuum)
        expected = set(continuum)
        found = list(self._slots())
        missing = expected - set(found)
        if missing:
            listed = ", ".join(f"{annotator}->{unit}" for annotator, unit in missing)
            raise SetPartitionError(f"{listed} not in the set of unitary alignments")
        repeated = {slot for slot, count in Counter(found).items() if count > 1}
        if repeated:
            listed = ", ".join(f"{annotator}->{unit}" for annotator, unit in repeated)
            raise SetPartitionError(f"{listed} are found more than once in the set of unitary alignments")
        extra = set(found) - expected
        if extra:
            listed = ", ".join(f"{annotator}->{unit}" for annotator, unit in extra)
            raise SetPartitionError(f"{listed} are not units of the continuum")

    def _repr_png_(self):  # pragma: no cover - needs matplotlib
        from .notebook import repr_alignment

        return repr_alignment(self)

    def __repr__(self) -> str:
        disorder = "" if self._disorder is None else f"disorder={float(self._disorder):.6g}, "
        return f"{type(self).__name__}({disorder}unitary_alignments={len(self.unitary_alignments)})"


class SoftAlignment(Alignment):
    """Unitary alignments covering the units of a continuum, a unit possibly in several of them
    (soft-γ, pygamma 0.5)."""

    def check(self, continuum: Optional[Continuum] = None):
        """Checks that every unit of the continuum is in at least one unitary alignment
        (`SetPartitionError` otherwise)."""
        continuum = self._check_shape(continuum)
        occurrences = SortedDict({annotator: SortedDict({unit: 0 for unit in units})
                                  for annotator, units in continuum._annotations.items()})
        for annotator, unit in self._slots():
            if annotator not in occurrences or unit not in occurrences[annotator]:
                raise SetPartitionError(f"unit '{unit}' from annotator '{annotator}' is not a unit of the continuum")
            occurrences[annotator][unit] += 1
        for annotator, factors in occurrences.items():
            for unit, factor in factors.items():
                if factor == 0:
                    raise SetPartitionError("All non-empty units in the continuum do not have at least 1 occurence "
                                            f"in the soft alignment. Exception found : unit '{unit}' from annotator "
                                            f"'{annotator}'.")
