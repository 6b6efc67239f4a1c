package kimasai

import (
	"flag"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/perft.golden from the counts")

// TestPerft pins perft counts from the start (docs/rules/common.md,
// "Perft convention"; default rules) as a regression check, in
// testdata/perft.golden; TestRefPerft checks them against a plain second
// count.
func TestPerft(t *testing.T) {
	gametest.Perft(t, &Descriptor, "testdata/perft.golden", *update, []gametest.PerftCase[Position]{
		{Name: "default", Start: Start(), Depth: 6, Short: 4},
	})
}
