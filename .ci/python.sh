#!/usr/bin/env bash
# The Python package (examples/python) in a real Python with the real
# frameworks (issue 25): a throwaway venv of python3 (3.9 or later;
# Debian's python3 and python3-venv installed with apt-get if there is
# none), the pinned versions of examples/python/constraints-ci.txt
# (gymnasium, pettingzoo, open-spiel, numpy, pytest), the package installed
# from this checkout (its install builds the in-process library with Go and
# the C compiler: MANCALA_REQUIRE_NATIVE=1 makes a failed build fail the
# install), the engine built for the subprocess backend, then the whole
# suite with pytest. Under CI=true a skipped test fails the run
# (examples/python/tests/conftest.py): every framework check must run.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1 || ! "$PY" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  SUDO=
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=sudo; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y python3 python3-venv
  PY=/usr/bin/python3
fi
"$PY" -c 'import sys; sys.exit("python3 is %d.%d; the package needs 3.9 or later" % sys.version_info[:2] if sys.version_info < (3, 9) else 0)'
"$PY" --version
if ! command -v cc >/dev/null 2>&1; then
  SUDO=
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=sudo; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y gcc libc6-dev
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
constraints=examples/python/constraints-ci.txt
"$PY" -m venv "$work/venv"
vpy="$work/venv/bin/python"
"$vpy" -m pip install --quiet --disable-pip-version-check -c "$constraints" setuptools wheel
MANCALA_REQUIRE_NATIVE=1 "$vpy" -m pip install --disable-pip-version-check --no-build-isolation -c "$constraints" \
  './examples/python[all]' pytest pygame
"$vpy" -m pip list --disable-pip-version-check --format=freeze
engine_dir=./examples/mancala-engine
[ -d "$engine_dir" ] || engine_dir=./examples/engine
go build -o "$work/bin/mancala-engine" "$engine_dir"
# -p no:cacheprovider: nothing written into the checkout; -rfEs lists what failed and what
# skipped (which fails the run under CI=true).
CI=true MANCALA_ENGINE="$work/bin/mancala-engine" MANCALA_REQUIRE_NATIVE=1 PYTHONDONTWRITEBYTECODE=1 \
  "$vpy" -m pytest -p no:cacheprovider -rfEs examples/python/tests
