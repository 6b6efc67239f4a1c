package kimasai

import (
	"encoding"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

var (
	_ encoding.TextMarshaler   = Position{}
	_ encoding.TextUnmarshaler = (*Position)(nil)
	_ encoding.TextMarshaler   = Move{}
	_ encoding.TextUnmarshaler = (*Move)(nil)
)

const startText = "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24"

func TestRules(t *testing.T) {
	for _, c := range []struct {
		in, out string
		want    Rules
	}{
		{"", "", Rules{}},
		{"Endless:Draw", "", Rules{}},
		{"MaxLaps:1000000", "", Rules{}},
		{"MaxLaps:0", "", Rules{}},
		{"MaxLaps:5000,Endless:Illegal", "Endless:Illegal,MaxLaps:5000", Rules{Endless: Illegal, MaxLaps: 5000}},
		{"SelfEmptiedInnerRow:Continues,FreeFirstTurn:EachPlayer", "FreeFirstTurn:EachPlayer,SelfEmptiedInnerRow:Continues",
			Rules{FreeFirstTurn: EachPlayer, SelfEmptiedInnerRow: Continues}},
		{"FreeFirstTurn:GameOnly,SelfEmptiedInnerRow:Loses", "", Rules{}},
	} {
		r, err := ParseRules(c.in)
		if err != nil || r != c.want || r.String() != c.out {
			t.Errorf("ParseRules(%q) = %+v (%q), %v; want %+v (%q)", c.in, r, r.String(), err, c.want, c.out)
		}
	}
	for _, in := range []string{"MaxLaps:-1", "MaxLaps:x", "MaxLaps:01", "MaxLaps:2000001", "MaxLaps:1000000000", "Endless:draw", "Foo:Bar", "Endless", "Endless:Illegal,Endless:Draw", ",", "FreeFirstTurn:Both"} {
		r, err := ParseRules(in)
		var se *mancala.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, mancala.ErrSyntax) || se.Game != Name || se.What != "rules" || r != (Rules{}) {
			t.Errorf("ParseRules(%q) = %+v, %v; want a kimasai rules SyntaxError", in, r, err)
		}
	}
	// An unknown option's error lists the options.
	if _, err := ParseRules("Foo:Bar"); err == nil || !strings.Contains(err.Error(), "(the options are Endless, FreeFirstTurn, MaxLaps, Repetition, SelfEmptiedInnerRow)") {
		t.Errorf("ParseRules(Foo:Bar) = %v, want the options listed", err)
	}
	for _, r := range []Rules{{MaxLaps: -1}, {MaxLaps: mancala.MaxLapsLimit + 1}, {MaxLaps: 1 << 40}, {Endless: 2}, {FreeFirstTurn: 9}, {SelfEmptiedInnerRow: 3}} {
		err := r.Validate()
		var re *mancala.RulesError
		if !errors.As(err, &re) || !errors.Is(err, mancala.ErrRules) || errors.Is(err, mancala.ErrSyntax) || re.Game != Name || re.Msg == "" {
			t.Errorf("Validate(%+v) = %v, want a kimasai *mancala.RulesError", r, err)
		}
		if p, err := New(r); !errors.Is(err, mancala.ErrRules) || p != (Position{}) {
			t.Errorf("New(%+v) = %v, %v; want an error wrapping ErrRules", r, p, err)
		}
	}
	if err := (Rules{MaxLaps: mancala.MaxLapsLimit + 1}).Validate(); err == nil ||
		err.Error() != `kimasai: invalid rules "MaxLaps:2000001": MaxLaps must be 1..2000000 (0 means 1000000); got 2000001` {
		t.Errorf("Validate(MaxLaps 2000001) = %v", err)
	}
	if p, err := New(Rules{MaxLaps: mancala.MaxLapsLimit}); err != nil || p.Rules().Laps() != mancala.MaxLapsLimit {
		t.Errorf("New with MaxLaps at the limit: %v, %v", p, err)
	}
	if got := (Rules{MaxLaps: DefaultMaxLaps, Endless: Illegal}).Normalize(); got != (Rules{Endless: Illegal}) {
		t.Errorf("Normalize = %+v", got)
	}
	// Normalised: MaxLaps 1,000,000 is the default, so the positions are ==.
	a, _ := New(Rules{MaxLaps: DefaultMaxLaps})
	if a != Start() || a.Rules().Laps() != DefaultMaxLaps {
		t.Errorf("New(MaxLaps: 1000000) != Start()")
	}
	if got := (Rules{FreeFirstTurn: 5}).FreeFirstTurn.String(); got != "FirstTurnRule(5)" {
		t.Errorf("out-of-range enum prints %q", got)
	}
	d, err := Descriptor.New("Endless:Illegal")
	if err != nil || d.Rules().Endless != Illegal || Descriptor.Rules(d) != "Endless:Illegal" {
		t.Errorf("Descriptor.New: %v, %v", d, err)
	}
	if _, err := Descriptor.New("Bogus:1"); !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("Descriptor.New(bogus): %v", err)
	}
}

