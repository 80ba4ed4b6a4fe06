"""Coding studies from Python: published values, the names of the registry, the gold."""

import math
from pathlib import Path

import pytest

import gamma_studio
from conftest import REPOSITORY

ORACLE = REPOSITORY.parent / "shared" / "oracle" / "coding"

# Gwet's raw_4raters (Handbook of Inter-Rater Reliability, 4th ed.; irrCAC's cac.raw4raters).
RAW_4RATERS = [
    ["1", "1", None, "1"], ["2", "2", "3", "2"], ["3", "3", "3", "3"], ["3", "3", "3", "3"],
    ["2", "2", "2", "2"], ["1", "2", "3", "4"], ["4", "4", "4", "4"], ["1", "1", "2", "1"],
    ["2", "2", "2", "2"], [None, "5", "5", "5"], [None, None, "1", "1"], [None, None, "3", None],
]


def test_gwet_handbook_values_and_standard_errors():
    study = gamma_studio.CodingStudy(RAW_4RATERS, coders=["r1", "r2", "r3", "r4"])
    ac1 = study.coefficient("ac1")
    assert ac1.value == pytest.approx(0.775444068127, abs=1e-11)
    assert ac1.observed == pytest.approx(0.818181818182, abs=1e-11)
    assert ac1.expected == pytest.approx(0.190321180556, abs=1e-11)
    assert ac1.standard_error == pytest.approx(0.142949950641, abs=1e-11)
    assert ac1.analytic_interval[0] == pytest.approx(0.460813348132, abs=1e-9)
    fleiss = study.coefficient("fleiss")
    assert fleiss.value == pytest.approx(0.7612, abs=5e-5)
    assert fleiss.label == "Fleiss's multi-π"


def test_krippendorff_2011_from_the_published_table():
    table = ORACLE / "krippendorff2011.ratings.csv"
    if not table.is_file():
        pytest.skip(f"notice: {table} is absent")
    study = gamma_studio.CodingStudy.read(table)
    for distance, published in [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849), ("ratio", 0.797)]:
        value = study.coefficient("alpha", distance=distance)
        assert value.value == pytest.approx(published, abs=5e-4), distance
        assert value.basis == "disagreement"


def test_names_distances_and_errors():
    study = gamma_studio.CodingStudy([["a", "b"], ["a", "a"], ["b", "b"], ["a;b", "a"]])
    assert study.categories == ["a", "a;b", "b"]
    with pytest.raises(gamma_studio.GammaStudioError, match="not a number"):
        study.coefficient("ac2")
    assert gamma_studio.CodingStudy(RAW_4RATERS).coefficient("ac2").name == "ac1:quadratic"
    assert study.coefficient("alpha:masi").name == "alpha:masi"
    assert study.coefficient("conger").name == "kappa"
    with pytest.raises(ValueError):
        study.coefficient("delta")
    with pytest.raises(ValueError):
        study.coefficient("alpha", distance="cubic")
    with pytest.raises(gamma_studio.GammaStudioError):
        gamma_studio.CodingStudy([["a", "a"], ["a", "a"]]).coefficient("kappa")


def test_bootstrap_is_seeded():
    study = gamma_studio.CodingStudy(RAW_4RATERS)
    first = study.coefficient("alpha", bootstrap=300, seed=4)
    again = study.coefficient("alpha", bootstrap=300, seed=4)
    assert first.bootstrap_interval == again.bootstrap_interval
    assert first.seed == 4
    low, high = first.bootstrap_interval
    assert low < first.value <= high


def test_gold_and_tables(tmp_path: Path):
    study = gamma_studio.CodingStudy(RAW_4RATERS, coders=["r1", "r2", "r3", "r4"])
    gold = study.gold(["unanimous", "majority:0.75"], out=tmp_path / "gold.csv")
    assert gold["6"] is None and gold["2"] == "2" and gold["12"] is None
    assert (tmp_path / "gold.csv").read_text().startswith("item,gold\n1,1\n2,2\n")
    values, mean = study.pairwise("kappa")
    assert values[("r1", "r2")] == pytest.approx(0.8507462686567163)
    assert mean == pytest.approx(sum(values.values()) / 6)
    categories, counts = study.confusion("r1", "r2")
    assert categories == ["1", "2", "3", "4", "5"] and counts[0][0] == 2
    assert study.per_category()["5"] == (3, 1.0, 1.0)
    assert not math.isnan(study.coefficient("percentage").value)
