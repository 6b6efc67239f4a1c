package kimasai

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// clauseCases are hand-made positions, one or more per clause of
// docs/rules/kimasai.md (and C-4, C-6, C-8 of docs/rules/common.md). Each is played
// as written and mirrored for the other side (TestClauses). The after
// positions were worked out by hand; the comments give the laps.
var clauseCases = gametest.ExampleTable([][5]string{
	// KM-3: clockwise round the mover's own 16 pits: a1 -> b1 -> b2 -> b3.
	{"KM-3/wrap-a1-b1", "kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/3,0,0,0,0,0,0,0 S turn=60 reserves=0,0", "a1",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/1,1,1,0,0,0,0,1/0,0,0,0,0,0,0,0 N turn=61 reserves=0,0", "ongoing"},
	// C-4 with KM-3: 17 cows from a8 go once round (the emptied a8 gets one)
	// and on to a7, which was filled earlier in the lap: relay (C-3), then
	// relays of 2 until a7, emptied by the first relay, ends the move (9
	// laps). Inner landings b2, b4, b6, b8 face empty pits: no raid.
	{"KM-3/C-4-round", "kimasai 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,17 S turn=80 reserves=0,0", "a8",
		"kimasai 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/2,0,2,0,2,0,2,0/0,2,0,2,0,2,1,2 N turn=81 reserves=0,0", "ongoing"},
	// KM-6: turn 1 is free under FreeFirstTurn=EachPlayer: North lifts c6's
	// single cow without a reserve cow (compare KM7-schedule/02).
	{"KM-6/EachPlayer-turn1-free", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,0,0,2/0,0,0,0,0,0,0,1 N turn=1 reserves=24,24 rules=FreeFirstTurn:EachPlayer", "c6",
		"kimasai 1,1,0,0,0,0,0,0/0,2,0,2,0,0,1,1/1,1,1,1,1,0,0,2/0,0,0,0,0,0,0,1 S turn=2 reserves=24,24 rules=FreeFirstTurn:EachPlayer", "ongoing"},
	// KM-6: under EachPlayer turn 2 is not free (as BK2).
	{"KM-6/EachPlayer-turn2-places", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,24 rules=FreeFirstTurn:EachPlayer", "b8",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,0/0,0,0,0,0,0,1,1 N turn=3 reserves=23,24 rules=FreeFirstTurn:EachPlayer", "ongoing"},
	// KM-6: a phase-1 mover with an empty reserve adds no cow: b8's single
	// cow goes to a8 (empty): end. North still holds 5, so it is phase 1.
	{"KM-6/own-reserve-empty", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=20 reserves=0,5", "b8",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,0/0,0,0,0,0,0,0,1 N turn=21 reserves=0,5", "ongoing"},
	// KM-6: only occupied pits of the mover's own rows.
	{"KM-6/empty-pit", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,23", "a1", "ILLEGAL", "refused"},
	{"KM-6/opponent-pit", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,23", "c1", "ILLEGAL", "refused"},
	// KM-7: South places its last reserve cow on turn 48: still phase 1, so
	// b8 (occupied, facing the occupied c8) relays instead of raiding.
	{"KM-7/turn48-last-cow-no-raid", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=48 reserves=1,0", "b6",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,0,2,0/0,0,0,0,0,0,1,1 N turn=49 reserves=0,0", "ongoing"},
	// KM-7, KM-8, KM-10: turn 49 is phase 2: North's singleton c2 lands in
	// c1, occupied and facing b1: raid b1's one cow into c1 itself; c1 was
	// occupied, b1 is now empty: relay c1's 3 cows to d1, d2, d3: end.
	{"KM-7/turn49-phase2-raid", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,0,2,0/0,0,0,0,0,0,1,1 N turn=49 reserves=0,0", "c2",
		"kimasai 1,1,1,0,0,0,0,0/0,0,1,1,1,1,1,1/0,1,1,1,1,0,2,0/0,0,0,0,0,0,1,1 S turn=50 reserves=0,0", "ongoing"},
	// KM-8: phase 2, a singleton, no reserve cow: b8 -> a8 (empty): end.
	{"KM-8/singleton", "kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 S turn=60 reserves=0,0", "b8",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 N turn=61 reserves=0,0", "ongoing"},
	// KM-9.2, KM-9.3: b2 was occupied but faces the empty c2: relay (b3,
	// facing the occupied c3, is passed over, not a lap end).
	{"KM-9/facing-empty-relays", "kimasai 0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0/1,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S turn=60 reserves=0,0", "b1",
		"kimasai 0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0/0,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0 N turn=61 reserves=0,0", "ongoing"},
	// KM-9.3: a lap ending in an occupied outer pit relays (outer pits face
	// nothing): b8 -> a8, relay 2 -> a7, a6 (empty): end.
	{"KM-9/outer-relays", "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,5/1,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 S turn=60 reserves=0,0", "b8",
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,5/1,0,0,0,0,0,0,0/0,0,0,0,0,1,1,0 N turn=61 reserves=0,0", "ongoing"},
	// KM-10: the raid takes only the facing inner pit c4, never d4 behind it
	// (BK3 with 5 cows in d4).
	{"KM-10/not-behind", "kimasai 0,0,0,5,0,0,0,0/1,0,0,3,0,0,0,0/0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0", "b2",
		"kimasai 0,0,0,5,0,0,0,0/1,0,0,0,0,0,0,0/0,0,1,3,1,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0", "ongoing"},
	// KM-11: the raid on c4 empties North's inner row: the raid lap ends in
	// b5, which was occupied, yet the move stops and South wins; North's
	// outer row keeps its cows.
	{"KM-11/stops-on-occupied", "kimasai 3,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 S turn=30 reserves=0,0", "b2",
		"kimasai 3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,3,2,0,0,0/0,0,0,0,0,0,0,0 N turn=31 reserves=0,0 result=S:inner", "S:inner"},
	// KM-10 chained, KM-11: BK3b without c1: the second raid (c5) empties
	// North's inner row: South wins.
	{"KM-11/chained-raid-wins", "kimasai 0,0,0,0,0,0,0,0/0,0,0,2,2,0,0,0/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0", "b2",
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,3,3,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0 result=S:inner", "S:inner"},
	// KM-12: South's move leaves its own inner row empty: South loses.
	{"KM-12/self-emptied", "kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 S turn=60 reserves=0,0", "b8",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 N turn=61 reserves=0,0 result=N:selfinner", "N:selfinner"},
	// KM-12 in phase 1: b8 gets a reserve cow, 2 cows to a8, a7: end with
	// the inner row empty.
	{"KM-12/self-emptied-phase1", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,23", "b8",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1 N turn=3 reserves=23,23 result=N:selfinner", "N:selfinner"},
	// KM-12 with SelfEmptiedInnerRow=Continues: play goes on.
	{"KM-12/Continues", "kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 S turn=60 reserves=0,0 rules=SelfEmptiedInnerRow:Continues", "b8",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 N turn=61 reserves=0,0 rules=SelfEmptiedInnerRow:Continues", "ongoing"},
	// KM-12 with Continues: a player with an empty inner row plays from
	// the outer row; a8 -> a7 (empty): end, inner row still empty.
	{"KM-12/Continues-outer-move", "kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 S turn=62 reserves=0,0 rules=SelfEmptiedInnerRow:Continues", "a8",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0 N turn=63 reserves=0,0 rules=SelfEmptiedInnerRow:Continues", "ongoing"},
	// KM-13, C-6 MaxLaps: the first move b1 takes 5 laps: finite with
	// MaxLaps 5, endless (a draw, nothing moves) with MaxLaps 4.
	{"KM-13/MaxLaps-5-finite", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24 rules=MaxLaps:5", "b1",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 N turn=1 reserves=24,24 rules=MaxLaps:5", "ongoing"},
	{"KM-13/MaxLaps-4-draw", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24 rules=MaxLaps:4", "b1",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=1 reserves=24,24 result=draw:endless rules=MaxLaps:4", "draw:endless"},
	{"KM-13/MaxLaps-4-Illegal", "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24 rules=Endless:Illegal,MaxLaps:4", "b1", "ILLEGAL", "refused"},
	// C-6: raid laps count toward MaxLaps: BK3b takes 3 laps (a sowing lap
	// and two raid laps).
	{"KM-13/raid-laps-count-3", "kimasai 0,0,0,0,0,0,0,0/1,0,0,2,2,0,0,0/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0 rules=MaxLaps:3", "b2",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,1,3,3,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0 rules=MaxLaps:3", "ongoing"},
	{"KM-13/raid-laps-count-2", "kimasai 0,0,0,0,0,0,0,0/1,0,0,2,2,0,0,0/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0 rules=MaxLaps:2", "b2",
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,2,2,0,0,0/0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0 result=draw:endless rules=MaxLaps:2", "draw:endless"},
	// C-6 with Endless=Illegal: after North's move every South candidate
	// (the BK5 board; each move takes 8 laps or is endless) is endless under
	// MaxLaps 7: the game is drawn at once (the result is written, since a
	// move ended the game).
	{"KM-13/Illegal-all-endless-draw", "kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,1/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=7 reserves=21,21 rules=Endless:Illegal,MaxLaps:7", "c1",
		"kimasai 1,1,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20 result=draw:endless rules=Endless:Illegal,MaxLaps:7", "draw:endless"},
	// C-8: after BK5's finite move b2 (8 laps) North has no cow on the
	// board and no legal move: South wins.
	{"C-8/nomove-after-move", "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20", "b2",
		"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,0,1,0,1,0/0,3,0,1,0,1,0,1 N turn=9 reserves=20,20 result=S:nomove", "S:nomove"},
})

// TestClauses plays every clause case for the side written and mirrored
// for the other side.
func TestClauses(t *testing.T) {
	for _, c := range clauseCases {
		t.Run(c.ID+"/as-written", func(t *testing.T) { runExample(t, c, false) })
		t.Run(c.ID+"/mirrored", func(t *testing.T) { runExample(t, c, true) })
	}
}

// TestKM1Board checks KM-1: four rows of eight, no stores, South owning
// rows a and b, North rows c and d.
func TestKM1Board(t *testing.T) {
	l := Start().Layout()
	if l.Rows() != 4 || l.Files() != 8 || l.Pits() != 32 || l.HasStores() || l.SharedRing() {
		t.Fatalf("layout %d x %d, %d pits, stores %v, shared %v", l.Rows(), l.Files(), l.Pits(), l.HasStores(), l.SharedRing())
	}
	for p := range Pits {
		want := mancala.South
		if l.Row(p) >= 2 {
			want = mancala.North
		}
		if l.Owner(p) != want {
			t.Errorf("pit %d (%s) owned by %v, want %v", p, l.PitName(p), l.Owner(p), want)
		}
	}
}

// TestKM2Numbering checks KM-2: b1..b8 = 0..7, a8..a1 = 8..15, c8..c1 =
// 16..23, d1..d8 = 24..31, also through the notation (each pit holds a
// distinct count).
func TestKM2Numbering(t *testing.T) {
	var want []string
	for k := 1; k <= 8; k++ {
		want = append(want, fmt.Sprintf("b%d", k))
	}
	for k := 8; k >= 1; k-- {
		want = append(want, fmt.Sprintf("a%d", k))
	}
	for k := 8; k >= 1; k-- {
		want = append(want, fmt.Sprintf("c%d", k))
	}
	for k := 1; k <= 8; k++ {
		want = append(want, fmt.Sprintf("d%d", k))
	}
	var got []string
	for p := range Pits {
		got = append(got, Sow(pitOf(p)).String())
		if m, err := ParseMove(want[p]); err != nil || Start().Index(m.Pit()) != p {
			t.Errorf("ParseMove(%s) = %v (pit %d), %v; want pit %d", want[p], m, Start().Index(m.Pit()), err, p)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("pit names (-want +got):\n%s", diff)
	}
	p := mustParse(t, "kimasai 1,2,3,4,5,6,7,8/8,7,6,5,4,3,2,1/1,2,3,4,5,6,7,8/1,2,3,4,5,6,7,8 S turn=60 reserves=0,0")
	// South: b_k = k (pits 0..7 hold 1..8); a_k = k at pit 16-k, so pits
	// 8..15 hold 8..1; North: c_k = 9-k at pit 24-k, so pits 16..23 hold
	// 1..8; d_k = k at pit 23+k, so pits 24..31 hold 1..8.
	for q := range Pits {
		w := q%8 + 1
		if q >= 8 && q < 16 {
			w = 16 - q
		}
		if p.Seeds(q) != w {
			t.Errorf("Seeds(%d) (%s) = %d, want %d", q, layout.PitName(q), p.Seeds(q), w)
		}
	}
	if p.Seeds(-1) != 0 || p.Seeds(32) != 0 {
		t.Error("Seeds out of range is not 0")
	}
}

// TestKM3Circuit checks KM-3: each player's next pit along their own 16
// pits, clockwise (South b1 -> ... -> b8 -> a8 -> ... -> a1 -> b1).
func TestKM3Circuit(t *testing.T) {
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		b := base(pl)
		for i := range 16 {
			if got, want := layout.Next(b+i), b+(i+1)%16; got != want {
				t.Errorf("%v: Next(%d) = %d, want %d", pl, b+i, got, want)
			}
		}
	}
	want := "b1 b2 b3 b4 b5 b6 b7 b8 a8 a7 a6 a5 a4 a3 a2 a1"
	var got []string
	for _, p := range layout.Circuit(mancala.South) {
		got = append(got, layout.PitName(p))
	}
	if strings.Join(got, " ") != want {
		t.Errorf("South circuit %v, want %s", got, want)
	}
}

// TestKM4Facing checks KM-4: b_k faces c_k, pit p faces 23-p; outer pits
// face nothing.
func TestKM4Facing(t *testing.T) {
	for p := range Pits {
		f, ok := layout.Facing(p)
		inner := p < 8 || (p >= 16 && p < 24)
		if ok != inner || (inner && f != 23-p) {
			t.Errorf("Facing(%d) = %d, %v", p, f, ok)
		}
		if inner && layout.File(p) != layout.File(f) {
			t.Errorf("pit %s faces %s", layout.PitName(p), layout.PitName(f))
		}
	}
}

// TestKM5Start checks KM-5: one cow in every inner pit, 24 in each
// reserve, 64 in all, South to move, phase 1, ongoing.
func TestKM5Start(t *testing.T) {
	p := Start()
	const want = "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24"
	if p.String() != want {
		t.Fatalf("Start() = %q, want %q", p.String(), want)
	}
	c := p.Counts()
	if c.Total() != TotalCows || p.ToMove() != mancala.South || p.Phase() != 1 || p.Outcome().Over() ||
		p.Reserve(mancala.South) != 24 || p.Reserve(mancala.North) != 24 || p.Reserve(7) != 0 {
		t.Fatalf("start: total %d, to move %v, phase %d, outcome %v", c.Total(), p.ToMove(), p.Phase(), p.Outcome())
	}
	q, err := New(Rules{})
	if err != nil || q != p {
		t.Fatalf("New(Rules{}) = %v, %v; want Start()", q, err)
	}
	moves := p.LegalMoves()
	if got := fmt.Sprint(moves); got != "[b1 b2 b3 b4 b5 b6 b7 b8]" {
		t.Fatalf("start moves %s", got)
	}
}

// TestKM6NoRaidInPhase1 checks that a phase-1 lap ending in an occupied
// inner pit facing an occupied pit relays (BK2b, KM-6 "no captures").
func TestKM6NoRaidInPhase1(t *testing.T) {
	p := mustParse(t, "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,23")
	var kinds []mancala.EventKind
	if _, err := p.ApplyTrace(mustMove(t, "b6"), func(e mancala.Event) { kinds = append(kinds, e.Kind) }); err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds {
		if k == mancala.Capture {
			t.Fatalf("phase-1 move raided: %v", kinds)
		}
	}
}

// scheduleReserves returns the reserves before turn t of a game in which
// no move is endless: each player places one cow per turn except on free
// turns (KM-6, KM-7).
func scheduleReserves(t int, r Rules) [2]int {
	res := [2]int{24, 24}
	for u := 0; u < t; u++ {
		free := u == 0 || (u == 1 && r.FreeFirstTurn == EachPlayer)
		if !free && res[u%2] > 0 {
			res[u%2]--
		}
	}
	return res
}

// TestKM7Schedule plays random games under both FreeFirstTurn settings and
// checks the reserve schedule and the phase of every turn: with GameOnly
// North places its last cow on turn 47, South on 48, and turn 49 is the
// first phase-2 turn; with EachPlayer South's last is on 48, North's on 49,
// and turn 50 is the first phase-2 turn.
func TestKM7Schedule(t *testing.T) {
	for _, r := range []Rules{{}, {FreeFirstTurn: EachPlayer}} {
		first := 49
		if r.FreeFirstTurn == EachPlayer {
			first = 50
		}
		played := 0
		for seed := uint64(0); played < 20 && seed < 400; seed++ {
			p, _ := New(r)
			pl := mancala.NewPlayout[Position, Move](seed)
			ok := true
			for turn := 0; turn <= first+1; turn++ {
				if p.Outcome().Over() {
					ok = false
					break
				}
				if got, want := [2]int{p.Reserve(mancala.South), p.Reserve(mancala.North)}, scheduleReserves(turn, r); got != want {
					t.Fatalf("rules %q seed %d turn %d: reserves %v, want %v (%s)", r, seed, turn, got, want, p)
				}
				wantPhase := 1
				if turn >= first {
					wantPhase = 2
				}
				if p.Phase() != wantPhase {
					t.Fatalf("rules %q turn %d: phase %d, want %d", r, turn, p.Phase(), wantPhase)
				}
				var err error
				p, _, err = pl.Run(p, 1)
				if err != nil {
					t.Fatal(err)
				}
			}
			if ok {
				played++
			}
		}
		if played < 20 {
			t.Fatalf("rules %q: only %d random games reached turn %d", r, played, first+1)
		}
	}
	// The KM7-schedule rows of examples.tsv around the boundary.
	for _, c := range []struct {
		id    string
		phase int
	}{{"KM7-schedule/48", 1}, {"KM7-schedule/49", 1}, {"KM7-schedule/50", 2}} {
		if p := mustParse(t, gametest.ExampleByID(t, Name, c.id).Before); p.Phase() != c.phase {
			t.Errorf("%s: turn %d phase %d, want %d", c.id, p.Turn(), p.Phase(), c.phase)
		}
	}
}

// TestKM13Endless checks C-6 and KM-13 on BK5: with Endless=Draw every
// occupied pit is a legal move and a2 draws at once; with Endless=Illegal
// a2 is neither listed nor applied; a position whose every candidate is
// endless is drawn when parsed (derived, not printed back).
func TestKM13Endless(t *testing.T) {
	const bk5 = "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20"
	p := mustParse(t, bk5)
	if got := fmt.Sprint(p.LegalMoves()); got != "[b2 b4 b6 b8 a7 a5 a3 a2 a1]" {
		t.Errorf("Draw: legal moves %s", got)
	}
	r := p.sow(14)
	if r.end != mancala.EndEndless || r.maxSeen || r.laps > 1000 {
		t.Errorf("BK5 a2: end %v after %d laps (max reached %v); want a cycle found within 1000 laps", r.end, r.laps, r.maxSeen)
	}
	pi := mustParse(t, bk5+" rules=Endless:Illegal")
	if got := fmt.Sprint(pi.LegalMoves()); got != "[b2 b4 b6 b8 a7 a5 a3 a1]" {
		t.Errorf("Illegal: legal moves %s", got)
	}
	if _, err := pi.Apply(mustMove(t, "a2")); !errors.Is(err, mancala.ErrIllegalMove) || errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("Illegal: a2 gives %v", err)
	}
	// Every candidate endless: MaxLaps 7 makes the 8-lap moves endless too.
	all := mustParse(t, bk5+" rules=Endless:Illegal,MaxLaps:7")
	if o := all.Outcome(); o.Status != mancala.Draw || o.Reason != mancala.Endless || len(all.LegalMoves()) != 0 {
		t.Errorf("all endless: outcome %v, moves %v", o, all.LegalMoves())
	}
	if all.String() != bk5+" rules=Endless:Illegal,MaxLaps:7" {
		t.Errorf("derived result printed: %s", all)
	}
	if _, err := all.Apply(mustMove(t, "b2")); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("after the derived draw: %v", err)
	}
	// With MaxLaps 8 the 8-lap moves are legal again.
	if got := fmt.Sprint(mustParse(t, bk5+" rules=Endless:Illegal,MaxLaps:8").LegalMoves()); got != "[b2 b4 b6 b8 a7 a5 a3 a1]" {
		t.Errorf("MaxLaps 8: legal moves %s", got)
	}
	// Under Draw the endless move's trace is one End event.
	var events []mancala.Event
	q, err := p.ApplyTrace(mustMove(t, "a2"), func(e mancala.Event) { events = append(events, e) })
	if err != nil || len(events) != 1 || events[0] != (mancala.Event{Kind: mancala.End, EndReason: mancala.EndEndless}) {
		t.Fatalf("endless trace %v, %v", events, err)
	}
	if q.Outcome() != (mancala.Outcome{Status: mancala.Draw, Reason: mancala.Endless}) {
		t.Fatalf("outcome %v", q.Outcome())
	}
}

// TestC8NoMove checks C-8: a player to move with no cow on their rows has
// no legal move and loses; the derived result is not printed back, a
// written one is.
func TestC8NoMove(t *testing.T) {
	for _, c := range []struct {
		s      string
		winner mancala.Player
	}{
		{"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 N turn=9 reserves=20,20", mancala.South},
		{"kimasai 0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S turn=40 reserves=0,0", mancala.North},
	} {
		p := mustParse(t, c.s)
		want := mancala.Outcome{Status: mancala.Win, Winner: c.winner, Reason: mancala.NoMove}
		if p.Outcome() != want || len(p.LegalMoves()) != 0 || p.String() != c.s {
			t.Errorf("%s: outcome %v, moves %v, prints %s", c.s, p.Outcome(), p.LegalMoves(), p)
		}
		written := mustParse(t, c.s+" result="+want.Result())
		if written.Outcome() != want || written == p {
			t.Errorf("written result: %v", written.Outcome())
		}
	}
}

// TestResultAuthoritative checks that a parsed result= decides the game
// although the player to move still has cows: South moved last and left
// its inner row empty (KM-12).
func TestResultAuthoritative(t *testing.T) {
	p := mustParse(t, "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0 N turn=61 reserves=0,0 result=N:selfinner")
	if o := p.Outcome(); o.Winner != mancala.North || o.Reason != mancala.SelfEmptiedInnerRow || len(p.LegalMoves()) != 0 {
		t.Fatalf("outcome %v, moves %v", o, p.LegalMoves())
	}
	_, err := p.Apply(mustMove(t, "c1"))
	if !errors.Is(err, mancala.ErrGameOver) || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("move after the end: %v", err)
	}
}
