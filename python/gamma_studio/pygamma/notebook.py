"""Plots of continua and alignments through matplotlib (pygamma-agreement's `notebook` module):
`show_continuum`, `show_alignment`, and the PNG images notebooks show for a `Continuum` or an
`Alignment`. Needs matplotlib (`pip install matplotlib`); importing this module without it
raises `ImportError`, as pygamma."""

import io
from itertools import cycle
from typing import Optional

import matplotlib

if not hasattr(matplotlib, "use"):  # pragma: no cover - a broken install
    raise ImportError("matplotlib is needed for the plots")
import matplotlib.pyplot as plt  # noqa: E402

from .alignment import Alignment  # noqa: E402
from .continuum import Continuum  # noqa: E402

__all__ = ["plot_continuum", "plot_alignment", "show_continuum", "show_alignment",
           "repr_continuum", "repr_alignment"]


def _colours(categories):
    palette = cycle(plt.get_cmap("tab10").colors)
    return {category: next(palette) for category in categories}


def plot_continuum(continuum: Continuum, ax=None, labelled: bool = True):
    """Draws each annotator's units on its own line (categories by colour) on `ax` (a new figure
    when None) and returns the axes."""
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 0.6 * max(2, continuum.num_annotators) + 0.8))
    annotators = list(continuum.annotators)
    colours = _colours(list(continuum.categories) + [None])
    for row, annotator in enumerate(annotators):
        for unit in continuum.iterunits(annotator):
            start, end = unit.segment.start, unit.segment.end
            ax.barh(row, end - start, left=start, height=0.5, color=colours.get(unit.annotation),
                    edgecolor="black", linewidth=0.5)
            if labelled and unit.annotation is not None:
                ax.text((start + end) / 2, row, str(unit.annotation), ha="center", va="center", fontsize=8)
    ax.set_yticks(range(len(annotators)))
    ax.set_yticklabels(annotators)
    ax.invert_yaxis()
    low, high = continuum.bounds
    if high > low:
        ax.set_xlim(low - 0.02 * (high - low), high + 0.02 * (high - low))
    return ax


def plot_alignment(alignment: Alignment, ax=None, labelled: bool = True):
    """Draws the units of the alignment's continuum (or of its unitary alignments) and links the
    units of each unitary alignment; returns the axes."""
    continuum = alignment.continuum
    if continuum is None:
        continuum = Continuum()
        for unitary in alignment:
            for annotator, unit in unitary.n_tuple:
                continuum.add_annotator(annotator)
                if unit is not None:
                    continuum.add(annotator, unit.segment, unit.annotation)
    ax = plot_continuum(continuum, ax=ax, labelled=labelled)
    rows = {annotator: i for i, annotator in enumerate(continuum.annotators)}
    for unitary in alignment:
        points = [((unit.segment.start + unit.segment.end) / 2, rows[annotator])
                  for annotator, unit in unitary.n_tuple if unit is not None]
        if len(points) > 1:
            points.sort(key=lambda p: p[1])
            xs, ys = zip(*points)
            ax.plot(xs, ys, color="black", linewidth=1, alpha=0.6)
    return ax


def show_continuum(continuum: Continuum, labelled: bool = True):
    """Shows the continuum (matplotlib window or notebook output)."""
    plot_continuum(continuum, labelled=labelled)
    plt.show()


def show_alignment(alignment: Alignment, labelled: bool = True):
    """Shows the alignment (matplotlib window or notebook output)."""
    plot_alignment(alignment, labelled=labelled)
    plt.show()


def _png(draw) -> Optional[bytes]:
    figure, ax = plt.subplots(figsize=(10, 2.5))
    draw(ax)
    data = io.BytesIO()
    figure.savefig(data, format="png", bbox_inches="tight")
    plt.close(figure)
    return data.getvalue()


def repr_continuum(continuum: Continuum, labelled: bool = True) -> bytes:
    """The continuum as a PNG image (notebooks)."""
    return _png(lambda ax: plot_continuum(continuum, ax=ax, labelled=labelled))


def repr_alignment(alignment: Alignment, labelled: bool = True) -> bytes:
    """The alignment as a PNG image (notebooks)."""
    return _png(lambda ax: plot_alignment(alignment, ax=ax, labelled=labelled))
