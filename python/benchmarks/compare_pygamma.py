"""Compares gamma_studio with pygamma-agreement 0.5.9 on the same inputs.

The inputs are the generated continua of `shared/notes/pygamma.md` §5 and of `gamma-studio
bench` (`gamma_studio.synthetic_continuum`: K annotators, noisy copies of a random reference of
P units, sparse or dense), written as header-less `annotator,category,start,end` CSV files that
both tools read. Both compute γ with the same settings — α = β = Δ∅ = 1, nominal categories,
the statistical sampler, 30 random continua (pygamma's library defaults), exact alignment —
and the same seed (each tool its own random generator, so D_e and γ differ within sampling
error; D_o, the exact best alignment, must agree to pygamma's float32 precision).

pygamma-agreement usually lives in its own virtual environment (it pins numpy, numba, cvxpy):
give its interpreter with `--pygamma-python`; the script runs itself there for each case and
reads one JSON line back. Without pygamma, only gamma_studio's times are printed.

    python benchmarks/compare_pygamma.py --pygamma-python /path/to/venv/bin/python \\
        [--cases k2x50,k3x50,k3x100,k4x50,k5x30] [--density sparse] [--timeout 900]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_CASES = "k2x50,k3x50,k3x100,k4x50,k5x30"


def pygamma_worker(csv_path: str, seed: int, samples: int) -> None:
    """Runs inside pygamma's environment: prints one JSON line (import and compute times)."""
    import contextlib
    import os

    started = time.perf_counter()
    import numpy as np
    from pygamma_agreement import CombinedCategoricalDissimilarity, Continuum

    imported = time.perf_counter() - started
    continuum = Continuum.from_csv(csv_path)
    dissimilarity = CombinedCategoricalDissimilarity(alpha=1, beta=1)
    np.random.seed(seed)
    # CBC (through cylp) prints to the C-level stdout: keep it off our JSON line.
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            started = time.perf_counter()
            result = continuum.compute_gamma(dissimilarity, n_samples=samples)
            seconds = time.perf_counter() - started
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
    print(json.dumps({
        "import_seconds": imported,
        "seconds": seconds,
        "gamma": float(result.gamma),
        "observed_disorder": float(result.observed_disorder),
        "expected_disorder": float(result.expected_disorder),
    }))


def write_csv(continuum, path: Path) -> None:
    """Header-less CSV (pygamma's from_csv has no header support), integer positions."""
    with path.open("w") as out:
        for unit in continuum.units():
            out.write(f"{unit.annotator},{unit.category},{unit.start:g},{unit.end:g}\n")


def run_pygamma(python: str, csv_path: Path, seed: int, samples: int, timeout: float):
    command = [python, __file__, "--pygamma-worker", str(csv_path), "--seed", str(seed),
               "--samples", str(samples)]
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    except subprocess.CalledProcessError as error:
        return {"error": error.stderr.strip().splitlines()[-1] if error.stderr else str(error)}
    return json.loads(out.stdout.strip().splitlines()[-1])


def parse_case(case: str) -> tuple[int, int]:
    k, p = case.lower().lstrip("k").split("x")
    return int(k), int(p)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=DEFAULT_CASES, help="KxP,… (annotators × units)")
    parser.add_argument("--density", choices=["sparse", "dense", "both"], default="sparse")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--pygamma-python", help="interpreter of a venv with pygamma-agreement")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per pygamma case")
    parser.add_argument("--pygamma-worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pygamma_worker:
        pygamma_worker(args.pygamma_worker, args.seed, args.samples)
        return

    import gamma_studio

    densities = ["sparse", "dense"] if args.density == "both" else [args.density]
    print("| case | units | gamma_studio s | pygamma s | speed-up | D_o ours | D_o pygamma "
          "| γ ours | γ pygamma |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for density in densities:
            for case in args.cases.split(","):
                k, p = parse_case(case)
                continuum = gamma_studio.synthetic_continuum(k, p, density, args.seed)
                started = time.perf_counter()
                ours = continuum.compute_gamma(n_samples=args.samples, seed=args.seed)
                our_seconds = time.perf_counter() - started
                theirs = {}
                if args.pygamma_python:
                    csv_path = Path(folder) / f"k{k}_p{p}_{density}.csv"
                    write_csv(continuum, csv_path)
                    theirs = run_pygamma(args.pygamma_python, csv_path, args.seed, args.samples,
                                         args.timeout)
                if "seconds" in theirs:
                    their_time = f"{theirs['seconds']:.2f}"
                    speedup = f"{theirs['seconds'] / our_seconds:.0f}×"
                    their_do = f"{theirs['observed_disorder']:.4f}"
                    their_gamma = f"{theirs['gamma']:.4f}"
                else:
                    their_time = (f"> {theirs['timeout']:.0f}" if "timeout" in theirs
                                  else theirs.get("error", "–"))
                    speedup = their_do = their_gamma = "–"
                print(f"| {density} k{k}×{p} | {continuum.num_units} | {our_seconds:.3f} "
                      f"| {their_time} | {speedup} | {ours.observed_disorder:.4f} | {their_do} "
                      f"| {ours.gamma:.4f} | {their_gamma} |", flush=True)
    if args.pygamma_python:
        print("\npygamma-agreement's import (numba compilation) adds about 20 s per process, "
              "not counted above.")


if __name__ == "__main__":
    main()
