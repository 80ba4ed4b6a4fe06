"""The pygamma-agreement drop-in (`gamma_studio.pygamma`): pygamma 0.5.9's recorded values
(tests/fixtures/pygamma) reached through pygamma's own API, the same random continua for the same
numpy seed (so the same γ to float32 precision), soft-γ, the user's own dissimilarities, and the
exceptions pygamma raises."""

import contextlib
import io
import json

import pytest

from conftest import PYGAMMA, oracle, require_modules

require_modules("numpy", "sortedcontainers", "scipy")

import numpy as np  # noqa: E402

import gamma_studio.pygamma as pa  # noqa: E402

CASES = ["h1_identical", "h2_far_apart", "h3_offset_same_cat", "h4_offset_diff_cat",
         "h5_too_far_diff_cat", "h6_three_annot", "h7_three_one_far", "k2_p30", "k3_p40",
         "k3_p30_dense", "k4_p10_float"]


def read(name):
    with contextlib.redirect_stdout(io.StringIO()):  # h1's header line
        return pa.Continuum.from_csv(PYGAMMA / f"{name}.csv")


def slots(alignment):
    """Each unitary alignment as a sorted tuple of (annotator, start, end, category)."""
    return sorted(tuple(sorted((a, u.segment.start, u.segment.end, u.annotation)
                               for a, u in ua.n_tuple if u is not None)) for ua in alignment)


@pytest.mark.parametrize("name", CASES)
def test_best_alignment_matches_pygamma(name):
    want = oracle(f"{name}.observed.json")
    alignment = read(name).get_best_alignment(pa.CombinedCategoricalDissimilarity())
    assert alignment.disorder == pytest.approx(want["observed_disorder"], rel=1e-5, abs=1e-7)
    assert len(alignment.unitary_alignments) == want["n_unitary_alignments"]
    theirs = sorted(tuple(sorted((a, s, e, c) for a, s, e, c in ua["units"] if s is not None))
                    for ua in want["best_alignment"])
    assert slots(alignment) == theirs
    for unitary, recorded in zip(sorted(alignment, key=lambda u: u.bounds), want["best_alignment"]):
        # pygamma rounds positions to float32: small disorders differ by ~1e-6 absolute
        assert unitary.disorder == pytest.approx(recorded["disorder"], rel=1e-5, abs=2e-6)


@pytest.mark.parametrize("name,sampler", [
    ("k2_p30", "statistical"), ("k3_p40", "statistical"), ("k3_p30_dense", "statistical"),
    ("k4_p10_float", "statistical"), ("k2_p30", "shuffle"), ("k3_p40", "shuffle"),
    ("k3_p30_dense", "shuffle"), ("k4_p10_float", "shuffle"), ("h6_three_annot", "shuffle")])
def test_the_same_numpy_seed_gives_pygammas_gamma(name, sampler):
    """Random continua are drawn call for call as pygamma draws them: with its seed, the same
    number of samples, the same D_e and γ (to pygamma's float32)."""
    want = json.loads((PYGAMMA / f"{name}.gamma_{sampler}.json").read_text())
    params = want["params"]
    np.random.seed(params["seed"])
    r = read(name).compute_gamma(
        pa.CombinedCategoricalDissimilarity(alpha=params["alpha"], beta=params["beta"]),
        sampler=pa.StatisticalContinuumSampler() if sampler == "statistical" else pa.ShuffleContinuumSampler(),
        precision_level=params["precision_level"], n_samples=params["n_samples_first_batch"])
    assert r.n_samples == want["n_samples"]
    assert r.observed_disorder == pytest.approx(want["observed_disorder"], rel=1e-5)
    assert r.expected_disorder == pytest.approx(want["expected_disorder"], rel=1e-5)
    assert r.gamma == pytest.approx(want["gamma"], rel=1e-5)


def test_hand_computed_disorders_and_delta_empty():
    hand = {"h2_far_apart": 2.0, "h3_offset_same_cat": 0.04, "h4_offset_diff_cat": 1.04,
            "h5_too_far_diff_cat": 2.0, "h6_three_annot": ((1 / 19) ** 2 + 2) / 3 / (5 / 3),
            "h7_three_one_far": 5 / 3}
    for name, value in hand.items():
        assert read(name).get_best_alignment().disorder == pytest.approx(value, abs=1e-12), name
    assert read("h1_identical").compute_gamma().gamma == 1
    # Δ∅ = 2 scales both parts (the paper): 2·0.04 + 2·1; pygamma 0.5.9's search gives 1.08.
    d = pa.CombinedCategoricalDissimilarity(delta_empty=2.0)
    assert read("h4_offset_diff_cat").get_best_alignment(d).disorder == pytest.approx(2.08, abs=1e-12)


