package kiothi

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// sowCase is a sowing-turn test: before, the moves, and the exact position
// after. Each runs as written (South to move unless stated) and turned half
// a turn (the other player in the same situation).
type sowCase struct {
	name, clause, before, moves, after string
}

var sowCases = []sowCase{
	{"a10 sows on into b10", "KI-3",
		"kiothi 0,2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S turn=2 prisons=0,0", "a10:1",
		"kiothi 0,2,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=0,0"},
	{"b1 sows on into a1", "KI-3",
		"kiothi 2*,0,0,0,0,0,0,0,0,9/0,0,0,0,0,0,0,0,0,1 S turn=2 prisons=0,0", "a10:1",
		"kiothi 3*,1,1,1,1,1,1,1,1,0/1,0,0,0,0,0,0,0,0,0 N turn=3 prisons=0,0"},
	{"a7 faces b7", "KI-4",
		"kiothi 3*,0,0,0,0,0,4,0,0,0/0,0,0,0,2,0,0,0,0,0 S turn=2 prisons=0,0", "a5:2",
		"kiothi 3*,0,0,0,0,0,0,0,0,0/0,0,0,0,0,1,0,0,0,0 N turn=3 prisons=5,0"},
	{"partial lift", "KI-9",
		"kiothi 1,0,0,0,0,0,0,0,0,0/0,0,0,0,5,0,0,0,0,0 S turn=2 prisons=0,0", "a5:2",
		"kiothi 1,0,0,0,0,0,0,0,0,0/0,0,0,0,3,1,1,0,0,0 N turn=3 prisons=0,0"},
	{"WholeLift lifts the whole pit", "KI-9",
		"kiothi 1,0,0,0,0,0,0,0,0,0/0,0,0,0,5,0,0,0,0,0 S turn=2 prisons=0,0 rules=WholeLift:true", "a5:5",
		"kiothi 1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,1,1,1,1,1 N turn=3 prisons=0,0 rules=WholeLift:true"},
	{"a lap of 20 ends in its emptied source pit (C-3, C-4)", "KI-10",
		"kiothi 0,0,0,0,0,0,0,0,0,0/20,0,0,0,0,0,0,0,0,0 S turn=2 prisons=0,0", "a1:20",
		"kiothi 0,0,0,0,1,1,1,1,1,1/0,1,1,1,1,1,1,1,1,1 N turn=3 prisons=5,0"},
	{"a later lap may end in an occupied own pit", "KI-11",
		"kiothi 0,0,0,0,0,0,0,0,9,0/0,1,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0", "a10:2",
		"kiothi 1,1,1,0,1,1,1,1,0,1/1,0,1,0,0,0,0,0,0,0 N turn=3 prisons=2,0"},
	{"the move ends in an empty enemy pit", "KI-12",
		"kiothi 0,0,0,0,0,0,0,0,1*,0/0,0,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0", "a10:2",
		"kiothi 0,0,0,0,0,0,1,1,0,1/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=0,0"},
	{"no capture when the opposite pit is empty", "KI-13",
		"kiothi 0,0,0,0,0,0,1,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0", "a3:2",
		"kiothi 0,0,0,0,0,0,1,0,0,0/0,0,0,1,1,0,0,0,0,0 N turn=3 prisons=0,0"},
	{"CaptureNeedsCrossing: no capture without a warrior in the enemy row", "KI-13",
		"kiothi 0,0,0,0,3,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0 rules=CaptureNeedsCrossing:true", "a3:2",
		"kiothi 0,0,0,0,3,0,0,0,0,0/0,0,0,1,1,0,0,0,0,0 N turn=3 prisons=0,0 rules=CaptureNeedsCrossing:true"},
	{"CaptureNeedsCrossing: a move through the enemy row captures", "KI-13",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0 rules=CaptureNeedsCrossing:true", "a9:12",
		"kiothi 0,0,0,0,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=5,0 rules=CaptureNeedsCrossing:true"},
	{"OwnerLift: a capture in an empty own nki pit is not a lift: the mark stays", "KI-13",
		"kiothi 0,0,0,2,0,0,0,0,0,1/0,0,1,0*,0,0,0,0,0,0 S turn=2 prisons=0,0 rules=NkiClear:OwnerLift", "a3:1",
		"kiothi 0,0,0,0,0,0,0,0,0,1/0,0,0,0*,0,0,0,0,0,0 N turn=3 prisons=3,0 rules=NkiClear:OwnerLift"},
	{"Bonus Three fails on an nki b4", "KI-14",
		"kiothi 0,0,0,1*,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0", "a9:12",
		"kiothi 0,1,1,2*,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=2,0"},
	{"Bonus Run stops at the first nki pit", "KI-14",
		"kiothi 0,0,0,0,0,1*,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0 rules=Bonus:Run", "a9:12",
		"kiothi 0,0,0,0,0,2*,1,1,1,1/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=6,0 rules=Bonus:Run"},
	{"Bonus Run takes the whole row, then the sweep", "KI-14",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0 rules=Bonus:Run", "a9:12",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=12,0 result=S:nomove rules=Bonus:Run"},
	{"Bonus Three fails on an empty b2", "KI-14",
		"kiothi 1,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,9 S turn=2 prisons=0,0", "a10:9",
		"kiothi 0,0,1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=3,0"},
	{"Bonus Run takes nothing after an empty b2", "KI-14",
		"kiothi 1,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,9 S turn=2 prisons=0,0 rules=Bonus:Run", "a10:9",
		"kiothi 0,0,1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=3,0 rules=Bonus:Run"},
	{"Bonus None", "KI-14",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0 rules=Bonus:None", "a9:12",
		"kiothi 0,1,1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=2,0 rules=Bonus:None"},
	{"the sweep takes nki pits and clears the marks", "KI-15",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,2,0,0,3*,0,0,0,0 S turn=2 prisons=0,0", "a3:2",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove"},
	{"WholeLift: warriors but no move, swept to the mover", "KI-15",
		"kiothi 0,0,0,0,0,0,0,0,0,1/2,0,7,0,0,0,0,0,0,11 N turn=3 prisons=0,0 rules=WholeLift:true", "b10:1",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=4 prisons=0,21 result=N:nomove rules=WholeLift:true"},
	{"a drop into an nki pit keeps the mark", "KI-8",
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,3,0,1*,0,0,0,0,0 S turn=2 prisons=0,0", "a3:3",
		"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,0,1,2*,1,0,0,0,0 N turn=3 prisons=0,0"},
	{"an enemy relay lift clears nki (AnyLift)", "KI-8",
		"kiothi 0,0,0,0,0,0,0,0,0,9*/2*,0,0,0,0,0,0,0,0,1 S turn=2 prisons=0,0", "a10:1",
		"kiothi 1,1,1,0,1,1,1,1,1,0/0,1,1,0,0,0,0,0,0,0 N turn=3 prisons=2,0"},
	{"OwnerLift: an enemy relay lift keeps nki, the owner's clears it", "KI-8",
		"kiothi 0,0,0,0,0,0,0,0,0,9*/2*,0,0,0,0,0,0,0,0,1 S turn=2 prisons=0,0 rules=NkiClear:OwnerLift", "a10:1",
		"kiothi 1,1,1,0,1,1,1,1,1,0*/0,1,1,0,0,0,0,0,0,0 N turn=3 prisons=2,0 rules=NkiClear:OwnerLift"},
	{"OwnerLift: the owner's move lifts and clears its nki pit", "KI-8",
		"kiothi 0,0,0,0,0,0,0,0,0,3/0,0,0,0,3*,0,0,0,0,0 S turn=2 prisons=0,0 rules=NkiClear:OwnerLift", "a5:1",
		"kiothi 0,0,0,0,0,0,0,0,0,3/0,0,0,0,2,1,0,0,0,0 N turn=3 prisons=0,0 rules=NkiClear:OwnerLift"},
	{"a partial lift clears nki", "KI-8",
		"kiothi 0,0,0,0,0,0,0,0,0,3/0,0,0,0,3*,0,0,0,0,0 S turn=2 prisons=0,0", "a5:1",
		"kiothi 0,0,0,0,0,0,0,0,0,3/0,0,0,0,2,1,0,0,0,0 N turn=3 prisons=0,0"},
	{"a move that ends on lap MaxLaps is not endless", "KI-17",
		"kiothi 0,0,0,0,0,0,0,0,9,0/0,1,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0 rules=MaxLaps:3", "a10:2",
		"kiothi 1,1,1,0,1,1,1,1,0,1/1,0,1,0,0,0,0,0,0,0 N turn=3 prisons=2,0 rules=MaxLaps:3"},
	{"a move that needs more than MaxLaps laps is endless: draw", "KI-17",
		"kiothi 0,0,0,0,0,0,0,0,9,0/0,1,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0 rules=MaxLaps:2", "a10:2",
		"kiothi 0,0,0,0,0,0,0,0,9,0/0,1,0,0,0,0,0,0,0,2 N turn=3 prisons=0,0 result=draw:endless rules=MaxLaps:2"},
	{"the next player's only candidate is endless: draw (Endless=Illegal)", "KI-17",
		"kiothi 0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=0,0 rules=Endless:Illegal,MaxLaps:1", "b10:1",
		"kiothi 0,0,0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0,0,1 S turn=4 prisons=0,0 result=draw:endless rules=Endless:Illegal,MaxLaps:1"},
	{"options together", "KI-9",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0 rules=Bonus:None,CaptureNeedsCrossing:true,NkiClear:OwnerLift,Setup:FiveBySix,WholeLift:true", "a9:12",
		"kiothi 0,1,1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,1 N turn=3 prisons=2,0 rules=Bonus:None,CaptureNeedsCrossing:true,NkiClear:OwnerLift,Setup:FiveBySix,WholeLift:true"},
}

func TestSowingClauses(t *testing.T) {
	for _, tc := range sowCases {
		t.Run(tc.clause+" "+tc.name, func(t *testing.T) {
			p := mustParse(t, tc.before)
			m := mustMove(t, tc.moves)
			q, err := p.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			checkPos(t, tc.after, q)
			checkTrace(t, p, m, q)
			listed := false
			for _, l := range p.LegalMoves() {
				listed = listed || l == m
			}
			if !listed {
				t.Errorf("%v is not among the legal moves %s", m, legalText(p))
			}
		})
		t.Run(tc.clause+" "+tc.name+" (mirrored)", func(t *testing.T) {
			p := rotate(mustParse(t, tc.before))
			m := rotateMove(mustMove(t, tc.moves))
			q, err := p.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			checkPos(t, rotateText(t, tc.after), q)
			checkTrace(t, p, m, q)
		})
	}
}

// TestLegalMoveLists pins move generation: order, partial lifts (KI-9),
// the first-lap rule (KI-10), WholeLift, Endless=Illegal (C-6).
func TestLegalMoveLists(t *testing.T) {
	tests := []struct {
		name, pos, want string
	}{
		{"partial lifts in order", "kiothi 1,0,0,0,0,0,0,0,0,0/0,0,0,0,5,0,0,0,0,0 S turn=2 prisons=0,0", "a5:1 a5:2 a5:3 a5:4 a5:5"},
		{"WholeLift", "kiothi 1,0,0,0,0,0,0,0,0,0/0,0,0,0,5,0,0,0,0,0 S turn=2 prisons=0,0 rules=WholeLift:true", "a5:5"},
		{"KI-10 drops a3:2", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,2,0,1,0,0,0,0,0 S turn=2 prisons=0,0", "a3:1 a5:1"},
		{"KI-10 with 21 warriors: a1:20 and a1:21 land on occupied pits (C-3, C-4)", "kiothi 0,0,0,0,0,0,0,0,0,0/21,0,0,0,0,0,0,0,0,0 S turn=2 prisons=0,0",
			"a1:1 a1:2 a1:3 a1:4 a1:5 a1:6 a1:7 a1:8 a1:9 a1:10 a1:11 a1:12 a1:13 a1:14 a1:15 a1:16 a1:17 a1:18 a1:19"},
		{"North's moves from b10", "kiothi 0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=0,0", "b10:1 b10:2"},
		{"North's order b10 first, b1 last", "kiothi 1,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=0,0", "b10:1 b1:1"},
		{"KT10 under Draw", "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0", "a2:1 a4:1 a6:1 a9:2 a9:3 a10:1"},
		{"KT10 under Illegal", "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0 rules=Endless:Illegal", "a2:1 a4:1 a6:1 a9:2 a10:1"},
		{"MaxLaps 2 under Illegal", "kiothi 0,0,0,0,0,0,0,0,9,0/0,1,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0 rules=Endless:Illegal,MaxLaps:2", "a2:1 a10:1"},
		{"MaxLaps 2 under Draw", "kiothi 0,0,0,0,0,0,0,0,9,0/0,1,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0 rules=MaxLaps:2", "a2:1 a10:1 a10:2"},
		{"game over", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.pos)
			if got := legalText(p); got != tt.want {
				t.Errorf("legal moves of %v:\n got %s\nwant %s", p, got, tt.want)
			}
			r := rotate(p)
			var want []string
			for _, m := range p.LegalMoves() {
				want = append(want, rotateMove(m).String())
			}
			var got []string
			for _, m := range r.LegalMoves() {
				got = append(got, m.String())
			}
			if len(got) != len(want) {
				t.Fatalf("mirrored: %v, want %v", got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("mirrored: %v, want %v", got, want)
				}
			}
		})
	}
}

