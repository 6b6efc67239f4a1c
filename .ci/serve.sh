#!/usr/bin/env bash
# CI for what examples/web serves and ships (issue 33, items 2 to 4):
#   - the size of the page's WebAssembly against its budget, and the sizes
#     the docs give (examples/web/wasm TestWorkerSize, TestDocumentedSizes);
#   - the npm package in Node: written with go run ./examples/web -npm,
#     packed with npm, installed from its tarball into a throwaway project
#     and tested there with node --test (examples/web/npm/test): a whole
#     game of each game, think at a level, a bad move refused with a
#     MancalaError, browser-only parts refused by name.
# Needs go, node >= 20 and npm; writes nothing outside a temporary folder.
# MANCALA_WASM=DIR reuses the mancala-GAME.wasm files built before (an earlier
# export; the export's -wasm).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
step() {
  local name=$1
  shift
  echo "-- $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    echo "FAILED: $name"
    failed=$((failed + 1))
  fi
}

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "node $node_major: want 20 or later"
  exit 1
fi

step "the wasm's size against its budget" \
  go test -count=1 -run '^(TestWorkerDeps|TestWorkerSize)$' ./examples/web/wasm
step "the sizes the docs give are the built file's" \
  go test -count=1 -run '^TestDocumentedSizes$' ./examples/web

package_in_node() {
  local args=(-npm "$work/pkg")
  if [ -n "${MANCALA_WASM:-}" ]; then args+=(-wasm "$MANCALA_WASM"); fi
  go run ./examples/web "${args[@]}" >/dev/null || return 1
  (cd "$work/pkg" && npm pack --pack-destination "$work" >/dev/null) || return 1
  local tarball
  tarball=$(ls "$work"/go-mancala-*.tgz)
  mkdir -p "$work/proj/test"
  printf '{ "name": "mancala-node-check", "private": true, "type": "module" }\n' >"$work/proj/package.json"
  (cd "$work/proj" && npm install --no-audit --no-fund --offline "$tarball" >/dev/null) || return 1
  cp examples/web/npm/test/*.test.mjs "$work/proj/test/"
  (cd "$work/proj" && node --test test/)
}
step "the npm package in Node (node --test)" package_in_node

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
