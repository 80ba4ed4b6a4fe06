"""Continuum, Unit and GammaResults (pygamma-agreement's `continuum` module).

A `Continuum` holds, per annotator (alphabetical), a sorted set of `Unit(segment, annotation)`;
`compute_gamma` draws its random continua in Python with numpy's global generator, in the order
pygamma draws them (so `np.random.seed(s)` gives pygamma's samples), and finds every best
alignment exactly with Gamma Studio's Rust core, in parallel.
"""

import csv
import logging
from dataclasses import dataclass
from functools import total_ordering
from pathlib import Path
from typing import TYPE_CHECKING, Generator, List, Optional, Tuple, Union

import numpy as np
from sortedcontainers import SortedDict, SortedSet

from .dissimilarity import AbstractDissimilarity
from .segment import Annotation, Segment, Timeline, is_segment_like  # noqa: F401 (re-exported)

if TYPE_CHECKING:  # pragma: no cover
    from .alignment import Alignment, SoftAlignment
    from .sampler import AbstractContinuumSampler

__all__ = ["Annotator", "PRECISION_LEVEL", "Unit", "Continuum", "GammaResults"]

Annotator = str

#: pygamma's named precision levels (relative error of the expected disorder at 95 %).
PRECISION_LEVEL = {"high": 0.01, "medium": 0.02, "low": 0.1}


def _as_segment(segment) -> Segment:
    if isinstance(segment, Segment):
        return segment
    if is_segment_like(segment):
        return Segment(segment.start, segment.end)
    try:
        start, end = segment
    except (TypeError, ValueError):
        raise TypeError(f"a segment is a Segment(start, end) or a (start, end) pair, not {segment!r}") from None
    return Segment(float(start), float(end))


@total_ordering
@dataclass(frozen=True, eq=True)
class Unit:
    """An annotated unit: a `segment` and (optionally) its category `annotation`. Units sort by
    segment, then by annotation (`None` first); they can be put in sets.

    >>> Unit(Segment(17.5, 21.3), "Verb").annotation
    'Verb'
    """

    segment: Segment
    annotation: Optional[str] = None

    def __post_init__(self):
        if not isinstance(self.segment, Segment):
            object.__setattr__(self, "segment", _as_segment(self.segment))

    def __lt__(self, other: "Unit"):
        if self.segment == other.segment:
            if self.annotation is None:
                return other.annotation is not None
            if other.annotation is None:
                return False
            return self.annotation < other.annotation
        return self.segment < other.segment


def _triple_order(triple):
    """The order of `Unit`s (segment, then annotation with None first) for a (start, end,
    annotation) triple."""
    start, end, annotation = triple
    return (start, end) if annotation is None else (start, end, 1, annotation)


