package kimasai

import (
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/examplestsv"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// runExample plays one example: before, move, then after (or a refusal).
func runExample(t *testing.T, before Position, m Move, after string, want Position, outcome string) {
	t.Helper()
	got, err := before.Apply(m)
	if after == "ILLEGAL" {
		if !errors.Is(err, mancala.ErrIllegalMove) {
			t.Fatalf("Apply(%v) = %v, %v; want an error wrapping ErrIllegalMove", m, got, err)
		}
		samePosition(t, before, got)
		for _, lm := range before.LegalMoves() {
			if lm == m {
				t.Fatalf("%v is refused but listed as legal", m)
			}
		}
		return
	}
	if err != nil {
		t.Fatalf("Apply(%v): %v", m, err)
	}
	samePosition(t, want, got)
	if r := got.Outcome().Result(); outcome != "" && !(outcome == "ongoing" && r == "*") && r != outcome {
		t.Errorf("outcome %s, want %s", r, outcome)
	}
	var events []mancala.Event
	traced, err := before.ApplyTrace(m, func(e mancala.Event) { events = append(events, e) })
	if err != nil || traced != got {
		t.Fatalf("ApplyTrace = %v, %v; want %v", traced, err, got)
	}
	c := before.Counts()
	if err := c.ReplayAll(events); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(got.Counts(), c); diff != "" {
		t.Fatalf("trace replay differs (-apply +replay):\n%s", diff)
	}
}

// TestExamples plays every Bao la Kimasai worked example of rules/ (the
// first-move table, BK2..BK5, BK5i and the KM7-schedule through the phase
// boundary) with full before and after positions.
func TestExamples(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.id, func(t *testing.T) {
			before := mustParse(t, ex.before)
			m := mustMove(t, ex.move)
			var after Position
			if ex.after != "ILLEGAL" {
				after = mustParse(t, ex.after)
				if after.String() != ex.after {
					t.Fatalf("String() = %q, want %q", after.String(), ex.after)
				}
			}
			runExample(t, before, m, ex.after, after, ex.outcome)
		})
	}
}

// TestExamplesNorth plays every example mirrored for the other side: the
// board turned half a turn, reserves and sides swapped, the move rotated
// (turn 0's free move becomes North's free turn 1 under
// FreeFirstTurn=EachPlayer).
func TestExamplesNorth(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.id, func(t *testing.T) {
			before := mustParse(t, ex.before)
			t0, r0 := before.Turn(), before.Rules()
			mb := mirror(before, t0, r0)
			var ma Position
			if ex.after != "ILLEGAL" {
				ma = mirror(mustParse(t, ex.after), t0, r0)
			}
			outcome := ex.outcome
			if o, err := mancala.ParseResult(outcome); err == nil && o.Status == mancala.Win {
				outcome = o.Winner.Other().Letter() + outcome[1:]
			}
			runExample(t, mb, rotateMove(mustMove(t, ex.move)), ex.after, ma, outcome)
		})
	}
}

// TestExamplesFile checks that the in-code table is the Bao la Kimasai part
// of rules/examples.tsv, row for row.
func TestExamplesFile(t *testing.T) {
	got := fileExamples(t, Name)
	if diff := cmp.Diff(examples, got, cmp.AllowUnexported(example{})); diff != "" {
		t.Fatalf("examples.tsv and the in-code table differ (-code +file):\n%s", diff)
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
