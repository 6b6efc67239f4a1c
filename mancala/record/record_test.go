package record

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

var toyD = toy.Descriptor(toy.None)

func toyMoves(t testing.TB, s ...string) []toy.Move {
	t.Helper()
	var out []toy.Move
	for _, x := range s {
		m, err := toy.ParseMove(x)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestWriteToy(t *testing.T) {
	r, err := New(toyD.Start(), toyMoves(t, "a1", "b3", "a3"))
	if err != nil {
		t.Fatal(err)
	}
	r.South, r.North, r.Date = `Ann "the bold"`, `B\C`, "2025-02-01"
	r.Extra = []Tag{{"Event", "test"}}
	want := `[Game "toy"]
[South "Ann \"the bold\""]
[North "B\\C"]
[Date "2025-02-01"]
[Result "*"]
[Event "test"]

a1 b3 a3
`
	if diff := cmp.Diff(want, Format(toyD, r)); diff != "" {
		t.Errorf("Format (-want +got):\n%s", diff)
	}
	back, err := Parse(want, toyD)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, back, cmp.AllowUnexported(Record[toy.Position, toy.Move]{}, toy.Position{}), cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".lines" }, cmp.Ignore())); diff != "" {
		t.Errorf("Parse(Format) (-want +got):\n%s", diff)
	}
}

func TestStartHeader(t *testing.T) {
	start, err := toy.Parse("toy 0,1,0/1,0,0 S turn=8 stores=5,5")
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(start, toyMoves(t, "a1"))
	if err != nil {
		t.Fatal(err)
	}
	want := "[Game \"toy\"]\n[Start \"toy 0,1,0/1,0,0 S turn=8 stores=5,5\"]\n[Result \"S:nomove\"]\n\na1\n"
	if got := Format(toyD, r); got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
	back, err := Parse(want, toyD)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := back.Positions()
	if err != nil || len(ps) != 2 || ps[0] != start || !ps[1].Outcome().Over() {
		t.Errorf("positions %v, %v", ps, err)
	}
}

func TestReadLenient(t *testing.T) {
	// Leading blank lines, CRLF, move numbers, no blank line before the
	// moves, no Result header.
	text := "\r\n\n[Game \"toy\"]\r\n1. a1 2. b3\r\n  3... a3\n\n"
	r, err := Parse(text, toyD)
	if err != nil {
		t.Fatal(err)
	}
	if got := movesString(r.Moves); got != "a1 b3 a3" || r.Result != "*" {
		t.Errorf("moves %q result %q", got, r.Result)
	}
}

func movesString[M mancala.Move](ms []M) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		ply        int    // > 0: an *Error for this ply
		token      string // for *Error
		is         error
		msg        string // in the error text
	}{
		{"no game", "[South \"x\"]\n\na1\n", 1, 0, "", mancala.ErrSyntax, "missing Game"},
		{"other game", "[Game \"kisolo\"]\n", 1, 0, "", mancala.ErrSyntax, "another game"},
		{"unquoted", "[Game \"toy\"]\n[South x]\n", 2, 0, "", mancala.ErrSyntax, "quoted"},
		{"unclosed", "[Game \"toy\"]\n[South \"x\"\n", 2, 0, "", mancala.ErrSyntax, "end with"},
		{"bad escape", "[Game \"toy\"]\n[South \"a\\b\"]\n", 2, 0, "", mancala.ErrSyntax, "backslash"},
		{"inner quote", "[Game \"toy\"]\n[South \"a\"b\"]\n", 2, 0, "", mancala.ErrSyntax, "unescaped"},
		{"bad key", "[Game \"toy\"]\n[So-uth \"a\"]\n", 2, 0, "", mancala.ErrSyntax, "key"},
		{"repeat", "[Game \"toy\"]\n[South \"a\"]\n[South \"b\"]\n", 3, 0, "", mancala.ErrSyntax, "repeats line 2"},
		{"date", "[Game \"toy\"]\n[Date \"1/2/2025\"]\n", 2, 0, "", mancala.ErrSyntax, "YYYY-MM-DD"},
		{"bad rules", "[Game \"toy\"]\n[Rules \"Bug:Nope\"]\n", 2, 0, "", mancala.ErrSyntax, "rules"},
		{"bad start", "[Game \"toy\"]\n[Date \"2025-01-01\"]\n[Start \"toy 1/2\"]\n", 3, 0, "", mancala.ErrSyntax, ""},
		{"rules vs start", "[Game \"toy\"]\n[Rules \"Bug:Leak\"]\n[Start \"toy 2,2,2/2,2,2 S turn=0 stores=0,0\"]\n", 2, 0, "", mancala.ErrSyntax, "disagrees"},
		{"bad result", "[Game \"toy\"]\n[Result \"S+\"]\n", 2, 0, "", mancala.ErrSyntax, "result"},
		{"wrong result", "[Game \"toy\"]\n[Result \"S:nomove\"]\n\na1\n", 2, 0, "", mancala.ErrSyntax, "end in *"},
		{"header after moves", "[Game \"toy\"]\n\na1\n[South \"x\"]\n", 4, 0, "", mancala.ErrSyntax, "after the moves"},
		{"bad token", "[Game \"toy\"]\n\na1 b3\na3 zz9 a2\n", 4, 4, "zz9", mancala.ErrSyntax, "line 4: move 4 \"zz9\""},
		{"move number glued", "[Game \"toy\"]\n\n1.a1\n", 3, 1, "1.a1", mancala.ErrSyntax, ""},
		{"illegal", "[Game \"toy\"]\n\n1. a1 2. b3\n3. b2\n", 4, 3, "b2", mancala.ErrIllegalMove, "line 4: move 3 \"b2\""},
		{"after end", "[Game \"toy\"]\n[Start \"toy 0,1,0/1,0,0 S turn=8 stores=5,5\"]\n\na1 b2\n", 4, 2, "b2", mancala.ErrGameOver, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text, toyD)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, tt.is) {
				t.Errorf("error %v does not wrap %v", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
			var re *Error
			var se *mancala.SyntaxError
			switch {
			case tt.ply > 0:
				if !errors.As(err, &re) {
					t.Fatalf("error %v is not a *record.Error", err)
				}
				if re.Line != tt.line || re.Ply != tt.ply || re.Token != tt.token {
					t.Errorf("error at line %d ply %d token %q, want %d %d %q", re.Line, re.Ply, re.Token, tt.line, tt.ply, tt.token)
				}
			case errors.As(err, &se):
				if se.Line != tt.line {
					t.Errorf("error %v at line %d, want %d", err, se.Line, tt.line)
				}
			default:
				t.Errorf("error %v (%T) carries no line", err, err)
			}
		})
	}
}

