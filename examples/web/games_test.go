package main

import (
	"encoding/json"
	"flag"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

var updateGames = flag.Bool("update-games", false, "rewrite static/games.js from internal/games")

// shape is a game's board under its default rules, for the page's
// placeholder: rows, files and the words of its stores and reserves ("":
// none).
type shape struct {
	Rows     int    `json:"rows"`
	Files    int    `json:"files"`
	Stores   string `json:"stores"`
	Reserves string `json:"reserves"`
}

func shapeOf[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], _ struct{}) shape {
	l := d.Layout(d.Start())
	return shape{Rows: l.Rows(), Files: l.Files(), Stores: d.Words.Store, Reserves: d.Words.Reserve}
}

// gamesJS returns static/games.js: the page's data of each game that it
// needs before the rules answer, or that they do not carry, from
// internal/games (the one list of games) and the games' descriptors.
func gamesJS() string {
	scales := map[string]int{}
	shapes := map[string]shape{}
	for _, n := range games.Names() {
		scales[n] = games.EvalScale(n)
		shapes[n], _ = games.Do(n, struct{}{}, shapeOf, shapeOf, shapeOf) // n is a game: no error
	}
	b, _ := json.Marshal(scales) // maps of ints and strings: no error; keys sorted
	sh, _ := json.Marshal(shapes)
	var s strings.Builder
	s.WriteString("// @ts-check\n")
	s.WriteString("// games.js: the page's data of each game that it needs before the rules answer,\n")
	s.WriteString("// or that they do not carry, written from internal/games (the module's one list of\n")
	s.WriteString("// games) and the games' descriptors by examples/web's\n")
	s.WriteString("// TestGamesJS (go test ./examples/web -run TestGamesJS -update-games); do not edit.\n\n")
	s.WriteString("/**\n * SCALES: each game's lead, in its evaluation's points, that fills three quarters\n")
	s.WriteString(" * of the evaluation bar (internal/games.EvalScale).\n * @type {Record<string, number>}\n */\n")
	s.WriteString("export const SCALES = " + string(b) + ";\n\n")
	s.WriteString("/**\n * SHAPES: each game's board under its default rules (rows, files, and the words of\n")
	s.WriteString(" * its stores and reserves, '' for none), for the placeholder drawn while the rules\n")
	s.WriteString(" * load (board.js).\n")
	s.WriteString(" * @type {Record<string, {rows: number, files: number, stores: string, reserves: string}>}\n */\n")
	s.WriteString("export const SHAPES = " + string(sh) + ";\n")
	return s.String()
}

// TestGamesJS checks that static/games.js is written from internal/games,
// or rewrites it with -update-games.
func TestGamesJS(t *testing.T) {
	checkGenerated(t, "static/games.js", gamesJS(), *updateGames,
		"written from internal/games (go test ./examples/web -run TestGamesJS -update-games)")
}
