package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// lapLimitCases are the slowest Bao la Kimasai calls known at the largest
// lap bound, MaxLaps 2,000,000 (C-6): the loop of BenchmarkApplyMaxLaps
// (period 860,368 laps), and the slowest move generation under
// Endless=Illegal in 20,000 random games.
var lapLimitCases = []gametest.LapLimitCase{
	{Name: "slow-loop/Draw", Position: slowLoop + " rules=MaxLaps:2000000", Move: slowLoopMove, Endless: true},
	{Name: "slow-loop/Illegal", Position: slowLoop + " rules=Endless:Illegal,MaxLaps:2000000", Move: slowLoopMove, Illegal: true},
	{Name: "listing/Illegal", Position: "kimasai 0,1,1,4,0,1,3,4/1,0,2,0,1,2,2,3/1,2,3,0,3,0,3,0/2,1,2,1,0,3,2,1 S turn=34 reserves=8,7 rules=Endless:Illegal,MaxLaps:2000000", Move: "b1"},
}

// TestLapLimit: MaxLaps above mancala.MaxLapsLimit is refused, and the
// slowest known calls at the limit work (not under -short).
func TestLapLimit(t *testing.T) { gametest.CheckLapLimit(t, &Descriptor, lapLimitCases) }

// BenchmarkLapLimit times Parse, Apply and AppendLegalMoves of the
// slowest known calls at the largest lap bound.
func BenchmarkLapLimit(b *testing.B) { gametest.BenchLapLimit(b, &Descriptor, lapLimitCases) }
