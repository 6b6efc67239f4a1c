package kisolo

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestParseGood checks positions that parse, the canonical text they
// print, and the round trip.
func TestParseGood(t *testing.T) {
	tests := []struct{ in, out string }{
		{"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", ""},
		// Fields in any order; the defaults restated.
		{"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N rules=Columns:6,Win:OuterRowEmptied result=S:outer turn=11",
			"ERR"}, // 7 pits per row with Columns:6
		{"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N rules=Win:OuterRowEmptied result=S:outer turn=11",
			"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:outer rules=Win:OuterRowEmptied"},
		// rules= is written as Rules.String writes it (only the options
		// that differ from the defaults, sorted by name), so that String
		// writes back exactly what was parsed (docs/notation.md).
		{"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0 rules=Columns:7", "ERR"},
		{"kisolo 3,3,3,3,3,3,3/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,3,3,3,3,3,3 S turn=0 rules=Win:OuterRowEmptied,Setup:Outer3", "ERR"},
		{"kisolo 3,3,3,3,3,3,3/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,3,3,3,3,3,3 S turn=0 rules=Setup:Outer3,Win:OuterRowEmptied", ""},
		{"kisolo 0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,1/255,0,0,0,0,0 N turn=1000000000 rules=Columns:6", "ERR"}, // 256 seeds
		// North to move has no seed: the end (C-8) is derived, and String
		// writes back exactly what was parsed (docs/notation.md).
		{"kisolo 0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/255,0,0,0,0,0 N turn=999999999 rules=Columns:6", ""},
		{"kisolo 0,0,0,0,0,0/0,0,0,0,0,1/0,0,0,0,0,0/254,0,0,0,0,0 N turn=999999999 rules=Columns:6", ""},
		// A result is authoritative but must agree with the board and the
		// side to move: North moved last and South's inner row is empty
		// (KS-10); North moved last with its own inner row empty (KS-11).
		{"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=4 result=N:inner", ""},
		{"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=4 result=S:selfinner", ""},
		{"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 N turn=3 result=S:nomove", ""},
		// Win=OuterRowEmptied: North moved last and its outer row is empty
		// while South's is not: North loses.
		{"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=4 result=S:outer rules=Win:OuterRowEmptied", ""},
	}
	for _, tc := range tests {
		p, err := Parse(tc.in)
		if tc.out == "ERR" {
			if !errors.Is(err, mancala.ErrSyntax) {
				t.Errorf("Parse(%q) = %v, %v; want a syntax error", tc.in, p, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		want := tc.out
		if want == "" {
			want = tc.in
		}
		if got := p.String(); got != want {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, got, want)
		}
		if q, err := Parse(p.String()); err != nil || q != p {
			t.Errorf("Parse(String()) of %q = %v, %v", tc.in, q, err)
		}
		b, _ := p.MarshalText()
		var q Position
		if err := q.UnmarshalText(b); err != nil || q != p {
			t.Errorf("UnmarshalText(MarshalText()) of %q = %v, %v", tc.in, q, err)
		}
	}
}

// TestParseDerives checks what Parse derives for a position without
// result=: C-8 for a player to move without seeds; nothing for a set-up
// position whose players' inner rows are empty (KS-10 and KS-11 judge
// moves, not set-ups).
func TestParseDerives(t *testing.T) {
	tests := []struct{ in, result string }{
		{"kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=0", "N:nomove"},
		{"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,1 N turn=3", "S:nomove"},
		{"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 N turn=3", "S:nomove"},
		{"kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,1 N turn=3", "*"},
		{"kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,1 S turn=2 rules=Win:OuterRowEmptied", "*"},
	}
	for _, tc := range tests {
		p := mustParse(t, tc.in)
		if got := p.Outcome().Result(); got != tc.result {
			t.Errorf("Parse(%q).Outcome() = %s, want %s", tc.in, got, tc.result)
		}
		if got := p.String(); got != tc.in {
			t.Errorf("Parse(%q).String() = %q: String must write back what was parsed", tc.in, got)
		}
		if (tc.result == "*") != (len(p.LegalMoves()) > 0) {
			t.Errorf("%q: outcome %s with legal moves %v", tc.in, tc.result, p.LegalMoves())
		}
	}
}

// TestParseBad checks that malformed positions give a *mancala.SyntaxError
// wrapping ErrSyntax.
func TestParseBad(t *testing.T) {
	const rows = "0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0"
	bad := []string{
		"",
		"kisolo",
		"kiothi " + rows + " S turn=0",
		"kisolo " + rows + " S",
		"kisolo " + rows + " S turn=1",                    // side does not match the turn
		"kisolo " + rows + " N turn=0",                    // ditto
		"kisolo " + rows + " X turn=0",                    // bad side
		"kisolo " + rows + " s turn=0",                    // bad side
		"kisolo " + rows + " S turn=-2",                   // negative
		"kisolo " + rows + " S turn=02",                   // leading zero
		"kisolo " + rows + " S turn=0 turn=0",             // repeated
		"kisolo " + rows + " S turn=0 prisons=0,0",        // unknown field
		"kisolo " + rows + " S turn=0 foo",                // not a field
		"kisolo " + rows + " S turn=0 rules=",             // empty rules
		"kisolo " + rows + " S turn=0 rules=Columns:9",    // bad rules
		"kisolo " + rows + " S turn=0 rules=Columns:6",    // 7 pits per row
		"kisolo " + rows + " S turn=0 rules=Columns:8",    // ditto
		"kisolo " + rows + " S turn=0 rules=Setup:Outer3", // invalid combination
		"kisolo " + rows + " S turn=0 result=",            // empty result
		"kisolo " + rows + " S turn=0 result=S",           // malformed result
		"kisolo " + rows + " S turn=0 result=X:inner",     // bad side
		"kisolo " + rows + " S turn=0 result=S:whatever",  // bad reason
		"kisolo " + rows + " S turn=0 result=draw:nomove", // no such draw in Kisolo
		"kisolo " + rows + " S turn=0 result=draw:inner",  // ditto
		"kisolo " + rows + " S turn=0 result=S:outer",     // needs Win:OuterRowEmptied
		"kisolo " + rows + " S turn=0 result=S:inner rules=Win:OuterRowEmptied",
		"kisolo " + rows + " S turn=0 result=N:selfinner rules=Win:OuterRowEmptied",
		"kisolo " + rows + " S turn=0 result=N:selfinner rules=SelfEmptiedInnerRow:Continues",
		// Results that contradict the position (side to move, rows):
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0 result=N:nomove",                           // South has seeds (C-8)
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0 result=draw:endless",                       // no move was played (C-6, Endless=Draw)
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=2 result=draw:endless rules=Endless:Illegal", // South has finite captures (C-6)
		"kisolo 1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=2 result=S:nomove",                           // the player to move loses (C-8)
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=4 result=N:inner",                            // South's inner row holds a seed (KS-10)
		"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=4 result=S:inner",                            // North moved last (KS-10)
		"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=0 result=N:inner",                            // no move was played
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=4 result=N:selfinner",                        // the last mover loses (KS-11)
		"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=4 result=S:selfinner",                        // North's inner row holds a seed (KS-11)
		"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=4 result=N:outer rules=Win:OuterRowEmptied",  // South's outer row holds a seed
		"kisolo 1,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=4 result=S:outer rules=Win:OuterRowEmptied",  // North's outer row holds a seed
		"kisolo 0,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=4 result=S:outer rules=Win:OuterRowEmptied",  // South's outer row is empty: North, the mover, won
		"kisolo " + rows + "  S turn=0",                                                         // double space
		"kisolo " + rows + " S turn=0 ",                                                         // trailing space
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0 S turn=0",                             // 3 rows
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0/0,0,0,0,0,0,0 S turn=0", // 5 rows
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0 S turn=0",                 // 6 pits
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0,0 S turn=0",             // 8 pits
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,256 S turn=0",             // over 255
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,-1 S turn=0",              // negative
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,x S turn=0",               // not a number
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,1* S turn=0",              // a mark
		"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0, S turn=0",                // empty count
		"kisolo 200,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,55 S turn=0",            // 259 seeds
	}
	for _, s := range bad {
		p, err := Parse(s)
		var se *mancala.SyntaxError
		if !errors.Is(err, mancala.ErrSyntax) || !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, %v; want a *mancala.SyntaxError", s, p, err)
			continue
		}
		if se.Game != Name {
			t.Errorf("Parse(%q): error names game %q", s, se.Game)
		}
		var q Position
		if err := q.UnmarshalText([]byte(s)); err == nil || q != (Position{}) {
			t.Errorf("UnmarshalText(%q) changed the position or accepted it", s)
		}
	}
}

// TestMoveNotation checks ParseMove and Move.String.
func TestMoveNotation(t *testing.T) {
	good := map[string]Move{
		"a1": Sow(PitAt(0, 1)), "b3": Sow(PitAt(1, 3)), "c7": Sow(PitAt(2, 7)), "d8": Sow(PitAt(3, 8)),
		"xb3": Capture(PitAt(1, 3)), "xc1": Capture(PitAt(2, 1)), "xa1": Capture(PitAt(0, 1)), "xd8": Capture(PitAt(3, 8)),
		"none": {},
	}
	for s, want := range good {
		m, err := ParseMove(s)
		if err != nil || m != want || m.String() != s {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", s, m, err, want)
		}
		var u Move
		if err := u.UnmarshalText([]byte(s)); err != nil || u != want {
			t.Errorf("UnmarshalText(%q) = %v, %v", s, u, err)
		}
		if b, err := m.MarshalText(); err != nil || string(b) != s {
			t.Errorf("MarshalText(%v) = %q, %v", m, b, err)
		}
	}
	m := mustMove(t, "xb3")
	if m.Kind() != CaptureKind || m.Pit() != PitAt(1, 3) || m.Pit().Row() != 1 || m.Pit().File() != 3 || m.IsZero() {
		t.Errorf("xb3: kind %v pit %v", m.Kind(), m.Pit())
	}
	bad := []string{"", "x", "b", "b0", "b9", "e1", "z1", "B3", "xB3", "xxb3", "b3 ", " b3", "b03", "b10", "b-1", "-", "a1:3", "=", "Xb3", "xb9", "xnone", "None"}
	for _, s := range bad {
		m, err := ParseMove(s)
		var se *mancala.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, mancala.ErrSyntax) || se.Game != Name || se.What != "move" || m != (Move{}) {
			t.Errorf("ParseMove(%q) = %v, %v; want a kisolo move SyntaxError", s, m, err)
		}
		u := Sow(PitAt(0, 1))
		if err := u.UnmarshalText([]byte(s)); err == nil || u != Sow(PitAt(0, 1)) {
			t.Errorf("UnmarshalText(%q) changed the move", s)
		}
	}
	var z Move
	if z.String() != "none" || !z.IsZero() || z.Kind() != NoKind || !z.Pit().IsZero() {
		t.Errorf("zero Move prints %q", z.String())
	}
	for _, m := range []Move{Sow(PitAt(-1, 1)), Sow(PitAt(4, 1)), Sow(PitAt(0, 0)), Sow(PitAt(0, 9)), Capture(PitAt(1, 9)), Sow(Pit{}), Capture(Pit{})} {
		if !m.IsZero() {
			t.Errorf("a constructor of the zero Pit gave %v", m)
		}
	}
}

