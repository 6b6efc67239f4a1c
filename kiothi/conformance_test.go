package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestConformance runs the shared conformance suite (internal/gametest)
// under the default rules and under every option, as parallel subtests:
// seeded random games from the start (random openings included) checking
// conservation, move order, refusals, notation and trace round trips, and
// side/turn consistency at every ply; then from positions set up by hand.
func TestConformance(t *testing.T) {
	tests := []struct {
		name  string
		rules []string
		games int
	}{
		{"default", []string{""}, 60},
		{"opening", []string{"OpeningPits:1,OpeningUpTo:true,Setup:FiveByFive", "Bonus:Run,NkiClear:OwnerLift,OpeningUpTo:true,WholeLift:true"}, 60},
		{"endless", []string{"CaptureNeedsCrossing:true,Endless:Illegal,Setup:FiveBySix", "Bonus:None,MaxLaps:40", "Endless:Illegal,MaxLaps:3,OpeningUpTo:true"}, 90},
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
		starts := []Position{
			mustParse(t, afterNorth),
			mustParse(t, "kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1"),
			mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0"),
			mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0 rules=Endless:Illegal"),
		}
		gametest.Run(t, &Descriptor, gametest.Config[Position, Move]{Games: 120, Starts: starts, Seed: 99})
	})
}
