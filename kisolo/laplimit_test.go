package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// lapLimitCases are the slowest Kisolo calls known at the largest lap
// bound, MaxLaps 2,000,000 (C-6), all under Win:OuterRowEmptied, whose
// loops can be longer than 300,000,000 laps: b1 of BenchmarkApplyMaxLaps,
// and xb5, after which the next player's candidates are played out under
// Endless=Illegal (the position after it was the slowest of 20,000 random
// games).
var lapLimitCases = []gametest.LapLimitCase{
	{Name: "outer/Draw", Position: "kisolo 4,0,0,1,0,1,0/0,0,0,0,0,0,0/1,3,23,1,0,9,0/0,1,2,8,13,4,13 S turn=36 rules=MaxLaps:2000000,Win:OuterRowEmptied", Move: "b1", Endless: true},
	{Name: "outer/Illegal", Position: "kisolo 4,0,0,1,0,1,0/0,0,0,0,0,0,0/1,3,23,1,0,9,0/0,1,2,8,13,4,13 S turn=36 rules=Endless:Illegal,MaxLaps:2000000,Win:OuterRowEmptied", Move: "b1", Illegal: true},
	{Name: "outer-next/Illegal", Position: "kisolo 10,2,10,0,3,9,1/3,4,3,14,10,5,2/0,0,0,0,3,0,0/0,0,3,0,2,0,0 S turn=4 rules=Endless:Illegal,MaxLaps:2000000,Win:OuterRowEmptied", Move: "xb5"},
}

// TestLapLimit: MaxLaps above mancala.MaxLapsLimit is refused, and the
// slowest known calls at the limit work (not under -short).
func TestLapLimit(t *testing.T) { gametest.CheckLapLimit(t, &Descriptor, lapLimitCases) }

// BenchmarkLapLimit times Parse, Apply and AppendLegalMoves of the
// slowest known calls at the largest lap bound.
func BenchmarkLapLimit(b *testing.B) { gametest.BenchLapLimit(b, &Descriptor, lapLimitCases) }