// TestMoveText: every move value round-trips through MarshalText,
// UnmarshalText and ParseMove: the zero Move, a sow and a capture from
// every pit of the widest board (a capture of an outer pit too, never
// legal but a Move), and every legal move of random games on every board
// size.
func TestMoveText(t *testing.T) {
	var moves []Move
	for row := range maxRows {
		for file := 1; file <= maxFiles; file++ {
			moves = append(moves, Sow(PitAt(row, file)), Capture(PitAt(row, file)))
		}
	}
	moves = append(moves, Sow(Pit{}), Capture(Pit{}), Capture(PitAt(0, 1)))
	gametest.MoveText(t, &Descriptor, moves, Start(), mustNew(t, "Columns:6"), mustNew(t, "Columns:8"))
}

// TestDiagram pins the board diagram: rows d (top) to a (bottom) as South
// sees them, files 1..C left to right, owners, and whose turn it is.
func TestDiagram(t *testing.T) {
	want := `     1  2  3  4  5  6  7
d    3  3  3  3  3  3  3   ← North
c    3  3  3  3  3  3  3   → North
b    3  3  3  3  3  3  3   ← South
a    3  3  3  3  3  3  3   → South
South to move, turn 0
`
	if diff := cmp.Diff(want, Start().Diagram()); diff != "" {
		t.Errorf("start diagram (-want +got):\n%s", diff)
	}
	if got := Descriptor.Diagram(Start()); got != want {
		t.Errorf("Descriptor.Diagram differs")
	}
	p := mustParse(t, "kisolo 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/1,1,0,0,0,0,0,12 N turn=11 result=S:inner rules=Columns:8")
	want = `     1  2  3  4  5  6  7  8
d    0  0  0  0  0  0  0  0   ← North
c    0  0  0  0  0  0  0  0   → North
b    2  0  0  0  0  0  0  0   ← South
a    1  1  0  0  0  0  0 12   → South
game over after turn 11: South wins (inner)
rules Columns:8
`
	if diff := cmp.Diff(want, p.Diagram()); diff != "" {
		t.Errorf("diagram (-want +got):\n%s", diff)
	}
	p = mustParse(t, "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 N turn=1")
	if got := p.Diagram(); got[len(got)-22:] != "North to move, turn 1\n" {
		t.Errorf("diagram ends %q", got[len(got)-22:])
	}
}