class Continuum:
    """Units of several annotators on one resource: ``{annotator: SortedSet of Unit}``.

    Parameters
    ----------
    uri: str, optional
        Name of the annotated resource.
    """

    def __init__(self, uri: Optional[str] = None):
        self.uri = uri
        self._annotations: SortedDict = SortedDict()
        self._categories: SortedSet = SortedSet()
        self.bound_inf = 0.0
        self.bound_sup = 0.0
        # pygamma's fast-γ window; γ here is always exact, so it is never used.
        self.best_window_size = np.inf

    # --------------------------------------------------------------------------------------
    # Reading and writing

    @classmethod
    def from_csv(cls, path: Union[str, Path], discard_invalid_rows=True, delimiter: str = ","):
        """Reads `annotator, category, start, end` rows (no header needed; a first line whose
        start and end are not numbers is taken as a header and skipped). A unit of zero or
        negative duration is skipped with a message (`ValueError` when
        `discard_invalid_rows=False`); a row that cannot be read raises `ValueError` with its
        line number."""
        continuum = cls()
        with open(Path(path), newline="") as csv_file:
            for line, row in enumerate(csv.reader(csv_file, delimiter=delimiter), start=1):
                if not row or all(not field.strip() for field in row):
                    continue
                if len(row) < 4:
                    raise ValueError(f"{path}: line {line}: expected annotator{delimiter}category"
                                     f"{delimiter}start{delimiter}end, found {len(row)} "
                                     f"field{'' if len(row) == 1 else 's'}")
                try:
                    start, end = float(row[2]), float(row[3])
                except ValueError:
                    if line == 1:
                        continue  # a header
                    raise ValueError(f"{path}: line {line}: start and end must be numbers "
                                     f"(found {row[2]!r}, {row[3]!r})") from None
                try:
                    continuum.add(row[0], Segment(start, end), row[1])
                except ValueError as error:
                    if not discard_invalid_rows:
                        raise ValueError(f"{path}: line {line}: {error}") from None
                    print(f"Discarded invalid segment : {error}")
        return continuum

    @classmethod
    def from_rttm(cls, path: Union[str, Path]) -> "Continuum":
        """Reads an RTTM file: the file field (URI) of each line is its annotator, the speaker
        name its category, `[onset, onset + duration]` its segment."""
        continuum = cls()
        with open(Path(path)) as rttm:
            for line, text in enumerate(rttm, start=1):
                fields = text.split()
                if not fields or fields[0].startswith("#"):
                    continue
                if len(fields) < 8:
                    raise ValueError(f"{path}: line {line}: an RTTM line has at least 8 fields")
                try:
                    onset, duration = float(fields[3]), float(fields[4])
                except ValueError:
                    raise ValueError(f"{path}: line {line}: onset and duration must be numbers") from None
                continuum.add(fields[1], Segment(onset, onset + duration), fields[7])
        return continuum

    def to_csv(self, path: Union[str, Path], delimiter=","):
        """Writes `annotator, category, start, end` rows (no header), as pygamma."""
        with open(Path(path), "w", newline="") as csv_file:
            writer = csv.writer(csv_file, delimiter=delimiter)
            for annotator, unit in self:
                writer.writerow([annotator, unit.annotation, unit.segment.start, unit.segment.end])

    def _add_tiers(self, annotator, tiers, selected_tiers, use_tier_as_annotation):
        for tier, units in tiers:
            if selected_tiers is not None and tier not in selected_tiers:
                continue
            for start, end, mark in units:
                self.add(annotator, Segment(start, end), tier if use_tier_as_annotation else mark)

    @staticmethod
    def _read_tiers(path, format: str):
        """(tier, [(start, end, mark)]) of an ELAN or TextGrid file, read by the core's reader
        (ELAN in milliseconds and TextGrid in seconds, as pympi and textgrid give them)."""
        from .. import _core

        document = _core.read(str(path), format=format)
        tiers = {tier: [] for tier in document.annotators}
        for unit in document.units():
            tiers[unit.annotator].append((unit.start, unit.end, unit.category))
        return list(tiers.items())

    def add_textgrid(self, annotator: Annotator, tg_path: Union[str, Path],
                     selected_tiers: Optional[List[str]] = None, use_tier_as_annotation: bool = False):
        """Adds the non-empty intervals of a Praat TextGrid file as units of `annotator`: the
        interval's mark as category (or the tier's name with `use_tier_as_annotation`), only the
        tiers in `selected_tiers` when given."""
        self._add_tiers(annotator, self._read_tiers(tg_path, "textgrid"), selected_tiers,
                        use_tier_as_annotation)

    def add_elan(self, annotator: Annotator, eaf_path: Union[str, Path],
                 selected_tiers: Optional[List[str]] = None, use_tier_as_annotation: bool = False):
        """Adds the annotations of an ELAN `.eaf` file (times in milliseconds) as units of
        `annotator`: the annotation value as category (or the tier's name with
        `use_tier_as_annotation`), only the tiers in `selected_tiers` when given."""
        self._add_tiers(annotator, self._read_tiers(eaf_path, "elan"), selected_tiers,
                        use_tier_as_annotation)

    # --------------------------------------------------------------------------------------
    # Building

    def add_annotator(self, annotator: Annotator):
        """Adds an annotator with no unit (nothing if it is there already)."""
        if annotator not in self._annotations:
            self._annotations[annotator] = SortedSet()

    def add(self, annotator: Annotator, segment: Segment, annotation: Optional[str] = None):
        """Adds a unit: `add("ann1", Segment(10, 25), "PER")` (a `(start, end)` pair works too).
        A segment of zero (or negative) duration raises `ValueError`; an exact duplicate of a
        unit of the same annotator is merged with it, as in pygamma."""
        segment = _as_segment(segment)
        if segment.duration == 0.0:
            raise ValueError("Tried adding segment of duration 0.0")
        if annotator not in self._annotations:
            self._annotations[annotator] = SortedSet()
        if annotation is not None:
            self._categories.add(annotation)
        self._annotations[annotator].add(Unit(segment, annotation))
        self.bound_inf = min(self.bound_inf, segment.start)
        self.bound_sup = max(self.bound_sup, segment.end)

    def _add_units(self, annotator: Annotator, units) -> None:
        """Adds `(start, end, category)` triples at once (what `add` does for each, faster):
        the annotator (even without units), the categories, the bounds."""
        if annotator not in self._annotations:
            self._annotations[annotator] = SortedSet()
        if not units:
            return
        made = []
        # In the units' order first (a key of C-level tuples), so that the sorted set's own
        # sort, comparing `Unit`s in Python, only checks the order.
        for start, end, category in sorted(units, key=_triple_order):
            segment = Segment(start, end)
            if segment.duration == 0.0:
                raise ValueError("Tried adding segment of duration 0.0")
            made.append(Unit(segment, category))
        self._annotations[annotator].update(made)
        self._categories.update(c for _, _, c in units if c is not None)
        self.bound_inf = min(self.bound_inf, min(start for start, _, _ in units))
        self.bound_sup = max(self.bound_sup, max(end for _, end, _ in units))

    def add_annotation(self, annotator: Annotator, annotation: "Annotation"):
        """Adds a pyannote.core `Annotation`: each track's label is its unit's category."""
        for segment, _, label in annotation.itertracks(yield_label=True):
            self.add(annotator, segment, label)

    def add_timeline(self, annotator: Annotator, timeline: "Timeline"):
        """Adds the segments of a pyannote.core `Timeline` as units without category."""
        for segment in timeline:
            self.add(annotator, segment)

    def remove(self, annotator: Annotator, unit: Unit):
        """Removes `unit` from `annotator`'s units (`KeyError` if it is not there); the bounds
        stay as they are."""
        self._annotations[annotator].remove(unit)

    def reset_bounds(self):
        """Bounds back to the leftmost start and the rightmost end of the units."""
        starts = [units[0].segment.start for units in self._annotations.values() if units]
        ends = [max(unit.segment.end for unit in units) for units in self._annotations.values() if units]
        self.bound_inf = min(starts, default=0.0)
        self.bound_sup = max(ends, default=0.0)

    def merge(self, continuum: "Continuum", in_place: bool = False) -> Optional["Continuum"]:
        """This continuum with the annotators and units of `continuum` added (a new one, or this
        one with `in_place=True`, then returning None)."""
        merged = self if in_place else self.copy()
        for annotator in continuum.annotators:
            merged.add_annotator(annotator)
        for annotator, unit in continuum:
            merged.add(annotator, unit.segment, unit.annotation)
        return None if in_place else merged

    def __add__(self, other: "Continuum"):
        return self.merge(other, in_place=False)

    def copy_flush(self) -> "Continuum":
        """An empty continuum with this one's URI and bounds."""
        continuum = Continuum(self.uri)
        continuum.bound_inf, continuum.bound_sup = self.bound_inf, self.bound_sup
        continuum.best_window_size = self.best_window_size
        return continuum

    def copy(self) -> "Continuum":
        """A copy (units are immutable and shared)."""
        continuum = self.copy_flush()
        for annotator, units in self._annotations.items():
            continuum._annotations[annotator] = SortedSet(units)
        continuum._categories = SortedSet(self._categories)
        return continuum

    # --------------------------------------------------------------------------------------
    # Reading

    def __bool__(self):
        """Whether there is at least one unit."""
        return any(len(units) for units in self._annotations.values())

    def __len__(self):
        """The number of annotators (as pygamma)."""
        return len(self._annotations)

    def __eq__(self, other: "Continuum"):
        """Same annotators (those without units included) and the same units."""
        if not isinstance(other, Continuum):
            return False
        return (list(self._annotations.keys()) == list(other._annotations.keys())
                and all(list(a) == list(b) for a, b in zip(self._annotations.values(),
                                                             other._annotations.values())))

    def __ne__(self, other: "Continuum"):
        return not self == other

    __hash__ = None

    def __iter__(self) -> Generator[Tuple[Annotator, Unit], None, None]:
        """`(annotator, unit)` for every unit, annotators alphabetical, units sorted."""
        for annotator, units in self._annotations.items():
            for unit in units:
                yield annotator, unit

    def __getitem__(self, keys: Union[str, Tuple[str, int]]) -> Union[SortedSet, Unit]:
        """`continuum["Alex"]`: a copy of Alex's units; `continuum["Alex", 0]`: the first one."""
        if isinstance(keys, tuple):
            annotator, index = keys
            if annotator not in self._annotations:
                raise KeyError("key must be either Annotator (from the continuum) or (Annotator, int)")
            try:
                return self._annotations[annotator][index]
            except IndexError:
                raise IndexError(f"index {index} of annotations by {annotator} is out of range") from None
        if keys not in self._annotations:
            raise KeyError("key must be either Annotator (from the continuum) or (Annotator, int)")
        return SortedSet(self._annotations[keys])

    def iter_annotator(self, annotator: Annotator) -> Generator[Unit, None, None]:
        """The units of `annotator` (`KeyError` if it has none here)."""
        yield from self._annotations[annotator]

    def iterunits(self, annotator: Annotator):
        """An iterator over the units of `annotator`."""
        return iter(self._annotations[annotator])

    @property
    def annotators(self) -> SortedSet:
        """The annotators, alphabetical."""
        return SortedSet(self._annotations.keys())

    @property
    def categories(self) -> SortedSet:
        """The categories, alphabetical."""
        return self._categories

    @property
    def category_weights(self) -> SortedDict:
        """Each category's share of the units."""
        counts = SortedDict()
        total = 0
        for _, unit in self:
            total += 1
            counts[unit.annotation] = counts.get(unit.annotation, 0) + 1
        for category in counts.keys():
            counts[category] /= total
        return counts

    @property
    def bounds(self) -> Tuple[float, float]:
        """`(bound_inf, bound_sup)`: from (0, 0), grown by each unit added."""
        return self.bound_inf, self.bound_sup

    @property
    def num_units(self) -> int:
        return sum(len(units) for units in self._annotations.values())

    @property
    def num_annotators(self) -> int:
        return len(self._annotations)

    @property
    def avg_num_annotations_per_annotator(self) -> float:
        """x̄, the mean number of units per annotator."""
        return self.num_units / self.num_annotators

    @property
    def max_num_annotations_per_annotator(self) -> int:
        return max((len(units) for units in self._annotations.values()), default=0)

    @property
    def avg_length_unit(self) -> float:
        """The mean duration of the units."""
        return sum(unit.segment.duration for _, unit in self) / self.num_units

    # --------------------------------------------------------------------------------------
    # Alignment and γ

    def get_best_alignment(self, dissimilarity: Optional[AbstractDissimilarity] = None) -> "Alignment":
        """The best alignment (exact) for `dissimilarity` (default:
        `CombinedCategoricalDissimilarity()`), with its disorder. `AssertionError` with fewer than
        two annotators or no unit, as pygamma."""
        from ._engine import best_alignments

        return best_alignments(_default(dissimilarity), [self])[0]

    def get_best_soft_alignment(self, dissimilarity: Optional[AbstractDissimilarity] = None) -> "SoftAlignment":
        """The best soft alignment (soft-γ: a unit may be in several unitary alignments)."""
        from ._engine import best_alignments

        return best_alignments(_default(dissimilarity), [self], soft=True)[0]

    def get_fast_alignment(self, dissimilarity: AbstractDissimilarity, window_size: int = None) -> "Alignment":
        """pygamma's windowed approximation; here the exact best alignment (it is fast)."""
        return self.get_best_alignment(dissimilarity)

    def measure_best_window_size(self, dissimilarity: AbstractDissimilarity = None):
        """pygamma's fast-γ window choice; nothing to choose here (γ is always exact)."""
        self.best_window_size = np.inf

    def compute_gamma(self,
                      dissimilarity: Optional[AbstractDissimilarity] = None,
                      n_samples: int = 30,
                      precision_level: Optional[Union[float, str]] = None,
                      ground_truth_annotators: Optional[SortedSet] = None,
                      sampler: "AbstractContinuumSampler" = None,
                      fast: bool = False,
                      soft: bool = False) -> "GammaResults":
        """γ of this continuum.

        Parameters
        ----------
        dissimilarity: AbstractDissimilarity, optional
            Default `CombinedCategoricalDissimilarity()` (α = β = Δ∅ = 1).
        n_samples: int
            Random continua for the expected disorder (default 30).
        precision_level: float or "high", "medium", "low", optional
            If given, more random continua are drawn once when the first `n_samples` show
            that D_e is not known within this relative error at 95 % (paper §5.3).
        ground_truth_annotators: iterable of str, optional
            Draw the random continua from these annotators only.
        sampler: AbstractContinuumSampler, optional
            Default `StatisticalContinuumSampler()`.
        fast: bool
            Accepted for compatibility: γ is always the exact one here (pygamma's fast-γ is a
            windowed approximation; the exact alignment is faster than it).
        soft: bool
            Soft-γ (pygamma 0.5): a unit may belong to several unitary alignments (exact, by
            the core).
            Not with `fast=True` (`NotImplementedError`, as pygamma).
        """
        from ._engine import best_alignments
        from .sampler import StatisticalContinuumSampler

        dissimilarity = _default(dissimilarity)
        if soft and fast:
            raise NotImplementedError("Fast-gamma and Soft-gamma are not compatible with each other.")
        if not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
            raise ValueError(f"n_samples must be a positive integer (got {n_samples!r})")
        if isinstance(precision_level, str):
            if precision_level not in PRECISION_LEVEL:
                raise ValueError(f"precision_level: unknown level {precision_level!r} "
                                 f"(high, medium, low or a number)")
            precision_level = PRECISION_LEVEL[precision_level]
        if precision_level is not None:
            assert 0 < precision_level < 1.0, "precision_level must be in (0, 1)"
        if sampler is None:
            sampler = StatisticalContinuumSampler()
        sampler.init_sampling(self, ground_truth_annotators)

        samples = [sampler.sample_from_continuum for _ in range(n_samples)]
        best, *chance = best_alignments(dissimilarity, [self] + samples, soft=soft)
        if precision_level is not None:
            # §5.3 of the paper, at 95 %: one second batch when the first one varies too much.
            disorders = [a.disorder for a in chance]
            variation = np.std(disorders) / np.mean(disorders)
            required = int(np.ceil((variation * 1.96 / precision_level) ** 2))
            if required > n_samples:
                logging.info(f"Computing second batch of {required - n_samples} because variation was too high.")
                more = [sampler.sample_from_continuum for _ in range(required - n_samples)]
                chance += best_alignments(dissimilarity, more, soft=soft)
        return GammaResults(best_alignment=best, chance_alignments=chance,
                            precision_level=precision_level, dissimilarity=dissimilarity)

    def _repr_png_(self):  # pragma: no cover - needs matplotlib
        from .notebook import repr_continuum

        return repr_continuum(self)

    def __repr__(self) -> str:
        return (f"Continuum(uri={self.uri!r}, annotators={list(self._annotations.keys())}, "
                f"units={self.num_units})")


