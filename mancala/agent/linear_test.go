package agent

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// checkFeatures: on the positions of random games of d, the features are
// antisymmetric, one per name and weight, the first is Evaluate's value,
// and Linear is antisymmetric and allocates nothing.
func checkFeatures[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M]) {
	lin := Linear(d)
	ev := Evaluation(d)
	var f mancala.Featurer
	for seed := uint64(1); seed <= 20; seed++ {
		for plies := 1; plies < 120; plies += 7 {
			p, _, err := mancala.RandomPlayout[P, M](d.Start(), seed, plies)
			if err != nil {
				t.Fatal(err)
			}
			if p.Outcome().Over() {
				break
			}
			f = any(p).(mancala.Featurer)
			s := f.AppendFeatures(nil, mancala.South)
			n := f.AppendFeatures(nil, mancala.North)
			if len(s) != len(f.FeatureNames()) || len(f.FeatureWeights()) != len(s) {
				t.Fatalf("%s: %d features, %d names, %d weights", d.Name, len(s), len(f.FeatureNames()), len(f.FeatureWeights()))
			}
			for i := range s {
				if s[i] != -n[i] {
					t.Fatalf("%s %v: feature %s is %v for South, %v for North", d.Name, p, f.FeatureNames()[i], s[i], n[i])
				}
			}
			if int(s[0]) != ev(p, mancala.South) {
				t.Fatalf("%s %v: material %v, Evaluate %d", d.Name, p, s[0], ev(p, mancala.South))
			}
			if lin(p, mancala.South) != -lin(p, mancala.North) {
				t.Fatalf("%s %v: Linear %d for South, %d for North", d.Name, p, lin(p, mancala.South), lin(p, mancala.North))
			}
			if z := f.AppendFeatures(nil, 7); len(z) != len(s) || z[0] != 0 {
				t.Fatalf("%s: player 7 gets %v", d.Name, z)
			}
			if allocs := testing.AllocsPerRun(10, func() { lin(p, mancala.South) }); allocs != 0 {
				t.Fatalf("%s: Linear allocates %v times", d.Name, allocs)
			}
		}
	}
	if f.FeatureWeights()[0] != 1 {
		t.Errorf("%s: material weight %v, want 1", d.Name, f.FeatureWeights()[0])
	}
}

func TestFeatures(t *testing.T) {
	checkFeatures(t, &kisolo.Descriptor)
	checkFeatures(t, &kiothi.Descriptor)
	checkFeatures(t, &kimasai.Descriptor)
	// A weighted sum, rounded: material 1 and tempo 0.5 for Kisolo's
	// start, where material is 0, tempo +1 for the player to move.
	d := &kisolo.Descriptor
	w := make([]float32, len(kisolo.Start().FeatureNames()))
	w[0], w[len(w)-1] = 1, 2.5
	if got := LinearWeights(d, w)(d.Start(), mancala.South); got != 3 {
		t.Errorf("LinearWeights at the start = %d, want 3 (2.5 rounded)", got)
	}
	if got := LinearWeights(d, w)(d.Start(), mancala.North); got != -3 {
		t.Errorf("LinearWeights at the start for North = %d, want -3", got)
	}
}
