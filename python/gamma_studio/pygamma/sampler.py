"""Samplers of random continua for the expected disorder (pygamma-agreement's `sampler` module).

They draw with numpy's global generator (`np.random`), call for call as pygamma 0.5.9 does, so
that after `np.random.seed(s)` they give pygamma's random continua.
"""

from abc import ABCMeta, abstractmethod
from typing import Iterable, List, Optional

import numpy as np
from sortedcontainers import SortedSet

from .continuum import Annotator, Continuum
from ._random import LegacyStream, WeightedChoice
from .segment import Segment, segment_precision

__all__ = ["AbstractContinuumSampler", "ShuffleContinuumSampler", "StatisticalContinuumSampler"]


class AbstractContinuumSampler(metaclass=ABCMeta):
    """Makes random continua from a reference continuum. `init_sampling` (or another
    initialisation) must be called before `sample_from_continuum`; `compute_gamma` calls
    `init_sampling(continuum, ground_truth_annotators)` itself."""

    def __init__(self):
        self._reference_continuum: Optional[Continuum] = None
        self._ground_truth_annotators: Optional[SortedSet] = None

    def init_sampling(self, reference_continuum: Continuum,
                      ground_truth_annotators: Optional[Iterable[Annotator]] = None):
        """Samples from `reference_continuum`, from the annotators in `ground_truth_annotators`
        only when given (they must be annotators of the reference: `AssertionError`)."""
        assert reference_continuum, "Cannot initialize sampling with an empty reference continuum."
        self._reference_continuum = reference_continuum
        if ground_truth_annotators is None:
            self._ground_truth_annotators = reference_continuum.annotators
        else:
            assert reference_continuum.annotators.issuperset(ground_truth_annotators), \
                "Can't sample from ground truth annotators not in the reference continuum."
            self._ground_truth_annotators = SortedSet(ground_truth_annotators)

    def _has_been_init(self):
        assert self._reference_continuum is not None, \
            "Sampler hasnt been initialized. Call 'sampler.init_sampling' before 'sampler.sample_from_continuum'."

    @property
    @abstractmethod
    def sample_from_continuum(self) -> Continuum:
        """A new random continuum."""


class ShuffleContinuumSampler(AbstractContinuumSampler):
    """The Gamma Software's sampler (paper §5.2): each sampled annotator is a random annotator of
    the reference shifted by a random pivot (wrapping around the bounds), pivots at least half
    the mean unit length apart; `pivot_type` "int_pivot" (default, as the Java software) or
    "float_pivot"."""

    def __init__(self, pivot_type: str = "int_pivot"):
        super().__init__()
        if pivot_type not in ("float_pivot", "int_pivot"):
            raise ValueError(f"pivot_type must be 'int_pivot' or 'float_pivot' (got {pivot_type!r})")
        self._pivot_type = pivot_type

    @staticmethod
    def _remove_pivot_segment(pivot: float, segments: List[Segment], dist: float) -> List[Segment]:
        """The segments minus `[pivot − dist, pivot + dist]` (taken from the end of the list, so
        the order reverses, as pygamma: the order weighs on the next draw)."""
        kept = []
        segments = list(segments)
        while segments:
            segment = segments.pop()
            if segment.start >= pivot - dist:
                if segment.end <= pivot + dist:
                    continue
                kept.append(Segment(pivot + dist, segment.end))
            else:
                kept.append(Segment(segment.start, pivot - dist))
                if segment.end > pivot + dist:
                    kept.append(Segment(pivot + dist, segment.end))
        return kept

    def _random_from_segments(self, segments: List[Segment]) -> float:
        """A point drawn uniformly over the segments (one by its length, then a point in it)."""
        weights = np.array([segment.end - segment.start for segment in segments], dtype=np.float64)
        weights /= np.sum(weights)
        try:
            chosen = segments[np.random.choice(len(segments), p=weights)]
        except ValueError:
            return 1
        if self._pivot_type == "int_pivot":
            return int(np.random.uniform(chosen.start, chosen.end))
        return np.random.uniform(chosen.start, chosen.end)

    @property
    def sample_from_continuum(self) -> Continuum:
        self._has_been_init()
        continuum = self._reference_continuum
        min_dist_between_pivots = continuum.avg_length_unit / 2
        bound_inf, bound_sup = continuum.bounds
        sample = continuum.copy_flush()
        annotators = self._ground_truth_annotators
        while not sample:
            available = [Segment(bound_inf, bound_sup)]
            for idx in range(len(annotators)):
                if available:
                    pivot = self._random_from_segments(available)
                    available = self._remove_pivot_segment(pivot, available, min_dist_between_pivots)
                else:
                    pivot = np.random.uniform(bound_inf, bound_sup)
                source = annotators[np.random.choice(len(annotators))]
                name = f"Sampled_annotation {idx}"
                sample.add_annotator(name)
                for unit in continuum.iter_annotator(source):
                    start, end = unit.segment.start, unit.segment.end
                    if start + pivot > bound_sup:  # wraps around (same arithmetic as pygamma)
                        segment = Segment(start + pivot + bound_inf - bound_sup, end + pivot + bound_inf - bound_sup)
                    else:
                        segment = Segment(start + pivot, end + pivot)
                    sample.add(name, segment, unit.annotation)
        return sample


