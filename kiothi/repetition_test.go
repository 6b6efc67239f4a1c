package kiothi

import (
	"strconv"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestCaptureNeedsCrossingRepeats pins a case the rules files leave open:
// under CaptureNeedsCrossing:true (KI-13) single warriors can go round in
// their own rows for ever. No clause of KI-15..KI-17 ends a game that
// repeats its positions (there is no repetition or no-progress rule), so,
// as written, these 20 plies (found in a seeded random game) come back to
// the same board, prisons and side to move, and the game goes on; only
// the turn counter advances, towards C-9's turn limit. In the balance
// study 81% of random games under this option were still going at 2,000
// plies. Whether the rules should end such games is a question for the
// rules file, not answered here.
func TestCaptureNeedsCrossingRepeats(t *testing.T) {
	const start = "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules=CaptureNeedsCrossing:true"
	cycle := strings.Fields("a5:1 b4:1 a2:1 b2:1 a4:1 b3:1 a10:1 b10:1 a9:1 b9:1 a3:1 b8:1 a8:1 b7:1 a7:1 b6:1 a6:1 b1:1 a1:1 b5:1")
	p := mustParse(t, start)
	for round := 1; round <= 3; round++ {
		for i, text := range cycle {
			m := mustMove(t, text)
			q, err := p.Apply(m)
			if err != nil {
				t.Fatalf("round %d ply %d %s in %v: %v", round, i, text, p, err)
			}
			if q.Outcome().Status != mancala.Ongoing {
				t.Fatalf("round %d ply %d %s: the game ended: %v", round, i, text, q.Outcome())
			}
			p = q
		}
		want := strings.Replace(start, "turn=322", "turn="+strconv.Itoa(322+20*round), 1)
		if got := p.String(); got != want {
			t.Fatalf("after round %d: %s, want %s", round, got, want)
		}
	}
}
