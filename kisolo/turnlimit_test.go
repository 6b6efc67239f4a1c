package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestTurnLimit: C-9. The move that completes turn 1,000,000,000 draws a
// game that no other rule ends (turn=1000000001, which Parse refuses,
// used to be written); a win on that move stands (KS-10 first), and a
// written draw:turnlimit on a board where the last move won is refused.
func TestTurnLimit(t *testing.T) {
	gametest.CheckTurnLimit(t, &Descriptor, []gametest.TurnLimitCase{
		{Name: "draw", Before: "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 N turn=999999999", Move: "xc1",
			After: "kisolo 2,3,7,1,0,2,7/8,8,0,7,7,7,7/0,3,0,3,0,3,0/0,3,0,3,0,3,0 S turn=1000000000 result=draw:turnlimit", Result: "draw:turnlimit"},
		{Name: "draw/Illegal", Before: "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 N turn=999999999 rules=Endless:Illegal", Move: "xc1",
			After: "kisolo 2,3,7,1,0,2,7/8,8,0,7,7,7,7/0,3,0,3,0,3,0/0,3,0,3,0,3,0 S turn=1000000000 result=draw:turnlimit rules=Endless:Illegal", Result: "draw:turnlimit"},
		{Name: "inner-first", Before: "kisolo 1,0,0,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0 N turn=999999999", Move: "xc1",
			After: "kisolo 1,0,0,0,0,0,0/2,1,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=1000000000 result=N:inner", Result: "N:inner"},
	}, map[string]string{
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 N turn=1000000001":                       `kisolo: bad position: "turn=1000000001": turn: more than 1000000000, the last turn of a game (C-9)`,
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=999999998 result=draw:turnlimit":  `kisolo: bad position: "result=draw:turnlimit": draw:turnlimit needs turn=1000000000, the last turn (C-9)`,
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=1000000000 result=draw:turnlimit": `kisolo: bad position: "result=draw:turnlimit": the game ended by N:nomove first`,
		// The last move's own end (KS-10, KS-11) stands too.
		"kisolo 3,3,3,3,3,3,3/0,0,0,0,0,0,0/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=1000000000 result=draw:turnlimit":                                     `kisolo: bad position: "result=draw:turnlimit": the move that completed the last turn ended the game by S:selfinner first (KS-10, KS-11)`,
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/0,0,0,0,0,0,0/3,3,3,3,3,3,3 S turn=1000000000 result=draw:turnlimit rules=SelfEmptiedInnerRow:Continues": `kisolo: bad position: "result=draw:turnlimit": the move that completed the last turn ended the game by N:inner first (KS-10, KS-11)`,
		"kisolo 0,0,0,0,0,0,0/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=1000000000 result=draw:turnlimit rules=Win:OuterRowEmptied":           `kisolo: bad position: "result=draw:turnlimit": the move that completed the last turn ended the game by S:outer first (KS-10, KS-11)`,
	})
}
