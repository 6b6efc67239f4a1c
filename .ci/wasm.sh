#!/usr/bin/env bash
# CI for the js/wasm build of the packages the page's worker links: vets
# them for GOOS=js GOARCH=wasm (mancala/wire's js build leaves out its
# transports and command table; the games read their packed words through
# internal/le there, not encoding/binary), and runs their tests under node
# with Go's go_js_wasm_exec, so that the wasm code paths are tested, not
# only compiled: the games (internal/le's byte order), internal/le,
# internal/errtext, mancala/record, and mancala/wire's typed methods (the
# tests of its transports are built only where those are). Needs node
# (.ci/run installs it for the page's steps); leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v node >/dev/null || { echo "node is required"; exit 1; }
PATH="$PATH:$(go env GOROOT)/lib/wasm"
export PATH

pkgs=(./kisolo ./kiothi ./kimasai ./mancala ./mancala/agent ./mancala/record ./mancala/wire
  ./internal/le ./internal/errtext ./internal/hashmix ./examples/web/wasm/...)

echo "-- GOOS=js GOARCH=wasm go vet"
GOOS=js GOARCH=wasm go vet "${pkgs[@]}"

echo "-- GOOS=js GOARCH=wasm go test -short (node)"
GOOS=js GOARCH=wasm nice -n 10 go test -count=1 -short \
  ./kisolo ./kiothi ./kimasai ./internal/le ./internal/errtext ./mancala/record ./mancala/wire
