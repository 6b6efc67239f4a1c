package kiothi

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestMarginAndOneWarrior: KI-16's margin and victory of one warrior.
func TestMarginAndOneWarrior(t *testing.T) {
	const empty = "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 "
	tests := []struct {
		pos        string
		status     mancala.Status
		winner     mancala.Player
		margin     int
		oneWarrior bool
	}{
		{empty + "N turn=3 prisons=31,29 result=S:nomove", mancala.Win, mancala.South, 2, true},
		{empty + "S turn=4 prisons=29,31 result=N:nomove", mancala.Win, mancala.North, 2, true},
		{empty + "N turn=3 prisons=32,28 result=S:nomove", mancala.Win, mancala.South, 4, false},
		{empty + "N turn=3 prisons=30,30 result=draw:nomove", mancala.Draw, 0, 0, false},
		{"kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=20,35", mancala.Win, mancala.North, 20, false},
		// 27 + the 2 swept = 29 against 31 for South.
		{"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0,0,0 N turn=3 prisons=29,29", mancala.Win, mancala.South, 2, true},
		{startText, mancala.Ongoing, 0, 0, false},
	}
	for _, tt := range tests {
		o := mustParse(t, tt.pos).Outcome()
		m, one := o.Margin(), OneWarrior(o)
		if o.Status != tt.status || (o.Status == mancala.Win && o.Winner != tt.winner) || m != tt.margin || one != tt.oneWarrior {
			t.Errorf("%s: %v, margin %d, one warrior %v; want %v %v, %d, %v", tt.pos, o, m, one, tt.status, tt.winner, tt.margin, tt.oneWarrior)
		}
		if o.Over() != o.HasScore {
			t.Errorf("%s: HasScore %v for %v", tt.pos, o.HasScore, o)
		}
	}
}

// TestMarginWinnerOutOfRange: an Outcome built by hand whose Winner is not a
// player has no margin and is no victory of one warrior (Margin used to
// panic).
func TestMarginWinnerOutOfRange(t *testing.T) {
	for _, w := range []mancala.Player{2, 7, 255} {
		o := mancala.Outcome{Status: mancala.Win, Winner: w, HasScore: true, Score: [2]int{31, 29}}
		if m, one := o.Margin(), OneWarrior(o); m != 0 || one {
			t.Errorf("Margin with Winner %d = %d, %v; want 0, false", w, m, one)
		}
	}
}

// TestApplyOneWarriorVictory: a sowing move that wins 31-29 with the sweep.
func TestApplyOneWarriorVictory(t *testing.T) {
	p := mustParse(t, "kiothi 0,0,0,0,0,3,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=10 prisons=25,30")
	q, err := p.Apply(Sow(pitOf(2), 2))
	if err != nil {
		t.Fatal(err)
	}
	// a3:2 ends in a5, facing b5 (empty): no capture. North has b6 (3) and moves on.
	checkPos(t, "kiothi 0,0,0,0,0,3,0,0,0,0/0,0,0,1,1,0,0,0,0,0 N turn=11 prisons=25,30", q)
	p = mustParse(t, "kiothi 0,0,0,0,3,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=10 prisons=26,29")
	q, err = p.Apply(Sow(pitOf(2), 2))
	if err != nil {
		t.Fatal(err)
	}
	checkPos(t, "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=11 prisons=31,29 result=S:nomove", q)
	if m, one := q.Outcome().Margin(), OneWarrior(q.Outcome()); m != 2 || !one || !OneWarrior(q.Outcome()) || q.Outcome().Margin() != 2 {
		t.Errorf("margin %d, one warrior %v; want 2, true", m, one)
	}
}

