package main

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestNewton: the fit recovers the weights that generated the labels
// (logistic, two features, 20,000 samples) within 0.1.
func TestNewton(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	want := []float64{0.8, -1.5}
	var data []sample
	for range 20000 {
		f := []float64{rng.NormFloat64(), rng.NormFloat64()}
		y := 0.0
		if rng.Float64() < sigmoid(want[0]*f[0]+want[1]*f[1]) {
			y = 1
		}
		data = append(data, sample{f: f, y: y})
	}
	w := newton(data, 2, 0, nil)
	for i := range w {
		if math.Abs(w[i]-want[i]) > 0.1 {
			t.Errorf("weight %d = %.3f, want %.3f", i, w[i], want[i])
		}
	}
	if x := solve([][]float64{{2, 1}, {1, 3}}, []float64{3, 5}); math.Abs(x[0]-0.8) > 1e-12 || math.Abs(x[1]-1.4) > 1e-12 {
		t.Errorf("solve = %v, want [0.8 1.4]", x)
	}
}

// TestRun: a small fit of each game prints its weights, the material's
// first at 1; bad flags are refused.
func TestRun(t *testing.T) {
	for _, g := range []string{"kisolo", "kiothi", "kimasai"} {
		var b strings.Builder
		if err := run([]string{"-game", g, "-games", "40"}, &b); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if !strings.Contains(b.String(), "  material      1.000\n") {
			t.Errorf("%s: output\n%s", g, b.String())
		}
	}
	if err := run([]string{"-game", "nim"}, new(strings.Builder)); err == nil || err.Error() != `unknown game "nim" (want kisolo, kiothi or kimasai)` {
		t.Errorf("unknown game: %v", err)
	}
	if err := run([]string{"-games", "3"}, new(strings.Builder)); err == nil {
		t.Error("-games 3 accepted")
	}
}
