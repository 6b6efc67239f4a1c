package kiothi

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

func TestParseRoundTrip(t *testing.T) {
	positions := []string{
		startText,
		afterSouth,
		afterNorth,
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1",
		"kiothi 8,5,5,5,7,5,0,0,0,0/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0 hand=1 lifted=b10",
		"kiothi 3*,0,0,4*,2*,0,1,0,6*,0/0,2*,0,5*,0,0,1,7*,0,1* N turn=5 prisons=8,6",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove",
		"kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 N turn=3 prisons=0,0 result=draw:endless",
		"kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=20,35",
		// KI-15 with WholeLift: 21 warriors in a1 land in the occupied a2
		// (KI-10), so South has warriors but no move; the sweep gives North 41.
		"kiothi 0,0,0,0,0,0,0,0,0,0/21,0,0,0,0,0,0,0,0,0 S turn=4 prisons=10,20 result=N:nomove rules=WholeLift:true",
		"kiothi 1,1,1,0,1,1,1,1,1,0*/0,1,1,0,0,0,0,0,0,0 N turn=3 prisons=2,0 rules=NkiClear:OwnerLift",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0 rules=Bonus:Run,CaptureNeedsCrossing:true,Endless:Illegal,MaxLaps:5000,NkiClear:OwnerLift,OpeningPits:1,OpeningUpTo:true,Setup:FiveByFive,WholeLift:true",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,255 S turn=1000000000 prisons=0,0",
	}
	for _, s := range positions {
		p := mustParse(t, s)
		if got := p.String(); got != s {
			t.Errorf("String() = %q, want %q", got, s)
		}
		q := mustParse(t, p.String())
		if q != p {
			t.Errorf("Parse(String()) != p for %q", s)
		}
		text, _ := p.MarshalText()
		var u Position
		if err := u.UnmarshalText(text); err != nil || u != p {
			t.Errorf("UnmarshalText(MarshalText()) = %v, %v", u, err)
		}
	}
}

// TestParseFieldOrder: fields after turn= may come in any order; String
// writes them in the order of docs/notation.md.
func TestParseFieldOrder(t *testing.T) {
	p := mustParse(t, "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S rules=OpeningUpTo:true lifted=a5 turn=0 hand=5 prisons=0,0")
	want := "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5 rules=OpeningUpTo:true"
	if p.String() != want {
		t.Errorf("got %q, want %q", p.String(), want)
	}
}

// TestParseDerivedEnd: a position whose end follows from the rules parses,
// is over, and its outcome counts the sweep (KT8, KI-15); String does not
// add a result= that was not written.
func TestParseDerivedEnd(t *testing.T) {
	tests := []struct {
		pos, outcome string
	}{
		{"kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=20,35", "N:nomove 20-40"},
		{"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,5,0,0,0 N turn=3 prisons=35,20", "S:nomove 40-20"},
		{"kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=25,25", "N:nomove 25-30"},
		{"kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=30,25", "draw:nomove 30-30"},
		{"kiothi 0,0,0,0,0,0,0,0,0,0/2,0,7,0,0,0,0,0,0,11 S turn=4 prisons=0,0 rules=WholeLift:true", "N:nomove 0-20"},
		{"kiothi 0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,1 S turn=2 prisons=0,0 rules=Endless:Illegal,MaxLaps:1", "draw:endless 0-0"},
		{"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=8 prisons=31,29", "S:nomove 31-29"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.pos)
		if got := outcomeText(p.Outcome()); got != tt.outcome {
			t.Errorf("%s: outcome %s, want %s", tt.pos, got, tt.outcome)
		}
		if p.String() != tt.pos {
			t.Errorf("String() = %q, want %q", p.String(), tt.pos)
		}
		if len(p.LegalMoves()) != 0 {
			t.Errorf("%s: legal moves in a finished game", tt.pos)
		}
	}
}

