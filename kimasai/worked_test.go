package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// runExample plays a worked example or clause case as written, or with
// north mirrored for the other side: the board turned half a turn,
// reserves and sides swapped, the move rotated (turn 0's free move becomes
// North's free turn 1 under FreeFirstTurn=EachPlayer; see mirror).
func runExample(t *testing.T, ex gametest.Example, north bool) {
	t.Helper()
	if north {
		before := mustParse(t, ex.Before)
		t0, r0 := before.Turn(), before.Rules()
		ex = gametest.MirrorExample(ex,
			func(s string) string { return mirror(mustParse(t, s), t0, r0).String() },
			func(s string) string { return rotateMove(mustMove(t, s)).String() })
	}
	gametest.RunExample(t, &Descriptor, ex, nil)
}

// TestExamples plays every Bao la Kimasai worked example of
// docs/rules/kimasai.md (the module's examples.tsv: the first-move table,
// BK2..BK5, BK5i and the KM7-schedule through the phase boundary) with
// full before and after positions.
func TestExamples(t *testing.T) {
	for _, ex := range gametest.Examples(t, Name) {
		t.Run(ex.ID, func(t *testing.T) { runExample(t, ex, false) })
	}
}

// TestExamplesNorth plays every example mirrored for the other side.
func TestExamplesNorth(t *testing.T) {
	for _, ex := range gametest.Examples(t, Name) {
		t.Run(ex.ID, func(t *testing.T) { runExample(t, ex, true) })
	}
}