// TestDescriptor checks that Descriptor agrees with the package functions,
// and pins its names and Options (the rules of docs/rules/kisolo.md, sorted
// by name).
func TestDescriptor(t *testing.T) {
	d := Descriptor
	p := d.Start()
	if p != Start() || d.SeedTotal(p) != 84 || d.Layout(p) != p.Layout() || len(d.Counts(p).Pits) != 28 {
		t.Fatal("Descriptor disagrees with the package")
	}
	q, err := d.New("Columns:6")
	if err != nil || d.Layout(q).Pits() != 24 || d.SeedTotal(q) != 72 {
		t.Fatalf("Descriptor.New(Columns:6) = %v, %v", q, err)
	}
	keys := []int{}
	for _, m := range p.LegalMoves() {
		keys = append(keys, d.MoveKey(p, m))
	}
	if diff := cmp.Diff([]int{7 * 256, 8 * 256, 9 * 256, 10 * 256, 11 * 256, 12 * 256, 13 * 256}, keys); diff != "" {
		t.Fatalf("move keys (-want +got):\n%s", diff)
	}
	gametest.Names(t, &d, "kisolo", "Kisolo", "seed",
		"CaptureOnAnyLanding bool false|true default false KS-8",
		"Columns int 6..8 6|7|8 default 7 KS-1",
		"Endless enum Draw|Illegal default Draw C-6",
		"MaxLaps int 1..2000000 default 1000000 C-6",
		"Repetition enum None|Three default None C-10",
		"SelfEmptiedInnerRow enum Loses|Continues default Loses KS-11",
		"Setup enum All3|Outer3|Townshend1|Townshend2 default All3 KS-5",
		"Win enum InnerRowEmptied|OuterRowEmptied default InnerRowEmptied KS-10")
}

