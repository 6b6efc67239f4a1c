package kiothi

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// posOpts lets cmp compare positions field by field.
var posOpts = cmp.AllowUnexported(Position{})

// mustParse and mustMove parse a position and a move, or fail the test.
func mustParse(t gametest.TB, s string) Position {
	t.Helper()
	return gametest.MustParse(t, &Descriptor, s)
}
func mustMove(t gametest.TB, s string) Move { t.Helper(); return gametest.MustMove(t, &Descriptor, s) }

// checkPos fails t unless got is exactly the position want (in notation):
// the same text and the same value.
func checkPos(t testing.TB, want string, got Position) {
	t.Helper()
	w := mustParse(t, want)
	if diff := cmp.Diff(want, got.String()); diff != "" {
		t.Errorf("position text (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(w, got, posOpts); diff != "" {
		t.Errorf("position value (-want +got):\n%s", diff)
	}
}

// outcomeText formats an outcome as the outcome column of examples.tsv.
func outcomeText(o mancala.Outcome) string {
	if !o.Over() {
		return "ongoing"
	}
	return o.Result() + " " + strconv.Itoa(o.Score[0]) + "-" + strconv.Itoa(o.Score[1])
}

// play applies the space-separated moves to the position text and returns
// the result.
func play(t testing.TB, pos string, moves string) Position {
	t.Helper()
	p := mustParse(t, pos)
	for _, s := range strings.Fields(moves) {
		q, err := p.Apply(mustMove(t, s))
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		p = q
	}
	return p
}

// checkRefused is [gametest.CheckRefused] for Kiothi.
func checkRefused(t testing.TB, p Position, m Move, sentinel error) {
	t.Helper()
	gametest.CheckRefused(t, &Descriptor, p, m, sentinel)
}

// checkTrace is [gametest.CheckTrace] for Kiothi; it also fails t unless
// the move gives q.
func checkTrace(t gametest.TB, p Position, m Move, q Position) []mancala.Event {
	t.Helper()
	if got, err := p.Apply(m); err != nil || got != q {
		t.Fatalf("%v: Apply(%v) = %v, %v; want %v", p, m, got, err, q)
	}
	return gametest.CheckTrace(t, &Descriptor, p, m)
}

// runExample plays a worked example as written, or with north turned half
// a turn for the other player.
func runExample(t *testing.T, ex gametest.Example, north bool) {
	t.Helper()
	if north {
		ex = gametest.MirrorExample(ex,
			func(s string) string { return rotateText(t, s) },
			func(s string) string { return rotateMove(mustMove(t, s)).String() })
	}
	gametest.RunExample(t, &Descriptor, ex, outcomeText)
}

// rotate turns p half a turn with the sides swapped (docs/design.md numbering):
// pit i becomes pit i+10 mod 20, the prisons and the winner swap and the
// turn advances by one so that the other player is to move.
func rotate(p Position) Position {
	q := p
	rot := func(mask uint32) uint32 { return (mask<<10 | mask>>10) & (1<<Pits - 1) }
	for i := range Pits {
		q.pits[(i+Files)%Pits] = p.pits[i]
	}
	q.nki, q.lifted = rot(p.nki), rot(p.lifted)
	q.prisons = [2]uint8{p.prisons[1], p.prisons[0]}
	q.turn = p.turn + 1
	if p.phase == phaseDrop {
		q.dropFrom = uint8((int(p.dropFrom) + Files) % Pits)
	}
	if p.status == mancala.Win {
		q.winner = p.winner.Other()
	}
	return q
}

// rotateMove turns a move half a turn.
func rotateMove(m Move) Move {
	if m.kind == SowKind || m.kind == LiftKind || m.kind == DropKind {
		m.pit = uint8((int(m.pit) + Files) % Pits)
	}
	return m
}

// rotateText rotates a position given in notation.
func rotateText(t testing.TB, s string) string {
	t.Helper()
	return rotate(mustParse(t, s)).String()
}

func isIllegal(err error) bool { return errors.Is(err, mancala.ErrIllegalMove) }

// fastSow runs the packed sowing core on the move (pit, k) of p and returns
// its laps and whether it is endless (C-6).
func fastSow(p Position, pit, k int) (int, bool) {
	w0, w1, w2 := p.words()
	_, _, _, _, _, _, laps, endless := sowWords(w0, w1, w2, p.nki, uint(p.turn&1), uint(pit), uint(k), p.rules)
	return int(laps), endless
}

// withMaxLaps returns p under its rules with MaxLaps n.
func withMaxLaps(p Position, n int) Position {
	r := p.Rules()
	r.MaxLaps = n
	p.rules = packRules(r.Normalize())
	return p
}

// mustNew returns the start position for rules given as in rules=.
func mustNew(t testing.TB, rules string) Position {
	t.Helper()
	p, err := Descriptor.New(rules)
	if err != nil {
		t.Fatalf("New(%q): %v", rules, err)
	}
	return p
}
