#!/usr/bin/env bash
# Ray RLlib on the package (issue 32, item 8): examples/python/rllib_ppo.py
# trains PPO through RLlib's PettingZoo wrapper on a local Ray for a few
# iterations, then plays the policy through our Game against random and a
# level. Its own venv: RLlib pins gymnasium 1.2.2 and PPO needs torch,
# whose wheels bring the CUDA packages (several GB). The wheels are kept
# in a cache ($MANCALA_RLLIB_WHEELS, else /var/cache/go-mancala/rllib-wheels,
# else ~/.cache/go-mancala/rllib-wheels): the first run downloads them with
# pip download, later runs install from the cache with no index. Versions:
# examples/python/constraints-rllib.txt. Prints its own time and a closing
# 'N passed, N failed' line; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

PY=${PYTHON:-python3}
apt_install() {
  local sudo=
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo=sudo; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "$@"
}
if ! command -v "$PY" >/dev/null 2>&1 || ! "$PY" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  apt_install python3 python3-venv python3-dev
  PY=/usr/bin/python3
fi
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else "python3 is too old")'
# The package's build: Go (on PATH) for the library, a C compiler for its extension.
command -v cc >/dev/null 2>&1 || apt_install gcc libc6-dev
command -v strip >/dev/null 2>&1 || apt_install binutils
cache=${MANCALA_RLLIB_WHEELS:-/var/cache/go-mancala/rllib-wheels}
if ! mkdir -p "$cache" 2>/dev/null || [ ! -w "$cache" ]; then
  cache="$HOME/.cache/go-mancala/rllib-wheels"
  mkdir -p "$cache"
fi
echo "wheel cache: $cache ($(du -sh "$cache" | cut -f1))"
constraints=examples/python/constraints-rllib.txt
work=$(mktemp -d)
trap 'rm -rf "$work" examples/python/build examples/python/mancala_engine.egg-info' EXIT

"$PY" -m venv "$work/venv"
vpy="$work/venv/bin/python"
reqs=("ray[rllib]" torch pettingzoo gymnasium numpy setuptools wheel)
pipq() { "$vpy" -m pip "$@" --quiet --disable-pip-version-check; }
if ! pipq install --no-index --find-links "$cache" -c "$constraints" "${reqs[@]}" 2>"$work/cached.txt"; then
  echo "installing from the cache failed ($(tail -1 "$work/cached.txt")): downloading into it"
  nice -n 10 "$vpy" -m pip download --quiet --disable-pip-version-check -d "$cache" -c "$constraints" "${reqs[@]}"
  pipq install --no-index --find-links "$cache" -c "$constraints" "${reqs[@]}"
fi
echo "installed in $(($(date +%s) - start)) s: $("$vpy" -c 'import ray, torch, gymnasium; print("ray", ray.__version__, "torch", torch.__version__, "gymnasium", gymnasium.__version__)')"
MANCALA_REQUIRE_NATIVE=1 nice -n 10 "$vpy" -m pip install --quiet --disable-pip-version-check --no-build-isolation \
  --no-deps ./examples/python

passed=0
failed=0
# check NAME LOG PATTERN...: every pattern is a line of the run's output.
check() {
  local name=$1 log=$2
  shift 2
  for pat in "$@"; do
    if ! grep -Eq -- "$pat" "$log"; then
      echo "FAIL $name: no line matching '$pat'"
      tail -40 "$log"
      failed=$((failed + 1))
      return
    fi
  done
  echo "ok   $name"
  passed=$((passed + 1))
}
run() {
  local name=$1
  shift
  local t0
  t0=$(date +%s)
  # Bounded: a few iterations of a small batch, a hard time limit; from the
  # repository root, so the installed package (not the source folder) is used.
  if timeout 1500 nice -n 10 "$vpy" examples/python/rllib_ppo.py "$@" >"$work/$name.log" 2>&1; then
    echo "$name: $(($(date +%s) - t0)) s"
    return 0
  fi
  echo "FAIL $name: exit status $? after $(($(date +%s) - t0)) s"
  tail -40 "$work/$name.log"
  failed=$((failed + 1))
  return 1
}

if run selfplay --game kisolo --iterations 2 --batch 400 --eval-games 4 --runners 1 --cpus 2; then
  check selfplay "$work/selfplay.log" '^iteration 2: episodes [0-9]+' \
    '^trained policy vs random: won [0-9]+, drawn [0-9]+, lost [0-9]+ of 4' \
    '^trained policy vs Casual: won [0-9]+, drawn [0-9]+, lost [0-9]+ of 4' \
    '^kisolo rules=\(defaults\): 2 iterations, self-play, local Ray'
fi
if run vs-level --game kiothi --rules Setup:FiveByFive --opponent Beginner --level Beginner --iterations 1 \
    --batch 400 --eval-games 2 --runners 0 --cpus 2; then
  check vs-level "$work/vs-level.log" '^iteration 1: episodes [0-9]+' \
    '^trained policy vs random: won [0-9]+, drawn [0-9]+, lost [0-9]+ of 2' \
    '^kiothi rules=Setup:FiveByFive: 1 iterations, vs Beginner, local Ray'
fi

echo "rllib: $(($(date +%s) - start)) s in all"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
