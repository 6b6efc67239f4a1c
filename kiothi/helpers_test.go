package kiothi

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// posOpts lets cmp compare positions field by field.
var posOpts = cmp.AllowUnexported(Position{})

func mustParse(t testing.TB, s string) Position {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

func mustMove(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

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

// checkRefused fails t unless m is refused in p with an error wrapping
// sentinel and leaves p unchanged, reporting no trace events.
func checkRefused(t testing.TB, p Position, m Move, sentinel error) {
	t.Helper()
	before := p
	text := p.String()
	_, err := p.Apply(m)
	if err == nil {
		t.Fatalf("%v: move %v accepted, want refused", p, m)
	}
	if !errors.Is(err, sentinel) || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Errorf("%v: move %v refused with %v, want an error wrapping %v", p, m, err, sentinel)
	}
	var me *mancala.MoveError
	if !errors.As(err, &me) || me.Game != Name || me.Reason == "" {
		t.Errorf("error %v is not a kiothi *mancala.MoveError with a reason", err)
	}
	n := 0
	if _, err := p.ApplyTrace(m, func(mancala.Event) { n++ }); err == nil || n != 0 {
		t.Errorf("ApplyTrace of a refused move: err %v, %d events", err, n)
	}
	if p != before || p.String() != text {
		t.Errorf("receiver changed")
	}
}

// rotate turns p half a turn with the sides swapped (DESIGN.md numbering):
// pit i becomes pit i+10 mod 20, the prisons and the winner swap and the
// turn advances by one so that the other player is to move.
func rotate(p Position) Position {
	q := p
	rot := func(mask uint32) uint32 { return (mask<<10 | mask>>10) & (1<<NumPits - 1) }
	for i := range NumPits {
		q.pits[(i+Files)%NumPits] = p.pits[i]
	}
	q.nki, q.lifted = rot(p.nki), rot(p.lifted)
	q.prisons = [2]uint8{p.prisons[1], p.prisons[0]}
	q.turn = p.turn + 1
	if p.phase == phaseDrop {
		q.dropFrom = uint8((int(p.dropFrom) + Files) % NumPits)
	}
	if p.status == mancala.Win {
		q.winner = p.winner.Other()
	}
	return q
}

// rotateMove turns a move half a turn.
func rotateMove(m Move) Move {
	if m.kind == SowMove || m.kind == LiftMove || m.kind == DropMove {
		if m.pit != noPit {
			m.pit = uint8((int(m.pit) + Files) % NumPits)
		}
	}
	return m
}

// rotateText rotates a position given in notation.
func rotateText(t testing.TB, s string) string {
	t.Helper()
	return rotate(mustParse(t, s)).String()
}

func isIllegal(err error) bool { return errors.Is(err, mancala.ErrIllegalMove) }
