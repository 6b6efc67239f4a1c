#!/usr/bin/env bash
# A smoke of the strength ladder's top: in each game, two games of the
# Master level against Expert with examples/tournament (a random opening,
# both seats), checking that the tournament's ratings file lists Master
# with its 2 games, none censored. It measures nothing (a few games say
# little about strength, see docs/strength.md) and is not timed.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/tournament" ./examples/tournament

passed=0 failed=0
for game in kisolo kiothi kimasai; do
  if "$dir/tournament" -game "$game" -agents level:expert,level:master -games 2 -opening 4 \
      -parallel 1 -progress=false -ratings "$dir/$game.tsv" >"$dir/$game.out" 2>&1 &&
     awk -F'\t' '$1 == "Master" && $8 == 2 && $12 == 0 { ok = 1 } END { exit !ok }' "$dir/$game.tsv"; then
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
