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
