"""Records pygamma-agreement 0.5.9's soft-γ (and hard γ) on a few continua, as the reference
values of python/tests/test_pygamma_soft.py. Run it with pygamma's own interpreter (its venv,
with cylp for CBC):

    VENV/bin/python benchmarks/record_pygamma_soft.py tests/fixtures/pygamma_soft

Each case is a CSV (`annotator,category,start,end`) of tests/fixtures/pygamma (the repository's
oracle inputs) or a continuum split by pygamma's CorpusShufflingTool (written beside the JSON);
for each: numpy seed 7, 30 statistical samples, α = β = Δ∅ = 1, soft and hard.
"""

import contextlib
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

REPOSITORY_FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "pygamma"
CASES = ["h2_far_apart", "h6_three_annot", "k2_p30", "k3_p40", "k4_p10_float"]


def quiet():
    """CBC prints to the C-level stdout: keep it on stderr."""
    saved = os.dup(1)
    os.dup2(2, 1)
    return saved


def main(out: Path) -> None:
    import pygamma_agreement as pa

    out.mkdir(parents=True, exist_ok=True)
    inputs = {name: REPOSITORY_FIXTURES / f"{name}.csv" for name in CASES}
    # Continua with many splits, where soft-γ differs most (as pygamma's test_soft.py).
    for n, seed in ((20, 11), (30, 12)):
        np.random.seed(seed)
        sampler = pa.StatisticalContinuumSampler()
        sampler.init_sampling_custom(annotators=["Ref"], avg_num_units_per_annotator=n,
                                     std_num_units_per_annotator=0, avg_duration=5, std_duration=2,
                                     avg_gap=3, std_gap=2, categories=np.array([str(i) for i in range(4)]))
        reference = sampler.sample_from_continuum
        split = pa.CorpusShufflingTool(0.3, reference).corpus_shuffle(["a0", "a1", "a2"], split=True, shift=True)
        path = out / f"split_{n}.csv"
        split.to_csv(path)
        inputs[f"split_{n}"] = path
    for name, path in inputs.items():
        with contextlib.redirect_stdout(sys.stderr):
            continuum = pa.Continuum.from_csv(path)
        record = {"input": path.name, "seed": 7, "n_samples": 30, "alpha": 1.0, "beta": 1.0,
                  "delta_empty": 1.0, "sampler": "statistical",
                  "pygamma_agreement": pa.__dict__.get("__version__", "0.5.9")}
        for soft in (True, False):
            dissimilarity = pa.CombinedCategoricalDissimilarity()
            np.random.seed(7)
            saved = quiet()
            try:
                started = time.perf_counter()
                result = continuum.compute_gamma(dissimilarity, n_samples=30, soft=soft)
                seconds = time.perf_counter() - started
            finally:
                sys.stdout.flush()
                os.dup2(saved, 1)
            key = "soft" if soft else "hard"
            record[key] = {
                "observed_disorder": float(result.observed_disorder),
                "expected_disorder": float(result.expected_disorder),
                "gamma": float(result.gamma),
                "n_unitary_alignments": len(result.best_alignment.unitary_alignments),
                "seconds": seconds,
            }
        (out / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
        print(name, record["soft"]["gamma"], record["hard"]["gamma"], flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