func TestParseErrors(t *testing.T) {
	const a = "0,0,0,0,0,0,0,0,0,0"
	bad := []string{
		"",
		"kiothi",
		"kisolo " + a + "/" + a + " S turn=2 prisons=0,0",
		"kiothi " + a + " S turn=2 prisons=0,0",
		"kiothi " + a + "/" + a + "/" + a + " S turn=2 prisons=0,0",
		"kiothi 0,0,0,0,0,0,0,0,0/" + a + " S turn=2 prisons=0,0",
		"kiothi 0,0,0,0,0,0,0,0,0,0,0/" + a + " S turn=2 prisons=0,0",
		"kiothi x,0,0,0,0,0,0,0,0,0/" + a + " S turn=2 prisons=0,0",
		"kiothi 256,0,0,0,0,0,0,0,0,0/" + a + " S turn=2 prisons=0,0",
		"kiothi 05,0,0,0,0,0,0,0,0,0/" + a + " S turn=2 prisons=0,0",
		"kiothi -1,0,0,0,0,0,0,0,0,0/" + a + " S turn=2 prisons=0,0",
		"kiothi " + a + "/" + a + " N turn=2 prisons=0,0",
		"kiothi " + a + "/" + a + " S turn=3 prisons=0,0",
		"kiothi " + a + "/" + a + " X turn=2 prisons=0,0",
		"kiothi " + a + "/" + a + " S prisons=0,0",
		"kiothi " + a + "/" + a + " S turn=2",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,x",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 prisons=0,0",
		"kiothi " + a + "/" + a + " S turn=2  prisons=0,0",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 reserves=0,0",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 foo",
		"kiothi " + a + "/" + a + " S turn=-2 prisons=0,0",
		// More than 255 warriors in all.
		"kiothi 200,0,0,0,0,0,0,0,0,0/" + a + " S turn=2 prisons=50,6",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=100,100 hand=5 lifted=a5",
		// nki marks before turn 2 (KI-8).
		"kiothi 5*,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5* N turn=1 prisons=0,0",
		// Opening fields out of place (KI-7).
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 hand=5 dropfrom=a1",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 lifted=a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 dropfrom=a1",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5 dropfrom=a1",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=0 lifted=a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=x lifted=a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=b5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a6",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5,a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=10 lifted=a6,a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=10 lifted=a5,a6",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,0 S turn=0 prisons=0,0 hand=5 lifted=a10",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5 rules=OpeningPits:1",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5,",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=10 dropfrom=c1",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=10 dropfrom=a11",
		// Results (KI-15, C-6).
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 result=S:inner",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 result=S",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 result=X:nomove",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 result=*",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 N turn=1 prisons=0,0 result=S:nomove",
		// Results that contradict the position: an endless move is a draw
		// (C-6); nomove needs a player to move without a move, and its winner
		// is the one the prisons give after the KI-15 sweep (KI-16).
		"kiothi " + a + "/" + a + " S turn=4 prisons=10,20 result=S:endless",
		"kiothi " + a + "/" + a + " S turn=4 prisons=10,20 result=S:nomove",
		"kiothi " + a + "/" + a + " S turn=4 prisons=10,20 result=draw:nomove",
		"kiothi " + a + "/" + a + " S turn=4 prisons=20,20 result=N:nomove",
		"kiothi " + a + "/5,0,0,0,0,0,0,0,0,0 S turn=4 prisons=10,20 result=N:nomove",
		"kiothi " + a + "/21,0,0,0,0,0,0,0,0,0 S turn=4 prisons=10,20 result=draw:nomove rules=WholeLift:true",
		"kiothi " + a + "/21,0,0,0,0,0,0,0,0,0 S turn=4 prisons=10,20 result=S:nomove rules=WholeLift:true",
		// draw:endless: under Endless=Draw an endless move was played, so
		// not before turn 3; under Endless=Illegal every candidate of the
		// player to move is endless (C-6), and here a10:1 is not.
		"kiothi 0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,1 S turn=2 prisons=0,0 result=draw:endless",
		"kiothi 0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,1 S turn=4 prisons=0,0 result=draw:endless rules=Endless:Illegal",
		// Rules.
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=Bonus:Four",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=Colour:Red",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=Bonus:Three",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=WholeLift:true,Bonus:Run",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=MaxLaps:1000000",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=MaxLaps:0",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=OpeningPits:3",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=WholeLift:yes",
		"kiothi " + a + "/" + a + " S turn=2 prisons=0,0 rules=Bonus:Run,Bonus:Run",
	}
	for _, s := range bad {
		p, err := Parse(s)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", s, p)
			continue
		}
		var se *mancala.SyntaxError
		if !errors.Is(err, mancala.ErrSyntax) || !errors.As(err, &se) || se.Msg == "" {
			t.Errorf("Parse(%q): %v does not wrap ErrSyntax with a message", s, err)
		}
		var u Position
		if err := u.UnmarshalText([]byte(s)); err == nil || u != (Position{}) {
			t.Errorf("UnmarshalText(%q) changed the position or accepted it", s)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	good := []struct {
		s string
		m Move
	}{
		{"a5:3", Sow(pitOf(4), 3)},
		{"a1:1", Sow(pitOf(0), 1)},
		{"a10:255", Sow(pitOf(9), 255)},
		{"b10:2", Sow(pitOf(10), 2)},
		{"b1:12", Sow(pitOf(19), 12)},
		{"-a5", Lift(pitOf(4))},
		{"-b6", Lift(pitOf(14))},
		{"+b3", Drop(pitOf(17))},
		{"+a10", Drop(pitOf(9))},
		{"=", Stop()},
	}
	for _, tt := range good {
		m, err := ParseMove(tt.s)
		if err != nil || m != tt.m {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tt.s, m, err, tt.m)
		}
		if m.String() != tt.s {
			t.Errorf("String() = %q, want %q", m.String(), tt.s)
		}
		text, _ := m.MarshalText()
		var u Move
		if err := u.UnmarshalText(text); err != nil || u != m {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, u, err)
		}
	}
	bad := []string{"", "a5", "a5:", "a5:0", "a5:256", "a5:03", "a5:3x", "a5:-1", "c5:1", "a11:1", "a0:1",
		"-", "+", "-c1", "+a0", "==", " a5:3", "a5:3 ", "A5:3", "-a5:3", "+a5:1", "a5:1000", "5:3", ":3", "="[:0] + "x"}
	for _, s := range bad {
		m, err := ParseMove(s)
		if err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", s, m)
			continue
		}
		if !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("ParseMove(%q): %v does not wrap ErrSyntax", s, err)
		}
		u := Stop()
		if err := u.UnmarshalText([]byte(s)); err == nil || u != Stop() {
			t.Errorf("UnmarshalText(%q) changed the move", s)
		}
	}
	// A zero or out-of-range pit or count gives the zero Move, which
	// prints as "none" and parses back to itself.
	for _, m := range []Move{{}, Sow(pitOf(20), 1), Sow(pitOf(3), 0), Sow(pitOf(3), 256), Sow(pitOf(3), -1), Sow(Pit{}, 3), Drop(pitOf(20)), Lift(pitOf(-1)), Lift(Pit{}), Drop(Pit{})} {
		if !m.IsZero() || m.String() != "none" || m.Kind() != NoKind || !m.Pit().IsZero() || m.Count() != 0 {
			t.Errorf("%#v: want the zero Move", m)
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Errorf("ParseMove(%q) = %v, %v", m.String(), back, err)
		}
	}
	if k := (Move{}).Kind(); k != NoKind || k.String() != "move" || MoveKind(9).String() != "move" || k != mancala.MoveUnknown {
		t.Errorf("kind names wrong")
	}
	names := []string{NoKind.String(), SowKind.String(), LiftKind.String(), DropKind.String(), StopKind.String()}
	if diff := cmp.Diff([]string{"move", "sow", "lift", "drop", "stop"}, names); diff != "" {
		t.Errorf("kind names (-want +got):\n%s", diff)
	}
	if m := Sow(pitOf(4), 3); m.Kind() != SowKind || m.Pit() != PitAt(0, 5) || m.Count() != 3 {
		t.Errorf("Sow accessors wrong")
	}
	if m := Lift(PitAt(1, 6)); m.Kind() != LiftKind || m.Pit() != pitOf(14) || m.Count() != 0 || m.String() != "-b6" {
		t.Errorf("Lift accessors wrong")
	}
	if m := Drop(PitAt(1, 3)); m.Kind() != DropKind || m.Pit() != pitOf(17) || m.Count() != 0 || m.String() != "+b3" {
		t.Errorf("Drop accessors wrong")
	}
	if m := Stop(); m.Kind() != StopKind || !m.Pit().IsZero() || m.Count() != 0 || m.IsZero() {
		t.Errorf("Stop accessors wrong")
	}
}

