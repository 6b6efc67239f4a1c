package main

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/games"
)

var updateGames = flag.Bool("update-games", false, "rewrite static/games.js from internal/games")

// gamesJS returns static/games.js: the page's data of each game that the
// rules' answers do not carry, from internal/games (the one list of games).
func gamesJS() string {
	scales := map[string]int{}
	for _, n := range games.Names() {
		scales[n] = games.EvalScale(n)
	}
	b, _ := json.Marshal(scales) // a map of ints: no error; keys sorted
	var s strings.Builder
	s.WriteString("// @ts-check\n")
	s.WriteString("// games.js: the page's data of each game that the rules' answers do not carry,\n")
	s.WriteString("// written from internal/games (the module's one list of games) by examples/web's\n")
	s.WriteString("// TestGamesJS (go test ./examples/web -run TestGamesJS -update-games); do not edit.\n\n")
	s.WriteString("/**\n * SCALES: each game's lead, in its evaluation's points, that fills three quarters\n")
	s.WriteString(" * of the evaluation bar (internal/games.EvalScale).\n * @type {Record<string, number>}\n */\n")
	s.WriteString("export const SCALES = " + string(b) + ";\n")
	return s.String()
}

// TestGamesJS checks that static/games.js is written from internal/games,
// or rewrites it with -update-games.
func TestGamesJS(t *testing.T) {
	const file = "static/games.js"
	want := gamesJS()
	old, _ := os.ReadFile(file)
	if string(old) == want {
		return
	}
	if *updateGames {
		if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is not written from internal/games (go test ./examples/web -run TestGamesJS -update-games):\n%s", file, cmp.Diff(string(old), want))
}