// TestSowRefused: the bad moves of the issue, each for South and North.
func TestSowRefused(t *testing.T) {
	const pos = "kiothi 0,0,0,0,3,0,0,0,0,0/0,0,2,0,1,0,0,0,0,0 S turn=2 prisons=0,0"
	tests := []struct {
		name string
		pos  string
		move Move
		err  error
	}{
		{"enemy row", pos, Sow(pitOf(15), 1), mancala.ErrIllegalMove},
		{"empty pit", pos, Sow(pitOf(0), 1), mancala.ErrIllegalMove},
		{"count 0", pos, Sow(pitOf(2), 0), mancala.ErrIllegalMove},
		{"count over the pit", pos, Sow(pitOf(2), 3), mancala.ErrIllegalMove},
		{"pit out of range", pos, Sow(pitOf(20), 1), mancala.ErrIllegalMove},
		{"KI-10", pos, Sow(pitOf(2), 2), mancala.ErrIllegalMove},
		{"WholeLift partial", pos + " rules=WholeLift:true", Sow(pitOf(2), 1), mancala.ErrIllegalMove},
		// KI-10 with C-3 and C-4: 21 warriors from a1 go once round and on
		// into a2, which got one earlier in the same lap: occupied.
		{"KI-10 lap of 21", "kiothi 0,0,0,0,0,0,0,0,0,0/21,0,0,0,0,0,0,0,0,0 S turn=2 prisons=0,0", Sow(pitOf(0), 21), mancala.ErrIllegalMove},
		// KI-10: 40 from a1 end in a1, which got one on the first round.
		{"KI-10 lap of 40", "kiothi 0,0,0,0,0,0,0,0,0,0/40,0,0,0,0,0,0,0,0,0 S turn=2 prisons=0,0", Sow(pitOf(0), 40), mancala.ErrIllegalMove},
		{"endless under Illegal", "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0 rules=Endless:Illegal", Sow(pitOf(8), 3), mancala.ErrIllegalMove},
		{"zero move", pos, Move{}, mancala.ErrIllegalMove},
		{"Lift after the opening", pos, Lift(pitOf(2)), mancala.ErrIllegalMove},
		{"after the end", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove", Sow(pitOf(10), 1), mancala.ErrGameOver},
		{"after an endless draw", "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 N turn=3 prisons=0,0 result=draw:endless", Sow(pitOf(11), 1), mancala.ErrGameOver},
		{"after a derived end (KT8)", "kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=20,35", Sow(pitOf(0), 1), mancala.ErrGameOver},
		{"after the end, an opening step", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove", Stop(), mancala.ErrGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.pos)
			checkRefused(t, p, tt.move, tt.err)
			checkRefused(t, rotate(p), rotateMove(tt.move), tt.err)
		})
	}
}