func TestParseMove(t *testing.T) {
	for _, bad := range []string{"", "b", "b0", "b9", "e1", "B3", "b03", "b3 ", "xb3", "a10", "-", "None", "xnone"} {
		m, err := ParseMove(bad)
		var se *mancala.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, mancala.ErrSyntax) || se.Game != Name || se.What != "move" || m != (Move{}) {
			t.Errorf("ParseMove(%q) = %v, %v; want a kimasai move SyntaxError", bad, m, err)
		}
	}
	if _, err := ParseMove("xb3"); err == nil || !strings.Contains(err.Error(), "no capture moves") {
		t.Errorf("ParseMove(xb3) = %v, want a hint that raids follow from the sowing", err)
	}
	if z := (Move{}); z.String() != "none" || !z.Pit().IsZero() || !z.IsZero() || Sow(pitOf(32)) != z || Sow(pitOf(-1)) != z || Sow(Pit{}) != z {
		t.Error("zero Move")
	}
	if m, err := ParseMove("none"); err != nil || !m.IsZero() {
		t.Errorf("ParseMove(none) = %v, %v; want the zero Move", m, err)
	}
	var m Move
	if err := m.UnmarshalText([]byte("d8")); err != nil || m.Pit() != PitAt(3, 8) || m.Pit().Row() != 3 || m.Pit().File() != 8 || m.Pit().index() != 31 {
		t.Errorf("UnmarshalText d8: %v %v", m, err)
	}
	if err := m.UnmarshalText([]byte("z1")); err == nil || m.Pit() != PitAt(3, 8) {
		t.Errorf("UnmarshalText z1 changed the move: %v %v", m, err)
	}
	if b, err := m.MarshalText(); err != nil || string(b) != "d8" {
		t.Errorf("MarshalText: %s %v", b, err)
	}
	if b, err := (Move{}).MarshalText(); err != nil || string(b) != "none" {
		t.Errorf("zero Move marshals as %q, %v; want none", b, err)
	}
	if err := m.UnmarshalText([]byte("none")); err != nil || !m.IsZero() {
		t.Errorf("UnmarshalText none: %v, %v", m, err)
	}
}

// TestMoveText: every move value round-trips through MarshalText,
// UnmarshalText and ParseMove: the zero Move, Sow of the zero Pit, a Sow of
// every one of the 32 pits (the opponent's too, never legal but a Move),
// and every legal move of random games under both FreeFirstTurn rules.
func TestMoveText(t *testing.T) {
	moves := []Move{Sow(Pit{})}
	for i := range Pits {
		moves = append(moves, Sow(pitOf(i)))
	}
	each, err := New(Rules{FreeFirstTurn: EachPlayer})
	if err != nil {
		t.Fatal(err)
	}
	gametest.MoveText(t, &Descriptor, moves, Start(), each)
}

// TestPits checks Pit, PitAt, ParsePit and Position.Index/Pit on all 32
// pits (KM-2: b1..b8 = 0..7, a8..a1 = 8..15, c8..c1 = 16..23, d1..d8 =
// 24..31), and that Sow names each.
func TestPits(t *testing.T) {
	p := Start()
	gametest.Pits(t, &Descriptor, p, gametest.PitFuncs[Position, Pit]{PitAt: PitAt, ParsePit: ParsePit, Pit: Position.Pit, Index: Position.Index},
		"a9", "e1")
	if PitAt(1, 1) != p.Pit(0) || PitAt(0, 1) != p.Pit(15) || PitAt(2, 1) != p.Pit(23) || PitAt(3, 8) != p.Pit(31) {
		t.Errorf("PitAt disagrees with KM-2")
	}
	for i := range Pits {
		if pit := p.Pit(i); Sow(pit).String() != pit.String() || Sow(pit).Pit() != pit {
			t.Errorf("Sow(%v) = %v", pit, Sow(pit))
		}
	}
}

