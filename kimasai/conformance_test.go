package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestConformance runs the shared conformance suite over random games from
// the start under every option, and from a phase-2 position (50 games
// from each start: 300 games, 30 under -short).
func TestConformance(t *testing.T) {
	starts := []Position{Start()}
	for _, r := range []Rules{
		{FreeFirstTurn: EachPlayer},
		{SelfEmptiedInnerRow: Continues},
		{Endless: Illegal},
		{Endless: Illegal, MaxLaps: 3000, SelfEmptiedInnerRow: Continues, FreeFirstTurn: EachPlayer},
	} {
		p, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	starts = append(starts, mustParse(t, "kimasai 0,4,1,3,1,0,1,4/6,1,0,6,2,0,0,3/5,1,1,2,3,1,3,4/3,1,0,3,0,2,0,3 N turn=49 reserves=0,0"))
	gametest.Run(t, &Descriptor, gametest.Config[Position, Move]{Games: 300, Seed: 5, Starts: starts})
}
