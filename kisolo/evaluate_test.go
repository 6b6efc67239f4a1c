package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name string
		pos  string
		want int // Evaluate(South)
	}{
		{"start is even", Start().String(), 0},
		// KS6 before: South has 1 seed (b1, inner), North 3 with c1 occupied: 2*1+1 - (2*3+1)
		{"worked", "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", -4},
	}
	for _, tt := range tests {
		p, err := Parse(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		// Antisymmetry is checked at every ply by the conformance suite.
		if got := [3]int{p.Evaluate(mancala.South), p.Evaluate(mancala.North), p.Evaluate(mancala.Player(5))}; got != [3]int{tt.want, -tt.want, 0} {
			t.Errorf("%s: Evaluate(South, North, Player(5)) = %v, want [%d %d 0]", tt.name, got, tt.want, -tt.want)
		}
		if a := testing.AllocsPerRun(10, func() { p.Evaluate(mancala.South) }); a != 0 {
			t.Errorf("Evaluate allocates %.1f times", a)
		}
	}
}
