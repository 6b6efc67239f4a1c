package kimasai

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestParseContradictions: Parse refuses results no game can reach, and
// reads the nearest ones that can happen. Raids happen only in phase 2
// (KM-9.2) and reserves never grow, so a raid result with a reserve left
// (the position of issue 11 used to parse) is impossible; a raid that wins
// puts its first cow into the pit it lands on, which keeps its cows
// (KM-10), so the winner's inner row is never empty. An endless move under
// Endless=Draw leaves the board and reserves as they were (C-6), so the
// player who moved last must have an endless move there.
func TestParseContradictions(t *testing.T) {
	gametest.CheckParse(t, &Descriptor, []string{
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=51 reserves=0,0 result=S:inner",
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=9 reserves=21,20 result=draw:endless", // BK5 after
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,3,1,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0 result=S:inner",       // BK4 after
	}, map[string]string{
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=1 reserves=24,24 result=S:inner":      `kimasai: bad result: "S:inner": a reserve still holds cows, so the last move was a phase-1 move, and phase 1 has no raids (KM-6, KM-9.2)`,
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=51 reserves=1,0 result=S:inner":       `kimasai: bad result: "S:inner": a reserve still holds cows, so the last move was a phase-1 move, and phase 1 has no raids (KM-6, KM-9.2)`,
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0 N turn=51 reserves=0,0 result=S:inner":       `kimasai: bad result: "S:inner": South's inner row is empty, but the raid that won leaves cows in the pit it lands on (KM-10)`,
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=1 reserves=24,24 result=draw:endless": `kimasai: bad result: "draw:endless": no move of South (who moved last) is endless here, so no endless move was played (C-6)`,
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N turn=1 reserves=24,24 result=draw:endless": `kimasai: bad result: "draw:endless": South, who moved last, has no cow to move here, so no endless move was played (C-6)`,
	})
}
