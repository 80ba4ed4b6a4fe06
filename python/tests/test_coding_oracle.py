"""The coding coefficients against two independent implementations pinned in the test
requirements — irrCAC 0.4.4 (Gwet's own formulas: AC1/AC2, Fleiss, Conger, Brennan–Prediger,
α, with their standard errors) and krippendorff 0.8.1 (α, four levels) — on generated tables
with missing ratings."""

import numpy as np
import pytest

import gamma_studio
from conftest import require_modules

require_modules("irrCAC", "krippendorff", "pandas")

import krippendorff  # noqa: E402
import pandas as pd  # noqa: E402
from irrCAC.raw import CAC  # noqa: E402


def generated_tables():
    """Tables of 25–60 items, 2–5 coders, 3–5 ordered labels, 0–30 % missing ratings; coders
    who agree more or less with a latent label."""
    rng = np.random.default_rng(20240601)
    for _ in range(12):
        items = int(rng.integers(25, 61))
        coders = int(rng.integers(2, 6))
        labels = int(rng.integers(3, 6))
        truth = rng.integers(1, labels + 1, size=items)
        table = np.empty((items, coders))
        for c in range(coders):
            noise = rng.random(items) < rng.uniform(0.1, 0.5)
            table[:, c] = np.where(noise, rng.integers(1, labels + 1, size=items), truth)
        missing = rng.random((items, coders)) < rng.uniform(0.0, 0.3)
        table[missing] = np.nan
        # Every item keeps at least one rating (irrCAC drops those without).
        empty = np.isnan(table).all(axis=1)
        table[empty, 0] = truth[empty]
        yield table


def study_of(table):
    rows = [[None if np.isnan(x) else str(int(x)) for x in row] for row in table]
    return gamma_studio.CodingStudy(rows)


TABLES = list(generated_tables())

IRRCAC = [("gwet", "ac1"), ("fleiss", "pi"), ("conger", "kappa"), ("bp", "s"), ("krippendorff", "alpha")]
WEIGHTS = [("identity", "nominal"), ("quadratic", "quadratic"), ("linear", "linear")]


@pytest.mark.parametrize("index", range(len(TABLES)))
def test_against_irrcac(index):
    table = TABLES[index]
    study = study_of(table)
    frame = pd.DataFrame(table)
    for weights, distance in WEIGHTS:
        cac = CAC(frame, weights=weights, digits=12)
        for method, name in IRRCAC:
            expected = getattr(cac, method)()["est"]
            ours = study.coefficient(name, distance=distance)
            where = f"table {index}, {method} {weights}"
            assert ours.value == pytest.approx(float(expected["coefficient_value"]), abs=1e-9), where
            assert ours.standard_error == pytest.approx(float(expected["se"]), abs=1e-9), where
            if method != "krippendorff":
                assert ours.observed == pytest.approx(float(expected["pa"]), abs=1e-9), where
                assert ours.expected == pytest.approx(float(expected["pe"]), abs=1e-9), where


@pytest.mark.parametrize("index", range(len(TABLES)))
def test_against_krippendorff(index):
    table = TABLES[index]
    study = study_of(table)
    for level, distance in [("nominal", "nominal"), ("ordinal", "ordinal"), ("interval", "interval"), ("ratio", "ratio")]:
        expected = krippendorff.alpha(reliability_data=table.T, level_of_measurement=level)
        ours = study.coefficient("alpha", distance=distance)
        assert ours.value == pytest.approx(expected, abs=1e-9), f"table {index}, {level}"
