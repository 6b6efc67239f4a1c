package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// mustParse and mustMove parse a position and a move, or fail the test.
func mustParse(t gametest.TB, s string) Position {
	t.Helper()
	return gametest.MustParse(t, &Descriptor, s)
}
func mustMove(t gametest.TB, s string) Move { t.Helper(); return gametest.MustMove(t, &Descriptor, s) }

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
	return rederive(q)
}

// rederive derives q's legal moves afresh, as they depend on the turn (a
// reserve cow placed or not, KM-6) and the rules.
func rederive(q Position) Position {
	if q.status == mancala.Ongoing && q.rules.illegal() {
		occ := q.occupied()
		q.legal = uint16(occ &^ uint(q.endlessMask(occ)))
	}
	return q
}

func rotateMove(m Move) Move {
	if m.IsZero() {
		return m
	}
	return Sow(pitOf(layout.Rotate(m.Pit().index())))
}

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
	q.rules = packRules(mirrorRules(t0, r0))
	return rederive(q)
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
