"""The Continuum API: the issue's example as written, pygamma's ways of adding units, the
properties, pandas and CSV round trips, pickling, and errors as Python exceptions."""

import pickle

import pandas as pd
import pytest

import gamma_studio
from conftest import FIXTURES, PYGAMMA


def named_entities():
    c = gamma_studio.Continuum()
    c.add("ann1", 10.0, 25.0, "PER")
    c.add("ann1", 40.0, 52.0, "LOC")
    c.add("ann2", 10.0, 25.0, "PER")
    c.add("ann2", 41.0, 52.0, "ORG")
    c.add("ann3", 11.0, 25.0, "PER")
    return c


def test_the_issue_example_works_as_written():
    c = named_entities()
    r = c.compute_gamma(seed=1)
    assert r.seed == 1
    assert r.gamma == pytest.approx(1 - r.observed_disorder / r.expected_disorder)
    assert r.gamma_interval[0] <= r.gamma <= r.gamma_interval[1]
    # D_o by hand: {PER×3}: ((1/29)²·2 pairs)/3; {LOC, ORG, ∅}: (d(LOC,ORG) + 1 + 1)/3 with
    # d(LOC,ORG) = ((1+0)/23)² + 1; x̄ = 5/3.
    per = 2 * (1 / 29) ** 2 / 3
    loc_org = ((1 / 23) ** 2 + 1 + 2) / 3
    assert r.observed_disorder == pytest.approx((per + loc_org) / (5 / 3), abs=1e-12)
    alignment = r.best_alignment
    assert len(alignment) == 2
    first = list(alignment)[0]
    assert [a for a, _ in first.n_tuple] == ["ann1", "ann2", "ann3"]
    assert [u.category for u in first.units] == ["PER", "PER", "PER"]
    second = alignment[1]
    assert [u and u.category for u in second.units] == ["LOC", "ORG", None]
    assert second.disorder == pytest.approx(loc_org, abs=1e-12)


def test_units_are_added_the_pygamma_ways():
    class Segment:  # pyannote.core.Segment's attributes
        def __init__(self, start, end):
            self.start, self.end = start, end

    c = gamma_studio.Continuum()
    c.add("A", 1.0, 5.0, "x")
    c.add("A", (6, 9), "y")
    c.add("B", Segment(2, 4), "x")
    c.add_annotator("C")
    assert c.annotators == ["A", "B", "C"]
    assert c.categories == ["x", "y"]
    assert c.num_units == len(c) == 3
    assert c.num_annotators == 3
    assert c.avg_num_annotations_per_annotator == pytest.approx(1.0)
    # The bounds start at 0, as pygamma's (its bound_inf starts at 0.0 and only decreases).
    assert (c.bound_inf, c.bound_sup) == (0.0, 9.0)
    assert [u.segment for u in c.iterunits("A")] == [(1.0, 5.0), (6.0, 9.0)]
    assert [u.annotation for u in c.units("B")] == ["x"]
    with pytest.raises(KeyError):
        c.units("Z")
    with pytest.raises(ValueError, match="annotator \"A\""):
        c.add("A", 5.0, 5.0, "x")  # empty span


def test_dataframe_round_trip():
    df = pd.read_csv(PYGAMMA / "k3_p40.csv", header=None, names=["annotator", "category", "start", "end"])
    c = gamma_studio.Continuum.from_dataframe(df)
    assert c.num_units == len(df) == 120
    back = c.to_dataframe()
    assert list(back.columns) == ["annotator", "category", "start", "end"]
    expected = df.sort_values(["annotator"], kind="stable").reset_index(drop=True)
    pd.testing.assert_frame_equal(back, expected, check_dtype=False)
    # Same units, same γ as the file read by the core's CSV reader.
    from_file = gamma_studio.read(PYGAMMA / "k3_p40.csv")
    assert c.compute_gamma(seed=3).gamma == from_file.compute_gamma(seed=3).gamma


def test_dataframe_errors_name_the_row_and_the_columns():
    with pytest.raises(ValueError, match="no column 'end'"):
        gamma_studio.Continuum.from_dataframe(pd.DataFrame({"annotator": [], "category": [], "start": []}))
    bad = pd.DataFrame({"annotator": ["a", "b"], "category": ["x", "x"], "start": [0, 9], "end": [5, 3]})
    with pytest.raises(ValueError, match="row 1"):
        gamma_studio.Continuum.from_dataframe(bad)


