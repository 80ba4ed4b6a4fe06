"""The anatomy of the disagreement from Python: the same hand-counted continuum as the core's
tests (crates/gamma-core/src/diagnostics/tests.rs), the decomposition adding up to D_o, γ with
each annotator left out equal to γ of the others, and examples for the guidelines."""

import pytest

import gamma_studio


def five_places():
    c = gamma_studio.Continuum()
    for annotator, start, end, category in [
        ("a", 0, 10, "PER"), ("b", 0, 10, "PER"), ("c", 0, 10, "PER"),
        ("a", 20, 30, "PER"), ("b", 20, 30, "ORG"), ("c", 20, 30, "PER"),
        ("a", 40, 50, "LOC"), ("b", 42, 50, "LOC"), ("c", 40, 52, "LOC"),
        ("a", 60, 70, "ORG"), ("b", 60, 70, "ORG"),
        ("c", 80, 90, "PER"),
    ]:
        c.add(annotator, float(start), float(end), category)
    return c


def test_anatomy_is_counted_by_hand_and_sums_to_the_observed_disorder():
    r = five_places().compute_gamma(n_samples=30)
    anatomy = r.anatomy()
    cells = {(c["first"], c["second"]): c for c in anatomy["confusions"]}
    assert cells[("ORG", "PER")]["pairs"] == 2
    assert cells[("ORG", "PER")]["disorder"] == pytest.approx(2 / 12)
    assert cells[("PER", None)]["alignments"] == [{"document": 0, "alignment": 4}]
    parts = anatomy["decomposition"]["per_category"]
    total = sum(p["parts"]["positional"] + p["parts"]["categorical"] + p["parts"]["empty"]
                for p in parts)
    assert total == pytest.approx(r.observed_disorder, abs=1e-12)
    c = next(p for p in anatomy["profiles"] if p["annotator"] == "c")
    assert (c["missed"]["count"], c["added"]["count"]) == (1, 1)
    assert c["start_offset"] == pytest.approx(-2 / 6)
    assert c["end_offset"] == pytest.approx(4 / 6)


def test_left_out_gamma_is_gamma_of_the_others():
    continuum = five_places()
    r = continuum.compute_gamma(n_samples=30)
    rows = r.left_out(replicates=100)
    assert [row["annotator"] for row in rows] == ["a", "b", "c"]
    others = gamma_studio.Continuum()
    for annotator, start, end, category in [
        ("a", 0, 10, "PER"), ("c", 0, 10, "PER"), ("a", 20, 30, "PER"), ("c", 20, 30, "PER"),
        ("a", 40, 50, "LOC"), ("c", 40, 52, "LOC"), ("a", 60, 70, "ORG"), ("c", 80, 90, "PER"),
    ]:
        others.add(annotator, float(start), float(end), category)
    assert rows[1]["gamma"] == others.compute_gamma(n_samples=30).gamma


def test_examples_list_where_two_categories_meet():
    r = five_places().compute_gamma(n_samples=30)
    found = r.examples("PER", "ORG")
    assert [e["id"]["alignment"] for e in found] == [1]
    assert sorted(u["category"] for u in found[0]["units"]) == ["ORG", "PER", "PER"]


def test_a_project_without_reasons_has_the_default_list():
    from pathlib import Path
    project = gamma_studio.read_project(Path(__file__).resolve().parents[1] / "examples" / "campaign.json")
    assert project.reasons[1] == ("guideline-gap", "guideline gap")
    assert len(project.reasons) == 5