// TestStart checks the three setups (KI-5) and New's validation.
func TestStart(t *testing.T) {
	tests := []struct {
		r    Rules
		want string
	}{
		{Rules{}, "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0"},
		{Rules{Setup: FiveByFive}, "kiothi 5,5,5,5,5,0,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 rules=Setup:FiveByFive"},
		{Rules{Setup: FiveBySix}, "kiothi 6,6,6,6,6,0,0,0,0,0/0,0,0,0,0,6,6,6,6,6 S turn=0 prisons=0,0 rules=Setup:FiveBySix"},
		{Rules{OpeningPits: 2, MaxLaps: DefaultMaxLaps}, "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0"},
	}
	for _, tt := range tests {
		p, err := New(tt.r)
		if err != nil {
			t.Fatal(err)
		}
		checkPos(t, tt.want, p)
		if p.Outcome().Over() || p.ToMove() != mancala.South || p.Turn() != 0 || !p.InOpening() {
			t.Errorf("%v: not a fresh game", p)
		}
	}
	if Start() != mustParse(t, startText) {
		t.Errorf("Start() differs from the parsed start")
	}
	for _, r := range []Rules{{OpeningPits: 3}, {OpeningPits: -1}, {MaxLaps: -1}, {MaxLaps: mancala.MaxLapsLimit + 1}, {Setup: 3}, {Bonus: 3}, {NkiClear: 2}, {Endless: 2}} {
		err := r.Validate()
		var re *mancala.RulesError
		if !errors.As(err, &re) || !errors.Is(err, mancala.ErrRules) || errors.Is(err, mancala.ErrSyntax) || re.Game != Name {
			t.Errorf("%+v: Validate() = %v, want a kiothi *mancala.RulesError", r, err)
		}
		if p, err := New(r); !errors.Is(err, mancala.ErrRules) || p != (Position{}) {
			t.Errorf("New(%+v) = %v, %v; want an error wrapping ErrRules", r, p, err)
		}
	}
	if p, err := New(Rules{MaxLaps: mancala.MaxLapsLimit}); err != nil || p.Rules().Laps() != mancala.MaxLapsLimit {
		t.Errorf("New with MaxLaps at the limit: %v, %v", p, err)
	}
}

