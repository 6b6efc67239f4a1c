package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestConformance runs the shared conformance suite (internal/gametest)
// under the default rules and under every option: random games from the
// start positions checking conservation, move order, refusals, notation
// and trace round trips, and side/turn consistency at every ply.
func TestConformance(t *testing.T) {
	tests := []struct {
		name  string
		rules []string
		games int
	}{
		{"default", []string{""}, 500},
		{"columns", []string{"Columns:6", "Columns:8"}, 40},
		{"setups", []string{"Setup:Townshend1", "Setup:Townshend2", "Setup:Outer3,Win:OuterRowEmptied"}, 60},
		{"options", []string{"CaptureOnAnyLanding:true", "SelfEmptiedInnerRow:Continues", "Win:OuterRowEmptied"}, 60},
		{"endless", []string{"Endless:Illegal,MaxLaps:5000", "Setup:Outer3,Win:OuterRowEmptied,Endless:Illegal,MaxLaps:2000", "MaxLaps:40"}, 40},
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
	// Positions set up by hand: every example and clause case's before
	// position (finished ones included), played on at random.
	t.Run("set-up", func(t *testing.T) {
		t.Parallel()
		var starts []Position
		for _, ex := range append(gametest.Examples(t, Name), clauseCases...) {
			p := mustParse(t, ex.Before)
			starts = append(starts, p, rotate(p))
		}
		gametest.Run(t, &Descriptor, gametest.Config[Position, Move]{Games: 2 * len(starts), Starts: starts, Seed: 99})
	})
}
