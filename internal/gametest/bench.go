package gametest

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// BenchPlayouts is the body of every game's playout benchmark: seeded random
// games from start to their end (one [mancala.Playout], so nothing is
// allocated per ply), reporting playouts/s and plies/playout.
func BenchPlayouts[P mancala.Game[P, M], M comparable](b *testing.B, start P) {
	pl := mancala.NewPlayout[P, M](1)
	games, plies := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		_, n, err := pl.Run(start, 0)
		if err != nil {
			b.Fatal(err)
		}
		games++
		plies += n
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/playout")
}

// BenchMaxLaps is the body of every game's BenchmarkApplyMaxLaps: Apply of
// move in pos (notation), a move that loops with a period too long for the
// cycle check to prove within the lap bound, so that it sows all
// [mancala.DefaultMaxLaps] laps (C-6), the slowest Apply there is. It
// reports laps/s and fails b unless the move ends the game as endless.
func BenchMaxLaps[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M], pos, move string) {
	p, err := d.Parse(pos)
	if err != nil {
		b.Fatal(err)
	}
	m, err := d.ParseMove(move)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		q, err := p.Apply(m)
		if err != nil || q.Outcome().Reason != mancala.Endless {
			b.Fatalf("%v %v: %v, %v; want an endless move", p, m, q, err)
		}
		n++
	}
	b.ReportMetric(float64(n)*mancala.DefaultMaxLaps/b.Elapsed().Seconds(), "laps/s")
}
