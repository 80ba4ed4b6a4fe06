"""Times pygamma-agreement 0.5.9 and the drop-in `gamma_studio.pygamma` side by side on
pygamma's own test data (python/tests/pygamma_suite/tests/data), with the same script.

Both run `Continuum.from_csv(case)` then `compute_gamma(CombinedCategoricalDissimilarity(alpha=3,
beta=1))` after `np.random.seed(4772)` (the settings of pygamma's test_gammas.py: statistical
sampler, 30 random continua). The drop-in draws the same random continua, so D_o, D_e and γ must
agree to pygamma's float32 wherever pygamma's alignment is exact. pygamma runs in its own
interpreter (its venv, with cylp for CBC), in a fresh process per case and mode, exact
(`fast=False`, its default) and fast (`fast=True`, its windowed approximation, what its command
line uses); the drop-in always computes the exact γ. Times are compute seconds, imports apart:
wall-clock, and CPU (all threads) in parentheses, less sensitive to other jobs on the machine.

    python benchmarks/compare_dropin.py --pygamma-python /path/to/pygamma-venv/bin/python \\
        [--cases 2by1000,2by5000,3by100,3by500,5by100] [--timeout 600]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "tests" / "pygamma_suite" / "tests" / "data"
DEFAULT_CASES = "2by1000,2by5000,3by100,3by500,5by100"
SEED = 4772


def measure(module_name: str, csv_path: str, fast: bool) -> dict:
    """Imports `module_name` (pygamma_agreement or gamma_studio.pygamma) and computes γ."""
    started = time.perf_counter()
    import importlib

    import numpy as np

    pa = importlib.import_module(module_name)
    imported = time.perf_counter() - started
    with contextlib.redirect_stdout(io.StringIO()):
        continuum = pa.Continuum.from_csv(csv_path)
    dissimilarity = pa.CombinedCategoricalDissimilarity(alpha=3, beta=1)
    np.random.seed(SEED)
    # CBC (through cylp) prints to the C-level stdout: keep it off the JSON line.
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            started, cpu = time.perf_counter(), time.process_time()
            result = continuum.compute_gamma(dissimilarity, fast=fast)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
    return {"import_seconds": imported, "seconds": seconds, "cpu": cpu, "gamma": float(result.gamma),
            "observed_disorder": float(result.observed_disorder),
            "expected_disorder": float(result.expected_disorder), "n_samples": result.n_samples,
            "units": continuum.num_units, "annotators": continuum.num_annotators}


def run(python: str, module_name: str, csv_path: Path, fast: bool, timeout: float) -> dict:
    command = [python, __file__, "--worker", module_name, str(csv_path)] + (["--fast"] if fast else [])
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    except subprocess.CalledProcessError as error:
        lines = (error.stderr or "").strip().splitlines()
        return {"error": lines[-1] if lines else str(error)}
    return json.loads(out.stdout.strip().splitlines()[-1])


def cell(result: dict, key: str, digits: int) -> str:
    if key == "seconds" and "cpu" in result:
        return f"{result['seconds']:.{digits}f} ({result['cpu']:.{digits}f})"
    if key in result:
        return f"{result[key]:.{digits}f}"
    if "timeout" in result:
        return f"> {result['timeout']:.0f}" if key == "seconds" else "–"
    return result.get("error", "–") if key == "seconds" else "–"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=DEFAULT_CASES)
    parser.add_argument("--pygamma-python", help="interpreter of a venv with pygamma-agreement 0.5.9")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per pygamma run")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--fast", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.worker[0], args.worker[1], args.fast)))
        return
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n")
    print("| case | units | pygamma exact s | pygamma fast s | drop-in s | speed-up (exact / fast) "
          "| D_o pygamma | D_o drop-in | γ pygamma exact | γ pygamma fast | γ drop-in |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    imports, cpu_ratios = [], []
    for case in args.cases.split(","):
        path = DATA / f"{case}.csv"
        ours = run(sys.executable, "gamma_studio.pygamma", path, False, args.timeout)
        exact = fast = {}
        if args.pygamma_python:
            exact = run(args.pygamma_python, "pygamma_agreement", path, False, args.timeout)
            fast = run(args.pygamma_python, "pygamma_agreement", path, True, args.timeout)
        speedups = []
        for theirs in (exact, fast):
            if "seconds" in theirs and "seconds" in ours:
                speedups.append(f"{theirs['seconds'] / ours['seconds']:.0f}×")
            elif "timeout" in theirs and "seconds" in ours:
                speedups.append(f"> {theirs['timeout'] / ours['seconds']:.0f}×")
            else:
                speedups.append("–")
        observed = exact if "observed_disorder" in exact else fast
        print(f"| {case} | {ours.get('units', '–')} | {cell(exact, 'seconds', 2)} | {cell(fast, 'seconds', 2)} "
              f"| {cell(ours, 'seconds', 3)} | {' / '.join(speedups)} | {cell(observed, 'observed_disorder', 4)} "
              f"| {cell(ours, 'observed_disorder', 4)} | {cell(exact, 'gamma', 4)} | {cell(fast, 'gamma', 4)} "
              f"| {cell(ours, 'gamma', 4)} |", flush=True)
        imports += [r["import_seconds"] for r in (exact, fast) if "import_seconds" in r]
        if "cpu" in ours:
            cpu_ratios.append(" / ".join(f"{t['cpu'] / ours['cpu']:.0f}×" if "cpu" in t else "–" for t in (exact, fast)))
        imports_ours = ours.get("import_seconds")
    print(f"\nCPU-time speed-ups (exact / fast), case by case: {'; '.join(cpu_ratios)}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    if imports:
        print(f"\nImports, not counted above: pygamma-agreement {min(imports):.1f}–{max(imports):.1f} s "
              f"(numba compiles at import), gamma_studio.pygamma {imports_ours:.2f} s.")


if __name__ == "__main__":
    main()
