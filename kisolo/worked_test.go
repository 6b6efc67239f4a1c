package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestExamples plays every worked example of docs/rules/kisolo.md (the KS
// rows of the module's examples.tsv) for South as written and for North on
// the board rotated half a turn, comparing full positions, and checks each
// move's trace.
func TestExamples(t *testing.T) {
	for _, ex := range gametest.Examples(t, Name) {
		t.Run(ex.ID+"/South", func(t *testing.T) { runExample(t, ex, false) })
		t.Run(ex.ID+"/North", func(t *testing.T) { runExample(t, ex, true) })
	}
}

// TestExampleLaps pins the lap and capture counts the rules file states
// for its examples (KS1a: 4 captures in 10 laps; KS1b: 1 capture, 5
// laps; KS3: relay after landing in an empty pit; KS4: 3 laps, 1
// capture; KS4b: no capture, 3 laps (b3, relay a1, relay b2); KS4b-opt:
// the same first two laps, then two capture laps), for South and North.
func TestExampleLaps(t *testing.T) {
	tests := []struct {
		id                string
		laps, captureLaps int
	}{
		{"KS1a", 10, 4}, {"KS1b", 5, 1}, {"KS2", 1, 0}, {"KS3", 2, 0},
		{"KS4", 3, 1}, {"KS4b", 3, 0}, {"KS4b-opt", 4, 2}, {"KS6", 1, 1},
	}
	for _, tc := range tests {
		for _, north := range []bool{false, true} {
			name := tc.id + "/South"
			if north {
				name = tc.id + "/North"
			}
			t.Run(name, func(t *testing.T) {
				ex := gametest.ExampleByID(t, Name, tc.id)
				p := mustParse(t, ex.Before)
				m := mustMove(t, ex.Move)
				if north {
					p, m = rotate(p), rotateMove(m, p.Rules().files())
				}
				laps, captureLaps := 0, 0
				prev := mancala.EventKind(0)
				for _, e := range checkTrace(t, p, m) {
					switch {
					case e.Kind == mancala.Lift || e.Kind == mancala.Relay:
						laps++
					case e.Kind == mancala.Capture && prev != mancala.Capture:
						laps++
						captureLaps++
					}
					prev = e.Kind
				}
				if laps != tc.laps || captureLaps != tc.captureLaps {
					t.Fatalf("%d laps, %d with captures; want %d, %d", laps, captureLaps, tc.laps, tc.captureLaps)
				}
			})
		}
	}
}
