#!/usr/bin/env bash
# The Python package (examples/python) as a user gets it (issue 32): the
# wheel is built once (setuptools; the in-process library built with Go,
# or taken from $MANCALA_LIB_DIR when .ci/cabi.sh left one of the same
# build id there), auditwheel states its manylinux tag, the sdist is
# checked (it says clearly that it needs Go when there is none, and builds
# when there is), then the wheel is installed with the pinned frameworks
# (examples/python/constraints-ci.txt) into a fresh venv and the whole
# suite runs against it with no `go` on PATH. Under CI=true a skipped test
# fails the run (examples/python/tests/conftest.py). Prints pytest's
# closing line.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

apt_install() {
  local sudo=
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo=sudo; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "$@"
}
PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1 || ! "$PY" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  apt_install python3 python3-venv
  PY=/usr/bin/python3
fi
"$PY" -c 'import sys; sys.exit("python3 is %d.%d; the package needs 3.9 or later" % sys.version_info[:2] if sys.version_info < (3, 9) else 0)'
"$PY" --version
command -v cc >/dev/null 2>&1 || apt_install gcc libc6-dev
command -v strip >/dev/null 2>&1 || apt_install binutils

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
constraints=examples/python/constraints-ci.txt
pipq() { "$@" --quiet --disable-pip-version-check; }

# 1. The build tools, and the wheel, built once.
"$PY" -m venv "$work/build"
bpy="$work/build/bin/python"
pipq "$bpy" -m pip install -c "$constraints" setuptools wheel build auditwheel
"$bpy" -m pip wheel --no-deps --no-build-isolation --disable-pip-version-check -w "$work/dist" ./examples/python
rm -rf examples/python/build examples/python/mancala_engine.egg-info
wheel=$(ls "$work"/dist/mancala_engine-*.whl)
echo "wheel: $(basename "$wheel")"
case "$(basename "$wheel")" in
  *-cp39-abi3-manylinux_*_x86_64.whl) ;;
  *) echo "the wheel's tag is not cp39-abi3-manylinux_*_x86_64" >&2; exit 1 ;;
esac
"$work/build/bin/auditwheel" show "$wheel" | tee "$work/auditwheel.txt"
ours=$(basename "$wheel" | sed -E 's/.*-cp39-abi3-(manylinux_[0-9]+_[0-9]+_x86_64)\.whl/\1/')
# auditwheel wraps its sentences at a width, so the words are joined
# before the tag is read (the wrap point moves with the wheel's name).
theirs=$(tr -s '[:space:]' ' ' < "$work/auditwheel.txt" | sed -nE 's/.*consistent with the following platform tag: "([^"]+)".*/\1/p')
if [ -z "$theirs" ]; then
  echo "auditwheel show gave no platform tag:" >&2
  cat "$work/auditwheel.txt" >&2
  exit 1
fi
if [ "$ours" != "$theirs" ]; then
  echo "the wheel says $ours, auditwheel says $theirs: retagging to auditwheel's" >&2
  "$work/build/bin/auditwheel" repair --plat "$theirs" -w "$work/repaired" "$wheel"
  wheel=$(ls "$work"/repaired/mancala_engine-*.whl)
fi
echo "manylinux tag: $theirs"

# 2. The sdist: it carries the Go sources; without Go it says so, with Go it builds.
"$bpy" -m build --sdist --no-isolation --outdir "$work/sdist" ./examples/python >/dev/null
rm -rf examples/python/mancala_engine.egg-info
sdist=$(ls "$work"/sdist/mancala_engine-*.tar.gz)
nogo_path=""
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do [ -x "$d/go" ] || nogo_path="$nogo_path${nogo_path:+:}$d"; done
if PATH="$work/build/bin:$nogo_path" "$bpy" -m pip wheel --no-deps --no-build-isolation --disable-pip-version-check \
    -w "$work/nogo" "$sdist" >"$work/nogo.txt" 2>&1; then
  echo "the sdist built without Go" >&2; exit 1
fi
grep -q "needs Go 1.24 or later on PATH" "$work/nogo.txt" || { cat "$work/nogo.txt" >&2; echo "no clear message without Go" >&2; exit 1; }
echo "sdist without Go: refused with the message"
"$bpy" -m pip wheel --no-deps --no-build-isolation --disable-pip-version-check -w "$work/fromsdist" "$sdist" >/dev/null
echo "sdist with Go: $(basename "$(ls "$work"/fromsdist/*.whl)")"

# 3. A fresh venv with the wheel and the pinned frameworks; the suite with no go on PATH.
"$PY" -m venv "$work/venv"
vpy="$work/venv/bin/python"
pipq "$vpy" -m pip install -c "$constraints" "${wheel}[all]"
"$vpy" -m pip list --disable-pip-version-check --format=freeze
PATH="$work/venv/bin:$nogo_path" "$vpy" -m mancala_engine
# -p no:cacheprovider: nothing written into the checkout; -rfEs lists what failed and what skipped.
CI=true PATH="$work/venv/bin:$nogo_path" PYTHONDONTWRITEBYTECODE=1 \
  "$vpy" -m pytest -p no:cacheprovider -rfEs examples/python/tests
echo "python.sh: $(( $(date +%s) - start )) s"
