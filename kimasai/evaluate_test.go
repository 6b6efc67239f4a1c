package kimasai

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
		// BK3 before: South owns 3 cows, North 4
		{"worked", "kimasai 0,0,0,0,0,0,0,0/1,0,0,3,0,0,0,0/0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0", -1},
	}
	for _, tt := range tests {
		p, err := Parse(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Evaluate(mancala.South); got != tt.want {
			t.Errorf("%s: Evaluate(South) = %d, want %d", tt.name, got, tt.want)
		}
		if got := p.Evaluate(mancala.North); got != -tt.want {
			t.Errorf("%s: Evaluate(North) = %d, want %d (antisymmetric)", tt.name, got, -tt.want)
		}
		if got := p.Evaluate(mancala.Player(5)); got != 0 {
			t.Errorf("%s: Evaluate(Player(5)) = %d, want 0", tt.name, got)
		}
		if a := testing.AllocsPerRun(100, func() { p.Evaluate(mancala.South) }); a != 0 {
			t.Errorf("Evaluate allocates %.1f times", a)
		}
	}
}
