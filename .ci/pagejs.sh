#!/usr/bin/env bash
# CI for the page's JavaScript unit tests (examples/web/jstest): the state
# machine (static/machine.js) and the move list (static/history.js) under
# node --test, without a browser or npm packages. The page's modules are
# plain .js ES modules with no package.json, so Node is told to read .js
# as modules. Needs node >= 20; leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
node --version
node --experimental-default-type=module --test --test-reporter=spec examples/web/jstest/
