#!/usr/bin/env bash
# The C library (mancala/env/cabi, ABI 2) built once and checked from the
# outside: gcc (installed with apt-get if missing) builds it with
# internal/cmd/buildcabi into $MANCALA_LIB_DIR (a temporary directory when
# unset, removed at the end; set it to keep the library for later steps,
# e.g. the Python wheel) and then:
#   - the header compiles alone under gcc -std=c11 and g++ -std=c++17
#     with -Wall -Wextra -Werror -pedantic;
#   - nm -D --defined-only lists only mancala_* (and the version node);
#   - the SONAME is libmancala_env.so.2 (readelf);
#   - testdata/cabi_test.c (bad input, short buffers, wrong-kind handles,
#     think, cancel from a thread, the game list) runs, and its -bench;
#   - the Go tests TestCABI (the C program's trajectories against
#     mancala/env and mancala/agent) and TestHeader (the header against
#     cgo's declarations and the Go constants) against the same library;
#   - the allocation tests of mancala/env without the race detector.
# Prints the library's path, and a closing 'N passed, N failed' line.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gcc >/dev/null 2>&1 || ! command -v g++ >/dev/null 2>&1; then
  SUDO=
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=sudo; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y gcc g++ libc6-dev binutils
fi
gcc --version | sed -n 1p

passed=0
failed=0
check() { # check NAME COMMAND...: runs the command, counts and reports it
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok    $name"
  else
    failed=$((failed + 1))
    echo "FAIL  $name"
  fi
}

tmp=$(mktemp -d)
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
dir=${MANCALA_LIB_DIR:-$tmp/lib}
lib=$(CGO_ENABLED=1 go run ./internal/cmd/buildcabi -o "$dir")
echo "library: $lib"
dir=$(dirname "$lib")

header_c() {
  printf '#include "mancala_env.h"\nint main(void) { return mancala_abi_version() == MANCALA_ABI_VERSION ? 0 : 1; }\n' >"$tmp/h.c"
  gcc -std=c11 -Wall -Wextra -Werror -pedantic -I mancala/env/cabi -c -o "$tmp/h.o" "$tmp/h.c"
}
header_cxx() {
  printf '#include "mancala_env.h"\nint main() { mancala_env e{0}; return mancala_env_free(e) == MANCALA_E_HANDLE ? 0 : 1; }\n' >"$tmp/h.cc"
  g++ -std=c++17 -Wall -Wextra -Werror -pedantic -I mancala/env/cabi -o "$tmp/h_cxx" "$tmp/h.cc" \
    -L "$dir" -lmancala_env -Wl,-rpath,"$dir" && "$tmp/h_cxx"
}
symbols() {
  local others
  others=$(nm -D --defined-only "$lib" | awk '{sub(/@.*/, "", $NF); print $NF}' | grep -v -E '^(mancala_[a-z0-9_]+|MANCALA_ENV_2)$' || true)
  if [ -n "$others" ]; then
    echo "exported beyond mancala_*:"
    echo "$others"
    return 1
  fi
  echo "$(nm -D --defined-only "$lib" | grep -c ' mancala_') mancala_* functions exported, nothing else"
}
soname() {
  readelf -d "$lib" | grep -q 'Library soname: \[libmancala_env.so.2\]'
}
c_test() {
  gcc -std=c11 -O2 -Wall -Wextra -Werror -pedantic -I mancala/env/cabi -o "$tmp/cabi_test" \
    mancala/env/cabi/testdata/cabi_test.c -L "$dir" -lmancala_env -lpthread -Wl,-rpath,"$dir"
  "$tmp/cabi_test" >/dev/null && "$tmp/cabi_test" -bench
}
go_tests() {
  CI=true CGO_ENABLED=1 MANCALA_LIB_DIR="$dir" go test -count=1 -run '^(TestCABI|TestHeader|TestCancel.*)$' -v ./mancala/env/cabi |
    grep -E '^(--- |ok|FAIL|PASS)'
}
allocs() {
  go test -count=1 -run 'Allocs' -v ./mancala/env | grep -E '^(--- |ok|FAIL|PASS)'
}

check "header compiles as C11 (-Wall -Wextra -Werror -pedantic)" header_c
check "header compiles as C++17 and links (-Wall -Wextra -Werror -pedantic)" header_cxx
check "only mancala_* exported (nm -D --defined-only)" symbols
check "SONAME libmancala_env.so.2 (readelf -d)" soname
check "testdata/cabi_test.c" c_test
check "go test TestCABI TestHeader TestCancel (same library)" go_tests
check "mancala/env allocation tests" allocs
echo "cabi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