def test_units_without_pyannote_style_segments_and_the_api_surface():
    c = pa.Continuum()
    c.add("ann1", pa.Segment(10, 25), "PER")
    c.add("ann2", (11, 25), "PER")  # a (start, end) pair works too
    c.add("ann1", pa.Segment(30, 40), "LOC")
    c.add("ann2", pa.Segment(31, 40), "ORG")
    c.add("ann2", pa.Segment(31, 40), "ORG")  # duplicates merge, as in pygamma
    c.add_annotator("ann3")
    assert c.num_units == 4 and c.num_annotators == 3 and len(c) == 3
    assert list(c.annotators) == ["ann1", "ann2", "ann3"]
    assert list(c.categories) == ["LOC", "ORG", "PER"]
    assert c.avg_num_annotations_per_annotator == pytest.approx(4 / 3)
    assert c.bounds == (0.0, 40)  # pygamma's bounds start at (0, 0)
    assert c["ann1", 0] == pa.Unit(pa.Segment(10, 25), "PER")
    assert isinstance(c.copy(), pa.Continuum) and c.copy() == c
    other = pa.Continuum()
    other.add("ann4", pa.Segment(1, 2), "PER")
    assert (c + other).num_annotators == 4 and c.num_annotators == 3
    best = c.get_best_alignment(pa.CombinedCategoricalDissimilarity(alpha=3))
    assert isinstance(best, pa.Alignment) and best.check() is None
    # pairs: PER [10,25]/[11,25] 3·(1/29)² ; LOC/ORG [30,40]/[31,40] 3·(1/19)² + 1; with ann3 ∅
    pairs = [3 * (1 / 29) ** 2, 3 * (1 / 19) ** 2 + 1]
    assert best.disorder == pytest.approx(sum((p + 2) / 3 for p in pairs) / (4 / 3), rel=1e-12)


def test_csv_round_trip_and_readers(tmp_path):
    c = read("k3_p40")
    path = tmp_path / "out.csv"
    c.to_csv(path)
    assert pa.Continuum.from_csv(path) == c
    bad = tmp_path / "bad.csv"
    bad.write_text("a,x,0,10\nb,x,zero,10\n")
    with pytest.raises(ValueError, match="line 2"):
        pa.Continuum.from_csv(bad)
    short = tmp_path / "short.csv"
    short.write_text("a,x,5,5\nb,x,0,10\n")
    assert pa.Continuum.from_csv(short).num_units == 1  # the empty unit is discarded
    with pytest.raises(ValueError, match="duration 0"):
        pa.Continuum.from_csv(short, discard_invalid_rows=False)
    rttm = tmp_path / "x.rttm"
    rttm.write_text("SPEAKER file1 1 0.50 1.25 <NA> <NA> spk_a <NA> <NA>\n"
                    "SPEAKER file2 1 0.60 1.00 <NA> <NA> spk_b <NA> <NA>\n")
    r = pa.Continuum.from_rttm(rttm)
    assert list(r.annotators) == ["file1", "file2"] and list(r.categories) == ["spk_a", "spk_b"]
    assert r["file1", 0].segment == pa.Segment(0.5, 1.75)


def test_soft_gamma_lets_a_split_cost_less():
    # A: x[0,10]; B: x[0,5], x[5,10]. Hard: A with one half (((0+5)/15)² = 1/9) and the other
    # half alone (Δ∅ = 1). Soft: A with each half, 2/9. x̄ = 3/2.
    c = pa.Continuum()
    c.add("A", pa.Segment(0, 10), "x")
    c.add("B", pa.Segment(0, 5), "x")
    c.add("B", pa.Segment(5, 10), "x")
    d = pa.CombinedCategoricalDissimilarity()
    assert c.get_best_alignment(d).disorder == pytest.approx((1 / 9 + 1) / 1.5, rel=1e-12)
    soft = c.get_best_soft_alignment(d)
    assert isinstance(soft, pa.SoftAlignment)
    assert soft.disorder == pytest.approx((2 / 9) / 1.5, rel=1e-12)
    assert len(soft.unitary_alignments) == 2 and soft.check() is None
    assert all(ua.n_tuple[0] == ("A", pa.Unit(pa.Segment(0, 10), "x")) for ua in soft)
    with pytest.raises(pa.SetPartitionError):
        pa.Alignment(soft.unitary_alignments, continuum=c, check_validity=True)


