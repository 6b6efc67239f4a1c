package kiothi

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestRepetition pins the worked example of C-10 and KI-18 in
// docs/rules/kiothi.md. Under CaptureNeedsCrossing:true (KI-13) single
// warriors go round in their own rows: these 20 plies (found in a seeded
// random game) come back to the same board, prisons and side to move, and
// without a repetition rule the game goes on for ever (only the turn
// counter advances, towards C-9's limit; in the balance study 81% of
// random games under this option were still going at 2,000 plies). Under
// Repetition:Three the second round's last move makes the position for the
// third time: the warriors on the board go to the prison of their row's
// owner (North's 2 to North, South's 7 to South) and North wins 34-26
// (KI-16). In the mirror game South makes the third occurrence and wins.
func TestRepetition(t *testing.T) {
	gametest.CheckRepetition(t, &Descriptor, []gametest.RepetitionCase{{
		Name:         "CaptureNeedsCrossing",
		Start:        "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules=CaptureNeedsCrossing:true,Repetition:Three",
		Cycle:        strings.Fields("a5:1 b4:1 a2:1 b2:1 a4:1 b3:1 a10:1 b10:1 a9:1 b9:1 a3:1 b8:1 a8:1 b7:1 a7:1 b6:1 a6:1 b1:1 a1:1 b5:1"),
		End:          "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=362 prisons=26,34 result=N:repetition rules=CaptureNeedsCrossing:true,Repetition:Three",
		Result:       "N:repetition",
		Mirror:       "kiothi 1,1,1,1,0,1,1,0,1,0/0,0,0,0,0,0,1,0,1,0 N turn=323 prisons=32,19 rules=CaptureNeedsCrossing:true,Repetition:Three",
		MirrorEnd:    "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=363 prisons=34,26 result=S:repetition rules=CaptureNeedsCrossing:true,Repetition:Three",
		MirrorResult: "S:repetition",
	}}, map[string]string{
		// C-10 needs the option; the end leaves the board empty and the
		// prisons decide; the third occurrence comes at turn 6 at the
		// earliest.
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=362 prisons=26,34 result=N:repetition rules=CaptureNeedsCrossing:true": `kiothi: bad position: "result=N:repetition": repetition needs Repetition:Three (C-10)`,
		"kiothi 0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=362 prisons=26,33 result=N:repetition rules=Repetition:Three":          `kiothi: bad position: "result=N:repetition": at an end by repetition every warrior on the board has gone to a prison (KI-18)`,
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=362 prisons=26,34 result=S:repetition rules=Repetition:Three":          `kiothi: bad position: "result=S:repetition": the prisons give N:repetition (KI-16)`,
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=4 prisons=30,30 result=draw:repetition rules=Repetition:Three":         `kiothi: bad position: "result=draw:repetition": a position of the sowing turns (turn 2 on) occurs a third time at turn 6 at the earliest (C-10)`,
	})
}
