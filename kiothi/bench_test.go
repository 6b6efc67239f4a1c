package kiothi

import (
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// worstCase is a position reached in a random game whose move b4:4 loops
// with a period too long for the cycle check to see within MaxLaps laps:
// it runs to the full 1,000,000 laps (C-6), the slowest Apply there is
// under the default rules.
const (
	worstCase     = "kiothi 0,1,7,4,5,6,3,1,5,1/2,3,0,1,2,1,5,1,5,2 N turn=9 prisons=5,0"
	worstCaseMove = "b4:4"
)

// samplePositions returns the positions past the opening of games seeded
// random games from the start.
func samplePositions(tb gametest.TB, games int) []Position {
	tb.Helper()
	return gametest.SamplePositions(tb, &Descriptor, Start(), games, func(p Position) bool { return p.turn >= 2 })
}

// TestZeroAllocs: AppendLegalMoves with a reused buffer and Apply allocate
// nothing, in the opening and after it, and under Endless=Illegal (whose
// move generation plays every candidate out).
func TestZeroAllocs(t *testing.T) {
	ps := samplePositions(t, 20)
	ps = append(ps, Start(), mustParse(t, afterSouth), mustParse(t, "kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1"),
		mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0"))
	illegal, err := New(Rules{Endless: Illegal})
	if err != nil {
		t.Fatal(err)
	}
	ps = append(ps, gametest.SamplePositions(t, &Descriptor, illegal, 3, nil)...)
	gametest.ZeroAllocs(t, &Descriptor, ps)
}

// TestWorstCaseRunsToMaxLaps pins the benchmark's worst case: the move is
// endless only by the MaxLaps bound (the cycle check does not see its loop
// first), and a smaller MaxLaps cuts it short.
func TestWorstCaseRunsToMaxLaps(t *testing.T) {
	if testing.Short() {
		t.Skip("sows a million laps")
	}
	p := mustParse(t, worstCase)
	m := mustMove(t, worstCaseMove)
	q := p
	start := time.Now()
	laps, endless := fastSow(q, p.Index(m.Pit()), m.Count())
	if !endless || laps != DefaultMaxLaps {
		t.Errorf("worst case: endless %v after %d laps; want MaxLaps", endless, laps)
	}
	t.Logf("one Apply to MaxLaps: %v", time.Since(start))
	after, err := p.Apply(m)
	if err != nil || after.Outcome().Reason != mancala.Endless {
		t.Errorf("worst case Apply: %v, %v", after, err)
	}
}

func BenchmarkLegalApply(b *testing.B) {
	ps := samplePositions(b, 200)
	buf := make([]Move, 0, 256)
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, p := range ps {
			buf = p.AppendLegalMoves(buf[:0])
			for _, m := range buf {
				q, _ := p.Apply(m)
				_ = q
				n++
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkApplyTrace(b *testing.B) {
	ps := samplePositions(b, 200)
	buf := make([]Move, 0, 256)
	n, events := 0, 0
	fn := func(mancala.Event) { events++ }
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ps {
			buf = p.AppendLegalMoves(buf[:0])
			for _, m := range buf {
				_, _ = p.ApplyTrace(m, fn)
				n++
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkSow reports warriors sown per second by Apply over every legal
// move of the sample positions.
func BenchmarkSow(b *testing.B) {
	type pm struct {
		p Position
		m Move
	}
	var moves []pm
	sown := 0
	for _, p := range samplePositions(b, 200) {
		for _, m := range p.LegalMoves() {
			q := p
			_, s, _ := q.trace(p.Index(m.Pit()), m.Count(), nil)
			sown += s
			moves = append(moves, pm{p, m})
		}
	}
	total := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, x := range moves {
			_, _ = x.p.Apply(x.m)
		}
		total += sown
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "seeds/s")
}

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

// BenchmarkApplyMaxLaps times one Apply that sows to MaxLaps (1,000,000
// laps), the worst case of C-6.
func BenchmarkApplyMaxLaps(b *testing.B) {
	gametest.BenchMaxLaps(b, &Descriptor, worstCase, worstCaseMove)
}
