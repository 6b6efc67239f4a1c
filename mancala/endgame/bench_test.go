package endgame_test

import (
	"context"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
)

// BenchmarkBuild times whole builds (go test -bench Build -benchtime 1x;
// docs/endgame.md has the larger limits, built with examples/endgame).
func BenchmarkBuild(b *testing.B) {
	b.Run("kiothi/n=5", func(b *testing.B) {
		sp, _ := kiothi.NewEndgameSpace(kiothi.Rules{}, 5)
		for b.Loop() {
			if _, err := endgame.Build[kiothi.Position, kiothi.Move](context.Background(), sp, 5); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kisolo/n=5", func(b *testing.B) {
		sp, _ := kisolo.NewEndgameSpace(kisolo.Rules{}, 5)
		for b.Loop() {
			if _, err := endgame.Build[kisolo.Position, kisolo.Move](context.Background(), sp, 5); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("kimasai/n=5", func(b *testing.B) {
		sp, _ := kimasai.NewEndgameSpace(kimasai.Rules{}, 5)
		for b.Loop() {
			if _, err := endgame.Build[kimasai.Position, kimasai.Move](context.Background(), sp, 5); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkProbe times one probe of a Kiothi table (it allocates nothing).
func BenchmarkProbe(b *testing.B) {
	tb, sp := kiothiTable(b, "", 4)
	var ps []kiothi.Position
	for i := uint64(0); i < sp.Size(4); i += 97 {
		if p, _ := sp.Position(4, i); p.Outcome().Status == 0 {
			ps = append(ps, p)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	k := 0
	for b.Loop() {
		if _, ok := tb.Probe(ps[k%len(ps)]); !ok {
			b.Fatal("not in the table")
		}
		k++
	}
}
