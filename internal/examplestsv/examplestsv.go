// Package examplestsv holds the worked examples of the rules files
// (docs/rules/kiothi.md, docs/rules/kisolo.md, docs/rules/kimasai.md) in
// notation, for the games' tests: testdata/examples.tsv, embedded in the
// package so that every example runs in any clone of the module. The file
// has one row per move with five tab-separated columns (id, position
// before, move, position after or ILLEGAL, outcome; docs/rules/common.md,
// "In the library"); lines starting with '#' are comments.
package examplestsv

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed testdata/examples.tsv
var file string

// Row is one worked example: a row of the file.
type Row struct {
	ID      string // "KS4b-opt"
	Before  string // the position before, in notation
	Move    string // the move, or "-" for none (the row checks only Before)
	After   string // the position after, "ILLEGAL" for a refused move, or for Move "-" the legal moves of Before (space-separated, "(none)")
	Outcome string // "ongoing", "refused" or a result= value (Kiothi adds the prisons "5-0"); for Move "-" the outcome of Before
	Line    int    // the row's line in the file, from 1
}

// Rows returns, in file order, the rows of the embedded file whose position
// before names game ("kisolo 3,3,..." for game "kisolo").
func Rows(game string) ([]Row, error) { return Parse(file, game) }

// Parse returns, in order, the rows of text (in the format of the file)
// whose position before names game. A row without five columns is an
// error naming its line.
func Parse(text, game string) ([]Row, error) {
	var rows []Row
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			return nil, fmt.Errorf("examples.tsv:%d: %d columns, want 5", i+1, len(c))
		}
		if strings.HasPrefix(c[1], game+" ") {
			rows = append(rows, Row{ID: c[0], Before: c[1], Move: c[2], After: c[3], Outcome: c[4], Line: i + 1})
		}
	}
	return rows, nil
}
