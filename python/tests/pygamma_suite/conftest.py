"""Runs pygamma-agreement 0.5.9's own test suite (tests/, unchanged, MIT: see LICENSE and
SOURCE.md) against the drop-in `gamma_studio.pygamma`: `import pygamma_agreement` and its
submodules are aliased to the drop-in's before the suite's modules are imported, and every test
runs from this folder, where the suite's relative paths (tests/data/…) point.

tests/test_cli.py is not collected: it runs pygamma's `pygamma-agreement` command line, which the
drop-in does not provide (Gamma Studio's command line is `gamma-studio`)."""

import importlib
import importlib.util
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

collect_ignore = ["tests/test_cli.py"]

# What the suite's files import themselves, and the drop-in's needs (scipy: soft-γ and the
# custom dissimilarities of test_dissimilarity.py).
NEEDED = ("numpy", "sortedcontainers", "scipy", "pyannote.core")
missing = [name for name in NEEDED if importlib.util.find_spec(name.split(".")[0]) is None
           or (name == "pyannote.core" and importlib.util.find_spec("pyannote.core") is None)]
if missing and os.environ.get("GAMMA_STUDIO_REQUIRE_PYGAMMA") == "1":
    raise ImportError(f"pygamma-agreement's suite needs {', '.join(missing)}")
if missing:
    print(f"notice: pygamma-agreement's suite skipped: {', '.join(missing)} not installed")
    collect_ignore_glob = ["tests/*"]
else:
    drop_in = importlib.import_module("gamma_studio.pygamma")
    sys.modules["pygamma_agreement"] = drop_in
    for name in ("alignment", "continuum", "cst", "dissimilarity", "sampler", "notebook"):
        try:
            sys.modules[f"pygamma_agreement.{name}"] = importlib.import_module(f"gamma_studio.pygamma.{name}")
        except ImportError:  # notebook without matplotlib
            pass


@pytest.fixture(autouse=True)
def _run_from_the_suite_folder(monkeypatch):
    monkeypatch.chdir(HERE)
