"""γ values: the pygamma-agreement 0.5.9 oracle (tests/fixtures/pygamma), hand-computed
disorders, equality with the Rust command line for the same seed, determinism, the progress
callback and the released GIL."""

import threading
import time

import pytest

import gamma_studio
from conftest import PYGAMMA, oracle

CASES = ["h1_identical", "h2_far_apart", "h3_offset_same_cat", "h4_offset_diff_cat",
         "h5_too_far_diff_cat", "h6_three_annot", "h7_three_one_far", "k2_p30", "k3_p40",
         "k3_p30_dense", "k4_p10_float"]
GENERATED = ["k2_p30", "k3_p40", "k3_p30_dense", "k4_p10_float"]


def read(name):
    return gamma_studio.read(PYGAMMA / f"{name}.csv")


def slots(unitary_alignments):
    """Each unitary alignment as a sorted list of 'annotator start end category'."""
    return sorted(sorted(f"{a} {s} {e} {c}" for a, s, e, c in ua) for ua in unitary_alignments)


@pytest.mark.parametrize("name", CASES)
def test_observed_disorder_and_best_alignment_match_pygamma(name):
    want = oracle(f"{name}.observed.json")
    r = read(name).compute_gamma(n_samples=1, categorical_gammas=False)
    assert r.observed_disorder == pytest.approx(want["observed_disorder"], rel=1e-5, abs=1e-7)
    ours = [[(u.annotator, u.start, u.end, u.category) for u in ua.units if u is not None]
            for ua in r.best_alignment]
    theirs = [[tuple(slot) for slot in ua["units"] if slot[1] is not None]
              for ua in want["best_alignment"]]
    assert len(ours) == want["n_unitary_alignments"]
    assert slots(ours) == slots(theirs)


def test_hand_computed_disorders():
    hand = {"h1_identical": 0.0, "h2_far_apart": 2.0, "h3_offset_same_cat": 0.04,
            "h4_offset_diff_cat": 1.04, "h5_too_far_diff_cat": 2.0,
            "h6_three_annot": ((1 / 19) ** 2 + 2) / 3 / (5 / 3), "h7_three_one_far": 5 / 3}
    for name, value in hand.items():
        r = read(name).compute_gamma(n_samples=1)
        assert r.observed_disorder == pytest.approx(value, abs=1e-12), name
    # Δ∅ = 2 scales both terms, as the paper says: 2·0.04 + 2·1 (pygamma's library: 1.08).
    r = read("h4_offset_diff_cat").compute_gamma(
        gamma_studio.Dissimilarity(delta_empty=2.0), n_samples=1)
    assert r.observed_disorder == pytest.approx(2.08, abs=1e-12)
    assert read("h1_identical").compute_gamma(n_samples=5).gamma == 1.0


@pytest.mark.parametrize("name", GENERATED)
def test_gamma_with_the_statistical_sampler_is_within_tolerance_of_pygamma(name):
    want = oracle(f"{name}.gamma_statistical.json")["gamma"]
    r = read(name).compute_gamma(precision_level=0.02, sampler="statistical", seed=7)
    assert abs(r.gamma - want) < 0.03, (r.gamma, want)


@pytest.mark.parametrize("name", GENERATED)
def test_gamma_with_pygammas_shuffle_sampler_is_within_tolerance_of_pygamma(name):
    # pygamma's shuffle sampler is the Gamma Software's (half the mean length between integer
    # pivots): the gamma-software preset's sampler, with pygamma's α = 1 and x̄ (these cases
    # have the same number of units per annotator, so the floored x̄ is the same).
    want = oracle(f"{name}.gamma_shuffle.json")["gamma"]
    r = read(name).compute_gamma(gamma_studio.Dissimilarity(), preset="gamma-software",
                                 precision="medium", seed=7)
    assert abs(r.gamma - want) < 0.03, (r.gamma, want)


def test_category_dissimilarities():
    # A category matrix given as (categories, rows): h4's categories x and y at distance 0.5.
    matrix = gamma_studio.Dissimilarity(category_matrix=(["x", "y"], [[0, 0.5], [0.5, 0]]))
    r = read("h4_offset_diff_cat").compute_gamma(matrix, n_samples=1)
    assert r.observed_disorder == pytest.approx(0.04 + 0.5, abs=1e-12)
    ordinal = gamma_studio.Dissimilarity(category_scale="ordinal", category_order=["y", "z", "x"])
    assert ordinal.category_scale == "ordinal"
    r = read("h4_offset_diff_cat").compute_gamma(ordinal, n_samples=1)
    assert r.observed_disorder == pytest.approx(0.04 + 1.0, abs=1e-12)
    with pytest.raises(ValueError, match="category_matrix"):
        gamma_studio.Dissimilarity(category_matrix=(["x", "y"], [[0, 2], [2, 0]]))


