package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

func TestEvaluate(t *testing.T) {
	gametest.Evaluate(t, &Descriptor, []gametest.EvalCase{
		// KT8 before: 2*20+0 - (2*35+5)
		{Name: "worked", Pos: "kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=20,35", Want: -35},
	})
}
