package env_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// TestAppendSeeds: every game's AppendSeeds is its Seeds of every pit in
// index order, over random games under several rules (the Observer reads
// the board through it).
func TestAppendSeeds(t *testing.T) {
	checkAppendSeeds(t, &kisolo.Descriptor, "", "Columns:6", "Columns:8")
	checkAppendSeeds(t, &kiothi.Descriptor, "")
	checkAppendSeeds(t, &kimasai.Descriptor, "")
}

func checkAppendSeeds[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules ...string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 11))
	for _, r := range rules {
		p, err := d.New(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := any(p).(env.SeedsAppender); !ok {
			t.Fatalf("%s: Position has no AppendSeeds", d.Name)
		}
		n := d.Layout(p).Pits()
		var got, want []int
		var ms []M
		for range 20 {
			q := p
			for ply := 0; ply < 300 && !q.Outcome().Over(); ply++ {
				want = want[:0]
				for i := range n {
					want = append(want, any(q).(env.Seeder).Seeds(i))
				}
				got = any(q).(env.SeedsAppender).AppendSeeds(got[:0])
				if !slices.Equal(got, want) {
					t.Fatalf("%s %q: AppendSeeds %v, Seeds %v at %v", d.Name, r, got, want, q)
				}
				ms = q.AppendLegalMoves(ms[:0])
				if q, err = q.Apply(ms[rng.IntN(len(ms))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
