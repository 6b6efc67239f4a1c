package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// lapLimitCases are the slowest Kiothi calls known at the largest lap
// bound, MaxLaps 2,000,000 (C-6): the move b6:6 of issue 11 (16 s under
// MaxLaps 1,000,000,000 before the bound existed), and the positions of
// 20,000 random games (default rules, NkiClear:OwnerLift) with the most
// candidates whose loops are too long for the cycle check (five each: a9:2,
// a9:4, a9:6, a9:8 and a9:10; a9:2, a9:4, a9:8, a10:1 and a10:3), which
// move generation under Endless=Illegal plays out to the bound.
var lapLimitCases = []gametest.LapLimitCase{
	{Name: "issue/Draw", Position: "kiothi 0,4,5,1,2,8*,0,1,0,1/2,1,7*,6,1,4,1,4,3,9 N turn=11 prisons=0,0 rules=MaxLaps:2000000", Move: "b6:6", Endless: true},
	{Name: "issue/Illegal", Position: "kiothi 0,4,5,1,2,8*,0,1,0,1/2,1,7*,6,1,4,1,4,3,9 N turn=11 prisons=0,0 rules=Endless:Illegal,MaxLaps:2000000", Move: "b6:6", Illegal: true},
	{Name: "five-loops/Illegal", Position: "kiothi 1,2,6,1,0,1,2,1,6*,3/0,5,4,0,8*,9*,0,1,10*,0 S turn=6 prisons=0,0 rules=Endless:Illegal,MaxLaps:2000000", Move: "a9:4", Illegal: true},
	{Name: "five-loops-OwnerLift/Illegal", Position: "kiothi 5,1,0,6*,2,1,0,3*,2*,1/2,1,0,7,0,7,2,1,8,4 S turn=10 prisons=7,0 rules=Endless:Illegal,MaxLaps:2000000,NkiClear:OwnerLift", Move: "a10:3", Illegal: true},
}

// TestLapLimit: MaxLaps above mancala.MaxLapsLimit is refused, and the
// slowest known calls at the limit work (not under -short).
func TestLapLimit(t *testing.T) { gametest.CheckLapLimit(t, &Descriptor, lapLimitCases) }

// BenchmarkLapLimit times Parse, Apply and AppendLegalMoves of the
// slowest known calls at the largest lap bound.
func BenchmarkLapLimit(b *testing.B) { gametest.BenchLapLimit(b, &Descriptor, lapLimitCases) }