func TestTally(t *testing.T) {
	win := func(w mancala.Player, s, n int) mancala.Outcome {
		return mancala.Outcome{Status: mancala.Win, Winner: w, Reason: mancala.NoMove, HasScore: true, Score: [2]int{s, n}}
	}
	draw := mancala.Outcome{Status: mancala.Draw, Reason: mancala.NoMove, HasScore: true, Score: [2]int{30, 30}}
	var tally Tally // zero value: W = 2
	for _, o := range []mancala.Outcome{win(mancala.South, 31, 29), win(mancala.South, 40, 20), win(mancala.North, 29, 31), draw} {
		if err := tally.Add(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := tally.Add(mancala.Outcome{}); !errors.Is(err, ErrNotOver) {
		t.Errorf("Add(ongoing) = %v", err)
	}
	if tally.Weight() != 2 || tally.Points(mancala.South) != 3 || tally.Points(mancala.North) != 2 ||
		tally.Wins(mancala.South) != 2 || tally.Wins(mancala.North) != 1 || tally.OneWarriorWins(mancala.South) != 1 ||
		tally.Draws() != 1 || tally.Games() != 4 {
		t.Errorf("tally %+v", tally)
	}
	t10, err := NewTally(10)
	if err != nil {
		t.Fatal(err)
	}
	_ = t10.Add(win(mancala.North, 29, 31))
	_ = t10.Add(win(mancala.South, 33, 27))
	if t10.Points(mancala.North) != 10 || t10.Points(mancala.South) != 1 || t10.Weight() != 10 {
		t.Errorf("W=10 tally %+v", t10)
	}
	if d, err := NewTally(0); err != nil || d.Weight() != 2 {
		t.Errorf("NewTally(0) = %+v, %v", d, err)
	}
	for _, w := range []int{1, 11, -2} {
		if _, err := NewTally(w); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("NewTally(%d) = %v, want ErrSyntax", w, err)
		}
	}
	if tally.Points(7) != 0 || tally.Wins(7) != 0 || tally.OneWarriorWins(7) != 0 {
		t.Errorf("out-of-range player counted")
	}
}

// TestEndlessKT10: the loop of KT10 is found by the cycle check long
// before MaxLaps (C-6, KI-17), and every lap counts.
func TestEndlessKT10(t *testing.T) {
	p := mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0")
	q := p
	laps, endless := fastSow(q, 8, 3)
	if !endless || laps > 2000 {
		t.Errorf("KT10: endless %v after %d laps; want the repeat found within a few hundred laps", endless, laps)
	}
	// The same answer with the bound alone: the lap-boundary state after
	// lap 1 recurs 200 laps later, so no end in 10,000 laps.
	r := withMaxLaps(p, 10000)
	if _, e := fastSow(r, 8, 3); !e {
		t.Errorf("KT10 ends under MaxLaps 10000")
	}
	var events []mancala.Event
	after, err := p.ApplyTrace(Sow(pitOf(8), 3), func(e mancala.Event) { events = append(events, e) })
	if err != nil || len(events) != 1 || events[0] != (mancala.Event{Kind: mancala.End, EndReason: mancala.EndEndless}) {
		t.Errorf("endless trace %v, %v; want one End(endless)", events, err)
	}
	checkPos(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 N turn=3 prisons=0,0 result=draw:endless", after)
}

// TestEndlessPeriod200: the lap-boundary state after lap 1 of KT10 recurs
// exactly 200 laps later, as the rules file says.
func TestEndlessPeriod200(t *testing.T) {
	p := mustParse(t, "kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0")
	b := p.pits
	b[8] -= 3
	s, n := 8, 3
	type state struct {
		board [Pits]uint8
		last  int
	}
	var states []state
	for range 202 {
		last := s
		for range n {
			last = (last + 1) % Pits
			b[last]++
		}
		if b[last] == 1 {
			t.Fatal("KT10 ended")
		}
		states = append(states, state{b, last})
		n, b[last], s = int(b[last]), 0, last
	}
	for i := 1; i < 200; i++ {
		if states[i] == states[0] {
			t.Errorf("state after lap 1 recurs after lap %d, before 201", i+1)
		}
	}
	if states[200] != states[0] {
		t.Errorf("state after lap 1 does not recur after lap 201")
	}
}

// TestLongFiniteMove pins the longest finite move found by a survey of
// every legal move in 3,000 random games: a9:2 here ends after 1,480 laps
// (longer than the 847 of C-6's surveys; the slow reference agrees). With
// MaxLaps 1480 it is an ordinary move, with 1479 it is endless (C-6).
func TestLongFiniteMove(t *testing.T) {
	const pos = "kiothi 5,2,0,3,1,6,0,3,0,1/2,1,4,5,0,1,6,1,2,4 S turn=16 prisons=0,13"
	const after = "kiothi 10,0,1,0,1,2,1,8,1,0/4,1,2,1,4,1,0,5,4,1 N turn=17 prisons=0,13"
	p := mustParse(t, pos)
	q := p
	if laps, endless := fastSow(q, 8, 2); endless || laps != 1480 {
		t.Errorf("a9:2: %d laps, endless %v; want 1480, finite", laps, endless)
	}
	checkPos(t, after, play(t, pos, "a9:2"))
	checkPos(t, after+" rules=MaxLaps:1480", play(t, pos+" rules=MaxLaps:1480", "a9:2"))
	checkPos(t, "kiothi 5,2,0,3,1,6,0,3,0,1/2,1,4,5,0,1,6,1,2,4 N turn=17 prisons=0,13 result=draw:endless rules=MaxLaps:1479",
		play(t, pos+" rules=MaxLaps:1479", "a9:2"))
}
