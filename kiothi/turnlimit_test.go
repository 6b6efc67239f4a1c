package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestTurnLimit: C-9. The move that completes turn 1,000,000,000 draws a
// game that no other rule ends (turn=1000000001, which Parse refuses,
// used to be written); a sweep on that move stands (KI-15 first).
func TestTurnLimit(t *testing.T) {
	gametest.CheckTurnLimit(t, &Descriptor, []gametest.TurnLimitCase{
		{Name: "draw", Before: "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 N turn=999999999 prisons=0,0", Move: "b5:1",
			After: "kiothi 0,0,0,1,2,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=1000000000 prisons=0,0 result=draw:turnlimit", Result: "draw:turnlimit"},
		{Name: "draw/Illegal", Before: "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 N turn=999999999 prisons=0,0 rules=Endless:Illegal", Move: "b5:1",
			After: "kiothi 0,0,0,1,2,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=1000000000 prisons=0,0 result=draw:turnlimit rules=Endless:Illegal", Result: "draw:turnlimit"},
		{Name: "sweep-first", Before: "kiothi 0,0,0,0,1*,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=999999999 prisons=30,29", Move: "b5:1",
			After: "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=1000000000 prisons=30,30 result=draw:nomove", Result: "draw:nomove"},
	}, map[string]string{
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 N turn=1000000001 prisons=0,0":                       `kiothi: bad position: "turn=1000000001": turn: more than 1000000000, the last turn of a game (C-9)`,
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 N turn=999999999 prisons=0,0 result=draw:turnlimit":  `kiothi: bad position: "result=draw:turnlimit": draw:turnlimit needs turn=1000000000, the last turn (C-9)`,
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=1000000000 prisons=0,0 result=draw:turnlimit": `kiothi: bad position: "result=draw:turnlimit": South has no move, so the game ended by KI-15 (nomove)`,
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=1000000000 prisons=0,0 result=S:turnlimit":    `kiothi: bad result: "result=S:turnlimit": the turn limit ends a game as a draw (C-9), not a win`,
	})
}
