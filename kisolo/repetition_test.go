package kisolo

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestRepetition pins the worked example of C-10 in docs/rules/kisolo.md: a
// position set up by hand (found by a search of small endgames played by
// players who avoid losing at once) whose 28 plies, two captures each way
// among them, come back to the same board and side to move. Under
// Repetition:Three the second round's last move (North's) makes it for the
// third time and the game is drawn; in the mirror game South makes it.
func TestRepetition(t *testing.T) {
	gametest.CheckRepetition(t, &Descriptor, []gametest.RepetitionCase{{
		Name:         "endgame",
		Start:        "kisolo 0,0,1,0,0,0,0/0,0,0,0,0,0,1/1,0,1,1,0,0,0/0,0,0,0,1,0,0 S turn=10 rules=Repetition:Three",
		Cycle:        strings.Fields("a5 d3 b4 d2 b1 d1 a1 c7 a2 d7 a6 d6 a7 d5 b7 c1 b3 xc2 b6 c2 a3 c3 a4 c4 xb5 d4 b5 c6"),
		End:          "kisolo 0,0,1,0,0,0,0/0,0,0,0,0,0,1/1,0,1,1,0,0,0/0,0,0,0,1,0,0 S turn=66 result=draw:repetition rules=Repetition:Three",
		Result:       "draw:repetition",
		Mirror:       "kisolo 0,0,1,0,0,0,0/0,0,0,1,1,0,1/1,0,0,0,0,0,0/0,0,0,0,1,0,0 N turn=11 rules=Repetition:Three",
		MirrorEnd:    "kisolo 0,0,1,0,0,0,0/0,0,0,1,1,0,1/1,0,0,0,0,0,0/0,0,0,0,1,0,0 N turn=67 result=draw:repetition rules=Repetition:Three",
		MirrorResult: "draw:repetition",
	}}, map[string]string{
		"kisolo 0,0,1,0,0,0,0/0,0,0,0,0,0,1/1,0,1,1,0,0,0/0,0,0,0,1,0,0 S turn=38 result=draw:repetition":                        `kisolo: bad position: "result=draw:repetition": repetition needs Repetition:Three (C-10)`,
		"kisolo 0,0,1,0,0,0,0/0,0,0,0,0,0,1/1,0,1,1,0,0,0/0,0,0,0,1,0,0 S turn=38 result=S:repetition rules=Repetition:Three":    `kisolo: bad position: "result=S:repetition": repetition ends a Kisolo game as a draw (C-10)`,
		"kisolo 0,0,1,0,0,0,0/0,0,0,0,0,0,1/1,0,1,1,0,0,0/0,0,0,0,1,0,0 S turn=2 result=draw:repetition rules=Repetition:Three":  `kisolo: bad position: "result=draw:repetition": a position occurs a third time at turn 4 at the earliest (C-10)`,
		"kisolo 0,0,1,0,0,0,0/0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=38 result=draw:repetition rules=Repetition:Three": `kisolo: bad position: "result=draw:repetition": the game ended by N:nomove first`,
	})
}