// TestBoard pins KI-1..KI-4 on the layout: 20 pits, names, ring, facing,
// leftmost pits, prisons.
func TestBoard(t *testing.T) {
	l := Rules{}.Layout()
	if l == nil || Start().Layout() != l || (Rules{Bonus: Run}).Layout() != l {
		t.Fatalf("the layout is not shared")
	}
	if l.Pits() != 20 || l.Rows() != 2 || !l.HasStores() || !l.SharedRing() {
		t.Fatalf("layout %d pits, %d rows, stores %v", l.Pits(), l.Rows(), l.HasStores())
	}
	names := map[int]string{0: "a1", 9: "a10", 10: "b10", 19: "b1", 14: "b6"}
	for p, n := range names {
		if l.PitName(p) != n {
			t.Errorf("pit %d is %s, want %s (KI-2)", p, l.PitName(p), n)
		}
	}
	for p := range Pits {
		if l.Next(p) != (p+1)%20 {
			t.Errorf("Next(%d) = %d (KI-3)", p, l.Next(p))
		}
		if f, _ := l.Facing(p); f != 19-p {
			t.Errorf("Facing(%d) = %d (KI-4)", p, f)
		}
		if owner(p) != l.Owner(p) {
			t.Errorf("owner(%d) = %v, layout says %v", p, owner(p), l.Owner(p))
		}
		if circ(mancala.South, p) != l.CircuitIndex(mancala.South, p) || circ(mancala.North, p) != l.CircuitIndex(mancala.North, p) {
			t.Errorf("circ(%d) disagrees with the layout", p)
		}
	}
	if firstPit(mancala.South) != 0 || firstPit(mancala.North) != 10 {
		t.Errorf("leftmost pits %d, %d (KI-4)", firstPit(mancala.South), firstPit(mancala.North))
	}
	p := mustParse(t, "kiothi 1*,0,0,0,0,0,0,0,0,2/3,0,0,0,0,0,0,0,0,4 S turn=2 prisons=7,9")
	if p.Seeds(0) != 3 || p.Seeds(9) != 4 || p.Seeds(10) != 2 || p.Seeds(19) != 1 || p.Seeds(20) != 0 || p.Seeds(-1) != 0 {
		t.Errorf("Seeds wrong")
	}
	if !p.Nki(19) || p.Nki(0) || p.Nki(25) {
		t.Errorf("Nki wrong")
	}
	if p.Prison(mancala.South) != 7 || p.Prison(mancala.North) != 9 || p.Prison(5) != 0 {
		t.Errorf("Prison wrong")
	}
	if p.Layout() != l || Descriptor.Layout(p) != l {
		t.Errorf("Layout not shared")
	}
}

