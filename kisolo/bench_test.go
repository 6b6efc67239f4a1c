package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// samplePositions returns the ongoing positions of games seeded random
// games from the start under the default rules (about 23 per game).
func samplePositions(tb gametest.TB, games int) []Position {
	tb.Helper()
	return gametest.SamplePositions(tb, &Descriptor, Start(), games, nil)
}

// TestZeroAllocs: AppendLegalMoves with a reused buffer and Apply of every
// legal move allocate nothing, on positions from all over the game, under
// Endless=Illegal (whose move generation plays every candidate out), and
// on an endless move (KS5, found by the cycle check).
func TestZeroAllocs(t *testing.T) {
	positions := samplePositions(t, 13)
	positions = append(positions, gametest.SamplePositions(t, &Descriptor, mustNew(t, "Endless:Illegal"), 3, nil)...)
	positions = append(positions, mustParse(t, gametest.ExampleByID(t, Name, "KS5").Before))
	gametest.ZeroAllocs(t, &Descriptor, positions)
}

// BenchmarkLegalApply measures move generation plus Apply: for each
// position of 44 random games (about 1000), AppendLegalMoves into a reused
// buffer and Apply every legal move. positions/s counts the positions
// Apply returns.
func BenchmarkLegalApply(b *testing.B) {
	positions := samplePositions(b, 44)
	buf := make([]Move, 0, 16)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range positions {
			buf = p.AppendLegalMoves(buf[:0])
			for _, m := range buf {
				p.Apply(m)
				n++
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkPlayout measures seeded random playouts from the start
// position to the end of the game, under the default rules.
func BenchmarkPlayout(b *testing.B) {
	gametest.BenchPlayouts[Position, Move](b, Start())
}

// BenchmarkPlayoutEndlessIllegal is BenchmarkPlayout under Endless=Illegal,
// where move generation must leave out every endless candidate (C-6).
func BenchmarkPlayoutEndlessIllegal(b *testing.B) {
	start, err := New(Rules{Endless: Illegal})
	if err != nil {
		b.Fatal(err)
	}
	gametest.BenchPlayouts[Position, Move](b, start)
}

// BenchmarkSow measures sowing speed: Apply of every legal move of the
// positions of 44 random games, counting every seed dropped (capture laps
// included; none for an endless move), as the seed-by-seed trace counts
// them.
func BenchmarkSow(b *testing.B) {
	positions := samplePositions(b, 44)
	var buf []Move
	type pm struct {
		p Position
		m Move
	}
	var work []pm
	perRound := 0
	for _, p := range positions {
		buf = p.AppendLegalMoves(buf[:0])
		for _, m := range buf {
			work = append(work, pm{p, m})
			q, _ := p.Apply(m)
			if q.Outcome().Reason != mancala.Endless {
				t := p.board()
				_, n := p.trace(&t, m.Kind(), p.Index(m.Pit()), nil)
				perRound += n
			}
		}
	}
	seeds := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, w := range work {
			w.p.Apply(w.m)
		}
		seeds += perRound
	}
	b.ReportMetric(float64(seeds)/b.Elapsed().Seconds(), "seeds/s")
}

// BenchmarkEndless measures an endless move found by the cycle check:
// KS5 (C-6, KS-12).
func BenchmarkEndless(b *testing.B) {
	p := mustParse(b, gametest.ExampleByID(b, Name, "KS5").Before)
	m := mustMove(b, "a1")
	b.ReportAllocs()
	for b.Loop() {
		q, _ := p.Apply(m)
		if q.Outcome().Reason != mancala.Endless {
			b.Fatal("not endless")
		}
	}
}

// BenchmarkApplyMaxLaps times one Apply that sows to MaxLaps (1,000,000
// laps), the worst case of C-6: under Win=OuterRowEmptied the move b1
// loops with a period too long for the cycle check to see within MaxLaps
// laps.
func BenchmarkApplyMaxLaps(b *testing.B) {
	gametest.BenchMaxLaps(b, &Descriptor, "kisolo 4,0,0,1,0,1,0/0,0,0,0,0,0,0/1,3,23,1,0,9,0/0,1,2,8,13,4,13 S turn=36 rules=Win:OuterRowEmptied", "b1")
}
