#!/usr/bin/env bash
# CI of the Python package (python/): builds the abi3 manylinux wheel with maturin (CBC compiled
# into it: no Rust, compiler or system library needed to install it), installs that wheel into
# fresh virtual environments where cargo is not on PATH, and runs the package's tests and
# pygamma-agreement's vendored suite (python/tests/pygamma_suite) from the installed wheel, on
# every CPython from 3.9 to 3.13 found on the machine (python3 at least). Lints the bindings.
#
# Called from the repository root, without stdin:   python/ci/run.sh
# Environment: CARGO_TARGET_DIR (default ~/.cache/gamma-studio-python-target); GAMMA_STUDIO_BIN,
# the command line for the tests that compare with it (default $CARGO_TARGET_DIR/release/gamma-studio
# when it exists); GAMMA_STUDIO_PYTHONS, the interpreters to test (default: every python3.9 …
# python3.13 found, and python3).
set -euo pipefail

if [ ! -f python/pyproject.toml ]; then
  echo "python/ci/run.sh: run it from the repository root" >&2
  exit 2
fi
repository="$PWD"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/gamma-studio-python-target}"
export CARGO_TERM_COLOR=never
export DEBIAN_FRONTEND=noninteractive
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

# What the build needs (CBC's C++ is compiled by cargo): g++, make, pkg-config, and Python's venv.
missing=()
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
python3 -c "import venv, ensurepip" >/dev/null 2>&1 || missing+=(python3-venv python3-pip python3-dev)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing: ${missing[*]}"
  apt-get update -qq </dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

work="$CARGO_TARGET_DIR/python-ci"
rm -rf "$work"
mkdir -p "$work/wheels"

# 1. The wheel: `maturin build --release` (default features: CBC bundled), abi3-py39.
python3 -m venv "$work/build"
"$work/build/bin/pip" install -q "maturin>=1.9,<2" </dev/null
(cd python && "$work/build/bin/maturin" build --release --out "$work/wheels" </dev/null)
wheel=$(ls "$work"/wheels/gamma_studio-*.whl)
echo "wheel: $(basename "$wheel")"
case "$(basename "$wheel")" in
  *-cp39-abi3-manylinux*) ;;
  *) echo "error: expected an abi3 (cp39) manylinux wheel, got $(basename "$wheel")" >&2; exit 1 ;;
esac
(cd python && cargo clippy --release --all-targets -- -D warnings </dev/null)

# 2. The interpreters: 3.9 to 3.13 as the metadata claims, those present here.
if [ -n "${GAMMA_STUDIO_PYTHONS:-}" ]; then
  read -r -a candidates <<<"$GAMMA_STUDIO_PYTHONS"
else
  candidates=()
  for version in 3.9 3.10 3.11 3.12 3.13; do
    candidates+=("python$version")
    if command -v pyenv >/dev/null 2>&1; then
      for found in "$(pyenv root)"/versions/"$version".*/bin/python"$version"; do
        [ -x "$found" ] && candidates+=("$found")
      done
    fi
  done
  candidates+=(python3)
fi
pythons=()
seen=" "
for candidate in "${candidates[@]}"; do
  path=$(command -v "$candidate" 2>/dev/null) || continue
  version=$("$path" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null </dev/null) || continue
  case "$version" in 3.9|3.10|3.11|3.12|3.13) ;; *) continue ;; esac
  "$path" -c "import venv, ensurepip" >/dev/null 2>&1 || continue
  case "$seen" in *" $version "*) continue ;; esac
  seen="$seen$version "
  pythons+=("$path")
done
if [ "${#pythons[@]}" -eq 0 ]; then
  echo "error: no CPython 3.9–3.13 with venv found" >&2
  exit 1
fi
echo "interpreters: ${pythons[*]}"

binary="${GAMMA_STUDIO_BIN:-$CARGO_TARGET_DIR/release/gamma-studio}"
[ -x "$binary" ] || binary=""

# 3. Each: a fresh venv, the wheel and the test dependencies, the tests with no cargo on PATH.
first=1
for python in "${pythons[@]}"; do
  version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  venv="$work/venv-$version"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --upgrade pip </dev/null
  if [ "$first" = 1 ]; then
    # Everything the tests use, the Dask recipe included.
    "$venv/bin/pip" install -q "$wheel[test]" </dev/null
  else
    "$venv/bin/pip" install -q "$wheel" pytest numpy sortedcontainers scipy pyannote.core pandas matplotlib \
      "krippendorff==0.8.1" </dev/null
  fi
  # The coding oracle (python/tests/test_coding_oracle.py): irrCAC pinned, without its own pins
  # (scipy==1.12.0, which has no wheel for 3.13); it needs only numpy, pandas and scipy.stats.
  "$venv/bin/pip" install -q --no-deps "irrCAC==0.4.4" </dev/null
  # irrCAC 0.4.4 assigns through chained indexing, which pandas 3's copy-on-write ignores: its
  # AC1 on tables with missing ratings changes (0.0559 against -0.1000 on one table), so the
  # oracle runs on pandas 2.
  "$venv/bin/pip" install -q "pandas>=2,<3" </dev/null
  if (PATH="$venv/bin"; command -v cargo || command -v rustc) >/dev/null 2>&1; then
    echo "error: cargo is on the test PATH" >&2
    exit 1
  fi
  echo "== Python $version: the installed wheel's tests (no cargo on PATH)"
  (cd "$work" && env -i HOME="$HOME" PATH="$venv/bin" LANG=C.UTF-8 MPLBACKEND=Agg \
    GAMMA_STUDIO_REQUIRE_PYGAMMA=1 ${binary:+GAMMA_STUDIO_BIN="$binary"} \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider "$repository/python/tests" </dev/null)
  # The tests ran the installed wheel, not the sources (which have no compiled _core).
  (cd "$work" && env -i PATH="$venv/bin" "$venv/bin/python" -c \
    "import gamma_studio, sys; assert gamma_studio.__file__.startswith(sys.prefix), gamma_studio.__file__")
  first=0
done
echo "python/ci/run.sh: wheel $(basename "$wheel") passed on Python$(printf " %s" $seen)"
