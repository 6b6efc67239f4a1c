package kisolo

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestParseContradictions: Parse refuses results no game can reach, and
// reads the nearest ones that can happen. A capture that wins (KS-10) puts
// its first seed into the pit it went through, which keeps its seeds
// (KS-7), so the winner's inner row is never empty. An endless move under
// Endless=Draw leaves the board as it was (C-6), so the player who moved
// last must have an endless move on that board.
func TestParseContradictions(t *testing.T) {
	gametest.CheckParse(t, &Descriptor, []string{
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner",
		"kisolo 0,0,0,0,0,0,0/0,0,1,0,0,0,0/1,2,0,1,0,1,0/1,0,1,0,1,0,1 N turn=11 result=draw:endless", // KS5 after
	}, map[string]string{
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner":      `kisolo: bad position: "result=S:inner": South's inner row is empty, but the capture that won leaves seeds in the pit it went through (KS-7)`,
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 N turn=1 result=draw:endless":  `kisolo: bad position: "result=draw:endless": no move of South (who moved last) is endless here, so no endless move was played (C-6)`,
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/0,0,0,0,0,0,0/0,0,0,0,0,0,0 N turn=1 result=draw:endless":  `kisolo: bad position: "result=draw:endless": South, who moved last, has no seed to move here, so no endless move was played (C-6)`,
		"kisolo 0,0,0,0,0,0,0/0,0,1,0,0,0,0/1,2,0,1,0,1,0/1,0,1,0,1,0,1 S turn=12 result=draw:endless": `kisolo: bad position: "result=draw:endless": no move of North (who moved last) is endless here, so no endless move was played (C-6)`,
	})
}