// TestMoveText: every move value round-trips through MarshalText,
// UnmarshalText and ParseMove: the zero Move, odd constructions (a zero
// pit, a count out of range), a Sow of every count from every pit (an
// enemy pit too, never legal but a Move), a Lift and a Drop of every pit,
// Stop, and every legal move of random games, their openings included.
func TestMoveText(t *testing.T) {
	moves := []Move{Stop(), Sow(Pit{}, 1), Sow(pitOf(0), 0), Sow(pitOf(0), 256), Lift(Pit{}), Drop(Pit{})}
	for i := range Pits {
		for n := 1; n <= 255; n++ {
			moves = append(moves, Sow(pitOf(i), n))
		}
		moves = append(moves, Lift(pitOf(i)), Drop(pitOf(i)))
	}
	upTo, err := New(Rules{OpeningUpTo: true, OpeningPits: 1})
	if err != nil {
		t.Fatal(err)
	}
	gametest.MoveText(t, &Descriptor, moves, Start(), upTo)
}

func TestRulesText(t *testing.T) {
	tests := []struct {
		text string
		r    Rules
	}{
		{"", Rules{}},
		{"Bonus:Run,WholeLift:true", Rules{Bonus: Run, WholeLift: true}},
		{"Setup:FiveBySix", Rules{Setup: FiveBySix}},
		{"OpeningPits:1,OpeningUpTo:true", Rules{OpeningPits: 1, OpeningUpTo: true}},
		{"NkiClear:OwnerLift", Rules{NkiClear: OwnerLift}},
		{"CaptureNeedsCrossing:true", Rules{CaptureNeedsCrossing: true}},
		{"Bonus:None", Rules{Bonus: None}},
		{"Endless:Illegal,MaxLaps:5000", Rules{Endless: Illegal, MaxLaps: 5000}},
	}
	for _, tt := range tests {
		r, err := ParseRules(tt.text)
		if err != nil || r != tt.r {
			t.Errorf("ParseRules(%q) = %+v, %v; want %+v", tt.text, r, err, tt.r)
		}
		if tt.r.String() != tt.text {
			t.Errorf("%+v.String() = %q, want %q", tt.r, tt.r.String(), tt.text)
		}
		p, err := Descriptor.New(tt.text)
		if err != nil || Descriptor.Rules(p) != tt.text || p.Rules() != tt.r {
			t.Errorf("Descriptor.New(%q): %v, %v", tt.text, p, err)
		}
	}
	// Explicit defaults are accepted and normalised (so equal rules are ==).
	for _, s := range []string{"Bonus:Three", "OpeningPits:2", "OpeningPits:0", "MaxLaps:1000000", "MaxLaps:0", "WholeLift:false,Setup:SixByFive,Endless:Draw,NkiClear:AnyLift,OpeningUpTo:false,CaptureNeedsCrossing:false"} {
		r, err := ParseRules(s)
		if err != nil || r != (Rules{}) {
			t.Errorf("ParseRules(%q) = %+v, %v; want the defaults", s, r, err)
		}
	}
	if (Rules{OpeningPits: 2, MaxLaps: DefaultMaxLaps}).Normalize() != (Rules{}) {
		t.Errorf("Normalize keeps explicit defaults")
	}
	if r := (Rules{}); r.EmptiedInOpening() != 2 || r.Laps() != DefaultMaxLaps {
		t.Errorf("defaults: %d pits emptied in the opening, %d laps", r.EmptiedInOpening(), r.Laps())
	}
	if r := (Rules{OpeningPits: 1, MaxLaps: 9}); r.EmptiedInOpening() != 1 || r.Laps() != 9 {
		t.Errorf("OpeningPits 1, MaxLaps 9: %d pits emptied in the opening, %d laps", r.EmptiedInOpening(), r.Laps())
	}
	for _, s := range []string{"Bonus", "Bonus:", ":Run", "Bonus:Four", "Colour:Red", "OpeningPits:3", "MaxLaps:-1", "MaxLaps:x", "MaxLaps:2000001", "MaxLaps:1000000000",
		"WholeLift:1", "Bonus:Run,Bonus:Run", "Setup:SixBySix", "NkiClear:None", "Endless:Never"} {
		r, err := ParseRules(s)
		var se *mancala.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, mancala.ErrSyntax) || se.Game != Name || se.What != "rules" || r != (Rules{}) {
			t.Errorf("ParseRules(%q) = %+v, %v; want a kiothi rules SyntaxError", s, r, err)
		}
		if _, err := Descriptor.New(s); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("Descriptor.New(%q) = %v, want ErrSyntax", s, err)
		}
	}
	// An unknown option's error lists the options.
	_, err := ParseRules("Colour:Red")
	if want := "(the options are Bonus, CaptureNeedsCrossing, Endless, MaxLaps, NkiClear, OpeningPits, OpeningUpTo, Repetition, Setup, WholeLift)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ParseRules(Colour:Red) = %v, want the options listed %s", err, want)
	}
	for _, s := range []string{SetupRule(7).String(), NkiClearRule(7).String(), BonusRule(7).String(), EndlessRule(7).String()} {
		if !strings.HasSuffix(s, "(7)") {
			t.Errorf("out-of-range enum prints %q", s)
		}
	}
}

