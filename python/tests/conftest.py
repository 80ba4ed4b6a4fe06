"""Shared paths and helpers of the package's tests (fixtures of the repository's tests/)."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1]
REPOSITORY = PACKAGE.parent
FIXTURES = REPOSITORY / "tests" / "fixtures"
PYGAMMA = FIXTURES / "pygamma"


def require_modules(*names: str):
    """Skips the calling test module when one of these modules is missing, unless
    GAMMA_STUDIO_REQUIRE_PYGAMMA=1 (python/ci/run.sh), where a missing module is an error."""
    for name in names:
        if os.environ.get("GAMMA_STUDIO_REQUIRE_PYGAMMA") == "1":
            __import__(name)
        else:
            pytest.importorskip(name, reason=f"notice: {name} is not installed (pip install 'gamma-studio[pygamma]')")


def oracle(name: str) -> dict:
    """A pygamma-agreement 0.5.9 oracle file of tests/fixtures/pygamma."""
    return json.loads((PYGAMMA / name).read_text())


def cli_binary():
    """The command line built from this repository (CI's `cargo test --release` builds it), or
    None: `GAMMA_STUDIO_BIN`, then the usual target directories."""
    candidates = []
    if os.environ.get("GAMMA_STUDIO_BIN"):
        candidates.append(Path(os.environ["GAMMA_STUDIO_BIN"]))
    for target in filter(None, [os.environ.get("CARGO_TARGET_DIR"), str(REPOSITORY / "target")]):
        candidates += [Path(target) / "release" / "gamma-studio", Path(target) / "debug" / "gamma-studio"]
    found = next((c for c in candidates if c.is_file()), None)
    return found or shutil.which("gamma-studio")


@pytest.fixture(scope="session")
def cli():
    """Runs `gamma-studio ARGS --json` and returns its JSON; skips when there is no binary."""
    binary = cli_binary()
    if binary is None:
        pytest.skip("notice: no gamma-studio binary (set GAMMA_STUDIO_BIN): Rust comparison skipped")

    def run(*args):
        out = subprocess.run([str(binary), *map(str, args), "--json"], check=True,
                             capture_output=True, text=True)
        return json.loads(out.stdout)

    return run
