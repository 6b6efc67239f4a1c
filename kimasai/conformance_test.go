package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestConformance runs the shared conformance suite (internal/gametest)
// under the default rules and under every option, as parallel subtests:
// seeded random games from the start checking conservation, move order,
// refusals, notation and trace round trips, and side/turn consistency at
// every ply; then from a phase-2 position set up by hand.
func TestConformance(t *testing.T) {
	tests := []struct {
		name  string
		rules []string
		games int
	}{
		{"default", []string{""}, 50},
		{"options", []string{"FreeFirstTurn:EachPlayer", "SelfEmptiedInnerRow:Continues"}, 100},
		{"endless", []string{"Endless:Illegal", "Endless:Illegal,FreeFirstTurn:EachPlayer,MaxLaps:3000,SelfEmptiedInnerRow:Continues"}, 100},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var starts []Position
			for _, r := range tc.rules {
				starts = append(starts, mustNew(t, r))
			}
			gametest.Run(t, &Descriptor, gametest.Config[Position, Move]{Games: tc.games, Starts: starts, Seed: uint64(i + 1)})
		})
	}
	t.Run("set-up", func(t *testing.T) {
		t.Parallel()
		starts := []Position{mustParse(t, "kimasai 0,4,1,3,1,0,1,4/6,1,0,6,2,0,0,3/5,1,1,2,3,1,3,4/3,1,0,3,0,2,0,3 N turn=49 reserves=0,0")}
		gametest.Run(t, &Descriptor, gametest.Config[Position, Move]{Games: 50, Starts: starts, Seed: 99})
	})
}
