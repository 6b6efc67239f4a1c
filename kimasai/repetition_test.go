package kimasai

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestRepetition pins the worked example of C-10 in docs/rules/kimasai.md:
// a phase-2 position set up by hand (found by a search of small endgames
// played by players who avoid losing at once) whose 28 plies come back to
// the same board and side to move. Under Repetition:Three the second
// round's last move (South's) makes it for the third time and the game is
// drawn; in the mirror game North makes it.
func TestRepetition(t *testing.T) {
	gametest.CheckRepetition(t, &Descriptor, []gametest.RepetitionCase{{
		Name:         "endgame",
		Start:        "kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=115 reserves=0,0 rules=Repetition:Three",
		Cycle:        strings.Fields("d8 a5 c7 a2 c1 a3 c8 a2 c7 b2 c5 b8 c2 b1 c3 b2 c1 b4 d2 b6 d4 a6 c2 a7 d6 a5 c8 a6"),
		End:          "kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=171 reserves=0,0 result=draw:repetition rules=Repetition:Three",
		Result:       "draw:repetition",
		Mirror:       "kimasai 0,0,0,1,1,0,0,0/1,0,0,0,0,0,0,0/0,1,0,0,0,0,0,1/1,0,0,0,0,0,0,0 S turn=116 reserves=0,0 rules=Repetition:Three",
		MirrorEnd:    "kimasai 0,0,0,1,1,0,0,0/1,0,0,0,0,0,0,0/0,1,0,0,0,0,0,1/1,0,0,0,0,0,0,0 S turn=172 reserves=0,0 result=draw:repetition rules=Repetition:Three",
		MirrorResult: "draw:repetition",
	}}, map[string]string{
		"kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=171 reserves=0,0 result=draw:repetition":                      `kimasai: bad result: "draw:repetition": repetition needs Repetition:Three (C-10)`,
		"kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=171 reserves=0,0 result=N:repetition rules=Repetition:Three":  `kimasai: bad result: "N:repetition": Bao la Kimasai results are S|N:nomove, S|N:inner, S|N:selfinner, draw:endless, draw:turnlimit or draw:repetition`,
		"kimasai 0,0,0,0,0,0,0,1/1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,1/0,0,0,1,1,0,0,0 N turn=3 reserves=0,0 result=draw:repetition rules=Repetition:Three": `kimasai: bad result: "draw:repetition": a position occurs a third time at turn 4 at the earliest (C-10)`,
	})
}
