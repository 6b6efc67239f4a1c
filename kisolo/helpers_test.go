package kisolo

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

// rotate turns p half a turn with the sides swapped: every pit's seeds go
// to the pit rotated half a turn (pit i to i+2C mod 4C, KS-2), the other
// player is to move (the turn advances by one, which keeps the turn's
// parity matching the side and commutes with Apply: rotate(p).Apply(m')
// and rotate(p.Apply(m)) both end one turn later), and a winner becomes
// the other player.
func rotate(p Position) Position {
	g := p.geom()
	q := p
	b := p.board()
	var r [32]uint8
	for i := 0; i < 4*g.c; i++ {
		r[(i+2*g.c)%(4*g.c)] = b[i]
	}
	q.setBoard(&r)
	q.turn = p.turn + 1
	if p.result != 0 {
		o := decodeResult(p.result)
		if o.Status == mancala.Win {
			o.Winner = o.Winner.Other()
		}
		q.result = encodeResult(o)
	}
	return q // the endless mask is indexed along the mover's circuit: unchanged
}

// rotateMove returns m turned half a turn on a board of c files: row r
// becomes 3-r and file f becomes c+1-f; a file beyond the board stays
// (a8 on 7 files becomes d8, off the board too).
func rotateMove(m Move, c int) Move {
	if m.IsZero() {
		return m
	}
	f := m.pit.File()
	if f <= c {
		f = c + 1 - f
	}
	return Move{kind: m.kind, pit: PitAt(3-m.pit.Row(), f)}
}

func rotateMoves(ms []Move, c int) []Move {
	out := []Move{}
	for _, m := range ms {
		out = append(out, rotateMove(m, c))
	}
	return out
}

// checkTrace is [gametest.CheckTrace] for Kisolo.
func checkTrace(t gametest.TB, p Position, m Move) []mancala.Event {
	t.Helper()
	return gametest.CheckTrace(t, &Descriptor, p, m)
}

// runExample plays a worked example or clause case as written, or with
// north for the other player on the board rotated half a turn.
func runExample(t *testing.T, ex gametest.Example, north bool) {
	t.Helper()
	if north {
		ex = mirrorExample(t, ex)
	}
	gametest.RunExample(t, &Descriptor, ex, nil)
}

// mirrorExample returns ex for the other player: every position rotated
// half a turn (rotate), every move with it.
func mirrorExample(t testing.TB, ex gametest.Example) gametest.Example {
	t.Helper()
	c := mustParse(t, ex.Before).Rules().files()
	return gametest.MirrorExample(ex,
		func(s string) string { return rotate(mustParse(t, s)).String() },
		func(s string) string { return rotateMove(mustMove(t, s), c).String() })
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
