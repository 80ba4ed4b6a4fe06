"""Soft-γ (pygamma 0.5's `soft=True`: a unit may belong to several unitary alignments) equals
pygamma-agreement 0.5.9's, recorded by benchmarks/record_pygamma_soft.py in
tests/fixtures/pygamma_soft: the same numpy seed draws the same random continua, so D_o, D_e and
γ agree to pygamma's float32, soft and hard."""

import contextlib
import io
import json
from pathlib import Path

import pytest

from conftest import PYGAMMA, require_modules

require_modules("numpy", "sortedcontainers", "scipy")

import numpy as np  # noqa: E402

import gamma_studio.pygamma as pa  # noqa: E402

SOFT = Path(__file__).resolve().parent / "fixtures" / "pygamma_soft"
CASES = sorted(p.stem for p in SOFT.glob("*.json"))


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("soft", [True, False])
def test_soft_gamma_equals_pygammas(name, soft):
    want = json.loads((SOFT / f"{name}.json").read_text())
    path = SOFT / want["input"] if (SOFT / want["input"]).exists() else PYGAMMA / want["input"]
    with contextlib.redirect_stdout(io.StringIO()):
        continuum = pa.Continuum.from_csv(path)
    np.random.seed(want["seed"])
    r = continuum.compute_gamma(pa.CombinedCategoricalDissimilarity(), n_samples=want["n_samples"], soft=soft)
    recorded = want["soft" if soft else "hard"]
    assert r.observed_disorder == pytest.approx(recorded["observed_disorder"], rel=1e-5, abs=1e-6)
    assert r.expected_disorder == pytest.approx(recorded["expected_disorder"], rel=1e-5)
    assert r.gamma == pytest.approx(recorded["gamma"], rel=1e-5, abs=1e-6)
    if soft:
        assert isinstance(r.best_alignment, pa.SoftAlignment)
        r.best_alignment.check()


def test_the_recorded_cases_include_splits_where_soft_gamma_differs():
    split = [json.loads((SOFT / f"{name}.json").read_text()) for name in CASES if name.startswith("split")]
    assert split and all(case["soft"]["gamma"] > case["hard"]["gamma"] + 0.1 for case in split)