@pytest.mark.parametrize("sampler", ["statistical", "shuffle"])
def test_values_equal_the_rust_command_line(cli, sampler):
    path = PYGAMMA / "k3_p40.csv"
    rust = cli("gamma", path, "--seed", "7", "--sampler", sampler, "--gamma-cat", "--gamma-k")
    r = gamma_studio.read(path).compute_gamma(seed=7, sampler=sampler)
    assert r.gamma == rust["gamma"]
    assert r.observed_disorder == rust["observed_disorder"]
    assert r.expected_disorder == rust["expected_disorder"]
    assert r.n_samples == rust["n_samples"] and r.seed == rust["seed"] == 7
    assert list(r.gamma_interval) == rust["gamma_interval"] == list(r.approx_gamma_range)
    assert r.gamma_cat == rust["gamma_cat"]
    assert r.gamma_k() == rust["gamma_k"]
    ours = [[(u.annotator, u.start, u.end, u.category) for u in ua.units if u]
            for ua in r.best_alignment]
    theirs = [[(u["annotator"], u["start"], u["end"], u["category"]) for u in ua["units"] if u]
              for ua in rust["alignment"]]
    assert ours == theirs


def test_results_are_deterministic_for_a_seed():
    c = read("k3_p30_dense")
    a = c.compute_gamma(seed=11, n_samples=40)
    b = c.compute_gamma(seed=11, n_samples=40)
    other = c.compute_gamma(seed=12, n_samples=40)
    assert a.chance_disorders == b.chance_disorders and a.gamma == b.gamma
    assert other.chance_disorders != a.chance_disorders
    assert c.compute_gamma().seed == gamma_studio.DEFAULT_SEED == 1


def test_gamma_cat_and_gamma_k():
    r = read("k3_p40").compute_gamma(seed=7)
    ks = r.gamma_k()
    assert sorted(ks) == ["c0", "c1", "c2", "c3"]
    assert r.gamma_k("c1") == ks["c1"]
    assert -1 < r.gamma_cat <= 1
    with pytest.raises(KeyError):
        r.gamma_k("c9")
    without = read("k3_p40").compute_gamma(seed=7, categorical_gammas=False)
    assert without.gamma_cat is None and without.gamma == r.gamma


def test_progress_is_reported_and_an_exception_in_it_stops_the_run():
    calls = []
    r = read("k3_p40").compute_gamma(n_samples=60, progress=lambda done, needed: calls.append((done, needed)))
    assert calls and calls[-1] == (60, 60)
    assert all(needed == 60 for _, needed in calls)

    class Stop(Exception):
        pass

    def stop(done, needed):
        raise Stop(f"stopped at {done}")

    with pytest.raises(Stop):
        read("k3_p40").compute_gamma(n_samples=500, progress=stop)
    assert r.n_samples == 60


def test_the_gil_is_released_while_computing():
    c = read("k3_p30_dense")
    finished = threading.Event()
    result = {}

    def run():
        result["r"] = c.compute_gamma(n_samples=400, seed=2)
        finished.set()

    worker = threading.Thread(target=run)
    ticks = 0
    start = time.perf_counter()
    worker.start()
    while not finished.is_set():
        ticks += 1  # runs only if the computing thread let go of the GIL
        time.sleep(0.001)
    worker.join()
    elapsed = time.perf_counter() - start
    assert result["r"].n_samples == 400
    # Holding the GIL, the loop could not tick at all while the computation ran.
    assert ticks >= max(5, int(elapsed * 1000 * 0.2)), (ticks, elapsed)


def test_ctrl_c_stops_a_long_run():
    import _thread

    c = gamma_studio.synthetic_continuum(3, 200, "dense", seed=1)
    timer = threading.Timer(0.3, _thread.interrupt_main)  # what Ctrl+C does
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        c.compute_gamma(n_samples=200_000)  # minutes of work
    assert time.perf_counter() - start < 10