def test_a_dissimilarity_of_ones_own_is_aligned_in_python():
    class Endpoints(pa.AbstractDissimilarity):
        """|Δstart| + |Δend| over the lengths, not squared."""

        def compile_d_mat(self):
            delta = self.delta_empty

            @pa.dissimilarity_dec
            def d_mat(u, v):
                return (abs(u[0] - v[0]) + abs(u[1] - v[1])) / (u[2] + v[2]) * delta

            return d_mat

        def d(self, u, v):
            return ((abs(u.segment.start - v.segment.start) + abs(u.segment.end - v.segment.end))
                    / (u.segment.duration + v.segment.duration) * self.delta_empty)

    c = read("h6_three_annot")
    best = c.get_best_alignment(Endpoints())
    # {A1, B1, C1} identical: 0; {A2, B2, ∅}: (1/19 + 1 + 1)/3; x̄ = 5/3.
    assert best.disorder == pytest.approx((1 / 19 + 2) / 3 / (5 / 3), rel=1e-9)
    # The built-in positional dissimilarity through the same Python path gives the core's value.
    builtin = pa.PositionalSporadicDissimilarity()
    tuples, disorders = builtin.valid_alignments(c)
    assert len(tuples) == len(disorders) > 0 and np.all(disorders <= 3 * builtin.delta_empty)
    assert c.get_best_alignment(builtin).disorder == pytest.approx(((1 / 19) ** 2 + 2) / 3 / (5 / 3))


def test_categorical_dissimilarities():
    lev = pa.LevenshteinCategoricalDissimilarity(["a", "ab", "xyz"])
    u = lambda cat: pa.Unit(pa.Segment(0, 1), cat)  # noqa: E731
    assert lev.d(u("a"), u("ab")) == pytest.approx(1 / 3) and lev.d(u("a"), u("xyz")) == pytest.approx(3 / 4)
    ordinal = pa.OrdinalCategoricalDissimilarity(["low", "mid", "high"])  # not sorted: still right
    assert ordinal.d(u("low"), u("high")) == 1.0 and ordinal.d(u("mid"), u("high")) == 0.5
    numeric = pa.NumericalCategoricalDissimilarity(["1", "2", "5"])
    assert numeric.d(u("1"), u("2")) == pytest.approx(0.25)
    with pytest.raises(ValueError):
        pa.NumericalCategoricalDissimilarity(["1", "two"])
    with pytest.raises(ValueError):
        pa.LevenshteinCategoricalDissimilarity([])
    with pytest.raises(ValueError, match="symmetrical"):
        pa.PrecomputedCategoricalDissimilarity(["x", "y"], np.array([[0, 0.2], [0.5, 0]]))
    with pytest.raises(AssertionError):
        pa.PrecomputedCategoricalDissimilarity(["x", "y"], np.zeros((3, 3)))
    # h4: x[0,10] vs y[2,12] with D[x, y] = 0.5: 0.04 + 0.5.
    matrix = pa.PrecomputedCategoricalDissimilarity(["x", "y"], np.array([[0, 0.5], [0.5, 0]]))
    d = pa.CombinedCategoricalDissimilarity(cat_dissim=matrix)
    assert read("h4_offset_diff_cat").get_best_alignment(d).disorder == pytest.approx(0.54, abs=1e-12)


def test_exceptions_are_pygammas():
    c = pa.Continuum()
    with pytest.raises(ValueError):
        c.add("a", pa.Segment(3, 3), "x")
    with pytest.raises(AssertionError):
        c.get_best_alignment()
    c.add("a", pa.Segment(0, 10), "x")
    with pytest.raises(AssertionError):
        c.get_best_alignment()  # one annotator
    with pytest.raises(AssertionError):
        c.compute_gamma(ground_truth_annotators=["nobody"])
    c.add("b", pa.Segment(1, 10), "x")
    with pytest.raises(NotImplementedError):
        c.compute_gamma(fast=True, soft=True)
    r = c.compute_gamma(pa.PositionalSporadicDissimilarity(), n_samples=3)
    with pytest.raises(TypeError):
        r.gamma_cat
    with pytest.raises(ValueError):
        r.approx_gamma_range
    with pytest.raises(KeyError):
        c.remove("b", pa.Unit(pa.Segment(0, 10), "x"))
    with pytest.raises(KeyError):
        c["nobody"]
    with pytest.raises(ValueError):
        c.compute_gamma(precision_level="very high")
    with pytest.raises(AssertionError):
        pa.StatisticalContinuumSampler().sample_from_continuum


