package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

func TestEvaluate(t *testing.T) {
	gametest.Evaluate(t, &Descriptor, []gametest.EvalCase{
		// BK3 before: South owns 3 cows, North 4
		{Name: "worked", Pos: "kimasai 0,0,0,0,0,0,0,0/1,0,0,3,0,0,0,0/0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0", Want: -1},
	})
}