func TestDiagram(t *testing.T) {
	want := `        b1   b2   b3   b4   b5   b6   b7   b8   b9  b10
      +----+----+----+----+----+----+----+----+----+----+
      |  5 |  5 |  5 |  5 |  5 |  5 |  0 |  0 |  0 |  0 | ←
 N  0 +----+----+----+----+----+----+----+----+----+----+ 0   S
      |  0 |  0 |  0 |  0 |  5 |  5 |  5 |  5 |  5 |  5 | →
      +----+----+----+----+----+----+----+----+----+----+
        a1   a2   a3   a4   a5   a6   a7   a8   a9  a10
South to move, turn 0, opening
prisons: North 0 (left), South 0 (right)
`
	if diff := cmp.Diff(want, Start().Diagram()); diff != "" {
		t.Errorf("start diagram (-want +got):\n%s", diff)
	}
	want = `        b1   b2   b3   b4   b5   b6   b7   b8   b9  b10
      +----+----+----+----+----+----+----+----+----+----+
      |  3*|  0 |  0 |  4*|  2*|  0 |  1 |  0 |  6*|  0 | ←
 N  6 +----+----+----+----+----+----+----+----+----+----+ 8   S
      |  0 |  2*|  0 |  5*|  0 |  0 |  1 |  7*|  0 |  1*| →
      +----+----+----+----+----+----+----+----+----+----+
        a1   a2   a3   a4   a5   a6   a7   a8   a9  a10
North to move, turn 5
prisons: North 6 (left), South 8 (right)
* = nki
`
	p := mustParse(t, "kiothi 3*,0,0,4*,2*,0,1,0,6*,0/0,2*,0,5*,0,0,1,7*,0,1* N turn=5 prisons=8,6")
	if diff := cmp.Diff(want, Descriptor.Diagram(p)); diff != "" {
		t.Errorf("nki diagram (-want +got):\n%s", diff)
	}
	for pos, line := range map[string]string{
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5": "South to move, turn 0, opening\nprisons: North 0 (left), South 0 (right)\nhand 5, lifted a5\n",
		"kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 N turn=1 prisons=0,0 hand=9 dropfrom=b10 rules=OpeningUpTo:true": "North to move, turn 1, opening\nprisons: North 0 (left), South 0 (right)\n" +
			"hand 9, next drop into b10 or later\nrules OpeningUpTo:true\n",
		"kiothi 0,0,0,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=2 prisons=20,35":                                "game over after turn 2: North wins (nomove) 20-40\nprisons: North 35 (left), South 20 (right)\n",
		"kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3*,1 S turn=2 prisons=0,0 rules=Bonus:Run,Endless:Illegal": "South to move, turn 2\nprisons: North 0 (left), South 0 (right)\n* = nki\nrules Bonus:Run,Endless:Illegal\n",
	} {
		if d := mustParse(t, pos).Diagram(); !strings.HasSuffix(d, line) {
			t.Errorf("diagram of %s ends\n%s\nwant %q", pos, d, line)
		}
	}
}

