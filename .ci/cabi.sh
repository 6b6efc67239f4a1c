#!/usr/bin/env bash
# The C ABI of mancala/env (mancala/env/cabi, -buildmode=c-shared) tested
# from C: gcc (installed with apt-get if missing) compiles
# mancala/env/cabi/testdata/cabi_test.c against the library built here;
# the program checks bad input, exact values and threads, and the Go test
# TestCABI compares the trajectories it prints with mancala/env's own.
# Then the allocation tests of mancala/env, which skip under the race
# detector, without it. Run early: cgo needs gcc for the rest of CI too.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gcc >/dev/null 2>&1; then
  SUDO=
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=sudo; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y gcc libc6-dev
fi
gcc --version | sed -n 1p

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
CGO_ENABLED=1 go build -buildmode=c-shared -o "$dir/libmancala_env.so" ./mancala/env/cabi
gcc -std=c11 -O2 -Wall -Wextra -Werror -I mancala/env/cabi -o "$dir/cabi_test" \
  mancala/env/cabi/testdata/cabi_test.c -L "$dir" -lmancala_env -lpthread -Wl,-rpath,"$dir"
"$dir/cabi_test" >/dev/null
"$dir/cabi_test" -bench
CI=true CGO_ENABLED=1 go test -count=1 -run '^TestCABI$' -v ./mancala/env/cabi
go test -count=1 -run 'Allocs' -v ./mancala/env 2>&1 | grep -E '^(--- |ok|FAIL|PASS)'
