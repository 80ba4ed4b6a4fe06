"""A drop-in replacement of pygamma-agreement 0.5.9: change

    import pygamma_agreement as pa

into

    import gamma_studio.pygamma as pa

and the script runs unchanged, with the same module layout (`continuum`, `dissimilarity`,
`sampler`, `alignment`, `cst`, `notebook`), names, arguments and exceptions. The best
alignments are found by Gamma Studio's Rust core (exact, in parallel), random continua are drawn
with numpy's global generator as pygamma draws them (so `np.random.seed(s)` gives pygamma's
samples), and no solver is needed (only dissimilarities of your own use scipy's MILP).

Differences (see docs/pygamma-migration.md): `fast=True` computes the exact γ (faster than
pygamma's approximation); Δ∅ ≠ 1 scales both parts of the combined dissimilarity (the paper;
pygamma's alignment search keeps Δ∅ = 1 for the categorical part); arithmetic is in double
precision (pygamma: float32, about 1e-6 relative); `OrdinalCategoricalDissimilarity` pairs each
label with its own position whatever the order of the labels.

Needs numpy and sortedcontainers (`pip install "gamma-studio[pygamma]"`); pyannote.core's
`Segment`, `Annotation` and `Timeline` are used when pyannote.core is installed, else a light
`Segment` of our own (`gamma_studio.pygamma.Segment` is whichever is in use).
"""

try:
    import numpy  # noqa: F401
    import sortedcontainers  # noqa: F401
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(f"gamma_studio.pygamma needs numpy and sortedcontainers ({missing}): "
                      "pip install 'gamma-studio[pygamma]'") from missing

from . import alignment, continuum, cst, dissimilarity, sampler, segment  # noqa: E402
from .alignment import Alignment, SetPartitionError, SoftAlignment, UnitaryAlignment
from .continuum import PRECISION_LEVEL, Continuum, GammaResults, Unit
from .cst import CorpusShufflingTool
from .dissimilarity import *  # noqa: F401,F403 (pygamma's `from .dissimilarity import *`)
from .dissimilarity import __all__ as _dissimilarities
from .sampler import AbstractContinuumSampler, ShuffleContinuumSampler, StatisticalContinuumSampler
from .segment import Segment

try:
    from .notebook import show_alignment, show_continuum
except ImportError:  # matplotlib is not installed: no plots, as pygamma
    pass

__version__ = "0.5.9"  # the pygamma-agreement API this module follows

__all__ = [
    "Alignment", "SetPartitionError", "SoftAlignment", "UnitaryAlignment",
    "PRECISION_LEVEL", "Continuum", "GammaResults", "Unit", "Segment",
    "CorpusShufflingTool",
    "AbstractContinuumSampler", "ShuffleContinuumSampler", "StatisticalContinuumSampler",
    "alignment", "continuum", "cst", "dissimilarity", "sampler", "segment",
    *_dissimilarities,
] + (["show_alignment", "show_continuum"] if "show_alignment" in globals() else [])