// TestDescriptor pins Descriptor's names and Options (the rules of
// docs/rules/kiothi.md, sorted by name).
func TestDescriptor(t *testing.T) {
	if Descriptor.Start() != Start() || Descriptor.SeedTotal(Start()) != 60 {
		t.Fatal("Descriptor disagrees with the package")
	}
	gametest.Names(t, &Descriptor, "kiothi", "Kiothi", "warrior",
		"Bonus enum Three|Run|None default Three KI-14",
		"CaptureNeedsCrossing bool false|true default false KI-13",
		"Endless enum Draw|Illegal default Draw C-6",
		"MaxLaps int 1..2000000 default 1000000 C-6",
		"NkiClear enum AnyLift|OwnerLift default AnyLift KI-8",
		"OpeningPits int 1..2 1|2 default 2 KI-6",
		"OpeningUpTo bool false|true default false KI-6",
		"Repetition enum None|Three default None C-10",
		"Setup enum SixByFive|FiveByFive|FiveBySix default SixByFive KI-5",
		"WholeLift bool false|true default false KI-9")
}

// TestLegalMovesAfterEnd: once the game is over LegalMoves returns an
// empty non-nil slice, on every finished position of the examples, after a
// derived end (KT8) and after the zero Position's Stops (KI-15).
func TestLegalMovesAfterEnd(t *testing.T) {
	gametest.EndedExamples(t, &Descriptor, gametest.Examples(t, Name))
	p := Position{}
	for range 2 {
		q, err := p.Apply(Stop())
		if err != nil {
			t.Fatalf("%v: Stop: %v", p, err)
		}
		p = q
	}
	if !p.Outcome().Over() {
		t.Fatalf("the zero Position after two Stops: %v, want the game over", p.Outcome())
	}
	if ms := p.LegalMoves(); ms == nil || len(ms) != 0 {
		t.Errorf("%v: LegalMoves() = %#v, want an empty non-nil slice", p, ms)
	}
}

