package agent_test

import (
	"context"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// midgame returns a position of d's game after plies seeded random plies
// (the first seed from 1 whose game lasts that long).
func midgame[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M], plies int) P {
	if plies == 0 {
		return d.Start()
	}
	for seed := uint64(1); seed < 1000; seed++ {
		p, n, err := mancala.RandomPlayout[P, M](d.Start(), seed, plies)
		if err != nil {
			b.Fatal(err)
		}
		if n == plies && !p.Outcome().Over() {
			return p
		}
	}
	b.Fatalf("%s: no game lasts %d plies", d.Name, plies)
	panic("unreachable")
}

// benchAlphaBeta reports nodes/s of a depth-limited search from a fresh
// table each time.
func benchAlphaBeta[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M], plies, depth int) {
	p := midgame(b, d, plies)
	a := agent.NewAlphaBeta(d, depth)
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		a.ClearTable()
		r, err := a.Search(context.Background(), p)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// benchMCTS reports playouts/s of a 1,000-iteration search.
func benchMCTS[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M], plies int) {
	p := midgame(b, d, plies)
	s := agent.NewMCTS[P, M](1000, 1)
	var playouts int
	b.ReportAllocs()
	for b.Loop() {
		r, err := s.Search(context.Background(), p)
		if err != nil {
			b.Fatal(err)
		}
		playouts += r.Iterations
	}
	b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
}

// The positions: Kisolo after 2 plies, Kiothi after its opening (the
// opening steps of both players take about 40 plies) plus a few moves,
// Kimasai after 10 plies of phase 1.
func BenchmarkAlphaBeta(b *testing.B) {
	b.Run("kisolo", func(b *testing.B) { benchAlphaBeta(b, &kisolo.Descriptor, 0, 7) })
	b.Run("kiothi", func(b *testing.B) { benchAlphaBeta(b, &kiothi.Descriptor, 50, 8) })
	b.Run("kimasai", func(b *testing.B) { benchAlphaBeta(b, &kimasai.Descriptor, 10, 8) })
}

func BenchmarkMCTS(b *testing.B) {
	b.Run("kisolo", func(b *testing.B) { benchMCTS(b, &kisolo.Descriptor, 2) })
	b.Run("kiothi", func(b *testing.B) { benchMCTS(b, &kiothi.Descriptor, 50) })
	b.Run("kimasai", func(b *testing.B) { benchMCTS(b, &kimasai.Descriptor, 10) })
}

// BenchmarkSearch times AlphaBeta to a fixed depth (ns/op) from a fresh
// table, with its nodes/s and nodes/op, on two positions per game: the
// middle game of BenchmarkAlphaBeta searched deeper, and a later one.
// Compare before and after a change of the search in one run, side by
// side (docs/strength.md, "Search speed").
func BenchmarkSearch(b *testing.B) {
	b.Run("kisolo/start/d10", func(b *testing.B) { benchAlphaBeta(b, &kisolo.Descriptor, 0, 10) })
	b.Run("kisolo/ply6/d10", func(b *testing.B) { benchAlphaBeta(b, &kisolo.Descriptor, 6, 10) })
	b.Run("kiothi/ply50/d8", func(b *testing.B) { benchAlphaBeta(b, &kiothi.Descriptor, 50, 8) })
	b.Run("kiothi/ply60/d8", func(b *testing.B) { benchAlphaBeta(b, &kiothi.Descriptor, 60, 8) })
	b.Run("kimasai/ply10/d9", func(b *testing.B) { benchAlphaBeta(b, &kimasai.Descriptor, 10, 9) })
	b.Run("kimasai/ply30/d9", func(b *testing.B) { benchAlphaBeta(b, &kimasai.Descriptor, 30, 9) })
}
