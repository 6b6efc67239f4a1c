package kimasai

import (
	"fmt"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// samplePositions returns the positions of games seeded random games from
// the start under rules r: a fixed, varied workload of both phases.
func samplePositions(tb gametest.TB, r Rules, games int) []Position {
	tb.Helper()
	start, err := New(r)
	if err != nil {
		tb.Fatalf("New(%v): %v", r, err)
	}
	return gametest.SamplePositions(tb, &Descriptor, start, games, nil)
}

// TestZeroAllocs: AppendLegalMoves into a reused buffer and Apply of every
// legal move allocate nothing, under Endless=Draw and Endless=Illegal.
func TestZeroAllocs(t *testing.T) {
	ps := append(samplePositions(t, Rules{}, 5), samplePositions(t, Rules{Endless: Illegal}, 5)...)
	gametest.ZeroAllocs(t, &Descriptor, ps)
}

// BenchmarkLegalApply measures AppendLegalMoves + Apply of every legal move
// over the positions of random games; positions/s counts the positions
// produced.
func BenchmarkLegalApply(b *testing.B) {
	for _, r := range []Rules{{}, {Endless: Illegal}} {
		name := r.String()
		if name == "" {
			name = "default"
		}
		b.Run(name, func(b *testing.B) {
			ps := samplePositions(b, r, 50)
			buf := make([]Move, 0, 16)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, p := range ps {
					buf = p.AppendLegalMoves(buf[:0])
					for _, m := range buf {
						if _, err := p.Apply(m); err != nil {
							b.Fatal(err)
						}
						n++
					}
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkPlayout plays random games from the start to the end.
func BenchmarkPlayout(b *testing.B) {
	for _, r := range []Rules{{}, {Endless: Illegal}} {
		name := r.String()
		if name == "" {
			name = "default"
		}
		b.Run(name, func(b *testing.B) {
			start, _ := New(r)
			gametest.BenchPlayouts[Position, Move](b, start)
		})
	}
}

// BenchmarkSow measures the sowing core on every finite candidate move of
// random games' positions: cows sown per second (and laps per second).
func BenchmarkSow(b *testing.B) {
	ps := samplePositions(b, Rules{}, 50)
	type job struct {
		p Position
		h int
	}
	var jobs []job
	perRound := 0 // cows dropped by one round of jobs, as the cow-by-cow trace counts them
	for _, p := range ps {
		bs := base(p.ToMove())
		for h := range 16 {
			if p.pits[bs+h] != 0 && !p.endlessAt(h) {
				jobs = append(jobs, job{p, h})
				p.trace(bs+h, 1<<22, func(e mancala.Event) {
					if e.Kind == mancala.Drop {
						perRound++
					}
				})
			}
		}
	}
	b.ReportAllocs()
	cows, laps := 0, 0
	for b.Loop() {
		for i := range jobs {
			r := jobs[i].p.sow(jobs[i].h)
			laps += r.laps
		}
		cows += perRound
	}
	b.ReportMetric(float64(cows)/b.Elapsed().Seconds(), "seeds/s")
	b.ReportMetric(float64(laps)/b.Elapsed().Seconds(), "laps/s")
}

// BenchmarkEndless measures what an endless move costs Apply (C-6, KM-13):
// BK5 (period 128, proved by the cycle check) and the typical endless move
// of random games.
func BenchmarkEndless(b *testing.B) {
	b.Run("BK5", func(b *testing.B) {
		p := mustParse(b, gametest.ExampleByID(b, Name, "BK5").Before)
		m := mustMove(b, "a2")
		laps := p.sow(p.Index(m.Pit()) - base(p.ToMove())).laps
		b.ReportAllocs()
		for b.Loop() {
			q, err := p.Apply(m)
			if err != nil || q.Outcome().Reason != mancala.Endless {
				b.Fatalf("%v %v", q, err)
			}
		}
		b.ReportMetric(float64(laps), "laps/op")
	})
	b.Run("random-games", func(b *testing.B) {
		ps := samplePositions(b, Rules{}, 200)
		type job struct {
			p Position
			h int
		}
		var jobs []job
		for _, p := range ps {
			bs := base(p.ToMove())
			for h := range 16 {
				if p.pits[bs+h] != 0 && p.endlessAt(h) {
					jobs = append(jobs, job{p, h})
				}
			}
		}
		b.ReportAllocs()
		laps, n := 0, 0
		for b.Loop() {
			for i := range jobs {
				laps += jobs[i].p.sow(jobs[i].h).laps
				n++
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/endless-move")
		b.ReportMetric(float64(laps)/float64(n), "laps/endless-move")
	})
}

// BenchmarkApplyMaxLaps times one Apply that sows to MaxLaps (1,000,000
// laps), the worst case of C-6: the slowest loop found (period 860,368
// laps), which the cycle check cannot prove within the bound.
func BenchmarkApplyMaxLaps(b *testing.B) {
	gametest.BenchMaxLaps(b, &Descriptor, slowLoop, slowLoopMove)
}

// TestEndlessCost reports (with -v) what endless moves cost in random games:
// how many candidates are endless and the mean and worst detection time.
func TestEndlessCost(t *testing.T) {
	if testing.Short() {
		t.Skip("timing report")
	}
	ps := samplePositions(t, Rules{}, 300)
	var total, worst time.Duration
	n, cands, worstLaps := 0, 0, 0
	for _, p := range ps {
		bs := base(p.ToMove())
		for h := range 16 {
			if p.pits[bs+h] == 0 {
				continue
			}
			cands++
			t0 := time.Now()
			r := p.sow(h)
			d := time.Since(t0)
			if r.end == mancala.EndEndless {
				n++
				total += d
				if d > worst {
					worst, worstLaps = d, r.laps
				}
			}
		}
	}
	if n > 0 {
		t.Logf("%d positions, %d candidates, %d endless (%.2f%%): mean %v, worst %v (%d laps)",
			len(ps), cands, n, 100*float64(n)/float64(cands), total/time.Duration(n), worst, worstLaps)
	}
}

// refPerft counts with the plain cow-by-cow trace instead of Apply, and with
// KM-11 and KM-12 spelled out; it knows nothing of endless moves, so it is
// only for shallow depths from the start, where none occurs.
func refPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	mover := p.ToMove()
	for _, pit := range layout.Circuit(mover) {
		if p.pits[pit] == 0 {
			continue
		}
		if depth == 1 {
			n++
			continue
		}
		board, res, end := p.trace(pit, 1<<20, func(mancala.Event) {})
		if end == mancala.EndInnerRowEmptied || innerEmpty(&board, mover) {
			continue // KM-11, KM-12: the game is over
		}
		q := p
		q.pits, q.reserves, q.turn = board, res, p.turn+1
		n += refPerft(q, depth-1)
	}
	return n
}

// TestRefPerft: the perft counts from the start (golden in
// testdata/perft.golden, TestPerft) are also what the reference count
// gives.
func TestRefPerft(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 4
	}
	for d := 0; d <= depth; d++ {
		n, err := mancala.Perft[Position, Move](Start(), d)
		if r := refPerft(Start(), d); err != nil || r != n {
			t.Errorf("refPerft(start, %d) = %d; Perft = %d, %v", d, r, n, err)
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, d := range []int{4, 5} {
		b.Run(fmt.Sprint("depth", d), func(b *testing.B) {
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				k, err := mancala.Perft[Position, Move](Start(), d)
				if err != nil {
					b.Fatal(err)
				}
				n += k
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
