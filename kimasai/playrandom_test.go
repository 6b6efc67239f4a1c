package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// candidates lists p's candidate moves for gametest.RejectionPlayout, plainly:
// every occupied pit of the mover's two rows, in circuit order (KM-6, KM-8),
// endless or not.
func candidates(p Position) ([]Move, bool) {
	var ms []Move
	for _, i := range p.Layout().Circuit(p.ToMove()) {
		if p.Seeds(i) > 0 {
			ms = append(ms, Sow(p.Pit(i)))
		}
	}
	return ms, true
}

// illegalStarts returns start positions under Endless=Illegal for the
// PlayRandom tests: the start under every option, positions of random
// games, the worked example BK5, positions whose every candidate is
// endless (MaxLaps 7 on BK5's board, where every finite move takes 8 laps)
// or that a move leaves so, and positions near the turn limit (C-9).
func illegalStarts(t *testing.T) []Position {
	var starts []Position
	for _, r := range []Rules{
		{Endless: Illegal},
		{Endless: Illegal, FreeFirstTurn: EachPlayer},
		{Endless: Illegal, SelfEmptiedInnerRow: Continues},
		{Endless: Illegal, MaxLaps: 9},
		{Endless: Illegal, MaxLaps: 30, SelfEmptiedInnerRow: Continues, FreeFirstTurn: EachPlayer},
	} {
		p, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
		starts = append(starts, gametest.Spread(samplePositions(t, r, 3), 12)...)
	}
	for _, s := range []string{
		gametest.ExampleByID(t, Name, "BK5i").Before,
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,1/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=7 reserves=21,21 rules=Endless:Illegal,MaxLaps:7", // c1 leaves South only endless moves
		"kimasai 1,1,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20 result=draw:endless rules=Endless:Illegal,MaxLaps:7",
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20 rules=Endless:Illegal,MaxLaps:8",
		"kimasai 0,1,1,4,0,1,3,4/1,0,2,0,1,2,2,3/1,2,3,0,3,0,3,0/2,1,2,1,0,3,2,1 S turn=34 reserves=8,7 rules=Endless:Illegal",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=999999998 reserves=0,0 rules=Endless:Illegal",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,1/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=999999999 reserves=21,21 rules=Endless:Illegal,MaxLaps:7", // all endless at the limit
	} {
		starts = append(starts, mustParse(t, s))
	}
	return starts
}

// longStarts returns positions under Endless=Illegal with a candidate that
// loops for longer than the cycle check can prove, sown to MaxLaps.
func longStarts(t *testing.T) []Position {
	return []Position{mustParse(t, slowLoop+" rules=Endless:Illegal")}
}

// TestPlayRandomIllegal: under Endless=Illegal, PlayRandom plays exactly
// the game of the plain rejection procedure over Apply
// (gametest.RejectionPlayout) with the same draws, to the same position,
// which is complete (its legal moves and outcome Apply's).
func TestPlayRandomIllegal(t *testing.T) {
	gametest.CheckRejections(t, &Descriptor, illegalStarts(t), longStarts(t), candidates)
}

// TestPlayRandomUniform: from BK5 under Endless=Illegal (a2 endless, the
// others finite), and from a random game's position, the first move of a
// random game is uniform over the legal moves.
func TestPlayRandomUniform(t *testing.T) {
	gametest.CheckUniform(t, mustParse(t, gametest.ExampleByID(t, Name, "BK5i").Before), 20000)
	gametest.CheckUniform(t, mustParse(t, "kimasai 0,1,1,4,0,1,3,4/1,0,2,0,1,2,2,3/1,2,3,0,3,0,3,0/2,1,2,1,0,3,2,1 S turn=34 reserves=8,7 rules=Endless:Illegal"), 20000)
}
