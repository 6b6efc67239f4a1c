package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

func TestEvaluate(t *testing.T) {
	gametest.Evaluate(t, &Descriptor, []gametest.EvalCase{
		// KS6 before: South has 1 seed (b1, inner), North 3 with c1 occupied: 2*1+1 - (2*3+1)
		{Name: "worked", Pos: "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", Want: -4},
	})
}
