package kisolo

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// mustParse parses a position or fails the test.
func mustParse(t testing.TB, s string) Position {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

// mustMove parses a move or fails the test.
func mustMove(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

// rotate turns p half a turn with the sides swapped: every pit's seeds go
// to the pit rotated half a turn (pit i to i+2C mod 4C, KS-2), the other
// player is to move (the turn advances by one, which keeps the turn's
// parity matching the side and commutes with Apply: rotate(p).Apply(m')
// and rotate(p.Apply(m)) both end one turn later), and a winner becomes
// the other player.
func rotate(p Position) Position {
	g := p.geom()
	q := p
	q.seeds = [32]uint8{}
	for i := 0; i < 4*g.c; i++ {
		q.seeds[(i+2*g.c)%(4*g.c)] = p.seeds[i]
	}
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
// becomes 3-r and file f becomes c+1-f.
func rotateMove(m Move, c int) Move {
	if m.IsZero() {
		return m
	}
	return Move{kind: m.kind, row: uint8(3 - int(m.row)), file: uint8(c + 1 - int(m.file))}
}

func rotateMoves(ms []Move, c int) []Move {
	out := []Move{}
	for _, m := range ms {
		out = append(out, rotateMove(m, c))
	}
	return out
}

// tb is what the helpers need of *testing.T and *rapid.T.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkTrace applies m to p with ApplyTrace and checks that it returns
// what Apply returns and that its events replay to the new board.
func checkTrace(t tb, p Position, m Move) []mancala.Event {
	t.Helper()
	want, werr := p.Apply(m)
	var events []mancala.Event
	got, gerr := p.ApplyTrace(m, func(e mancala.Event) { events = append(events, e) })
	if (werr == nil) != (gerr == nil) || got != want {
		t.Fatalf("ApplyTrace(%v) = %v, %v; Apply = %v, %v", m, got, gerr, want, werr)
	}
	if werr != nil {
		if len(events) != 0 {
			t.Fatalf("refused move %v reported events %v", m, events)
		}
		return nil
	}
	c := p.Counts()
	if err := c.ReplayAll(events); err != nil {
		t.Fatalf("trace of %v does not replay: %v", m, err)
	}
	if diff := cmp.Diff(want.Counts(), c); diff != "" {
		t.Fatalf("trace of %v replayed (-apply +replay):\n%s", m, diff)
	}
	if n := len(events); n == 0 || events[n-1].Kind != mancala.End {
		t.Fatalf("trace of %v does not end with End: %v", m, events)
	}
	return events
}

// wantRefused checks that err is a *mancala.MoveError wrapping target.
func wantRefused(t testing.TB, err error, target error) {
	t.Helper()
	var me *mancala.MoveError
	if !errors.As(err, &me) || !errors.Is(err, target) || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("error %v: want a *mancala.MoveError wrapping %v", err, target)
	}
	if me.Game != Name {
		t.Fatalf("error %v names game %q", err, me.Game)
	}
}

// rotateResult swaps the winner of a result text ("S:inner" <-> "N:inner").
func rotateResult(s string) string {
	switch {
	case strings.HasPrefix(s, "S:"):
		return "N:" + s[2:]
	case strings.HasPrefix(s, "N:"):
		return "S:" + s[2:]
	}
	return s
}

// resultText returns the outcome as the examples write it.
func resultText(o mancala.Outcome) string {
	if !o.Over() {
		return "ongoing"
	}
	return o.Result()
}