func TestParseErrors(t *testing.T) {
	rows := "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0"
	for _, bad := range []string{
		"",
		"kisolo " + rows + " S turn=0 reserves=24,24",
		"kimasai " + rows + " S turn=0",                                    // missing reserves
		"kimasai " + rows + " S turn=1 reserves=24,24",                     // side vs parity
		"kimasai " + rows + " N turn=0 reserves=24,24",                     // side vs parity
		"kimasai " + rows + " X turn=0 reserves=24,24",                     // bad side
		"kimasai " + rows + " S reserves=24,24",                            // no turn
		"kimasai " + rows + " S turn=-1 reserves=24,24",                    // negative
		"kimasai " + rows + " S turn=0 reserves=24,24 prisons=0,0",         // unknown field
		"kimasai " + rows + " S turn=0 reserves=24,24 reserves=24,24",      // repeated
		"kimasai " + rows + " S turn=0 reserves=24",                        // bad pair
		"kimasai " + rows + " S turn=0 reserves=24,256",                    // over 255
		"kimasai " + rows + " S turn=0 reserves=200,40",                    // total over 255
		"kimasai " + rows + " S turn=0 reserves=24,24 result=draw:inner",   // bad draw
		"kimasai " + rows + " S turn=0 reserves=24,24 result=S:outer",      // Kisolo only
		"kimasai " + rows + " S turn=0 reserves=24,24 result=S:endless",    // no win by endless
		"kimasai " + rows + " S turn=0 reserves=24,24 result=draw:nomove",  // no such draw
		"kimasai " + rows + " S turn=0 reserves=24,24 result=*",            // not a result
		"kimasai " + rows + " S turn=0 reserves=24,24 rules=Endless:Maybe", // bad rules
		"kimasai " + rows + " S turn=0 reserves=24,24 rules=MaxLaps:-5",    // bad rules
		// rules= written as Rules.String writes it, so that String writes
		// back exactly what was parsed (docs/notation.md).
		"kimasai " + rows + " S turn=0 reserves=24,24 rules=",
		"kimasai " + rows + " S turn=0 reserves=24,24 rules=Endless:Draw",
		"kimasai " + rows + " S turn=0 reserves=24,24 rules=MaxLaps:5000,Endless:Illegal",
		// Results that the rules, the board or the side to move contradict.
		"kimasai " + rows + " S turn=0 reserves=24,24 result=N:selfinner",                                                                                       // no move was played
		"kimasai " + rows + " S turn=0 reserves=24,24 result=draw:endless",                                                                                      // no move was played (C-6, Endless=Draw)
		"kimasai " + rows + " S turn=2 reserves=23,23 result=draw:endless rules=Endless:Illegal",                                                                // South has finite moves (C-6)
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 N turn=61 reserves=0,0 result=S:selfinner",                                     // the last mover loses (KM-12)
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 N turn=61 reserves=0,0 result=N:selfinner",                                     // South's inner row holds a cow
		"kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 N turn=61 reserves=0,0 result=N:selfinner rules=SelfEmptiedInnerRow:Continues", // KM-12 does not apply
		"kimasai 5,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N turn=31 reserves=0,0 result=N:inner",                                         // the last mover wins (KM-11)
		"kimasai 5,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N turn=31 reserves=0,0 result=S:inner",                                         // North's inner row holds a cow
		"kimasai 0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S turn=40 reserves=0,0 result=S:nomove",                                        // the player to move loses (C-8)
		"kimasai 0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 S turn=40 reserves=0,0 result=N:nomove",                                        // South has a cow to move
		"kimasai " + rows + "  S turn=0 reserves=24,24",                                                                                                         // double space
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 S turn=0 reserves=24,24",                                                                       // 3 rows
		"kimasai 0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24",                                                         // 7 pits
		"kimasai 0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24",
		"kimasai 0,0,0,0,0,0,0,-1/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24",
		"kimasai 0,0,0,0,0,0,0,256/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=0,0",
		"kimasai 0,0,0,0,0,0,0,5*/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24",
		"kimasai 0,0,0,0,0,0,0,x/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24",
	} {
		p, err := Parse(bad)
		var se *mancala.SyntaxError
		if !errors.Is(err, mancala.ErrSyntax) || !errors.As(err, &se) || p != (Position{}) {
			t.Errorf("Parse(%q) = %v, %v; want a *SyntaxError", bad, p, err)
		} else if se.Game != Name {
			t.Errorf("Parse(%q): error %v names game %q", bad, err, se.Game)
		}
	}
	// UnmarshalText leaves the receiver unchanged on error.
	p := Start()
	if err := p.UnmarshalText([]byte("kimasai nonsense")); err == nil || p != Start() {
		t.Errorf("UnmarshalText: %v, %v", p, err)
	}
}

