package kiothi

import (
	"flag"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/perft.golden from the counts")

// TestPerft pins perft counts (docs/rules/common.md, "Perft convention":
// an opening step is one ply) as a regression check, in
// testdata/perft.golden: from the start under the default rules and under
// OpeningUpTo, from the start of the sowing phase after both openings
// (afterNorth), and from KT10's board under Endless=Illegal. The counts
// were produced by this package; they guard against silent changes.
func TestPerft(t *testing.T) {
	upTo, err := New(Rules{OpeningUpTo: true, OpeningPits: 1})
	if err != nil {
		t.Fatal(err)
	}
	gametest.Perft(t, &Descriptor, "testdata/perft.golden", *update, []gametest.PerftCase[Position]{
		{Name: "default", Start: Start(), Depth: 8, Short: 6},
		{Name: "OpeningUpTo", Start: upTo, Depth: 7, Short: 5},
		{Name: "turn2", Start: mustParse(t, afterNorth), Depth: 5, Short: 4},
		{Name: "KT10-Illegal", Start: mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0 rules=Endless:Illegal"), Depth: 4, Short: 3},
	})
}
