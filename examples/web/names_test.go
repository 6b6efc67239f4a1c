package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/games"
)

// TestJSNames checks that the closed sets of names in mancala.js's types
// (and so mancala.d.ts) are the module's: GameName is internal/games'
// list, LevelName every level name of the games' ladders.
func TestJSNames(t *testing.T) {
	b, err := os.ReadFile("static/mancala.js")
	if err != nil {
		t.Fatal(err)
	}
	union := func(name string) []string {
		m := regexp.MustCompile(`@typedef \{((?:'[^']*'\|?)+)\} ` + name + `\b`).FindSubmatch(b)
		if m == nil {
			t.Fatalf("mancala.js has no typedef %s of string literals", name)
		}
		var out []string
		for _, s := range strings.Split(string(m[1]), "|") {
			out = append(out, strings.Trim(s, "'"))
		}
		slices.Sort(out)
		return out
	}
	wantGames := games.Names()
	slices.Sort(wantGames)
	if got := union("GameName"); !slices.Equal(got, wantGames) {
		t.Errorf("mancala.js GameName %v, the games are %v", got, wantGames)
	}
	var wantLevels []string
	for _, g := range games.Names() {
		for _, l := range games.Levels(g) {
			if !slices.Contains(wantLevels, l.Name) {
				wantLevels = append(wantLevels, l.Name)
			}
		}
	}
	slices.Sort(wantLevels)
	if got := union("LevelName"); !slices.Equal(got, wantLevels) {
		t.Errorf("mancala.js LevelName %v, the games' levels are %v", got, wantLevels)
	}
}
