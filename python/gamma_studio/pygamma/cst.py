"""The Corpus Shuffling Tool (paper §6.3; pygamma-agreement's `cst` module): annotators made
from a reference annotator, degraded with magnitude m ∈ [0, 1] by shifts, false positives, false
negatives, category changes and splits. Draws with numpy's global generator, as pygamma."""

import logging
from typing import Callable, Iterable, Union

import numpy as np
from sortedcontainers import SortedSet

from .continuum import Annotator, Continuum
from .segment import Segment

__all__ = ["CorpusShufflingTool"]


class CorpusShufflingTool:
    """Corpus shuffling tool (Mathet et al. 2015 §6.3, and Mathet et al. 2012 for the category
    shuffle).

    Parameters
    ----------
    magnitude: float
        The magnitude m of the degradations.
    reference_continuum: Continuum
        Its first annotator (alphabetical) is the reference.
    categories: iterable of str, optional
        More categories the shuffled corpora may use.
    """

    SHIFT_FACTOR = 2
    SPLIT_FACTOR = 2.5
    FALSE_POS_FACTOR = 1

    def __init__(self, magnitude: float, reference_continuum: Continuum, categories: Iterable[str] = None):
        self.magnitude: float = magnitude
        annotators = reference_continuum.annotators
        if len(annotators) == 0:
            raise ValueError("The corpus shuffling tool needs a reference continuum with an annotator.")
        if len(annotators) > 1:
            logging.warning("Warning : a reference continuum with multiple annotators was given to the CST, so "
                            "its first annotator in alphabetical order will be used as reference.")
        self._reference_annotator: Annotator = annotators[0]
        self._reference_continuum: Continuum = reference_continuum
        self._categories: SortedSet = SortedSet(reference_continuum.categories)
        if categories is not None:
            self._categories.update(categories)

    def corpus_from_reference(self, new_annotators: Union[int, Iterable[Annotator]]) -> Continuum:
        """A continuum where each new annotator (or `annotator_0`… for a number) has a copy of the
        reference's units."""
        continuum = Continuum()
        continuum._categories = SortedSet(self._categories)
        continuum.bound_inf, continuum.bound_sup = self._reference_continuum.bounds
        if isinstance(new_annotators, (int, np.integer)):
            new_annotators = [f"annotator_{i}" for i in range(new_annotators)]
        new_annotators = list(new_annotators)
        for unit in self._reference_continuum.iter_annotator(self._reference_annotator):
            for annotator in new_annotators:
                continuum.add(annotator, Segment(unit.segment.start, unit.segment.end), unit.annotation)
        return continuum

    def shift_shuffle(self, continuum: Continuum) -> None:
        """Moves both ends of every unit by up to `m · SHIFT_FACTOR · mean length` (uniform)."""
        shift_max = self.magnitude * self.SHIFT_FACTOR * self._reference_continuum.avg_length_unit
        for annotator in continuum.annotators:
            for unit in continuum[annotator]:
                continuum.remove(annotator, unit)
                start, end = 0.0, 0.0
                while start >= end:
                    start = unit.segment.start + np.random.uniform(-1, 1) * shift_max
                    end = unit.segment.end + np.random.uniform(-1, 1) * shift_max
                continuum.add(annotator, Segment(start, end), unit.annotation)

    def false_neg_shuffle(self, continuum: Continuum) -> None:
        """Removes each unit with probability m (one unit of each annotator is kept at least)."""
        for annotator in continuum.annotators:
            units = continuum._annotations[annotator]
            security = units[np.random.choice(len(units))]
            for unit in list(units):
                if np.random.random() < self.magnitude:
                    continuum.remove(annotator, unit)
            if len(continuum._annotations[annotator]) == 0:
                continuum.add(annotator, security.segment, security.annotation)

    def false_pos_shuffle(self, continuum: Continuum) -> None:
        """Adds `int(m · FALSE_POS_FACTOR · len(reference))` random units to each annotator
        (pygamma's count: `len` of a continuum is its number of annotators): a category by its
        frequency, a centre uniform over the bounds, a length from the reference's normal law."""
        reference_units = self._reference_continuum[self._reference_annotator]
        lengths = [unit.segment.end - unit.segment.start for unit in reference_units]
        avg_dur, std_dur = np.average(lengths), np.std(lengths)
        weights = self._reference_continuum.category_weights
        categories, probabilities = list(weights.keys()), list(weights.values())
        bound_inf, bound_sup = self._reference_continuum.bound_inf, self._reference_continuum.bound_sup
        for annotator in continuum.annotators:
            for _ in range(int(self.magnitude * self.FALSE_POS_FACTOR * len(self._reference_continuum))):
                category = categories[np.random.choice(len(categories), p=probabilities)]
                center = np.random.uniform(bound_inf, bound_sup)
                duration = abs(np.random.normal(avg_dur, std_dur))
                continuum.add(annotator, Segment(center - duration / 2, center + duration / 2), category)

    def category_shuffle(self, continuum: Continuum, overlapping_fun: Callable[[str, str], float] = None,
                         prevalence: bool = False):
        """Changes the categories at random (Mathet et al. 2012 §3.3.5): a unit keeps its category
        with probability `1 − m²`, else takes one by the reference's frequencies (uniformly with
        `prevalence=True`); with `overlapping_fun(cat1, cat2)`, closer categories are likelier."""
        weights = self._reference_continuum.category_weights
        size = len(weights)
        keep = np.eye(size)
        other = (np.ones(size) / size) if prevalence else np.array([list(weights.values())] * size)
        categories = list(weights.keys())
        m = self.magnitude
        if overlapping_fun is None:
            probabilities = keep * (1 - m ** 2) + other * m ** 2
        else:
            overlap = np.zeros((size, size))
            for i, first in enumerate(categories):
                for j, second in enumerate(categories):
                    overlap[i, j] = overlapping_fun(first, second)
                overlap[i] /= overlap[i].sum()
            probabilities = keep * (1 - m) + other * m ** 3 + overlap * (m - m ** 3)
        for annotator in continuum.annotators:
            for unit in list(continuum._annotations[annotator]):
                continuum.remove(annotator, unit)
                row = probabilities[weights.index(unit.annotation)]
                new_category = categories[np.random.choice(len(categories), p=row)]
                continuum.add(annotator, Segment(unit.segment.start, unit.segment.end), new_category)

    def splits_shuffle(self, continuum: Continuum):
        """Splits `int(m · SPLIT_FACTOR · x̄ of the reference)` random units of each annotator at a
        random point (a unit may be split again)."""
        for _ in range(int(self.magnitude * self.SPLIT_FACTOR
                           * self._reference_continuum.avg_num_annotations_per_annotator)):
            for annotator in continuum.annotators:
                units = continuum._annotations[annotator]
                to_split = units.pop(np.random.randint(0, len(units)))
                security = (to_split.segment.end - to_split.segment.start) * 0.01
                cut = np.random.uniform(to_split.segment.start + security, to_split.segment.end)
                try:
                    continuum.add(annotator, Segment(cut, to_split.segment.end), to_split.annotation)
                    continuum.add(annotator, Segment(to_split.segment.start, cut), to_split.annotation)
                except ValueError:
                    continuum.add(annotator, to_split.segment, to_split.annotation)

    def corpus_shuffle(self, annotators: Union[int, Iterable[str]], shift: bool = False,
                       false_pos: bool = False, false_neg: bool = False, split: bool = False,
                       cat_shuffle: bool = False, include_ref: bool = False) -> Continuum:
        """A shuffled corpus: copies of the reference for `annotators` (names, or a number),
        degraded by the shuffles asked for, in the order shift, false positives, false
        negatives, categories, splits; with the reference annotator itself if `include_ref`."""
        continuum = self.corpus_from_reference(annotators)
        if shift:
            self.shift_shuffle(continuum)
        if false_pos:
            self.false_pos_shuffle(continuum)
        if false_neg:
            self.false_neg_shuffle(continuum)
        if cat_shuffle:
            self.category_shuffle(continuum)
        if split:
            self.splits_shuffle(continuum)
        if include_ref:
            assert self._reference_annotator not in continuum.annotators, \
                "Reference annotator can't be included as an annotator with the same name is in the generated corpus."
            for unit in self._reference_continuum.iter_annotator(self._reference_annotator):
                continuum.add(self._reference_annotator, unit.segment, unit.annotation)
        return continuum
