package kiothi

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/examplestsv"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// example is one row of rules/examples.tsv: a position, a move, the
// position after it (or "ILLEGAL"; for the move "-", the legal moves of
// before) and the outcome column.
type example struct {
	id, before, move, after, outcome string
}

// kiothiExamples are the Kiothi worked examples of rules/kiothi.md, kept
// here so that the tests do not depend on the shared file;
// TestExamplesFileMatches checks that they equal its KT rows.
var kiothiExamples = []example{
	{"KT1", "kiothi 0,0,0,0,3,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0", "a3:2", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove", "S:nomove 5-0"},
	{"KT2", "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0", "a3:2", "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,0,1,1,0,0,0,0,0 N turn=3 prisons=0,0", "ongoing"},
	{"KT3", "kiothi 0,0,0,0,3,0,0,0,0,0/0,0,5*,0,0,0,0,0,0,0 S turn=2 prisons=0,0", "a3:2", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=8,0 result=S:nomove", "S:nomove 8-0"},
	{"KT4a", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,2,0,1,0,0,0,0,0 S turn=2 prisons=0,0", "a3:2", "ILLEGAL", "refused"},
	{"KT4b", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,2,0,1,0,0,0,0,0 S turn=2 prisons=0,0", "a3:1", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=3,0 result=S:nomove", "S:nomove 3-0"},
	{"KT5", "kiothi 0,0,0,0,0,0,0,0,1*,0/0,0,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0", "a10:2", "kiothi 0,0,0,0,0,0,1,1,0,1/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=0,0", "ongoing"},
	{"KT6", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0", "a9:12", "kiothi 0,0,0,0,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=5,0", "ongoing"},
	{"KT6b", "kiothi 0,0,1*,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0", "a9:12", "kiothi 0,1,2*,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=2,0", "ongoing"},
	{"KT7", "kiothi 0,0,0,0,0,0,0,0,9,0/0,1,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0", "a10:2", "kiothi 1,1,1,0,1,1,1,1,0,1/1,0,1,0,0,0,0,0,0,0 N turn=3 prisons=2,0", "ongoing"},
	{"KT8", "kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=20,35", "-", "(none)", "N:nomove 20-40"},
	{"KT9", "kiothi 0,0,0,0,0,0,0,2,0,0/0,0,0,0,0,3,0,0,0,0 N turn=3 prisons=0,0", "b8:2", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=4 prisons=0,5 result=N:nomove", "N:nomove 0-5"},
	{"KT10", "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0", "a9:3", "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 N turn=3 prisons=0,0 result=draw:endless", "draw:endless 0-0"},
	{"KT10i", "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0 rules=Endless:Illegal", "a9:3", "ILLEGAL", "refused"},
}

// runExample checks one worked example: the move's result (or refusal),
// the outcome, and the trace replayed on the old counts.
func runExample(t *testing.T, ex example) {
	t.Helper()
	p := mustParse(t, ex.before)
	if ex.move == "-" {
		var got []string
		for _, m := range p.LegalMoves() {
			got = append(got, m.String())
		}
		want := strings.Fields(ex.after)
		if ex.after == "(none)" {
			want = nil
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("legal moves (-want +got):\n%s", diff)
		}
		if got := outcomeText(p.Outcome()); got != ex.outcome {
			t.Errorf("outcome %q, want %q", got, ex.outcome)
		}
		return
	}
	m := mustMove(t, ex.move)
	if ex.after == "ILLEGAL" {
		checkRefused(t, p, m, mancala.ErrIllegalMove)
		for _, l := range p.LegalMoves() {
			if l == m {
				t.Errorf("refused move %v is listed as legal", m)
			}
		}
		return
	}
	q, err := p.Apply(m)
	if err != nil {
		t.Fatalf("Apply(%v): %v", m, err)
	}
	checkPos(t, ex.after, q)
	if got := outcomeText(q.Outcome()); got != ex.outcome {
		t.Errorf("outcome %q, want %q", got, ex.outcome)
	}
	checkTrace(t, p, m, q)
}

// checkTrace checks that ApplyTrace gives q and that its events replay the
// counts of p into those of q, ending with exactly one End.
func checkTrace(t testing.TB, p Position, m Move, q Position) {
	t.Helper()
	var events []mancala.Event
	q2, err := p.ApplyTrace(m, func(e mancala.Event) { events = append(events, e) })
	if err != nil || q2 != q {
		t.Fatalf("ApplyTrace: %v, %v; want %v", q2, err, q)
	}
	if len(events) == 0 || events[len(events)-1].Kind != mancala.End {
		t.Fatalf("trace does not end with End: %v", events)
	}
	c := p.Counts()
	if err := c.ReplayAll(events); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if diff := cmp.Diff(q.Counts(), c); diff != "" {
		t.Errorf("trace replay (-apply +replay):\n%s", diff)
	}
}

func TestExamples(t *testing.T) {
	for _, ex := range kiothiExamples {
		t.Run(ex.id, func(t *testing.T) { runExample(t, ex) })
	}
}

// TestExamplesMirrored plays every worked example turned half a turn: North
// in South's place (KT9 is KT1's mirror written out in the rules file).
func TestExamplesMirrored(t *testing.T) {
	for _, ex := range kiothiExamples {
		t.Run(ex.id, func(t *testing.T) {
			p := mustParse(t, ex.before)
			rp := rotate(p)
			if ex.move == "-" {
				o := p.Outcome()
				ro := rp.Outcome()
				if ro.Winner != o.Winner.Other() || ro.Score != [2]int{o.Score[1], o.Score[0]} || ro.Reason != o.Reason {
					t.Errorf("mirrored outcome %v, want the mirror of %v", ro, o)
				}
				return
			}
			m := rotateMove(mustMove(t, ex.move))
			if ex.after == "ILLEGAL" {
				checkRefused(t, rp, m, mancala.ErrIllegalMove)
				return
			}
			q, err := rp.Apply(m)
			if err != nil {
				t.Fatalf("%v %v: %v", rp, m, err)
			}
			checkPos(t, rotateText(t, ex.after), q)
			checkTrace(t, rp, m, q)
		})
	}
}

// TestMirrorOfKT1IsKT9 pins the rotation used by the mirrored tests to the
// rules file's own mirror example.
func TestMirrorOfKT1IsKT9(t *testing.T) {
	kt1, kt9 := kiothiExamples[0], kiothiExamples[10]
	if got := rotateText(t, kt1.before); got != kt9.before {
		t.Errorf("rotated KT1 = %q, want KT9 %q", got, kt9.before)
	}
	if got := rotateMove(mustMove(t, kt1.move)).String(); got != kt9.move {
		t.Errorf("rotated move %q, want %q", got, kt9.move)
	}
	if got := rotateText(t, kt1.after); got != kt9.after {
		t.Errorf("rotated KT1 after = %q, want KT9 %q", got, kt9.after)
	}
}

// TestExamplesFileMatches reads the shared examples file and checks that
// its KT rows are exactly the in-code table, then plays them.
func TestExamplesFileMatches(t *testing.T) {
	rows := fileExamples(t, Name)
	if diff := cmp.Diff(kiothiExamples, rows, cmp.AllowUnexported(example{})); diff != "" {
		t.Errorf("examples.tsv KT rows differ from the in-code table (-code +file):\n%s", diff)
	}
	for _, ex := range rows {
		t.Run(ex.id, func(t *testing.T) { runExample(t, ex) })
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
