"""Exact γ inter-annotator agreement (Mathet, Widlöcher & Métivier 2015) from Gamma Studio's
Rust core: γ, γ-cat and γ-k (Mathet 2017), tγ (Barteld et al. 2016) and the readers of CSV,
Glozz, CorA-XML and ELAN files.

The names follow pygamma-agreement where the concept is the same::

    import gamma_studio
    c = gamma_studio.Continuum()
    c.add("ann1", 10.0, 25.0, "PER")
    c.add("ann2", 11.0, 25.0, "PER")
    r = c.compute_gamma(seed=1)
    r.gamma, r.observed_disorder, r.expected_disorder
"""

from ._core import (
    DEFAULT_SEED,
    Alignment,
    CodingCoefficient,
    CodingStudy,
    Continuum,
    Dissimilarity,
    GammaResults,
    GammaStudioError,
    Project,
    ReadError,
    TextGammaResults,
    Unit,
    UnitaryAlignment,
    corpus_gamma,
    manifest_paths,
    read,
    read_corpus,
    read_manifest,
    read_project,
    synthetic_continuum,
    text_gamma,
)
from ._pandas import continuum_from_dataframe, continuum_to_dataframe

# pygamma-agreement's name of the combined dissimilarity.
CombinedCategoricalDissimilarity = Dissimilarity

__all__ = [
    "DEFAULT_SEED",
    "Alignment",
    "CodingCoefficient",
    "CodingStudy",
    "CombinedCategoricalDissimilarity",
    "Continuum",
    "Dissimilarity",
    "GammaResults",
    "GammaStudioError",
    "Project",
    "ReadError",
    "TextGammaResults",
    "Unit",
    "UnitaryAlignment",
    "continuum_from_dataframe",
    "continuum_to_dataframe",
    "corpus_gamma",
    "manifest_paths",
    "read",
    "read_corpus",
    "read_manifest",
    "read_project",
    "synthetic_continuum",
    "text_gamma",
]
