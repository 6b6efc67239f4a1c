package kisolo

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// candidates lists p's candidate moves for gametest.RejectionPlayout,
// plainly: the captures through each of the mover's occupied inner pits
// whose facing pit is occupied, if there is one, else a sow from every
// occupied pit of the mover's circuit (KS-6), in circuit order, endless or
// not.
func candidates(p Position) ([]Move, bool) {
	l := p.Layout()
	var caps, sows []Move
	for _, i := range l.Circuit(p.ToMove()) {
		if p.Seeds(i) == 0 {
			continue
		}
		sows = append(sows, Sow(p.Pit(i)))
		if f, ok := l.Facing(i); ok && l.IsInner(i) && p.Seeds(f) > 0 {
			caps = append(caps, Capture(p.Pit(i)))
		}
	}
	if len(caps) > 0 {
		return caps, true
	}
	return sows, true
}

// illegalStarts returns start positions under Endless=Illegal for the
// PlayRandom tests: the start under every option, positions of random
// games, the worked example KS5, positions whose every candidate (sows, or
// compulsory captures) is endless or that a move leaves so, and positions
// near the turn limit (C-9).
func illegalStarts(t *testing.T) []Position {
	var starts []Position
	for _, r := range []string{
		"Endless:Illegal",
		"Endless:Illegal,Columns:6",
		"Endless:Illegal,Columns:8,CaptureOnAnyLanding:true",
		"Endless:Illegal,Setup:Townshend1,SelfEmptiedInnerRow:Continues",
		"Endless:Illegal,Setup:Townshend2",
		"Endless:Illegal,Setup:Outer3,Win:OuterRowEmptied",
		"Endless:Illegal,Win:OuterRowEmptied,MaxLaps:3000",
		"Endless:Illegal,MaxLaps:2",
		"Endless:Illegal,MaxLaps:5,SelfEmptiedInnerRow:Continues",
	} {
		p := mustNew(t, r)
		starts = append(starts, p)
		starts = append(starts, gametest.Spread(gametest.SamplePositions(t, &Descriptor, p, 3, nil), 12)...)
	}
	for _, s := range []string{
		gametest.ExampleByID(t, Name, "KS5i").Before,
		"kisolo 0,0,0,0,1,0,0/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 N turn=1 rules=Endless:Illegal,MaxLaps:1,SelfEmptiedInnerRow:Continues", // d5 leaves South only endless moves
		"kisolo 0,0,0,1,0,0,0/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 S turn=2 rules=Endless:Illegal,MaxLaps:1,SelfEmptiedInnerRow:Continues",
		"kisolo 0,0,0,0,0,0,0/1,0,1,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=0 rules=Endless:Illegal,MaxLaps:1", // every capture endless
		"kisolo 0,0,0,0,0,0,0/1,0,1,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=0 rules=Endless:Illegal,MaxLaps:2",
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,0,1,0,0 N turn=11 rules=Endless:Illegal,MaxLaps:1",
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 N turn=999999999 rules=Endless:Illegal",
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=999999998 rules=Endless:Illegal",
		"kisolo 0,0,0,0,1,0,0/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 N turn=999999999 rules=Endless:Illegal,MaxLaps:1,SelfEmptiedInnerRow:Continues", // all endless at the limit
	} {
		starts = append(starts, mustParse(t, s))
	}
	return starts
}

// longStarts returns positions under Endless=Illegal with candidates that
// loop for longer than the cycle check can prove, sown to MaxLaps: the
// Endless=Illegal positions of TestLapLimit under the default MaxLaps (a
// Win=OuterRowEmptied loop, and the position before the slowest
// next-player listing of 20,000 random games).
func longStarts(t *testing.T) []Position {
	var starts []Position
	for _, c := range lapLimitCases[1:] {
		starts = append(starts, mustParse(t, strings.Replace(c.Position, ",MaxLaps:2000000", "", 1)))
	}
	return starts
}

// TestPlayRandomIllegal: under Endless=Illegal, PlayRandom plays exactly
// the game of the plain rejection procedure over Apply
// (gametest.RejectionPlayout) with the same draws, to the same position,
// which is complete (its legal moves and outcome Apply's).
func TestPlayRandomIllegal(t *testing.T) {
	gametest.CheckRejections(t, &Descriptor, illegalStarts(t), longStarts(t), candidates)
}

// TestPlayRandomUniform: from KS5 under Endless=Illegal (a1 endless, the
// others finite), and from positions of random games with several endless
// candidates (sows, and compulsory captures, under a small MaxLaps), the
// first move of a random game is uniform over the legal moves.
func TestPlayRandomUniform(t *testing.T) {
	gametest.CheckUniform(t, mustParse(t, gametest.ExampleByID(t, Name, "KS5i").Before), 20000)
	for _, capture := range []bool{false, true} {
		p, ok := endlessMix(t, "Endless:Illegal,MaxLaps:5", capture)
		if !ok {
			t.Fatalf("no position with endless candidates found (captures %v)", capture)
		}
		gametest.CheckUniform(t, p, 20000)
	}
}

// endlessMix returns the first position of random games under rules with
// at least two endless candidates and three legal moves, captures or not.
func endlessMix(t *testing.T, rules string, capture bool) (Position, bool) {
	for _, p := range gametest.SamplePositions(t, &Descriptor, mustNew(t, rules), 50, nil) {
		c, _ := candidates(p)
		if n := len(p.LegalMoves()); n >= 3 && len(c)-n >= 2 && p.HasCapture() == capture {
			return p, true
		}
	}
	return Position{}, false
}