// TestPits checks Pit, PitAt, ParsePit and Position.Index/Pit on all 20
// pits (KI-2: a1..a10 = 0..9, b10..b1 = 10..19).
func TestPits(t *testing.T) {
	p := Start()
	gametest.Pits(t, &Descriptor, p, gametest.PitFuncs[Position, Pit]{PitAt: PitAt, ParsePit: ParsePit, Pit: Position.Pit, Index: Position.Index},
		"a11", "c1", "a5:3")
	if PitAt(0, 1) != p.Pit(0) || PitAt(0, 10) != p.Pit(9) || PitAt(1, 10) != p.Pit(10) || PitAt(1, 1) != p.Pit(19) {
		t.Errorf("PitAt disagrees with KI-2")
	}
	for i := range Pits {
		if pitOf(i) != p.Pit(i) {
			t.Errorf("pitOf(%d) = %v", i, pitOf(i))
		}
	}
}

// TestZeroPosition pins what the Position doc says of the zero value: an
// empty board at turn 0 where each player's only step is Stop (KI-7), after
// which South has no move and the game is drawn 0-0 (KI-15, KI-16).
func TestZeroPosition(t *testing.T) {
	var p Position
	for turn := 0; turn < 2; turn++ {
		if diff := cmp.Diff([]Move{Stop()}, p.LegalMoves(), cmp.AllowUnexported(Move{})); diff != "" {
			t.Fatalf("turn %d: legal steps (-want +got):\n%s", turn, diff)
		}
		var err error
		if p, err = p.Apply(Stop()); err != nil {
			t.Fatal(err)
		}
	}
	want := mancala.Outcome{Status: mancala.Draw, Reason: mancala.NoMove, HasScore: true}
	if diff := cmp.Diff(want, p.Outcome()); diff != "" {
		t.Errorf("outcome (-want +got):\n%s", diff)
	}
	if got := p.String(); got != "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=0,0 result=draw:nomove" {
		t.Errorf("String() = %q", got)
	}
}
