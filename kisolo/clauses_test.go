package kisolo

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// clauseCases pin each clause of docs/rules/kisolo.md (and C-4, C-6, C-8 of
// docs/rules/common.md) with full before/after positions. TestClauses plays
// each as written (South to move unless the id says otherwise) and on the
// board rotated half a turn, so every case is checked for both players.
// Rows are d/c/b/a, each from file 1 to file C; South's circuit is a1..a7
// then b7..b1.
var clauseCases = gametest.ExampleTable([][5]string{
	// KS-1: boards of 6 and 8 columns; a lap crosses from a to b at the
	// right end.
	{"KS-1/Columns6",
		"kisolo 1,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,2 S turn=0 rules=Columns:6", "a6",
		"kisolo 1,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,1,1/0,0,0,0,0,0 N turn=1 rules=Columns:6", "ongoing"},
	{"KS-1/Columns8",
		"kisolo 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 S turn=0 rules=Columns:8", "a8",
		"kisolo 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,1,1,1/0,0,0,0,0,0,0,0 N turn=1 rules=Columns:8", "ongoing"},
	{"KS-1/Columns6-capture",
		"kisolo 0,0,0,0,0,2/1,0,0,0,0,1/0,0,0,0,0,1/0,0,0,0,0,0 S turn=0 rules=Columns:6", "xb6",
		"kisolo 0,0,0,0,0,0/1,0,0,0,0,0/0,0,0,1,1,2/0,0,0,0,0,0 N turn=1 rules=Columns:6", "ongoing"},
	{"KS-1/Columns8-start", "kisolo 3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3 S turn=0 rules=Columns:8", "-",
		"xb8 xb7 xb6 xb5 xb4 xb3 xb2 xb1", "ongoing"},
	// KS-2: legal moves in circuit order from the mover's first pit (a1,
	// ..., a7, b7, ..., b1; North d7, ..., d1, c1, ..., c7).
	{"KS-2/order", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/3,0,0,0,1,2,0/1,0,2,0,0,0,4 S turn=0", "-", "a1 a3 a7 b6 b5 b1", "ongoing"},
	// KS-3: sowing wraps from b1 to a1 and never enters North's pits.
	{"KS-3/wrap", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/4,0,0,0,0,0,1/0,0,0,0,0,0,0 S turn=0", "b1",
		"kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/0,0,0,0,0,0,1/1,1,1,1,0,0,0 N turn=1", "ongoing"},
	// C-4 with KS-3 and KS-8.4: 15 seeds go once round the 14 pits
	// (the emptied a1 included) and into a2; then relays from a3, a5, a7,
	// b6, b4, b2 and a1 until the pit after the last one (a3) is empty.
	{"KS-3/C-4/round", "kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/15,0,0,0,0,0,0 S turn=0", "a1",
		"kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,2,0,2,0,2/0,3,0,2,0,2,0 N turn=1", "ongoing"},
	// KS-4: a capture through b3 takes c3 and the pit behind it, d3, and
	// nothing else (d4 stays).
	{"KS-4/facing-behind", "kisolo 0,0,1,5,0,0,0/0,0,2,0,1,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0 S turn=0", "xb3",
		"kisolo 0,0,0,5,0,0,0/0,0,0,0,1,0,0/1,1,2,0,0,0,0/0,0,0,0,0,0,0 N turn=1", "ongoing"},
	// KS-4, KS-8: the lap ends in occupied b6 and X = b5 is inner, but
	// the facing c5 is empty: the occupied d5 behind it is never taken;
	// relay from b5 instead.
	{"KS-4/behind-empty-facing", "kisolo 0,0,0,0,4,0,0/1,0,0,0,0,0,0/0,0,0,0,1,1,0/0,0,0,0,0,0,2 S turn=0", "a7",
		"kisolo 0,0,0,0,4,0,0/1,0,0,0,0,0,0/0,0,0,1,0,2,1/0,0,0,0,0,0,0 N turn=1", "ongoing"},
	// KS-5: South moves first; the start offers only captures.
	{"KS-5/start", "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "-", "xb7 xb6 xb5 xb4 xb3 xb2 xb1", "ongoing"},
	{"KS-5/Outer3", "kisolo 3,3,3,3,3,3,3/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,3,3,3,3,3,3 S turn=0 rules=Setup:Outer3,Win:OuterRowEmptied", "a1",
		"kisolo 3,3,3,3,3,3,3/0,0,0,0,0,0,0/0,0,0,0,0,0,1/0,4,4,4,0,4,4 N turn=1 rules=Setup:Outer3,Win:OuterRowEmptied", "ongoing"},
	{"KS-5/Townshend1", "kisolo 15,0,1,0,1,0,1/0,1,0,1,0,1,0/0,1,0,1,0,1,0/1,0,1,0,1,0,15 S turn=0 rules=Setup:Townshend1", "-", "xb6 xb4 xb2", "ongoing"},
	{"KS-5/Townshend1-xb6", "kisolo 15,0,1,0,1,0,1/0,1,0,1,0,1,0/0,1,0,1,0,1,0/1,0,1,0,1,0,15 S turn=0 rules=Setup:Townshend1", "xb6",
		"kisolo 15,0,1,0,1,0,1/0,1,0,1,0,0,0/0,1,0,1,0,2,0/1,0,1,0,1,0,15 N turn=1 rules=Setup:Townshend1", "ongoing"},
	{"KS-5/Townshend2", "kisolo 9,0,0,0,0,0,9/0,1,0,1,0,1,0/0,1,0,1,0,1,0/9,0,0,0,0,0,9 S turn=0 rules=Setup:Townshend2", "-", "xb6 xb4 xb2", "ongoing"},
	// KS-6: with captures available only captures are legal, in circuit
	// order; sowing is refused; each refusal leaves the position as it was.
	{"KS-6/only-captures", "kisolo 0,0,0,0,0,0,0/1,1,1,0,0,0,0/1,1,0,0,0,0,0/2,0,0,0,0,0,0 S turn=0", "-", "xb2 xb1", "ongoing"},
	{"KS-6/sow-refused", "kisolo 0,0,0,0,0,0,0/1,1,1,0,0,0,0/1,1,0,0,0,0,0/2,0,0,0,0,0,0 S turn=0", "a1", "ILLEGAL", "refused"},
	{"KS-6/sow-inner-refused", "kisolo 0,0,0,0,0,0,0/1,1,1,0,0,0,0/1,1,0,0,0,0,0/2,0,0,0,0,0,0 S turn=0", "b1", "ILLEGAL", "refused"},
	{"KS-6/capture-empty-own", "kisolo 0,0,0,0,0,0,0/1,1,1,0,0,0,0/1,1,0,0,0,0,0/2,0,0,0,0,0,0 S turn=0", "xb3", "ILLEGAL", "refused"},
	{"KS-6/capture-empty-facing", "kisolo 0,0,0,0,0,0,0/1,1,0,0,0,0,0/1,1,1,0,0,0,0/2,0,0,0,0,0,0 S turn=0", "xb3", "ILLEGAL", "refused"},
	{"KS-6/capture-outer", "kisolo 0,0,0,0,0,0,0/1,1,1,0,0,0,0/1,1,0,0,0,0,0/2,0,0,0,0,0,0 S turn=0", "xa1", "ILLEGAL", "refused"},
	{"KS-6/capture-opponent", "kisolo 0,0,0,0,0,0,0/1,1,1,0,0,0,0/1,1,0,0,0,0,0/2,0,0,0,0,0,0 S turn=0", "xc1", "ILLEGAL", "refused"},
	{"KS-6/sow-opponent", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/3,0,0,0,1,2,0/1,0,2,0,0,0,4 S turn=0", "c2", "ILLEGAL", "refused"},
	{"KS-6/sow-empty", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/3,0,0,0,1,2,0/1,0,2,0,0,0,4 S turn=0", "a2", "ILLEGAL", "refused"},
	{"KS-6/off-board", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/3,0,0,0,1,2,0/1,0,2,0,0,0,4 S turn=0", "a8", "ILLEGAL", "refused"},
	{"KS-6/capture-without-captures", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/3,0,0,0,1,2,0/1,0,2,0,0,0,4 S turn=0", "xb1", "ILLEGAL", "refused"},
	// KS-6: singletons may be sown, from either row (here a1, then a relay
	// from a3 since the lap ended in empty a2 before occupied a3).
	{"KS-6/singleton", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/3,0,0,0,1,2,0/1,0,2,0,0,0,4 S turn=0", "a1",
		"kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/3,0,0,0,1,2,0/0,1,0,1,1,0,4 N turn=1", "ongoing"},
	// KS-7: the capture's first seed goes into b7 itself; 18 seeds go
	// once round and into b7..b4; relay from b3 (facing c3 empty); the lap
	// ends in occupied b2 with b1 facing occupied c1: capture, North's
	// inner row is empty, South wins (KS-8.1, KS-10).
	{"KS-7/round", "kisolo 0,0,0,0,0,0,8/1,0,0,0,0,0,10/0,0,0,0,0,0,1/0,0,0,0,0,0,0 S turn=0", "xb7",
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,2,0,2,2,2,3/1,1,1,1,1,1,1 N turn=1 result=S:inner", "S:inner"},
	// KS-8.1 and KS-10: the capture empties North's inner row; the lap is
	// completed, and although X = a3 is occupied the move stops; South wins
	// whatever North's outer row (d5) holds.
	{"KS-8.1/stops", "kisolo 1,0,0,0,3,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,5,0,0,0,0 S turn=0", "xb1",
		"kisolo 0,0,0,0,3,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,5,0,0,0,0 N turn=1 result=S:inner", "S:inner"},
	// KS-8.3: the capture needs L occupied: as KS4 but L = b2 landing
	// with CaptureOnAnyLanding set changes nothing when L was occupied.
	{"KS-8.3/any-landing-same", "kisolo 0,0,0,0,0,0,0/1,1,0,0,0,0,0/0,0,2,0,0,0,0/12,1,0,0,0,0,0 S turn=10 rules=CaptureOnAnyLanding:true", "b3",
		"kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/2,2,1,1,1,1,1/0,2,1,1,1,1,1 N turn=11 rules=CaptureOnAnyLanding:true", "ongoing"},
	// KS-8.3 with C-3 and C-4: a lap of 15 from a6 goes once round and on
	// to a7, which got a seed earlier in the same lap: L was occupied, X = b7
	// faces the occupied c7: capture c7 and d7 (3) into b7, b6, b5; then
	// relays b4 -> b3, b2 -> b1, a1 -> a2, a3 -> a4, a5 -> a6, a7 (2) ->
	// b7, b6, b5 (2) -> b4, b3; X = b2, lifted earlier, is empty: end.
	{"KS-8.3/C-3-same-lap", "kisolo 0,0,0,0,0,0,1/1,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,15,0 S turn=0", "a6",
		"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/2,0,3,1,0,3,3/0,2,0,2,0,2,0 N turn=1", "ongoing"},
	// KS-8.3 with C-3 and C-4: a lap of 14 from a7 goes once round and
	// ends in a7, emptied by the lift: L was empty, so no capture through
	// b7 although c7 is occupied; relay b7 -> b6, b5 -> b4, b3 -> b2; L = b2
	// was occupied and X = b1 faces c1: capture c1 (d1 is empty) into b1;
	// relays a1 -> a2, a3 -> a4, a5 -> a6, a7 -> b7 (L = b7 empty: relay,
	// no capture), b6 (2) -> b5, b4; X = b3 is empty: end.
	{"KS-8.3/C-3-lifted-pit-empty", "kisolo 0,0,0,0,0,0,1/1,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,14 S turn=0", "a7",
		"kisolo 0,0,0,0,0,0,1/0,0,0,0,0,0,2/2,2,0,3,1,0,1/0,2,0,2,0,2,0 N turn=1", "ongoing"},
	// KS-8.4: a lap that ends in an occupied outer pit relays from the
	// next (outer) pit.
	{"KS-8.4/outer", "kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/1,0,0,0,0,0,0/1,1,1,0,0,0,0 S turn=0", "a1",
		"kisolo 0,0,0,0,0,0,0/0,1,0,0,0,0,0/1,0,0,0,0,0,0/0,2,0,1,0,0,0 N turn=1", "ongoing"},
	// KS-9: a player whose only seeds are in the inner row can move.
	{"KS-9/inner-only", "kisolo 2,0,0,0,0,0,0/0,0,1,0,0,0,0/0,0,0,1,0,0,0/0,0,0,0,0,0,0 S turn=0", "-", "b4", "ongoing"},
	{"KS-9/inner-only-capture", "kisolo 2,0,0,0,0,0,0/0,0,1,0,0,0,0/0,0,1,1,0,0,0/0,0,0,0,0,0,0 S turn=0", "-", "xb3", "ongoing"},
	// KS-10 (KS6 of the rules file, with seeds left in North's outer row).
	{"KS-10/outer-left", "kisolo 1,4,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=4", "xb1",
		"kisolo 0,4,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=5 result=S:inner", "S:inner"},
	// KS-11: South sows its last inner seed out of the inner row and loses.
	{"KS-11/loses", "kisolo 1,0,0,0,0,0,0/0,0,1,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=0", "b1",
		"kisolo 1,0,0,0,0,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 N turn=1 result=N:selfinner", "N:selfinner"},
	{"KS-11/Continues", "kisolo 1,0,0,0,0,0,0/0,0,1,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=0 rules=SelfEmptiedInnerRow:Continues", "b1",
		"kisolo 1,0,0,0,0,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 N turn=1 rules=SelfEmptiedInnerRow:Continues", "ongoing"},
	// KS-11, SelfEmptiedInnerRow=Continues: KS-10 still wins.
	{"KS-11/Continues-KS-10", "kisolo 1,0,0,0,3,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,5,0,0,0,0 S turn=0 rules=SelfEmptiedInnerRow:Continues", "xb1",
		"kisolo 0,0,0,0,3,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,5,0,0,0,0 N turn=1 result=S:inner rules=SelfEmptiedInnerRow:Continues", "S:inner"},
	// KS-11, Win=OuterRowEmptied: emptying North's outer row wins, checked
	// before South's own (also empty) outer row.
	{"KS-11/Outer-wins", "kisolo 0,0,2,0,0,0,0/0,0,1,0,1,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0 S turn=0 rules=Win:OuterRowEmptied", "xb3",
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,1,0,0/1,1,2,0,0,0,0/0,0,0,0,0,0,0 N turn=1 result=S:outer rules=Win:OuterRowEmptied", "S:outer"},
	// Win=OuterRowEmptied: emptying one's own outer row loses.
	{"KS-11/Outer-loses", "kisolo 1,0,0,0,0,0,0/0,1,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,1 S turn=0 rules=Win:OuterRowEmptied", "a7",
		"kisolo 1,0,0,0,0,0,0/0,1,0,0,0,0,0/0,0,0,0,0,0,1/0,0,0,0,0,0,0 N turn=1 result=N:outer rules=Win:OuterRowEmptied", "N:outer"},
	// Win=OuterRowEmptied: an empty own inner row does not lose, whatever
	// SelfEmptiedInnerRow says.
	{"KS-11/Outer-inner-empty", "kisolo 1,0,0,0,0,0,0/0,0,1,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=0 rules=Win:OuterRowEmptied", "b1",
		"kisolo 1,0,0,0,0,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 N turn=1 rules=Win:OuterRowEmptied", "ongoing"},
	// Win=OuterRowEmptied: KS-8.1 never applies; the move goes on after
	// North's inner row is emptied (relay from a3), and nobody wins.
	{"KS-11/Outer-no-8.1", "kisolo 1,0,0,0,3,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,5,0,0,0,0 S turn=0 rules=Win:OuterRowEmptied", "xb1",
		"kisolo 0,0,0,0,3,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,1/1,1,0,1,1,1,1 N turn=1 rules=Win:OuterRowEmptied", "ongoing"},
	// KS-12, C-6: MaxLaps counts laps; KS3 takes 2 laps.
	{"KS-12/MaxLaps1", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 S turn=10 rules=MaxLaps:1", "a1",
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 N turn=11 result=draw:endless rules=MaxLaps:1", "draw:endless"},
	{"KS-12/MaxLaps2", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 S turn=10 rules=MaxLaps:2", "a1",
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/0,1,1,0,1,0,0 N turn=11 rules=MaxLaps:2", "ongoing"},
	{"KS-12/Illegal-moves", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 S turn=10 rules=Endless:Illegal,MaxLaps:1", "-", "a4 b1", "ongoing"},
	{"KS-12/Illegal-refused", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 S turn=10 rules=Endless:Illegal,MaxLaps:1", "a1", "ILLEGAL", "refused"},
	{"KS-12/Illegal-legal", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 S turn=10 rules=Endless:Illegal,MaxLaps:1", "a4",
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,0,1,0,0 N turn=11 rules=Endless:Illegal,MaxLaps:1", "ongoing"},
	// C-6, Endless=Illegal: every candidate of South (14 singletons, each
	// needing a second lap) is endless: the game is drawn when the position
	// is made, by Apply ...
	{"KS-12/Illegal-all-endless-apply", "kisolo 0,0,0,0,1,0,0/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 N turn=1 rules=Endless:Illegal,MaxLaps:1,SelfEmptiedInnerRow:Continues", "d5",
		"kisolo 0,0,0,1,0,0,0/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 S turn=2 result=draw:endless rules=Endless:Illegal,MaxLaps:1,SelfEmptiedInnerRow:Continues", "draw:endless"},
	// ... or by Parse; even when the endless candidates are compulsory
	// captures, sowing stays illegal (C-6).
	{"KS-12/Illegal-all-endless-parse", "kisolo 0,0,0,1,0,0,0/0,0,0,0,0,0,0/1,1,1,1,1,1,1/1,1,1,1,1,1,1 S turn=2 rules=Endless:Illegal,MaxLaps:1,SelfEmptiedInnerRow:Continues", "-", "(none)", "draw:endless"},
	{"KS-12/Illegal-captures-endless", "kisolo 0,0,0,0,0,0,0/1,0,1,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=0 rules=Endless:Illegal,MaxLaps:1", "-", "(none)", "draw:endless"},
	{"KS-12/Illegal-captures-endless-sow", "kisolo 0,0,0,0,0,0,0/1,0,1,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=0 rules=Endless:Illegal,MaxLaps:1", "a1", "GAMEOVER", "refused"},
	{"KS-12/Illegal-captures-finite", "kisolo 0,0,0,0,0,0,0/1,0,1,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=0 rules=Endless:Illegal,MaxLaps:2", "xb1",
		"kisolo 0,0,0,0,0,0,0/0,0,1,0,0,0,0/2,0,0,0,0,0,0/0,1,0,0,0,0,0 N turn=1 rules=Endless:Illegal,MaxLaps:2", "ongoing"},
	// C-8: a player to move without any legal move loses; every move is
	// then refused as after the end.
	{"C-8/no-move", "kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=6", "-", "(none)", "N:nomove"},
	{"C-8/refused", "kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=6", "d1", "GAMEOVER", "refused"},
	// After the end every move is refused with ErrGameOver.
	{"KS-10/after-end", "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner", "a1", "GAMEOVER", "refused"},
})

// TestClauses plays every clause case for South and, rotated half a turn,
// for North.
func TestClauses(t *testing.T) {
	for _, c := range clauseCases {
		written, rotated := "/South", "/North"
		if strings.Contains(c.Before, " N turn=") {
			written, rotated = rotated, written
		}
		t.Run(c.ID+written, func(t *testing.T) { runExample(t, c, false) })
		t.Run(c.ID+rotated, func(t *testing.T) { runExample(t, c, true) })
	}
}

// TestNumbering checks KS-1 and KS-2 on every board size: 4 rows of C
// pits; South a_k = k-1, b_k = 2C-k; North d_k = 3C-k, c_k = 3C+k-1; the
// pit names; and the move keys (circuit index times 256) for both
// players.
func TestNumbering(t *testing.T) {
	for _, cols := range []int{6, 7, 8} {
		p, err := New(Rules{Files: cols})
		if err != nil {
			t.Fatal(err)
		}
		l := p.Layout()
		if l.Pits() != 4*cols || l.Rows() != 4 || l.Files() != cols || p.Rules().files() != cols || p.Rules().Layout() != l {
			t.Fatalf("Columns %d: layout %d pits, %d rows, %d files", cols, l.Pits(), l.Rows(), l.Files())
		}
		north := rotate(p)
		for k := 1; k <= cols; k++ {
			want := map[string]int{
				fmt.Sprintf("a%d", k): k - 1,
				fmt.Sprintf("b%d", k): 2*cols - k,
				fmt.Sprintf("d%d", k): 3*cols - k,
				fmt.Sprintf("c%d", k): 3*cols + k - 1,
			}
			for name, index := range want {
				pit, err := ParsePit(name)
				if err != nil {
					t.Fatal(err)
				}
				if got := p.Index(pit); got != index {
					t.Errorf("Columns %d: %s is pit %d, want %d", cols, name, got, index)
				}
				if got := p.Pit(index); got != pit {
					t.Errorf("Columns %d: pit %d is %v, want %s", cols, index, got, name)
				}
				if got := l.PitName(index); got != name {
					t.Errorf("Columns %d: pit %d is named %s, want %s", cols, index, got, name)
				}
				m := mustMove(t, name)
				if Sow(pit) != m || m.Pit() != pit || Capture(pit).String() != "x"+name || Capture(pit).Pit() != pit {
					t.Errorf("Columns %d: Sow/Capture(%v) = %v, %v", cols, pit, Sow(pit), Capture(pit))
				}
				key := MoveKey(p, m)
				nkey := MoveKey(north, m)
				switch {
				case index < 2*cols && (key != index*256 || nkey != -1):
					t.Errorf("Columns %d: %s keys %d (South), %d (North)", cols, name, key, nkey)
				case index >= 2*cols && (nkey != (index-2*cols)*256 || key != -1):
					t.Errorf("Columns %d: %s keys %d (South), %d (North)", cols, name, key, nkey)
				}
			}
			// KS-4: b_k faces c_k, 5C-1-p; behind c_k is d_k, behind b_k is a_k.
			b, c := 2*cols-k, 3*cols+k-1
			if f, _ := l.Facing(b); f != c || f != 5*cols-1-b {
				t.Errorf("Columns %d: b%d faces %d", cols, k, f)
			}
			if bh, _ := l.Behind(c); bh != 3*cols-k {
				t.Errorf("Columns %d: behind c%d is %d", cols, k, bh)
			}
			if bh, _ := l.Behind(b); bh != k-1 {
				t.Errorf("Columns %d: behind b%d is %d", cols, k, bh)
			}
		}
		if p.Seeds(-1) != 0 || p.Seeds(4*cols) != 0 || p.Seeds(0) != 3 {
			t.Errorf("Columns %d: Seeds out of range", cols)
		}
		if p.Index(Pit{}) != -1 || MoveKey(p, Move{}) != -1 || p.Pit(-1) != (Pit{}) || p.Pit(4*cols) != (Pit{}) {
			t.Errorf("Columns %d: the zero Pit or an index off the board has a match", cols)
		}
		if cols < maxFiles && (p.Index(PitAt(0, cols+1)) != -1 || MoveKey(p, Sow(PitAt(0, cols+1))) != -1) {
			t.Errorf("Columns %d: a pit beyond the board has an index", cols)
		}
	}
}

// TestPits checks Pit, PitAt, ParsePit and Position.Index/Pit on every
// board size (6, 7, 8 columns): every index names a pit whose index it is;
// every pit a1..d8 round-trips through its name, row and file, and has an
// index exactly when its file is on the board; bad rows, files and names
// give the zero Pit or a syntax error.
func TestPits(t *testing.T) {
	funcs := gametest.PitFuncs[Position, Pit]{PitAt: PitAt, ParsePit: ParsePit, Pit: Position.Pit, Index: Position.Index}
	var all []Pit
	for row := range maxRows {
		for file := 1; file <= maxFiles; file++ {
			pit := PitAt(row, file)
			if name := fmt.Sprintf("%c%d", 'a'+row, file); pit.Row() != row || pit.File() != file || pit.String() != name {
				t.Errorf("PitAt(%d, %d) = %v (row %d, file %d)", row, file, pit, pit.Row(), pit.File())
			}
			all = append(all, pit)
		}
	}
	for _, cols := range []int{6, 7, 8} {
		p := mustNew(t, fmt.Sprintf("Columns:%d", cols))
		gametest.Pits(t, &Descriptor, p, funcs, "a9", "e1", "d9")
		for _, pit := range all {
			if i := p.Index(pit); (i >= 0) != (pit.File() <= cols) || (i >= 0 && p.Pit(i) != pit) {
				t.Errorf("Columns %d: Index(%v) = %d", cols, pit, i)
			}
			if back, err := ParsePit(pit.String()); err != nil || back != pit {
				t.Errorf("ParsePit(%q) = %v, %v; want %v", pit.String(), back, err, pit)
			}
		}
	}
}

// TestSetups checks KS-5: every Setup on every board it allows, South to
// move at turn 0, seeds per circuit as the rules file says and North's the
// same rotated half a turn (so the start is symmetric).
func TestSetups(t *testing.T) {
	tests := []struct {
		rules Rules
		want  string
		total int
	}{
		{Rules{}, "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", 84},
		{Rules{Files: 7}, "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", 84},
		{Rules{Files: 6}, "kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6", 72},
		{Rules{Files: 8}, "kisolo 3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3 S turn=0 rules=Columns:8", 96},
		{Rules{Setup: Outer3, Win: OuterRowEmptied}, "kisolo 3,3,3,3,3,3,3/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,3,3,3,3,3,3 S turn=0 rules=Setup:Outer3,Win:OuterRowEmptied", 42},
		{Rules{Setup: Outer3, Win: OuterRowEmptied, Files: 6}, "kisolo 3,3,3,3,3,3/0,0,0,0,0,0/0,0,0,0,0,0/3,3,3,3,3,3 S turn=0 rules=Columns:6,Setup:Outer3,Win:OuterRowEmptied", 36},
		{Rules{Setup: Outer3, Win: OuterRowEmptied, Files: 8}, "kisolo 3,3,3,3,3,3,3,3/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/3,3,3,3,3,3,3,3 S turn=0 rules=Columns:8,Setup:Outer3,Win:OuterRowEmptied", 48},
		{Rules{Setup: Townshend1}, "kisolo 15,0,1,0,1,0,1/0,1,0,1,0,1,0/0,1,0,1,0,1,0/1,0,1,0,1,0,15 S turn=0 rules=Setup:Townshend1", 42},
		{Rules{Setup: Townshend2}, "kisolo 9,0,0,0,0,0,9/0,1,0,1,0,1,0/0,1,0,1,0,1,0/9,0,0,0,0,0,9 S turn=0 rules=Setup:Townshend2", 42},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			p, err := New(tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, p.String()); diff != "" {
				t.Fatalf("start (-want +got):\n%s", diff)
			}
			if p != mustParse(t, tc.want) {
				t.Fatalf("New and Parse differ")
			}
			if total := Descriptor.SeedTotal(p); p.ToMove() != mancala.South || p.Turn() != 0 || p.Outcome().Over() || total != tc.total {
				t.Fatalf("start: %v to move, turn %d, outcome %v, %d seeds", p.ToMove(), p.Turn(), p.Outcome(), total)
			}
			g := p.geom()
			for i := range g.ring {
				if b := p.board(); b[i] != b[g.ring+i] {
					t.Fatalf("South's circuit index %d holds %d, North's %d", i, b[i], b[g.ring+i])
				}
			}
			if r := rotate(p); r.circ != p.circ {
				t.Fatalf("the start is not symmetric under a half turn")
			}
		})
	}
	if Start() != mustNew(t, "") || Start().String() != tests[0].want {
		t.Fatalf("Start() = %v", Start())
	}
}

// TestCaptureTrace checks the event order of KS-7 for South and North: a
// capture move starts with Capture events (the facing pit, then the pit
// behind it), its first Drop goes into the capturing pit, and relays are
// Relay events.
func TestCaptureTrace(t *testing.T) {
	for _, north := range []bool{false, true} {
		p := mustParse(t, "kisolo 1,0,0,0,3,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,5,0,0,0,0 S turn=0 rules=Win:OuterRowEmptied")
		m := mustMove(t, "xb1")
		if north {
			p, m = rotate(p), rotateMove(m, 7)
		}
		pit := func(name string) mancala.Place {
			mv := mustMove(t, name)
			if north {
				mv = rotateMove(mv, 7)
			}
			return mancala.PitOf(p.Index(mv.Pit()))
		}
		drop := func(name string) mancala.Event {
			return mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: pit(name), Count: 1}
		}
		want := []mancala.Event{
			{Kind: mancala.Capture, From: pit("c1"), To: mancala.Hand, Count: 2},
			{Kind: mancala.Capture, From: pit("d1"), To: mancala.Hand, Count: 1},
			drop("b1"), drop("a1"), drop("a2"),
			{Kind: mancala.Relay, From: pit("a3"), To: mancala.Hand, Count: 5},
			drop("a4"), drop("a5"), drop("a6"), drop("a7"), drop("b7"),
			{Kind: mancala.End, EndReason: mancala.EndNextEmpty},
		}
		if diff := cmp.Diff(want, checkTrace(t, p, m)); diff != "" {
			t.Fatalf("north=%v: trace (-want +got):\n%s", north, diff)
		}
	}
	// A sow starts with Lift; KS-8.1 ends with EndInnerRowEmptied; an
	// endless move reports only End.
	p := mustParse(t, gametest.ExampleByID(t, Name, "KS6").Before)
	ev := checkTrace(t, p, mustMove(t, "xb1"))
	if ev[len(ev)-1].EndReason != mancala.EndInnerRowEmptied {
		t.Fatalf("KS6 ends with %v", ev[len(ev)-1])
	}
	p = mustParse(t, gametest.ExampleByID(t, Name, "KS2").Before)
	ev = checkTrace(t, p, mustMove(t, "a1"))
	if ev[0] != (mancala.Event{Kind: mancala.Lift, From: mancala.PitOf(0), To: mancala.Hand, Count: 2}) {
		t.Fatalf("KS2 starts with %v", ev[0])
	}
	p = mustParse(t, gametest.ExampleByID(t, Name, "KS5").Before)
	ev = checkTrace(t, p, mustMove(t, "a1"))
	if diff := cmp.Diff([]mancala.Event{{Kind: mancala.End, EndReason: mancala.EndEndless}}, ev); diff != "" {
		t.Fatalf("KS5 trace (-want +got):\n%s", diff)
	}
	// A nil fn is Apply.
	q, err := p.ApplyTrace(mustMove(t, "a1"), nil)
	if want, _ := p.Apply(mustMove(t, "a1")); err != nil || q != want {
		t.Fatalf("ApplyTrace with nil fn = %v, %v", q, err)
	}
}

// TestKS5Fast checks that the endless KS5 move is found by the cycle check
// at once, not by sowing on to MaxLaps: with MaxLaps at its largest,
// 2,000,000 (mancala.MaxLapsLimit), the move still returns a draw within
// a few hundred laps (C-6, KS-12).
func TestKS5Fast(t *testing.T) {
	p := mustParse(t, "kisolo 0,0,0,0,0,0,0/0,0,1,0,0,0,0/1,2,0,1,0,1,0/1,0,1,0,1,0,1 S turn=10 rules=MaxLaps:2000000")
	g := p.geom()
	m0, m1, o0, o1 := p.words()
	_, _, _, _, end, laps := g.sowWords(m0, m1, o0, o1, SowKind, 0, p.rules)
	if end != mancala.EndEndless || laps > 1000 {
		t.Fatalf("KS5 ended %v after %d laps; want endless within 1000 laps", end, laps)
	}
	// The lap-boundary state first recurs after 98 laps (rules file):
	// with MaxLaps 98 the move is endless, and so with any larger bound.
	for _, maxLaps := range []int{98, 99, 500} {
		q := p
		r := q.Rules()
		r.MaxLaps = maxLaps
		q.rules = packRules(r)
		if r, _ := q.Apply(Sow(PitAt(0, 1))); r.Outcome().Reason != mancala.Endless {
			t.Fatalf("MaxLaps %d: %v", maxLaps, r.Outcome())
		}
	}
}

// TestKS9 checks KS-9 on random games under every rule set: whenever the
// player to move has a seed in the inner row and the game goes on, there
// is a legal move (and under the default rules, a player whose inner row
// is empty never has to move).
func TestKS9(t *testing.T) {
	for _, rs := range []string{"", "Columns:6", "Columns:8", "SelfEmptiedInnerRow:Continues", "CaptureOnAnyLanding:true", "Setup:Townshend1"} {
		start := mustNew(t, rs)
		pl := mancala.NewPlayout[Position, Move](7)
		var buf []Move
		for range 100 {
			p := start
			for !p.Outcome().Over() {
				buf = p.AppendLegalMoves(buf[:0])
				g := p.geom()
				m0 := int(p.turn&1) * g.ring
				b := p.board()
				inner := !rowEmpty(&b, m0+g.c, g.c)
				if inner && len(buf) == 0 {
					t.Fatalf("%v: inner row holds seeds but no legal move", p)
				}
				if !inner && rs == "" {
					t.Fatalf("%v: default rules, the player to move has an empty inner row", p)
				}
				q, err := p.Apply(buf[pl.IntN(len(buf))])
				if err != nil {
					t.Fatal(err)
				}
				p = q
			}
		}
	}
}

// TestRefusalErrors checks the error values of refused moves: a
// *mancala.MoveError naming the game and the move, wrapping ErrIllegalMove
// (or ErrGameOver after the end), with the receiver unchanged.
func TestRefusalErrors(t *testing.T) {
	p := mustParse(t, "kisolo 0,0,0,0,0,0,0/1,1,1,0,0,0,0/1,1,0,0,0,0,0/2,0,0,0,0,0,0 S turn=0")
	_, err := p.Apply(mustMove(t, "a1"))
	var me *mancala.MoveError
	if !errors.As(err, &me) || me.Move != "a1" || me.Game != "kisolo" || me.Reason != "a capture is compulsory (KS-6)" {
		t.Fatalf("error %#v", err)
	}
	if errors.Is(err, mancala.ErrGameOver) {
		t.Fatalf("%v matches ErrGameOver", err)
	}
	if got := err.Error(); got != "kisolo: illegal move a1: a capture is compulsory (KS-6)" {
		t.Fatalf("message %q", got)
	}
	for _, m := range []Move{{}, Sow(PitAt(0, 8)), Capture(PitAt(3, 1)), Capture(PitAt(0, 1)), Sow(PitAt(2, 1))} {
		gametest.CheckRefused(t, &Descriptor, p, m, mancala.ErrIllegalMove)
	}
	// The zero Position: South has no seeds, so North has won (C-8).
	var z Position
	if o := z.Outcome(); o != (mancala.Outcome{Status: mancala.Win, Winner: mancala.North, Reason: mancala.NoMove}) {
		t.Fatalf("zero Position outcome %v", o)
	}
	if ms := z.LegalMoves(); ms == nil || len(ms) != 0 {
		t.Fatalf("zero Position: legal moves %#v, want an empty non-nil slice", ms)
	}
	gametest.CheckRefused(t, &Descriptor, z, Sow(PitAt(0, 1)), mancala.ErrGameOver)
}
