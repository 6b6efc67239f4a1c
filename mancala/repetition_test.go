package mancala_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestHistory checks History's bookkeeping on the Bao la Kimasai cycle of
// docs/rules/kimasai.md (KM-R): counts, At, Moves, Undo, Reset, a refused
// move, Replay, and the rules' names.
func TestHistory(t *testing.T) {
	d := &kimasai.Descriptor
	start, err := d.Parse("kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=115 reserves=0,0 rules=Repetition:Three")
	if err != nil {
		t.Fatal(err)
	}
	var cycle []kimasai.Move
	for _, s := range strings.Fields("d8 a5 c7 a2 c1 a3 c8 a2 c7 b2 c5 b8 c2 b1 c3 b2 c1 b4 d2 b6 d4 a6 c2 a7 d6 a5 c8 a6") {
		m, err := d.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		cycle = append(cycle, m)
	}
	h := mancala.NewHistory(d, start)
	if h.Count(start) != 1 || h.Plies() != 0 || h.Start() != start || h.Position() != start {
		t.Fatalf("a new history: count %d, %d plies", h.Count(start), h.Plies())
	}
	if _, ok := h.Undo(); ok {
		t.Errorf("Undo of nothing reported a move taken back")
	}
	for _, m := range cycle {
		if _, err := h.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if h.Count(start) != 2 || h.Plies() != 28 || len(h.Moves()) != 28 {
		t.Errorf("after a round: count %d, %d plies", h.Count(start), h.Plies())
	}
	if p, ok := h.At(0); !ok || p != start {
		t.Errorf("At(0) = %v, %v", p, ok)
	}
	if _, ok := h.At(29); ok {
		t.Errorf("At(29) of 28 plies reported a position")
	}
	if _, ok := h.At(-1); ok {
		t.Errorf("At(-1) reported a position")
	}
	before := h.Position()
	if _, err := h.Apply(cycle[1]); !errors.Is(err, mancala.ErrIllegalMove) || h.Position() != before || h.Plies() != 28 {
		t.Errorf("a refused move: %v; the history changed", err)
	}
	// Undo the round: the start is counted once again.
	for range 28 {
		if _, ok := h.Undo(); !ok {
			t.Fatal("Undo failed")
		}
	}
	if h.Count(start) != 1 || h.Position() != start {
		t.Errorf("after undoing the round: count %d at %v", h.Count(start), h.Position())
	}
	// Replay of two rounds ends the game by repetition.
	r, err := mancala.Replay(d, start, append(append([]kimasai.Move(nil), cycle...), cycle...))
	if err != nil || r.Outcome().Result() != "draw:repetition" || r.Count(start) != 3 {
		t.Errorf("Replay: %v, %v, count %d", r.Outcome(), err, r.Count(start))
	}
	if _, err := mancala.Replay(d, start, []kimasai.Move{cycle[1]}); err == nil || !strings.HasPrefix(err.Error(), "mancala: replay: ply 1, a5: ") {
		t.Errorf("Replay of a refused move: %v", err)
	}
	r.Reset(start)
	if r.Plies() != 0 || r.Count(start) != 1 || r.Outcome().Over() {
		t.Errorf("Reset: %d plies, count %d", r.Plies(), r.Count(start))
	}
	if mancala.RepetitionNone.String() != "None" || mancala.RepetitionThree.String() != "Three" || mancala.RepetitionRule(7).String() != "RepetitionRule(7)" {
		t.Errorf("names: %v %v %v", mancala.RepetitionNone, mancala.RepetitionThree, mancala.RepetitionRule(7))
	}
	if o, err := mancala.ParseResult("draw:repetition"); err != nil || o.Reason != mancala.Repetition {
		t.Errorf("ParseResult(draw:repetition) = %v, %v", o, err)
	}
}

// BenchmarkHistoryApply measures a ply through a History (Apply, the
// repetition key counted in a map) against the bare Apply of the same
// ply: random Bao la Kimasai games under Repetition:Three, replayed.
func BenchmarkHistoryApply(b *testing.B) {
	d := &kimasai.Descriptor
	start, _ := d.New("Repetition:Three")
	var games [][]kimasai.Move
	for seed := range uint64(16) {
		p, r := start, mancala.NewPlayout[kimasai.Position, kimasai.Move](seed)
		var moves []kimasai.Move
		for !p.Outcome().Over() {
			ms := p.AppendLegalMoves(nil)
			m := ms[r.IntN(len(ms))]
			moves = append(moves, m)
			p, _ = p.Apply(m)
		}
		games = append(games, moves)
	}
	plies := 0
	for _, g := range games {
		plies += len(g)
	}
	b.Run("history", func(b *testing.B) {
		b.ReportAllocs()
		h := mancala.NewHistory(d, start)
		for b.Loop() {
			for _, g := range games {
				h.Reset(start)
				for _, m := range g {
					h.Apply(m)
				}
			}
		}
		b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
	})
	b.Run("apply", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, g := range games {
				p := start
				for _, m := range g {
					p, _ = p.Apply(m)
				}
			}
		}
		b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
	})
}
