package kimasai

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// view is a position spelled out for cmp.Diff: rows as a player at South's
// seat sees them (d, c, b, a), reserves, side, turn, phase, result, rules.
type view struct {
	D, C, B, A [Files]int
	Reserves   [2]int
	ToMove     mancala.Player
	Turn       int
	Phase      int
	Outcome    mancala.Outcome
	Written    bool
	Rules      Rules
}

func viewOf(p Position) view {
	v := view{Reserves: [2]int{p.Reserve(mancala.South), p.Reserve(mancala.North)}, ToMove: p.ToMove(),
		Turn: p.Turn(), Phase: p.Phase(), Outcome: p.Outcome(), Written: p.written, Rules: p.Rules()}
	rows := []*[Files]int{&v.D, &v.C, &v.B, &v.A}
	for r := range 4 {
		for f := range Files {
			rows[r][f] = p.Seeds(rowPits[r][f])
		}
	}
	return v
}

// samePosition fails t unless got == want, showing a diff of their views.
func samePosition(t *testing.T, want, got Position) {
	t.Helper()
	if diff := cmp.Diff(viewOf(want), viewOf(got)); diff != "" {
		t.Fatalf("position mismatch (-want +got):\n%s\nwant %s\ngot  %s", diff, want, got)
	}
	if want != got {
		t.Fatalf("positions print alike but differ:\nwant %#v\ngot  %#v", want, got)
	}
}

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

// rotate turns p half a turn round the board (KM-2: North's numbering is
// South's rotated), swapping the players' pits, reserves and any result,
// and sets the turn to turn (whose parity must be the other side's).
func rotate(p Position, turn int) Position {
	q := p
	for i := range Pits {
		q.pits[layout.Rotate(i)] = p.pits[i]
	}
	q.reserves = [2]uint8{p.reserves[1], p.reserves[0]}
	if p.status == mancala.Win {
		q.winner = p.winner.Other()
	}
	q.turn = uint32(turn)
	return q
}

func rotateMove(m Move) Move { return MoveAt(layout.Rotate(m.Pit())) }

// mirrorShift returns the turn shift that mirrors a position at turn t for
// the other side while keeping whether the turn is a free first turn under
// FreeFirstTurn=EachPlayer (turn 0 <-> 1) and keeping turn 1 of GameOnly
// (not free) away from turn 0.
func mirrorShift(t int, r Rules) int {
	switch {
	case t%2 == 0:
		return 1
	case t == 1 && r.FreeFirstTurn == GameOnly:
		return 1
	}
	return -1
}

// mirrorRules returns the rules under which the mirror of a position at
// turn t plays alike: South's free turn 0 under GameOnly needs North's turn
// 1 to be free too, which is EachPlayer.
func mirrorRules(t int, r Rules) Rules {
	if t == 0 && r.FreeFirstTurn == GameOnly {
		r.FreeFirstTurn = EachPlayer
	}
	return r
}

// mirror returns p (at turn t0, the example's start turn) for the other
// side, as mirrorShift and mirrorRules say.
func mirror(p Position, t0 int, r0 Rules) Position {
	q := rotate(p, p.Turn()+mirrorShift(t0, r0))
	q.rules = mirrorRules(t0, r0)
	return q
}