def _default(dissimilarity):
    if dissimilarity is None:
        from .dissimilarity import CombinedCategoricalDissimilarity

        return CombinedCategoricalDissimilarity()
    if not isinstance(dissimilarity, AbstractDissimilarity):
        raise TypeError(f"dissimilarity must be an AbstractDissimilarity, not {type(dissimilarity).__name__}")
    return dissimilarity


@dataclass
class GammaResults:
    """The outcome of `compute_gamma`: the best alignment, the best alignments of the random
    continua, and the measures of the γ family computed from them."""

    best_alignment: "Alignment"
    chance_alignments: List["Alignment"]
    dissimilarity: AbstractDissimilarity
    precision_level: Optional[float] = None

    @property
    def n_samples(self) -> int:
        """Number of random continua."""
        return len(self.chance_alignments)

    @property
    def alignments_nb(self) -> int:
        """Number of unitary alignments in the best alignment."""
        return len(self.best_alignment.unitary_alignments)

    @property
    def observed_disorder(self) -> float:
        """D_o, the disorder of the best alignment."""
        return self.best_alignment.disorder

    @property
    def expected_disorder(self) -> float:
        """D_e, the mean disorder of the random continua."""
        return float(np.mean([a.disorder for a in self.chance_alignments]))

    @property
    def approx_gamma_range(self):
        """γ's bounds implied by the precision level (`ValueError` without one)."""
        if self.precision_level is None:
            raise ValueError("No precision level has been set, cannot compute the gamma boundaries")
        return (1 - self.observed_disorder / (self.expected_disorder * (1 - self.precision_level)),
                1 - self.observed_disorder / (self.expected_disorder * (1 + self.precision_level)))

    @property
    def gamma(self) -> float:
        """γ = 1 − D_o / D_e (exactly 1 when D_o = 0)."""
        observed = self.observed_disorder
        if observed == 0:
            return 1
        return 1 - observed / self.expected_disorder

    def _categorical(self, category):
        observed = self.best_alignment.gamma_k_disorder(self.dissimilarity, category)
        if observed == 0:
            return observed, None
        expected = float(np.mean([a.gamma_k_disorder(self.dissimilarity, category)
                                  for a in self.chance_alignments]))
        return observed, expected

    @property
    def gamma_cat(self) -> float:
        """γ-cat (Mathet 2017) on the same alignments; needs a `CombinedCategoricalDissimilarity`
        (`TypeError` otherwise)."""
        observed, expected = self._categorical(None)
        if expected is None:
            return 1
        if expected == 0:
            return 0
        return 1 - observed / expected

    def gamma_k(self, category: str) -> float:
        """γ-k of `category` (Mathet 2017) on the same alignments."""
        observed, expected = self._categorical(category)
        if expected is None:
            return 1
        if expected == 0:
            raise ZeroDivisionError(f"γ-k of {category!r}: the chance disorder of this category is 0")
        return 1 - observed / expected