def test_fast_is_the_exact_gamma():
    c = read("k3_p30_dense")
    np.random.seed(3)
    exact = c.compute_gamma(fast=False)
    np.random.seed(3)
    fast = c.compute_gamma(fast=True)
    assert fast.gamma == exact.gamma and fast.observed_disorder == exact.observed_disorder


def test_without_pyannote_a_light_segment_is_used():
    import subprocess
    import sys

    script = (
        "import sys; sys.modules['pyannote'] = None; sys.modules['pyannote.core'] = None\n"
        "import gamma_studio.pygamma as pa\n"
        "assert pa.Segment.__module__ == 'gamma_studio.pygamma.segment'\n"
        "assert not pa.Segment(1, 1) and pa.Segment(1, 1).duration == 0 and pa.Segment(0, 2).duration == 2\n"
        "assert pa.Segment(0, 1) < pa.Segment(0, 2) and repr(pa.Segment(0, 1.5)) == '<Segment(0, 1.5)>'\n"
        "c = pa.Continuum(); c.add('a', pa.Segment(0, 10), 'x'); c.add('b', pa.Segment(2, 12), 'x')\n"
        "print(c.get_best_alignment().disorder)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert float(out.stdout) == pytest.approx(0.04 / 1, abs=1e-12)


def test_plots_through_matplotlib():
    require_modules("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from gamma_studio.pygamma import notebook

    c = read("h6_three_annot")
    assert pa.show_continuum is notebook.show_continuum and pa.show_alignment is notebook.show_alignment
    for png in (c._repr_png_(), c.get_best_alignment()._repr_png_()):
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
    ax = notebook.plot_alignment(c.get_best_alignment())
    assert [t.get_text() for t in ax.get_yticklabels()] == ["A", "B", "C"]


@pytest.mark.parametrize("seed", [0, 1, 7, 4772])
@pytest.mark.parametrize("cached_gaussian", [False, True])
def test_block_draws_equal_pygammas_call_by_call_draws(seed, cached_gaussian):
    """The statistical sampler takes numpy's doubles in blocks: the same continua as one numpy
    call per draw (pygamma's way), and numpy's generator left in the same state after."""
    c = read("k3_p30_dense")

    def draw(sample):
        np.random.seed(seed)
        if cached_gaussian:
            np.random.normal()  # leaves a second Gaussian in numpy's cache
        samples = [sample() for _ in range(4)]
        return samples, np.random.get_state(), np.random.normal()

    sampler = pa.StatisticalContinuumSampler()
    sampler.init_sampling(c)
    fast, fast_state, fast_next = draw(lambda: sampler.sample_from_continuum)
    slow, slow_state, slow_next = draw(sampler._sample_call_by_call)
    for a, b in zip(fast, slow):
        assert a == b and a.bounds == b.bounds and list(a.categories) == list(b.categories)
        assert [type(u.annotation) for _, u in a] == [type(u.annotation) for _, u in b]
    assert np.array_equal(fast_state[1], slow_state[1]) and fast_state[2:] == slow_state[2:]
    assert fast_next == slow_next


def test_units_without_a_category_are_aligned_and_sampled():
    c = pa.Continuum()
    for annotator, shift in (("a", 0), ("b", 1)):
        for start in range(0, 100, 10):
            c.add(annotator, pa.Segment(start + shift, start + 8), None if start % 20 else "x")
    # Each pair: ((1 + 0)/(8 + 7))²; `None` pairs with `None`, "x" with "x"; x̄ = 10.
    assert c.get_best_alignment().disorder == pytest.approx(10 * (1 / 15) ** 2 / 10, rel=1e-12)
    np.random.seed(1)
    r = c.compute_gamma()
    assert r.n_samples == 30 and 0.9 < r.gamma < 1