func TestPositionsError(t *testing.T) {
	r := &Record[toy.Position, toy.Move]{Start: toyD.Start(), Moves: toyMoves(t, "a1", "a2")}
	ps, err := r.Positions()
	var re *Error
	if !errors.As(err, &re) || re.Ply != 2 || re.Line != 0 || !errors.Is(err, mancala.ErrIllegalMove) || len(ps) != 2 {
		t.Errorf("positions %d, err %v", len(ps), err)
	}
	if _, err := New(toyD.Start(), r.Moves); err == nil {
		t.Error("New accepted an illegal move")
	}
}

// RoundTrip checks that random games of d's game written and read back give
// the same record and positions.
func RoundTrip[P mancala.Position[P, M], M mancala.Move](t *rapid.T, d *mancala.Descriptor[P, M], start P, maxPlies int) {
	p := start
	var moves []M
	for range rapid.IntRange(0, maxPlies).Draw(t, "plies") {
		ms := p.AppendLegalMoves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]
		q, err := p.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		moves, p = append(moves, m), q
	}
	r, err := New(start, moves)
	if err != nil {
		t.Fatal(err)
	}
	r.South = rapid.StringMatching(`[ -~]{0,12}`).Draw(t, "south")
	text := Format(d, r)
	back, err := Parse(text, d)
	if err != nil {
		t.Fatalf("Parse(Format) failed: %v\n%s", err, text)
	}
	if back.Start != start || back.Result != r.Result || back.South != r.South || movesString(back.Moves) != movesString(moves) {
		t.Fatalf("round trip differs:\n%s", text)
	}
	ps, err := back.Positions()
	if err != nil || ps[len(ps)-1] != p {
		t.Fatalf("replay ends in %v (%v), want %v", ps[len(ps)-1], err, p)
	}
	if again := Format(d, back); again != text {
		t.Fatalf("Format(Parse(text)) = %q, want %q", again, text)
	}
}

func TestRoundTripToy(t *testing.T) {
	starts := []string{"toy 2,2,2/2,2,2 S turn=0 stores=0,0", "toy 3,0,1/0,4,1 N turn=3 stores=2,1"}
	rapid.Check(t, func(t *rapid.T) {
		s := starts[rapid.IntRange(0, len(starts)-1).Draw(t, "start")]
		p, err := toy.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		RoundTrip(t, toyD, p, 40)
	})
}

func FuzzRead(f *testing.F) {
	f.Add("[Game \"toy\"]\n\na1 b3 a3\n")
	f.Add("[Game \"toy\"]\n[Start \"toy 0,1,0/1,0,0 S turn=8 stores=5,5\"]\n[Result \"S:nomove\"]\n\n1. a1\n")
	f.Add("[Game \"toy\"]\n[South \"a\\\"b\"]\n[Date \"2025-01-01\"]\n[X \"y\"]\n\n")
	f.Add("[Game \"toy\"]\n[Rules \"Bug:Leak\"]\n\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := Parse(text, toyD)
		if err != nil {
			var re *Error
			var se *mancala.SyntaxError
			if !errors.As(err, &re) && !errors.As(err, &se) {
				t.Fatalf("error %v (%T) is neither *Error nor *SyntaxError", err, err)
			}
			return
		}
		// What was read writes and reads back to the same record.
		out := Format(toyD, r)
		back, err := Parse(out, toyD)
		if err != nil {
			t.Fatalf("Parse(Format(r)) failed: %v\n%s", err, out)
		}
		if Format(toyD, back) != out {
			t.Fatalf("Format not stable:\n%s", out)
		}
	})
}

func TestGameOf(t *testing.T) {
	if g, err := GameOf("\n[South \"x\"]\n[Game \"kiothi\"]\n\na5:3\n"); g != "kiothi" || err != nil {
		t.Errorf("GameOf = %q, %v", g, err)
	}
	for _, text := range []string{"", "a1 b2\n[Game \"toy\"]\n", "[Game toy]\n"} {
		if _, err := GameOf(text); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("GameOf(%q): err = %v, want ErrSyntax", text, err)
		}
	}
}
