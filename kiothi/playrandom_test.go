package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// candidates lists p's candidate moves for gametest.RejectionPlayout,
// plainly: from turn 2 on, every count of every occupied pit of the
// mover's row (only the whole pit under WholeLift, KI-9) whose first lap
// does not end in an occupied pit of the mover's own row (KI-10), in pit
// then count order, endless or not. The opening steps are not drawn by
// rejection.
func candidates(p Position) ([]Move, bool) {
	if p.InOpening() {
		return nil, false
	}
	base := int(p.ToMove()) * Files
	var ms []Move
	for pit := base; pit < base+Files; pit++ {
		c := p.Seeds(pit)
		lo := 1
		if p.Rules().WholeLift {
			lo = c
		}
		for k := lo; c > 0 && k <= c; k++ {
			if !firstLapEndsOccupied(p, pit, k) {
				ms = append(ms, Sow(p.Pit(pit), k))
			}
		}
	}
	return ms, true
}

// firstLapEndsOccupied reports whether the first lap of k warriors lifted
// from pit, dropped one a pit from the next pit on round the ring (C-4),
// drops its last warrior into a pit of the mover's row that held warriors
// just before it (C-3, KI-10).
func firstLapEndsOccupied(p Position, pit, k int) bool {
	var b [Pits]int
	for i := range b {
		b[i] = p.Seeds(i)
	}
	b[pit] -= k
	at := pit
	for range k - 1 {
		at = (at + 1) % Pits
		b[at]++
	}
	at = (at + 1) % Pits
	return mancala.Player(at/Files) == p.ToMove() && b[at] > 0
}

// illegalStarts returns start positions under Endless=Illegal for the
// PlayRandom tests: the start under every option (random openings
// included), positions of random games, the worked example KT10, and
// positions whose every candidate is endless, or that a sowing move, the
// last drop of the opening or a move at the turn limit (C-9) leaves so.
func illegalStarts(t *testing.T) []Position {
	var starts []Position
	for _, r := range []Rules{
		{Endless: Illegal},
		{Endless: Illegal, OpeningUpTo: true, OpeningPits: 1, Setup: FiveByFive},
		{Endless: Illegal, OpeningUpTo: true, WholeLift: true, Bonus: Run, NkiClear: OwnerLift},
		{Endless: Illegal, CaptureNeedsCrossing: true, Setup: FiveBySix},
		{Endless: Illegal, Bonus: None, MaxLaps: 40},
		{Endless: Illegal, MaxLaps: 3, OpeningUpTo: true},
		{Endless: Illegal, MaxLaps: 2, WholeLift: true},
	} {
		p, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
		starts = append(starts, gametest.Spread(gametest.SamplePositions(t, &Descriptor, p, 3, nil), 12)...)
	}
	for _, s := range []string{
		gametest.ExampleByID(t, Name, "KT10i").Before,
		"kiothi 0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=0,0 rules=Endless:Illegal,MaxLaps:1", // b10:1 leaves South only endless moves
		"kiothi 0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,1 S turn=2 prisons=0,0 rules=Endless:Illegal,MaxLaps:1",
		"kiothi 0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0 N turn=1 prisons=0,0 hand=1 dropfrom=b10 rules=Endless:Illegal,MaxLaps:1", // the last drop may leave South only endless moves
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 N turn=999999999 prisons=0,0 rules=Endless:Illegal",
		"kiothi 0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,1 N turn=999999999 prisons=0,0 rules=Endless:Illegal,MaxLaps:1", // all endless at the limit
		"kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 N turn=999999997 prisons=0,0 rules=Endless:Illegal",
		afterNorth + " rules=Endless:Illegal,MaxLaps:6",
	} {
		starts = append(starts, mustParse(t, s))
	}
	return starts
}

// longStarts returns positions under Endless=Illegal with a candidate that
// loops for longer than the cycle check can prove, sown to MaxLaps.
func longStarts(t *testing.T) []Position {
	return []Position{mustParse(t, worstCase+" rules=Endless:Illegal")}
}

// TestPlayRandomIllegal: under Endless=Illegal, PlayRandom plays exactly
// the game of the plain rejection procedure over Apply
// (gametest.RejectionPlayout) with the same draws, to the same position,
// which is complete (its outcome Apply's).
func TestPlayRandomIllegal(t *testing.T) {
	gametest.CheckRejections(t, &Descriptor, illegalStarts(t), longStarts(t), candidates)
}

// TestPlayRandomUniform: from KT10 under Endless=Illegal (a9:3 endless,
// the others finite), and from a random game's position with several
// endless candidates, the first move of a random game is uniform over the
// legal moves.
func TestPlayRandomUniform(t *testing.T) {
	gametest.CheckUniform(t, mustParse(t, gametest.ExampleByID(t, Name, "KT10i").Before), 20000)
	start, err := New(Rules{Endless: Illegal, MaxLaps: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range gametest.SamplePositions(t, &Descriptor, start, 50, nil) {
		c, _ := candidates(p)
		if n := len(p.LegalMoves()); !p.InOpening() && n >= 3 && len(c)-n >= 2 {
			gametest.CheckUniform(t, p, 20000)
			return
		}
	}
	t.Fatal("no position with endless candidates found")
}
