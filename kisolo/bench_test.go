package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// samplePositions returns n ongoing positions from seeded random games
// under the default rules, spread over the whole game.
func samplePositions(tb testing.TB, n int) []Position {
	tb.Helper()
	pl := mancala.NewPlayout[Position, Move](42)
	var out []Position
	var buf []Move
	for len(out) < n {
		p := Start()
		for {
			buf = p.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			out = append(out, p)
			q, err := p.Apply(buf[pl.IntN(len(buf))])
			if err != nil {
				tb.Fatal(err)
			}
			p = q
		}
	}
	return out[:n]
}

// TestZeroAllocs: AppendLegalMoves with a reused buffer and Apply of every
// legal move allocate nothing, on positions from all over the game and on
// an endless move (KS5, found by the cycle check).
func TestZeroAllocs(t *testing.T) {
	positions := samplePositions(t, 300)
	positions = append(positions, mustParse(t, kisoloExamples[8].before)) // KS5
	buf := make([]Move, 0, 16)
	allocs := testing.AllocsPerRun(20, func() {
		for _, p := range positions {
			buf = p.AppendLegalMoves(buf[:0])
			for _, m := range buf {
				if _, err := p.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("AppendLegalMoves + Apply allocate %v times per run", allocs)
	}
}

// TestPerft pins perft counts from the start position (rules/README.md,
// "Perft convention") as a regression check, for the default rules, the
// other board sizes and setups. The counts were produced by this package
// (no independent source exists); they guard against silent changes.
func TestPerft(t *testing.T) {
	tests := []struct {
		rules string
		want  []uint64
	}{
		{"", []uint64{1, 7, 29, 107, 357, 1132, 3602, 11411, 35090}},
		{"Columns:6", []uint64{1, 6, 16, 35, 91, 205, 500}},
		{"Columns:8", []uint64{1, 8, 41, 181, 691, 2655, 9821}},
		{"Setup:Townshend1", []uint64{1, 3, 6, 6, 30, 30, 72}},
		{"Setup:Townshend2", []uint64{1, 3, 6, 6, 18, 38, 92}},
		{"Setup:Outer3,Win:OuterRowEmptied", []uint64{1, 7, 49, 357, 2601, 17343, 99238}},
	}
	for _, tc := range tests {
		p := mustNew(t, tc.rules)
		for d, want := range tc.want {
			if testing.Short() && d > 5 {
				break
			}
			got, err := mancala.Perft[Position, Move](p, d)
			if err != nil || got != want {
				t.Errorf("rules %q: perft(%d) = %d, %v; want %d", tc.rules, d, got, err, want)
			}
		}
	}
}

// BenchmarkMovegenApply measures move generation plus Apply: for each of
// 1000 positions from random games, AppendLegalMoves into a reused buffer
// and Apply every legal move. positions/s counts the positions Apply
// returns.
func BenchmarkMovegenApply(b *testing.B) {
	positions := samplePositions(b, 1000)
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

// BenchmarkSow measures sowing speed: Apply of every legal move of 1000
// positions from random games, counting every seed dropped.
func BenchmarkSow(b *testing.B) {
	positions := samplePositions(b, 1000)
	var buf []Move
	type pm struct {
		p Position
		m Move
	}
	var work []pm
	for _, p := range positions {
		buf = p.AppendLegalMoves(buf[:0])
		for _, m := range buf {
			work = append(work, pm{p, m})
		}
	}
	seeds := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, w := range work {
			_, n, _ := w.p.applyCount(w.m)
			seeds += n
		}
	}
	b.ReportMetric(float64(seeds)/b.Elapsed().Seconds(), "seeds/s")
}

// BenchmarkEndless measures an endless move: KS5 (found by the cycle
// check) and, under Win=OuterRowEmptied, one that runs to MaxLaps =
// 1,000,000 laps (C-6).
func BenchmarkEndless(b *testing.B) {
	for _, tc := range []struct{ name, pos, move string }{
		{"KS5", kisoloExamples[8].before, "a1"},
		{"MaxLaps", "kisolo 4,0,0,1,0,1,0/0,0,0,0,0,0,0/1,3,23,1,0,9,0/0,1,2,8,13,4,13 S turn=36 rules=Win:OuterRowEmptied", "b1"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p := mustParse(b, tc.pos)
			m := mustMove(b, tc.move)
			b.ReportAllocs()
			for b.Loop() {
				q, _ := p.Apply(m)
				if q.Outcome().Reason != mancala.Endless {
					b.Fatal("not endless")
				}
			}
		})
	}
}