class StatisticalContinuumSampler(AbstractContinuumSampler):
    """pygamma's default sampler: per annotator, a number of units, gaps and durations drawn
    from normal laws fitted on the reference (or given to `init_sampling_custom`), and
    categories drawn with their frequencies."""

    _avg_nb_units_per_annotator: float
    _std_nb_units_per_annotator: float
    _avg_gap: float
    _std_gap: float
    _avg_unit_duration: float
    _std_unit_duration: float
    _categories: np.ndarray
    _categories_weight: Optional[np.ndarray]

    def _set_gap_information(self):
        gaps = [0]  # so that a continuum of one unit still has a gap
        for units in self._reference_continuum._annotations.values():
            for previous, unit in zip(units, units[1:]):
                gaps.append(unit.segment.start - previous.segment.end)
        for units in self._reference_continuum._annotations.values():
            if len(units) and units[0].segment.start > 0:
                gaps.append(units[0].segment.start)
        self._avg_gap = float(np.mean(gaps))
        self._std_gap = float(np.std(gaps))

    def _set_nb_units_information(self):
        counts = [len(units) for units in self._reference_continuum._annotations.values()]
        self._avg_nb_units_per_annotator = float(np.mean(counts))
        self._std_nb_units_per_annotator = float(np.std(counts))

    def _set_duration_information(self):
        durations = [unit.segment.duration for _, unit in self._reference_continuum]
        self._avg_unit_duration = float(np.mean(durations))
        self._std_unit_duration = float(np.std(durations))

    def _set_categories_information(self):
        categories = list(self._reference_continuum.categories)
        if any(unit.annotation is None for _, unit in self._reference_continuum):
            categories.insert(0, None)  # units without a category are drawn too
        self._categories = np.array(categories)
        self._categories_weight = np.zeros(len(categories))
        index = {category: i for i, category in enumerate(categories)}
        for _, unit in self._reference_continuum:
            self._categories_weight[index[unit.annotation]] += 1
        self._categories_weight /= self._reference_continuum.num_units

    def init_sampling_custom(self, annotators: Iterable[str],
                             avg_num_units_per_annotator: float, std_num_units_per_annotator: float,
                             avg_gap: float, std_gap: float,
                             avg_duration: float, std_duration: float,
                             categories: Iterable[str], categories_weight: Iterable[float] = None):
        """Samples continua of these annotators with these statistics (no reference): numbers
        of units, gaps and durations from normal laws, categories with `categories_weight`
        (equiprobable when not given; `ValueError` when the sizes differ)."""
        dummy = Continuum()
        for annotator in annotators:
            dummy.add(annotator, Segment(0, 10), "Dummy")
        super().init_sampling(dummy)
        self._avg_nb_units_per_annotator = avg_num_units_per_annotator
        self._std_nb_units_per_annotator = std_num_units_per_annotator
        self._avg_gap = avg_gap
        self._std_gap = std_gap
        self._categories = np.array(categories)
        self._categories_weight = None
        if categories_weight is not None:
            self._categories_weight = np.array(categories_weight)
            if len(self._categories) != len(self._categories_weight):
                raise ValueError("categories and categories_weight have different sizes.")
        self._avg_unit_duration = avg_duration
        self._std_unit_duration = std_duration

    def init_sampling(self, reference_continuum: Continuum,
                      ground_truth_annotators: Optional[Iterable[Annotator]] = None):
        """Fits the statistics on `reference_continuum`."""
        super().init_sampling(reference_continuum, ground_truth_annotators)
        self._set_gap_information()
        self._set_duration_information()
        self._set_categories_information()
        self._set_nb_units_information()

    @property
    def sample_from_continuum(self) -> Continuum:
        self._has_been_init()
        if self._categories_weight is None or len(self._categories) == 0:
            return self._sample_call_by_call()
        # The same draws as the calls below, taken from numpy's generator in blocks.
        precision = segment_precision()
        categories = list(self._categories)
        choice = WeightedChoice(self._categories_weight)
        stream = LegacyStream()
        sample = self._reference_continuum.copy_flush()
        any_unit = False
        try:
            for annotator in self._ground_truth_annotators:
                nb_units = abs(int(stream.normal(self._avg_nb_units_per_annotator, self._std_nb_units_per_annotator)))
                if not any_unit:
                    nb_units = max(1, nb_units)
                units = []
                last_point = 0
                for _ in range(nb_units):
                    start = last_point + stream.normal(self._avg_gap, self._std_gap)
                    end = start + abs(stream.normal(self._avg_unit_duration, self._std_unit_duration))
                    while end - start < precision:
                        end = start + abs(stream.normal(self._avg_unit_duration, self._std_unit_duration))
                    units.append((start, end, categories[choice.draw(stream)]))
                    last_point = end
                sample._add_units(annotator, units)
                any_unit = any_unit or bool(units)
        finally:
            stream.finish()
        return sample

    def _sample_call_by_call(self) -> Continuum:
        """`sample_from_continuum` with one numpy call per draw, as pygamma (categories drawn
        without weights take `randint`, which a `LegacyStream` cannot simulate)."""
        sample = self._reference_continuum.copy_flush()
        precision = segment_precision()
        categories, weights = self._categories, self._categories_weight
        for annotator in self._ground_truth_annotators:
            sample.add_annotator(annotator)
            last_point = 0
            nb_units = abs(int(np.random.normal(self._avg_nb_units_per_annotator, self._std_nb_units_per_annotator)))
            if not sample:
                nb_units = max(1, nb_units)
            for _ in range(nb_units):
                start = last_point + np.random.normal(self._avg_gap, self._std_gap)
                end = start + abs(np.random.normal(self._avg_unit_duration, self._std_unit_duration))
                while end - start < precision:  # shorter segments are empty for pyannote
                    end = start + abs(np.random.normal(self._avg_unit_duration, self._std_unit_duration))
                category = categories[np.random.choice(len(categories), p=weights)]
                sample.add(annotator, Segment(start, end), category)
                last_point = end
        return sample
