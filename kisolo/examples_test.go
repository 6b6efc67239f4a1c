package kisolo

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/examplestsv"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// example is one row of rules/examples.tsv: a position, a move ("-" for
// none: then after lists the legal moves of before, "(none)" if there
// are none), the position after it or "ILLEGAL" ("GAMEOVER" in this
// package's own cases: refused with ErrGameOver), and the outcome
// ("ongoing", "refused" or a result= value; for "-" the outcome of
// before).
type example struct {
	id, before, move, after, outcome string
}

// kisoloExamples are the worked examples of rules/kisolo.md, exactly as
// examples.tsv has them (TestExamplesFile checks that the two agree), so
// that nothing depends on the file being present.
var kisoloExamples = []example{
	{"KS1", "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "-", "xb7 xb6 xb5 xb4 xb3 xb2 xb1", "ongoing"},
	{"KS1a", "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "xb7", "kisolo 0,3,0,3,0,3,0/0,3,0,3,0,3,0/7,7,7,7,0,8,8/7,2,0,1,7,3,2 N turn=1", "ongoing"},
	{"KS1b", "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "xb4", "kisolo 3,3,3,0,3,3,3/3,3,3,0,3,3,3/5,5,5,0,4,4,4/5,0,1,5,5,5,0 N turn=1", "ongoing"},
	{"KS2", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,1,0,0,0,0 S turn=10", "a1", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/0,1,2,0,0,0,0 N turn=11", "ongoing"},
	{"KS3", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 S turn=10", "a1", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/0,1,1,0,1,0,0 N turn=11", "ongoing"},
	{"KS4", "kisolo 0,0,0,0,0,0,0/1,1,0,0,0,0,0/0,0,2,0,0,0,0/12,1,0,0,0,0,0 S turn=10", "b3", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/2,2,1,1,1,1,1/0,2,1,1,1,1,1 N turn=11", "ongoing"},
	{"KS4b", "kisolo 0,0,0,0,0,0,0/1,1,0,0,0,0,0/0,0,2,0,0,0,0/11,1,0,0,0,0,0 S turn=10", "b3", "kisolo 0,0,0,0,0,0,0/1,1,0,0,0,0,0/2,0,1,1,1,1,1/0,2,1,1,1,1,1 N turn=11", "ongoing"},
	{"KS4b-opt", "kisolo 0,0,0,0,0,0,0/1,1,0,0,0,0,0/0,0,2,0,0,0,0/11,1,0,0,0,0,0 S turn=10 rules=CaptureOnAnyLanding:true", "b3", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,2,1,1,1,1,1/0,2,1,1,1,1,1 N turn=11 result=S:inner rules=CaptureOnAnyLanding:true", "S:inner"},
	{"KS5", "kisolo 0,0,0,0,0,0,0/0,0,1,0,0,0,0/1,2,0,1,0,1,0/1,0,1,0,1,0,1 S turn=10", "a1", "kisolo 0,0,0,0,0,0,0/0,0,1,0,0,0,0/1,2,0,1,0,1,0/1,0,1,0,1,0,1 N turn=11 result=draw:endless", "draw:endless"},
	{"KS5i", "kisolo 0,0,0,0,0,0,0/0,0,1,0,0,0,0/1,2,0,1,0,1,0/1,0,1,0,1,0,1 S turn=10 rules=Endless:Illegal", "a1", "ILLEGAL", "refused"},
	{"KS6", "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "xb1", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner", "S:inner"},
}

// TestExamples plays every worked example of rules/kisolo.md for South as
// written and for North on the board rotated half a turn, comparing full
// positions, and checks each move's trace.
func TestExamples(t *testing.T) {
	for _, ex := range kisoloExamples {
		t.Run(ex.id+"/South", func(t *testing.T) { runExample(t, ex, false) })
		t.Run(ex.id+"/North", func(t *testing.T) { runExample(t, ex, true) })
	}
}

func runExample(t *testing.T, ex example, north bool) {
	before := mustParse(t, ex.before)
	c := before.Rules().Files()
	if north {
		side := before.ToMove()
		before = rotate(before)
		if before.ToMove() != side.Other() {
			t.Fatalf("rotated position %v: %v is still to move", before, side)
		}
	}
	wantOutcome := ex.outcome
	if north {
		wantOutcome = rotateResult(wantOutcome)
	}
	if ex.move == "-" {
		want := []Move{}
		if ex.after != "(none)" {
			for _, s := range strings.Fields(ex.after) {
				want = append(want, mustMove(t, s))
			}
		}
		if north {
			want = rotateMoves(want, c)
		}
		got := before.AppendLegalMoves([]Move{})
		if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b Move) bool { return a == b })); diff != "" {
			t.Fatalf("legal moves of %v (-want +got):\n%s", before, diff)
		}
		if got := resultText(before.Outcome()); got != wantOutcome {
			t.Fatalf("outcome %s, want %s", got, wantOutcome)
		}
		return
	}
	m := mustMove(t, ex.move)
	if north {
		m = rotateMove(m, c)
	}
	saved := before
	after, err := before.Apply(m)
	checkTrace(t, before, m)
	if before != saved {
		t.Fatalf("Apply changed the receiver")
	}
	if ex.after == "ILLEGAL" || ex.after == "GAMEOVER" {
		if err == nil {
			t.Fatalf("%v accepted on %v, giving %v", m, before, after)
		}
		target := mancala.ErrIllegalMove
		if ex.after == "GAMEOVER" {
			target = mancala.ErrGameOver
		}
		wantRefused(t, err, target)
		if after != before {
			t.Fatalf("refused move returned %v, want the receiver", after)
		}
		if ex.outcome != "refused" {
			t.Fatalf("example outcome %q for a refused move", ex.outcome)
		}
		return
	}
	if err != nil {
		t.Fatalf("Apply(%v) on %v: %v", m, before, err)
	}
	want := mustParse(t, ex.after)
	if north {
		want = rotate(want)
	}
	if diff := cmp.Diff(want.String(), after.String()); diff != "" {
		t.Fatalf("after %v (-want +got):\n%s", m, diff)
	}
	if after != want {
		t.Fatalf("after %v: %#v, want %#v", m, after, want)
	}
	if got := resultText(after.Outcome()); got != wantOutcome {
		t.Fatalf("outcome %s, want %s", got, wantOutcome)
	}
}

// TestExamplesFile checks that every KS row of ../../shared/rules/
// examples.tsv is in kisoloExamples, unchanged, and vice versa.
func TestExamplesFile(t *testing.T) {
	rows := fileExamples(t, Name)
	if diff := cmp.Diff(kisoloExamples, rows, cmp.AllowUnexported(example{})); diff != "" {
		t.Fatalf("examples.tsv and kisoloExamples differ (-code +file):\n%s", diff)
	}
	for _, ex := range rows {
		t.Run(ex.id, func(t *testing.T) { runExample(t, ex, false) })
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
	byID := map[string]example{}
	for _, ex := range kisoloExamples {
		byID[ex.id] = ex
	}
	for _, tc := range tests {
		for _, north := range []bool{false, true} {
			name := tc.id + "/South"
			if north {
				name = tc.id + "/North"
			}
			t.Run(name, func(t *testing.T) {
				ex := byID[tc.id]
				p := mustParse(t, ex.before)
				m := mustMove(t, ex.move)
				if north {
					p, m = rotate(p), rotateMove(m, p.Rules().Files())
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

// fileExamples returns the rows of the shared examples.tsv for game, or
// skips the test when the shared specification is not beside the
// repository (the in-code table still runs).
func fileExamples(t *testing.T, game string) []example {
	t.Helper()
	rows, err := examplestsv.Rows(examplestsv.Path, game)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s not found (the shared specification lies beside the repository); the in-code examples still run", examplestsv.Path)
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	for _, r := range rows {
		out = append(out, example{r[0], r[1], r[2], r[3], r[4]})
	}
	return out
}