// TestLegalMovesAfterEnd: once the game is over LegalMoves returns an
// empty non-nil slice, on every finished position of the examples and
// clause cases and on the zero Position.
func TestLegalMovesAfterEnd(t *testing.T) {
	gametest.EndedExamples(t, &Descriptor, append(gametest.Examples(t, Name), clauseCases...))
	if ms := (Position{}).LegalMoves(); ms == nil || len(ms) != 0 {
		t.Errorf("zero Position: LegalMoves() = %#v", ms)
	}
}

// TestDiagramWith: the cell function sees each pit's index and cell text,
// and what it returns is drawn in its place.
func TestDiagramWith(t *testing.T) {
	p := mustParse(t, "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,12 N turn=11")
	got := p.DiagramWith(func(pit int, text string) string {
		if pit == 6 || pit == 13 { // a7 and b1
			return "[" + text[1:] + "]"
		}
		return text
	})
	want := `     1  2  3  4  5  6  7
d    0  0  0  0  0  0  0   ← North
c    0  0  0  0  0  0  0   → North
b  [ 2]  0  0  0  0  0  0   ← South
a    1  1  0  0  0  0[12]   → South
`
	if !strings.HasPrefix(got, want) {
		t.Errorf("DiagramWith =\n%s\nwant it to start\n%s", got, want)
	}
	if p.DiagramWith(nil) != p.Diagram() {
		t.Errorf("DiagramWith(nil) differs from Diagram")
	}
}
