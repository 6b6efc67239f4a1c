package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestTurnLimit: C-9. The move that completes turn 1,000,000,000 draws a
// game that no other rule ends (turn=1000000001, which Parse refuses,
// used to be written); a written draw:turnlimit on a board where the last
// move won (KM-11, KM-12) is refused, but not in phase 1, which has no
// raids.
func TestTurnLimit(t *testing.T) {
	gametest.CheckTurnLimit(t, &Descriptor, []gametest.TurnLimitCase{
		{Name: "draw", Before: "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=999999999 reserves=0,0", Move: "c1",
			After: "kimasai 1,0,0,0,0,0,0,0/0,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=1000000000 reserves=0,0 result=draw:turnlimit", Result: "draw:turnlimit"},
		{Name: "draw/Illegal", Before: "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=999999999 reserves=0,0 rules=Endless:Illegal", Move: "c1",
			After: "kimasai 1,0,0,0,0,0,0,0/0,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=1000000000 reserves=0,0 result=draw:turnlimit rules=Endless:Illegal", Result: "draw:turnlimit"},
	}, map[string]string{
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=1000000001 reserves=0,0":                       `kimasai: bad position: "turn=1000000001": turn: more than 1000000000, the last turn of a game (C-9)`,
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=999999999 reserves=0,0 result=draw:turnlimit":  `kimasai: bad result: "draw:turnlimit": draw:turnlimit needs turn=1000000000, the last turn (C-9)`,
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S turn=1000000000 reserves=0,0 result=draw:turnlimit": `kimasai: bad result: "draw:turnlimit": the game ended by N:nomove first`,
		// The last move's own end (KM-11 in phase 2, KM-12) stands too.
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1 S turn=1000000000 reserves=0,0 result=draw:turnlimit": `kimasai: bad result: "draw:turnlimit": the move that completed the last turn ended the game by N:inner first (KM-11, KM-12)`,
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 S turn=1000000000 reserves=0,0 result=draw:turnlimit": `kimasai: bad result: "draw:turnlimit": the move that completed the last turn ended the game by S:selfinner first (KM-11, KM-12)`,
	})
}