func TestParseAccepts(t *testing.T) {
	// Fields in any order; String writes them back in the canonical order.
	p := mustParse(t, "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S rules=Endless:Illegal reserves=24,24 turn=0")
	if want := startText + " rules=Endless:Illegal"; p.String() != want {
		t.Errorf("String() = %q, want %q", p, want)
	}
	// A hand-made total other than 64, up to 255.
	q := mustParse(t, "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=200,39")
	if n := Descriptor.SeedTotal(q); n != 255 {
		t.Errorf("total %d", n)
	}
	var r Position
	if err := r.UnmarshalText([]byte(startText)); err != nil || r != Start() {
		t.Errorf("UnmarshalText: %v %v", r, err)
	}
	if b, _ := Start().MarshalText(); string(b) != startText {
		t.Errorf("MarshalText %s", b)
	}
}

// TestZeroPosition: the zero Position is an empty board with South to move
// at turn 0, so South has no move and has lost (C-8), as in Kisolo: Outcome
// says so, there are no legal moves, and every move is refused with
// ErrGameOver.
func TestZeroPosition(t *testing.T) {
	var z Position
	want := mancala.Outcome{Status: mancala.Win, Winner: mancala.North, Reason: mancala.NoMove}
	if diff := cmp.Diff(want, z.Outcome()); diff != "" {
		t.Errorf("zero Position outcome (-want +got):\n%s", diff)
	}
	if moves := z.LegalMoves(); moves == nil || len(moves) != 0 {
		t.Errorf("zero Position moves %#v, want an empty non-nil slice", moves)
	}
	for _, m := range []Move{{}, Sow(pitOf(0)), Sow(pitOf(20))} {
		if q, err := z.Apply(m); !errors.Is(err, mancala.ErrGameOver) || q != z {
			t.Errorf("zero Position Apply(%v) = %v, %v; want ErrGameOver", m, q, err)
		}
	}
	if k := Descriptor.MoveKey(z, Move{}); k != -1 {
		t.Errorf("MoveKey of the zero Move = %d, want -1", k)
	}
	if k := Descriptor.MoveKey(Start(), Sow(pitOf(16))); k != -1 {
		t.Errorf("MoveKey of North's pit for South = %d, want -1", k)
	}
}

func TestDiagram(t *testing.T) {
	want := strings.Join([]string{
		"    1   2   3   4   5   6   7   8",
		"d   0   0   0   0   0   0   0   0   → North reserve 24",
		"c   1   1   1   1   1   1   1   1   ←",
		"b   1   1   1   1   1   1   1   1   →",
		"a   0   0   0   0   0   0   0   0   ← South reserve 24",
		"South to move, turn 0, phase 1",
		""}, "\n")
	if diff := cmp.Diff(want, Start().Diagram()); diff != "" {
		t.Errorf("start diagram (-want +got):\n%s", diff)
	}
	p := mustParse(t, "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,3,1,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0 result=S:inner rules=Endless:Illegal")
	want = strings.Join([]string{
		"    1   2   3   4   5   6   7   8",
		"d   0   0   0   0   0   0   0   0   → North reserve 0",
		"c   0   0   0   0   0   0   0   0   ←",
		"b   0   0   1   3   1   1   0   0   →",
		"a   0   0   0   0   0   0   0   0   ← South reserve 0",
		"game over after turn 11: South wins (inner)",
		"rules Endless:Illegal",
		""}, "\n")
	if diff := cmp.Diff(want, Descriptor.Diagram(p)); diff != "" {
		t.Errorf("diagram (-want +got):\n%s", diff)
	}
	p = mustParse(t, "kimasai 0,4,1,3,1,0,1,4/6,1,0,6,2,0,0,3/5,1,1,2,3,1,3,4/3,1,0,3,0,2,0,3 N turn=49 reserves=0,0 rules=FreeFirstTurn:EachPlayer")
	if d := p.Diagram(); !strings.HasSuffix(d, "South reserve 0\nNorth to move, turn 49, phase 2\nrules FreeFirstTurn:EachPlayer\n") {
		t.Errorf("phase 2 diagram ends\n%s", d)
	}
}

