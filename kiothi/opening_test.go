package kiothi

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

const startText = "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0"

// afterSouth is the position after South's redistribution of
// TestOpeningSteps, and afterNorth after North's.
const (
	afterSouth = "kiothi 8,5,5,5,7,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0"
	afterNorth = "kiothi 8*,5*,5*,5*,2*,5*,0,0,0,1*/2*,0,0,0,3*,1*,5*,5*,5*,8* S turn=2 prisons=0,0"
)

func legalText(p Position) string {
	var s []string
	for _, m := range p.LegalMoves() {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

// TestOpeningSteps plays both redistributions step by step (KI-6, KI-7),
// including drops into the enemy row and into the pits just emptied, and
// checks every intermediate position.
func TestOpeningSteps(t *testing.T) {
	steps := []struct{ move, after string }{
		// South, turn 0: empty a5 and a6 (KI-6).
		{"-a5", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5"},
		{"-a6", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=10 dropfrom=a1"},
		{"+a5", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,1,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a5"},
		{"+a5", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,2,0,5,5,5,5 S turn=0 prisons=0,0 hand=8 dropfrom=a5"},
		{"+a6", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,2,1,5,5,5,5 S turn=0 prisons=0,0 hand=7 dropfrom=a6"},
		{"+a10", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,2,1,5,5,5,6 S turn=0 prisons=0,0 hand=6 dropfrom=a10"},
		{"+b10", "kiothi 5,5,5,5,5,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 S turn=0 prisons=0,0 hand=5 dropfrom=b10"},
		{"+b5", "kiothi 5,5,5,5,6,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 S turn=0 prisons=0,0 hand=4 dropfrom=b5"},
		{"+b5", "kiothi 5,5,5,5,7,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 S turn=0 prisons=0,0 hand=3 dropfrom=b5"},
		{"+b1", "kiothi 6,5,5,5,7,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 S turn=0 prisons=0,0 hand=2 dropfrom=b1"},
		{"+b1", "kiothi 7,5,5,5,7,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 S turn=0 prisons=0,0 hand=1 dropfrom=b1"},
		// The hand is empty: the turn passes, no nki yet (KI-8).
		{"+b1", afterSouth},
		// North, turn 1: empty b10 and b5, drop from b10 in North's ring order.
		{"-b10", "kiothi 8,5,5,5,7,5,0,0,0,0/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=1 lifted=b10"},
		{"-b5", "kiothi 8,5,5,5,0,5,0,0,0,0/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=8 dropfrom=b10"},
		{"+b10", "kiothi 8,5,5,5,0,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=7 dropfrom=b10"},
		{"+b5", "kiothi 8,5,5,5,1,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=6 dropfrom=b5"},
		{"+b5", "kiothi 8,5,5,5,2,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=5 dropfrom=b5"},
		{"+a1", "kiothi 8,5,5,5,2,5,0,0,0,1/1,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=4 dropfrom=a1"},
		{"+a1", "kiothi 8,5,5,5,2,5,0,0,0,1/2,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=3 dropfrom=a1"},
		{"+a5", "kiothi 8,5,5,5,2,5,0,0,0,1/2,0,0,0,3,1,5,5,5,6 N turn=1 prisons=0,0 hand=2 dropfrom=a5"},
		{"+a10", "kiothi 8,5,5,5,2,5,0,0,0,1/2,0,0,0,3,1,5,5,5,7 N turn=1 prisons=0,0 hand=1 dropfrom=a10"},
		// Turn 1 ends: every occupied pit becomes nki, exactly those (KI-8).
		{"+a10", afterNorth},
	}
	p := mustParse(t, startText)
	for i, st := range steps {
		m := mustMove(t, st.move)
		mover := p.ToMove()
		q, err := p.Apply(m)
		if err != nil {
			t.Fatalf("step %d %s: %v", i+1, st.move, err)
		}
		checkPos(t, st.after, q)
		checkTrace(t, p, m, q)
		if q.turn == p.turn && q.ToMove() != mover {
			t.Errorf("step %d: the mover changed mid-turn (KI-7)", i+1)
		}
		p = q
	}
	for i := range Pits {
		if p.Nki(i) != (p.Seeds(i) > 0) {
			t.Errorf("pit %s: nki %v with %d warriors; want nki exactly on the occupied pits (KI-8)", layout.PitName(i), p.Nki(i), p.Seeds(i))
		}
	}
}

// TestOpeningNkiEvents: the step that ends turn 1 reports its Drop, then
// one NkiSet per occupied pit in index order, then End (docs/design.md).
func TestOpeningNkiEvents(t *testing.T) {
	p := mustParse(t, "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,3,0,0,0,0 N turn=1 prisons=0,0 hand=1 dropfrom=b6")
	var got []mancala.Event
	q, err := p.ApplyTrace(Drop(pitOf(15)), func(e mancala.Event) { got = append(got, e) })
	if err != nil {
		t.Fatal(err)
	}
	want := []mancala.Event{
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(15), Count: 1},
		{Kind: mancala.NkiSet, From: mancala.PitOf(5)},
		{Kind: mancala.NkiSet, From: mancala.PitOf(15)},
		{Kind: mancala.End, EndReason: mancala.EndStep},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	checkPos(t, "kiothi 0,0,0,0,1*,0,0,0,0,0/0,0,0,0,0,3*,0,0,0,0 S turn=2 prisons=0,0", q)
}

// TestOpeningLegalSteps checks the step lists of KI-7: lifts in increasing
// order, the first lift not on the highest occupied pit when two pits must
// be emptied, drops in ring order from the mover's first pit, Stop only
// with OpeningUpTo (or with nothing to lift).
func TestOpeningLegalSteps(t *testing.T) {
	tests := []struct {
		name, pos, moves, want string
	}{
		{"South start", startText, "", "-a5 -a6 -a7 -a8 -a9"},
		{"South second lift after a7", startText, "-a7", "-a8 -a9 -a10"},
		{"South second lift after a9", startText, "-a9", "-a10"},
		{"South drops", startText, "-a5 -a6", "+a1 +a2 +a3 +a4 +a5 +a6 +a7 +a8 +a9 +a10 +b10 +b9 +b8 +b7 +b6 +b5 +b4 +b3 +b2 +b1"},
		{"South drops from b7", startText, "-a5 -a6 +b7", "+b7 +b6 +b5 +b4 +b3 +b2 +b1"},
		{"North start", afterSouth, "", "-b10 -b6 -b5 -b4 -b3 -b2"},
		{"North second lift", afterSouth, "-b3", "-b2 -b1"},
		{"North drops", afterSouth, "-b10 -b5", "+b10 +b9 +b8 +b7 +b6 +b5 +b4 +b3 +b2 +b1 +a1 +a2 +a3 +a4 +a5 +a6 +a7 +a8 +a9 +a10"},
		{"North drops from a3", afterSouth, "-b10 -b5 +a3", "+a3 +a4 +a5 +a6 +a7 +a8 +a9 +a10"},
		{"UpTo start", startText + " rules=OpeningUpTo:true", "", "-a5 -a6 -a7 -a8 -a9 -a10 ="},
		{"UpTo after highest", startText + " rules=OpeningUpTo:true", "-a10", "="},
		{"UpTo after a8", startText + " rules=OpeningUpTo:true", "-a8", "-a9 -a10 ="},
		{"UpTo North", afterSouth + " rules=OpeningUpTo:true", "", "-b10 -b6 -b5 -b4 -b3 -b2 -b1 ="},
		{"OpeningPits 1", startText + " rules=OpeningPits:1", "", "-a5 -a6 -a7 -a8 -a9 -a10"},
		{"OpeningPits 1 drops", startText + " rules=OpeningPits:1", "-a10", "+a1 +a2 +a3 +a4 +a5 +a6 +a7 +a8 +a9 +a10 +b10 +b9 +b8 +b7 +b6 +b5 +b4 +b3 +b2 +b1"},
		// One occupied pit: the player empties all of them (KI-6).
		{"one pit South", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,0,0,0,7 S turn=0 prisons=0,0", "", "-a10"},
		{"one pit North", "kiothi 7,0,0,0,0,0,0,0,0,0/0,0,0,0,5,5,5,5,5,5 N turn=1 prisons=0,0", "", "-b1"},
		// No occupied pit: Stop passes the turn (KI-7).
		{"empty row South", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=0 prisons=0,0", "", "="},
		{"empty row North", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,5,5,5,5,5,5 N turn=1 prisons=0,0", "", "="},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := play(t, tt.pos, tt.moves)
			if got := legalText(p); got != tt.want {
				t.Errorf("legal steps of %v:\n got %s\nwant %s", p, got, tt.want)
			}
		})
	}
}

// TestOpeningOptions plays the options of KI-6 and KI-7 to their end.
func TestOpeningOptions(t *testing.T) {
	tests := []struct {
		name, pos, moves, want string
	}{
		{"UpTo Stop at once passes South's turn", startText + " rules=OpeningUpTo:true", "=",
			"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 N turn=1 prisons=0,0 rules=OpeningUpTo:true"},
		{"UpTo Stop at once passes North's turn, nki set", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 N turn=1 prisons=0,0 rules=OpeningUpTo:true", "=",
			"kiothi 5*,5*,5*,5*,5*,5*,0,0,0,0/0,0,0,0,5*,5*,5*,5*,5*,5* S turn=2 prisons=0,0 rules=OpeningUpTo:true"},
		{"UpTo one pit then Stop", startText + " rules=OpeningUpTo:true", "-a7 =",
			"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,0,5,5,5 S turn=0 prisons=0,0 hand=5 dropfrom=a1 rules=OpeningUpTo:true"},
		{"UpTo one pit, all drops", startText + " rules=OpeningUpTo:true", "-a7 = +a7 +b3 +b3 +b2 +b1",
			"kiothi 6,6,7,5,5,5,0,0,0,0/0,0,0,0,5,5,1,5,5,5 N turn=1 prisons=0,0 rules=OpeningUpTo:true"},
		{"UpTo two pits need no Stop", startText + " rules=OpeningUpTo:true", "-a9 -a10",
			"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,0,0 S turn=0 prisons=0,0 hand=10 dropfrom=a1 rules=OpeningUpTo:true"},
		{"OpeningPits 1", startText + " rules=OpeningPits:1", "-a10 +a1 +a2 +a3 +a4 +b10",
			"kiothi 5,5,5,5,5,5,0,0,0,1/1,1,1,1,5,5,5,5,5,0 N turn=1 prisons=0,0 rules=OpeningPits:1"},
		{"one pit only", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,0,0,0,2 S turn=0 prisons=0,0", "-a10 +a10 +b10",
			"kiothi 5,5,5,5,5,5,0,0,0,1/0,0,0,0,0,0,0,0,0,1 N turn=1 prisons=0,0"},
		{"no pit: Stop passes", "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=0 prisons=0,0", "=",
			"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=1 prisons=0,0"},
		// North passes with an empty row and South, at turn 2, has no move
		// either: the sweep of KI-15 is part of North's Stop.
		{"no pit at turn 1, South stuck", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=1 prisons=30,30", "=",
			"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=30,30 result=draw:nomove"},
		{"turn 1 ends with South's row empty: swept to North", "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=1 prisons=0,0 hand=2 dropfrom=b3", "+b2 +b2",
			"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=0,2 result=N:nomove"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkPos(t, tt.want, play(t, tt.pos, tt.moves))
		})
	}
}

// TestOpeningRefused: steps out of order, into a prison, on the wrong
// pits, sowing during the opening.
func TestOpeningRefused(t *testing.T) {
	upTo := startText + " rules=OpeningUpTo:true"
	tests := []struct {
		name, pos, moves string
		move             Move
	}{
		{"lift the highest pit first", startText, "", Lift(pitOf(9))},
		{"lift from the enemy row", startText, "", Lift(pitOf(15))},
		{"lift an empty pit", startText, "", Lift(pitOf(0))},
		{"lift out of order", startText, "-a7", Lift(pitOf(5))},
		{"lift the same pit twice", startText, "-a7", Lift(pitOf(6))},
		{"lift out of range", startText, "", Lift(pitOf(20))},
		{"third lift", startText, "-a5 -a6", Lift(pitOf(7))},
		{"drop before lifting", startText, "", Drop(pitOf(3))},
		{"drop while lifting", upTo, "-a5", Drop(pitOf(3))},
		{"drop out of ring order", startText, "-a5 -a6 +b5", Drop(pitOf(5))},
		{"drop out of ring order, same row", startText, "-a5 -a6 +a8", Drop(pitOf(6))},
		{"drop into a prison", startText, "-a5 -a6", Drop(pitOf(20))},
		{"drop into a negative pit", startText, "-a5 -a6", Drop(pitOf(-1))},
		{"Stop without OpeningUpTo", startText, "", Stop()},
		{"Stop mid-lift without OpeningUpTo", startText, "-a5", Stop()},
		{"Stop while dropping", upTo, "-a5 =", Stop()},
		{"Stop after the drops began", startText, "-a5 -a6 +a1", Stop()},
		{"sow in the opening", startText, "", Sow(pitOf(4), 5)},
		{"sow mid-turn", startText, "-a5", Sow(pitOf(5), 5)},
		{"sow at turn 1", afterSouth, "", Sow(pitOf(15), 2)},
		{"zero move", startText, "", Move{}},
		{"North lifts the highest pit first", afterSouth, "", Lift(pitOf(19))},
		{"North lifts from South's row", afterSouth, "", Lift(pitOf(4))},
		{"North lifts out of order", afterSouth, "-b3", Lift(pitOf(15))},
		{"North drops out of ring order", afterSouth, "-b10 -b5 +a1", Drop(pitOf(12))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRefused(t, play(t, tt.pos, tt.moves), tt.move, mancala.ErrIllegalMove)
		})
	}
}

// TestOpeningStepAfterOpening: Lift, Drop and Stop are refused from turn 2.
func TestOpeningStepAfterOpening(t *testing.T) {
	p := mustParse(t, afterNorth)
	for _, m := range []Move{Lift(pitOf(0)), Drop(pitOf(3)), Stop()} {
		checkRefused(t, p, m, mancala.ErrIllegalMove)
	}
}

// TestRedistributionSteps: the helper gives the unique step sequence of a
// redistribution and refuses invalid ones.
func TestRedistributionSteps(t *testing.T) {
	p := Start()
	var placed [Pits]int
	placed[4], placed[5], placed[9], placed[10], placed[15], placed[19] = 2, 1, 1, 1, 2, 3
	steps, err := p.RedistributionSteps([]int{5, 4}, placed)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range steps {
		got = append(got, m.String())
	}
	want := "-a5 -a6 +a5 +a5 +a6 +a10 +b10 +b5 +b5 +b1 +b1 +b1"
	if strings.Join(got, " ") != want {
		t.Errorf("steps %v, want %s", got, want)
	}
	checkPos(t, afterSouth, play(t, startText, want))

	north := mustParse(t, afterSouth)
	var np [Pits]int
	np[10], np[15], np[0], np[4], np[9] = 1, 2, 2, 1, 2
	steps, err = north.RedistributionSteps([]int{10, 15}, np)
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, m := range steps {
		got = append(got, m.String())
	}
	if want := "-b10 -b5 +b10 +b5 +b5 +a1 +a1 +a5 +a10 +a10"; strings.Join(got, " ") != want {
		t.Errorf("North steps %v, want %s", got, want)
	}

	upTo, _ := New(Rules{OpeningUpTo: true})
	steps, err = upTo.RedistributionSteps(nil, [Pits]int{})
	if err != nil || len(steps) != 1 || steps[0] != Stop() {
		t.Errorf("empty redistribution with OpeningUpTo: %v, %v; want [=]", steps, err)
	}
	var one [Pits]int
	one[19] = 5
	steps, err = upTo.RedistributionSteps([]int{6}, one)
	if err != nil || len(steps) != 7 || steps[1] != Stop() {
		t.Errorf("one pit with OpeningUpTo: %v, %v; want -a7 = and five drops", steps, err)
	}

	bad := []struct {
		name    string
		p       Position
		emptied []int
		placed  [Pits]int
	}{
		{"warriors placed != lifted", p, []int{4, 5}, [Pits]int{0: 9}},
		{"one pit without OpeningUpTo", p, []int{4}, [Pits]int{0: 5}},
		{"three pits", p, []int{4, 5, 6}, [Pits]int{0: 15}},
		{"enemy pit", p, []int{4, 14}, [Pits]int{0: 10}},
		{"empty pit", p, []int{0, 4}, [Pits]int{0: 5}},
		{"same pit twice", p, []int{4, 4}, [Pits]int{0: 10}},
		{"pit out of range", p, []int{4, 20}, [Pits]int{0: 5}},
		{"negative placement", p, []int{4, 5}, [Pits]int{0: 11, 1: -1}},
		// Placements whose sum wraps round to the 10 lifted: must be refused,
		// not turned into 2^63 Drop steps.
		{"placements overflowing int", p, []int{4, 5}, [Pits]int{0: math.MaxInt, 1: math.MaxInt, 2: 12}},
		{"more warriors than a position holds", p, []int{4, 5}, [Pits]int{0: 256, 1: -246}},
		{"after the opening", mustParse(t, afterNorth), nil, [Pits]int{}},
		{"mid-turn", play(t, startText, "-a5"), []int{6}, [Pits]int{0: 5}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.p.RedistributionSteps(tt.emptied, tt.placed); err == nil || !isIllegal(err) {
				t.Errorf("got %v, want an error wrapping ErrIllegalMove", err)
			}
		})
	}
}