// TestDocPositions parses the positions quoted in doc.go.
func TestDocPositions(t *testing.T) {
	for _, s := range []string{
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0",
		"kiothi 3*,0,0,4*,2*,0,1,0,6*,0/0,2*,0,5*,0,0,1,7*,0,1* N turn=5 prisons=8,6",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove",
	} {
		if p := mustParse(t, s); p.String() != s {
			t.Errorf("%q prints as %q", s, p.String())
		}
	}
}

// TestDiagramWith: the cell function sees each pit's index and cell text
// (count and nki mark), and what it returns is drawn in its place.
func TestDiagramWith(t *testing.T) {
	p := mustParse(t, "kiothi 3*,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N turn=5 prisons=0,0")
	var seen []string
	got := p.DiagramWith(func(pit int, text string) string {
		if pit == 19 || pit == 9 { // b1 and a10
			seen = append(seen, text)
			return "<" + text[1:] + ">"
		}
		return text
	})
	want := `        b1   b2   b3   b4   b5   b6   b7   b8   b9  b10
      +----+----+----+----+----+----+----+----+----+----+
      |< 3*>|  0 |  0 |  0 |  0 |  0 |  0 |  0 |  0 |  0 | ←
`
	if !strings.HasPrefix(got, want) || strings.Join(seen, ",") != "  3*,  1 " {
		t.Errorf("DiagramWith =\n%s\nsaw %q; want it to start\n%s", got, seen, want)
	}
	if p.DiagramWith(nil) != p.Diagram() {
		t.Errorf("DiagramWith(nil) differs from Diagram")
	}
}
