package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestParseContradictions: Parse refuses positions no game can reach, and
// reads the nearest ones that can happen. An endless move under
// Endless=Draw leaves the board as it was (C-6), so the player who moved
// last must have an endless move on that board: a player without
// warriors has none (the position of issue 11 used to parse). Under
// NkiClear=AnyLift an nki pit empties only by a lift, which clears its
// mark, and captures never take an nki pit (KI-8, KI-13), so an empty nki
// pit is impossible; under OwnerLift an enemy relay lift leaves the mark.
func TestParseContradictions(t *testing.T) {
	gametest.CheckParse(t, &Descriptor, []string{
		"kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 N turn=3 prisons=0,0 result=draw:endless", // KT10 after
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0",
		"kiothi 0,0,0,0,0*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0 rules=NkiClear:OwnerLift",
		"kiothi 12*,9*,6*,2*,1,0*,1,1,1,1/1,0,0,1*,5*,5*,6*,2*,1*,5 N turn=3 prisons=0,0 rules=NkiClear:OwnerLift",
	}, map[string]string{
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S turn=4 prisons=30,30 result=draw:endless": `kiothi: bad position: "result=draw:endless": North, who moved last, has no warriors to move here, so no endless move was played (C-6)`,
		"kiothi 1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S turn=4 prisons=29,29 result=draw:endless": `kiothi: bad position: "result=draw:endless": no move of North (who moved last) is endless here, so no endless move was played (C-6)`,
		"kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=4 prisons=0,0 result=draw:endless":   `kiothi: bad position: "result=draw:endless": no move of North (who moved last) is endless here, so no endless move was played (C-6)`,
		"kiothi 0,0,0,0,0*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0":                      `kiothi: bad position: "0,0,0,0,0*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0": b5 is nki but empty: under NkiClear=AnyLift an nki pit empties only by a lift, which clears its mark (KI-8)`,
		"kiothi 12*,9*,6*,2*,1,0*,1,1,1,1/1,0,0,1*,5*,5*,6*,2*,1*,5 N turn=3 prisons=0,0":           `kiothi: bad position: "12*,9*,6*,2*,1,0*,1,1,1,1/1,0,0,1*,5*,5*,6*,2*,1*,5": b6 is nki but empty: under NkiClear=AnyLift an nki pit empties only by a lift, which clears its mark (KI-8)`,
	})
	// The move that empties an enemy nki pit by a relay lift: the mark
	// stays under OwnerLift and goes under AnyLift.
	const before = "kiothi 11*,8*,5*,1*,0,5*,0,0,0,0/0,0,0,1*,5*,5*,6*,2*,1*,10* S turn=2 prisons=0,0"
	for _, tt := range []struct{ rules, after string }{
		{" rules=NkiClear:OwnerLift", "kiothi 12*,9*,6*,2*,1,0*,1,1,1,1/1,0,0,1*,5*,5*,6*,2*,1*,5 N turn=3 prisons=0,0 rules=NkiClear:OwnerLift"},
		{"", "kiothi 12*,9*,6*,2*,1,0,1,1,1,1/1,0,0,1*,5*,5*,6*,2*,1*,5 N turn=3 prisons=0,0"},
	} {
		q, err := mustParse(t, before+tt.rules).Apply(mustMove(t, "a10:5"))
		if err != nil || q.String() != tt.after {
			t.Errorf("a10:5 under%q = %v, %v; want %s", tt.rules, q, err, tt.after)
		}
	}
}