// TestDescriptor pins Descriptor's names and Options (the rules of
// docs/rules/kimasai.md, sorted by name).
func TestDescriptor(t *testing.T) {
	if Descriptor.Start() != Start() || Descriptor.SeedTotal(Start()) != TotalCows {
		t.Fatal("Descriptor disagrees with the package")
	}
	gametest.Names(t, &Descriptor, "kimasai", "Bao la Kimasai", "cow",
		"Endless enum Draw|Illegal default Draw C-6",
		"FreeFirstTurn enum GameOnly|EachPlayer default GameOnly KM-6",
		"MaxLaps int 1..2000000 default 1000000 C-6",
		"Repetition enum None|Three default None C-10",
		"SelfEmptiedInnerRow enum Loses|Continues default Loses KM-12")
}

// TestLegalMovesAfterEnd: once the game is over LegalMoves returns an
// empty non-nil slice, on every finished position of the examples and
// clause cases.
func TestLegalMovesAfterEnd(t *testing.T) {
	gametest.EndedExamples(t, &Descriptor, append(gametest.Examples(t, Name), clauseCases...))
}

// TestBadMoves checks the refusals of Apply: zero move, opponent's pit,
// empty pit, after the end; the receiver is unchanged and errors are
// *mancala.MoveError.
func TestBadMoves(t *testing.T) {
	p := Start()
	for _, c := range []struct {
		m      Move
		reason string
	}{{Move{}, "no such pit"}, {Move{Pit{200}}, "no such pit"}, {Sow(pitOf(16)), "North"}, {Sow(pitOf(8)), "empty"}} {
		q, err := p.Apply(c.m)
		var me *mancala.MoveError
		if !errors.As(err, &me) || !errors.Is(err, mancala.ErrIllegalMove) || errors.Is(err, mancala.ErrGameOver) ||
			!strings.Contains(err.Error(), c.reason) || me.Game != Name || q != p {
			t.Errorf("Apply(%v) = %v, %v", c.m, q, err)
		}
		n := 0
		if _, err := p.ApplyTrace(c.m, func(mancala.Event) { n++ }); err == nil || n != 0 {
			t.Errorf("ApplyTrace(%v) reported %d events", c.m, n)
		}
	}
	if p != Start() {
		t.Error("receiver changed")
	}
	over := mustParse(t, "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,3,1,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0 result=S:inner")
	if _, err := over.Apply(Sow(pitOf(16))); !errors.Is(err, mancala.ErrGameOver) || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Errorf("after the end: %v", err)
	}
}

// TestDiagramWith: the cell function sees each pit's index and cell text,
// and what it returns is drawn in its place.
func TestDiagramWith(t *testing.T) {
	got := Start().DiagramWith(func(pit int, text string) string {
		if pit == 0 || pit == 16 { // b1 and c8
			return "[" + text[2:] + "]"
		}
		return text
	})
	want := `    1   2   3   4   5   6   7   8
d   0   0   0   0   0   0   0   0   → North reserve 24
c   1   1   1   1   1   1   1[ 1]   ←
b[ 1]   1   1   1   1   1   1   1   →
`
	if !strings.HasPrefix(got, want) {
		t.Errorf("DiagramWith =\n%s\nwant it to start\n%s", got, want)
	}
	if Start().DiagramWith(nil) != Start().Diagram() {
		t.Errorf("DiagramWith(nil) differs from Diagram")
	}
}
