#!/usr/bin/env bash
# A smoke of the strength ladder's top: in each game, a few games of the
# Master level against Expert with examples/tournament (random openings,
# both seats), checking that every game is played to its end and that the
# tournament's table and ratings come out. It measures nothing (a few
# games say little about strength, see docs/strength.md) and is not timed.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/tournament" ./examples/tournament

passed=0 failed=0
for game in kisolo kiothi kimasai; do
  if "$dir/tournament" -game "$game" -agents level:expert,level:master -games 2 -opening 4 \
      -parallel 1 -progress=false -ratings "$dir/$game.tsv" >"$dir/$game.out" 2>&1 &&
     grep -q 'level:master' "$dir/$game.out" && [ -s "$dir/$game.tsv" ] &&
     ! grep -q 'censored [1-9]' "$dir/$game.out"; then
    echo "ok   $game: Master against Expert"
    passed=$((passed + 1))
  else
    echo "FAIL $game: Master against Expert"
    cat "$dir/$game.out"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
