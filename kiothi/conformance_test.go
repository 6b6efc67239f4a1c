package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestConformance runs the shared conformance suite: seeded random games
// from the start (random openings included) under several rule sets, and
// from a few set-up positions.
func TestConformance(t *testing.T) {
	var starts []Position
	for _, r := range []Rules{
		{},
		{OpeningUpTo: true, OpeningPits: 1, Setup: FiveByFive},
		{OpeningUpTo: true, WholeLift: true, Bonus: Run, NkiClear: OwnerLift},
		{Endless: Illegal, CaptureNeedsCrossing: true, Setup: FiveBySix},
		{Bonus: None, MaxLaps: 40},
		{Endless: Illegal, MaxLaps: 3, OpeningUpTo: true},
	} {
		p, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	starts = append(starts,
		mustParse(t, afterNorth),
		mustParse(t, "kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1"),
		mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0"),
		mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0 rules=Endless:Illegal"),
	)
	gametest.Run(t, &Descriptor, gametest.Config[Position, Move]{Games: 300, Seed: 4, Starts: starts})
}