def test_alignment_to_dataframe():
    r = gamma_studio.read(PYGAMMA / "h6_three_annot.csv").compute_gamma(n_samples=30)
    df = r.best_alignment.to_dataframe()
    assert list(df.columns) == ["alignment", "disorder", "annotator", "start", "end", "category"]
    assert len(df) == 2 * 3  # two unitary alignments × three annotators
    empty = df[df.category.isna()]
    assert list(empty.annotator) == ["C"] and empty.start.isna().all()
    assert df.groupby("alignment").disorder.first().sum() / (5 / 3) == pytest.approx(r.observed_disorder)


def test_csv_round_trip(tmp_path):
    c = named_entities()
    out = tmp_path / "doc.csv"
    c.to_csv(out)
    again = gamma_studio.Continuum.from_csv(out)
    assert [(u.annotator, u.start, u.end, u.category) for u in again.units()] == [
        (u.annotator, u.start, u.end, u.category) for u in c.units()
    ]
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


def test_pickle_round_trip():
    c = named_entities()
    again = pickle.loads(pickle.dumps(c))
    assert again.units() == c.units() and again.annotators == c.annotators


def test_reader_errors_are_read_errors_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("annotator,category,start,end\nA,x,0,10\nB,x,zero,10\n")
    with pytest.raises(gamma_studio.ReadError) as caught:
        gamma_studio.read(bad)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.file == str(bad) and error.line == 3
    assert str(error).startswith(f"{bad}: line 3: ")
    with pytest.raises(gamma_studio.ReadError, match="unknown format .xyz") as caught:
        gamma_studio.read(tmp_path / "doc.xyz")
    # The remedy in Python's words: the argument, never a command-line flag.
    assert str(caught.value).endswith("or name the format with format=…"), str(caught.value)
    assert "--" not in str(caught.value)
    missing = tmp_path / "missing.csv"
    with pytest.raises(gamma_studio.ReadError, match="cannot read") as caught:
        gamma_studio.read(missing)
    assert caught.value.file == str(missing) and caught.value.line is None


def test_other_formats_are_read_by_the_core_readers():
    glozz = FIXTURES / "glozz"
    c = gamma_studio.read(glozz / "alice.aa", glozz / "bob.aa", text=glozz / "doc.ac",
                          category_feature="entity")
    assert c.annotators == ["alice", "bob"] and c.num_units > 0 and c.text
    elan = gamma_studio.read(FIXTURES / "elan" / "MaureenMarvinRobin.eaf")
    assert elan.num_annotators >= 2


def test_bad_settings_are_value_errors():
    c = named_entities()
    with pytest.raises(ValueError, match="unknown sampler \"bogus\""):
        c.compute_gamma(sampler="bogus")
    with pytest.raises(ValueError, match="unknown preset"):
        c.compute_gamma(preset="nope")
    with pytest.raises(ValueError, match="alpha must be"):
        gamma_studio.Dissimilarity(alpha=-1)
    with pytest.raises(ValueError, match="not both"):
        c.compute_gamma(n_samples=10, precision_level=0.05)
    with pytest.raises(ValueError, match="precision_level"):
        c.compute_gamma(precision_level="extreme")
    one = gamma_studio.Continuum()
    one.add("A", 0, 1, "x")
    with pytest.raises(gamma_studio.GammaStudioError, match="at least 2 annotators"):
        one.compute_gamma()


def test_synthetic_continua_are_seeded():
    a = gamma_studio.synthetic_continuum(3, 100, "sparse", seed=1)
    assert (a.num_annotators, a.num_units) == (3, 300)
    assert a.units() == gamma_studio.synthetic_continuum(3, 100, "sparse", seed=1).units()
    assert a.units() != gamma_studio.synthetic_continuum(3, 100, "sparse", seed=2).units()
    dense = gamma_studio.synthetic_continuum(2, 50, "dense", seed=1)
    assert dense.bound_sup <= 30 * 50 + 50
    with pytest.raises(ValueError, match="sparse or dense"):
        gamma_studio.synthetic_continuum(2, 5, "thick")


def test_read_corpus_and_the_static_reader():
    docs = gamma_studio.read_corpus(PYGAMMA / "h6_three_annot.csv", [PYGAMMA / "h7_three_one_far.csv"])
    assert [d.num_units for d in docs] == [5, 3]
    assert [d.name for d in docs] == ["h6_three_annot", "h7_three_one_far"]
    assert gamma_studio.Continuum.read(PYGAMMA / "h6_three_annot.csv").annotators == ["A", "B", "C"]
    with pytest.raises(ValueError, match="make 2 documents"):
        gamma_studio.read(PYGAMMA / "h6_three_annot.csv", PYGAMMA / "h7_three_one_far.csv")
