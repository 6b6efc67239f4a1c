package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

func TestEvaluate(t *testing.T) {
	gametest.Evaluate(t, &Descriptor, []gametest.EvalCase{
		// KS6 before: South has 1 seed (b1, inner), North 3 with c1 occupied: 2*1+1 - (2*3+1)
		{Name: "worked", Pos: "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", Want: -4},
	})
}

// TestEvaluateSlow checks Evaluate against its definition, pit by pit, on
// the positions of seeded random games under each column count.
func TestEvaluateSlow(t *testing.T) {
	slow := func(p Position, pl mancala.Player) int {
		side := func(x mancala.Player) int {
			c := p.geom().c
			v := 0
			for i := 0; i < 2*c; i++ {
				n := int(p.circ[16*int(x)+i])
				v += 2 * n
				if i >= c && n > 0 {
					v++
				}
			}
			return v
		}
		return side(pl) - side(pl.Other())
	}
	n := 0
	for _, files := range []int{6, 7, 8} {
		start, err := New(Rules{Files: files})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 30; seed++ {
			for plies := 0; plies < 60; plies += 3 {
				p, _, err := mancala.RandomPlayout[Position, Move](start, seed, plies)
				if err != nil {
					t.Fatal(err)
				}
				for _, pl := range []mancala.Player{mancala.South, mancala.North} {
					if got, want := p.Evaluate(pl), slow(p, pl); got != want {
						t.Fatalf("%v: Evaluate(%v) = %d, want %d", p, pl, got, want)
					}
					n++
				}
			}
		}
	}
	if n != 3*30*20*2 {
		t.Fatalf("%d positions checked", n)
	}
}
