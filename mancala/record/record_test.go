package record

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/quote"
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

// mustFormat is Format, failing t on an error.
func mustFormat[P mancala.Position[P, M], M mancala.Move](t testing.TB, d *mancala.Descriptor[P, M], r *Record[P, M]) string {
	t.Helper()
	s, err := Format(d, r)
	if err != nil {
		t.Fatalf("Format: %v", err)
	}
	return s
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
	if diff := cmp.Diff(want, mustFormat(t, toyD, r)); diff != "" {
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
	if got := mustFormat(t, toyD, r); got != want {
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

// RoundTrip checks that random games of d's game with random headers
// written and read back give the same record and positions, and that a
// header Write refuses is one Read refuses too.
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
	r.South = headerValue().Draw(t, "south")
	r.North = headerValue().Draw(t, "north")
	if rapid.Bool().Draw(t, "dated") {
		r.Date = calendarDate().Draw(t, "date")
	}
	for _, k := range rapid.SliceOfDistinct(rapid.StringMatching(`[A-Za-z0-9_]{1,8}`), func(k string) string { return k }).
		Filter(func(ks []string) bool { return !slices.ContainsFunc(ks, known) }).Draw(t, "keys") {
		r.Extra = append(r.Extra, Tag{k, headerValue().Draw(t, "value")})
	}
	text, err := Format(d, r)
	if err != nil {
		// Only a header value can be refused here; Read refuses the text
		// with that value written in as it stands.
		if !errors.Is(err, mancala.ErrSyntax) {
			t.Fatalf("Format: %v", err)
		}
		bad := r.Extra
		for _, tg := range []Tag{{KeySouth, r.South}, {KeyNorth, r.North}} {
			if tg.Value != "" {
				bad = append(bad, tg)
			}
		}
		for _, tg := range bad {
			if checkValue(tg.Value) == "" {
				continue
			}
			naive := "[Game \"" + d.Name + "\"]\n[Start \"" + start.String() + "\"]\n[" + tg.Key + " " + quoteValue(tg.Value) + "]\n\n"
			if _, err := Parse(naive, d); err == nil {
				t.Fatalf("Format refuses the header value %q (%v) but Parse reads it:\n%s", tg.Value, err, naive)
			}
			return
		}
		t.Fatalf("Format refuses a record with good headers: %v", err)
	}
	back, err := Parse(text, d)
	if err != nil {
		t.Fatalf("Parse(Format) failed: %v\n%s", err, text)
	}
	if back.Start != r.Start || !slices.Equal(back.Moves, r.Moves) || back.South != r.South || back.North != r.North ||
		back.Date != r.Date || back.Result != r.Result || !slices.Equal(back.Extra, r.Extra) {
		t.Fatalf("round trip differs: wrote %+v, read %+v:\n%s", r, back, text)
	}
	ps, err := back.Positions()
	if err != nil || ps[len(ps)-1] != p {
		t.Fatalf("replay ends in %v (%v), want %v", ps[len(ps)-1], err, p)
	}
	if again, err := Format(d, back); err != nil || again != text {
		t.Fatalf("Format(Parse(text)) = %q, %v; want %q", again, err, text)
	}
}

// headerValue draws header values: mostly printable text of any script,
// sometimes arbitrary runes (control characters included).
func headerValue() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.StringOfN(rapid.RuneFrom([]rune{' ', '"', '\\', ']', '[', 'a', 'Z', '9', 'é', 'ß', '漢', '🙂', '\u00a0', '\u2028'}), 0, 12, -1),
		rapid.StringMatching(`[ -~]{0,12}`),
		rapid.StringN(0, 8, -1),
	)
}

// calendarDate draws real dates YYYY-MM-DD.
func calendarDate() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		day := rapid.IntRange(0, 9999*365).Draw(t, "day")
		return time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, day).Format("2006-01-02")
	})
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
		out, err := Format(toyD, r)
		if err != nil {
			t.Fatalf("Format refuses what Parse read: %v", err)
		}
		back, err := Parse(out, toyD)
		if err != nil {
			t.Fatalf("Parse(Format(r)) failed: %v\n%s", err, out)
		}
		if again, err := Format(toyD, back); err != nil || again != out {
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

// TestWriteRefuses: Write refuses, with an error and without writing
// anything, every record whose text Read would refuse (it used to write
// them, and a line break in a name silently became a space).
func TestWriteRefuses(t *testing.T) {
	good := func() *Record[toy.Position, toy.Move] {
		r, err := New(toyD.Start(), toyMoves(t, "a1", "b3", "a3"))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tests := []struct {
		name   string
		change func(r *Record[toy.Position, toy.Move])
		want   string
		is     error
	}{
		{"key with a space", func(r *Record[toy.Position, toy.Move]) { r.Extra = []Tag{{"So uth", "alice"}} },
			`toy: bad record: header key "So uth" holds a space: a key is letters, digits and _ (Read would refuse it)`, mancala.ErrSyntax},
		{"empty key", func(r *Record[toy.Position, toy.Move]) { r.Extra = []Tag{{"", "x"}} },
			`toy: bad record: a header key is empty (Read would refuse it)`, mancala.ErrSyntax},
		{"key with a dash", func(r *Record[toy.Position, toy.Move]) { r.Extra = []Tag{{"Time-Control", "x"}} },
			`toy: bad record: header key "Time-Control" must be letters, digits or _ (Read would refuse it)`, mancala.ErrSyntax},
		{"second Game", func(r *Record[toy.Position, toy.Move]) { r.Extra = []Tag{{"Game", "kisolo"}} },
			`toy: bad record: "Game": header Game has a meaning: set its Record field, not an Extra header (Read would refuse it)`, mancala.ErrSyntax},
		{"Extra South", func(r *Record[toy.Position, toy.Move]) { r.Extra = []Tag{{"South", "eve"}} },
			`toy: bad record: "South": header South has a meaning: set its Record field, not an Extra header (Read would refuse it)`, mancala.ErrSyntax},
		{"repeated key", func(r *Record[toy.Position, toy.Move]) { r.Extra = []Tag{{"Event", "a"}, {"Event", "b"}} },
			`toy: bad record: "Event": header Event is given twice (Read would refuse it)`, mancala.ErrSyntax},
		{"not a date", func(r *Record[toy.Position, toy.Move]) { r.Date = "not a date" },
			`toy: bad record: "not a date": date must be YYYY-MM-DD (Read would refuse it)`, mancala.ErrSyntax},
		{"month 13", func(r *Record[toy.Position, toy.Move]) { r.Date = "2026-13-45" },
			`toy: bad record: "2026-13-45": date must be a calendar date YYYY-MM-DD: there is no month 13 (Read would refuse it)`, mancala.ErrSyntax},
		{"February 29 of 2026", func(r *Record[toy.Position, toy.Move]) { r.Date = "2026-02-29" },
			`toy: bad record: "2026-02-29": date must be a calendar date YYYY-MM-DD: February 2026 has days 1..28 (Read would refuse it)`, mancala.ErrSyntax},
		{"bad result", func(r *Record[toy.Position, toy.Move]) { r.Result = "S+" },
			`toy: bad record: "S+": Result must be the result of the moves, "*" (Read would refuse it)`, mancala.ErrSyntax},
		{"wrong result", func(r *Record[toy.Position, toy.Move]) { r.Result = "S:nomove" },
			`toy: bad record: "S:nomove": Result must be the result of the moves, "*" (Read would refuse it)`, mancala.ErrSyntax},
		{"empty result", func(r *Record[toy.Position, toy.Move]) { r.Result = "" },
			`toy: bad record: Result must be the result of the moves, "*" (Record.Finish sets it) (Read would refuse it)`, mancala.ErrSyntax},
		{"newline in a name", func(r *Record[toy.Position, toy.Move]) { r.South = "ann\nbob" },
			`toy: bad record: "ann\nbob": header South: the value holds the control character '\n' (Read would refuse it)`, mancala.ErrSyntax},
		{"tab in a value", func(r *Record[toy.Position, toy.Move]) { r.Extra = []Tag{{"Site", "a\tb"}} },
			`toy: bad record: "a\tb": header Site: the value holds the control character '\t' (Read would refuse it)`, mancala.ErrSyntax},
		{"not UTF-8", func(r *Record[toy.Position, toy.Move]) { r.North = "b\xffb" },
			`toy: bad record: "b\xffb": header North: the value is not UTF-8 text (Read would refuse it)`, mancala.ErrSyntax},
		{"illegal move", func(r *Record[toy.Position, toy.Move]) { r.Moves = toyMoves(t, "a1", "a2") },
			`record: move 2 "a2": toy: illegal move a2: not an occupied pit of the mover`, mancala.ErrIllegalMove},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := good()
			tt.change(r)
			var b strings.Builder
			err := Write(&b, toyD, r)
			if err == nil || err.Error() != tt.want || !errors.Is(err, tt.is) {
				t.Errorf("Write error = %v\nwant %s (wrapping %v)", err, tt.want, tt.is)
			}
			if b.Len() != 0 {
				t.Errorf("Write wrote %q before refusing", b.String())
			}
			if s, err2 := Format(toyD, r); s != "" || err2 == nil || err2.Error() != tt.want {
				t.Errorf("Format = %q, %v; want Write's error", s, err2)
			}
		})
	}
	// Calendar dates, leap days included, are written and read back.
	for _, date := range []string{"2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01"} {
		r := good()
		r.Date = date
		back, err := Parse(mustFormat(t, toyD, r), toyD)
		if err != nil || back.Date != date {
			t.Errorf("date %s: read back %q, %v", date, back.Date, err)
		}
	}
}

// TestReadMessages pins the exact text of Read's errors about headers.
func TestReadMessages(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"[Game \"toy\"]\n[So uth \"alice\"]\n", `toy: bad record: line 2: "[So uth \"alice\"]": header key "So uth" holds a space: a key is letters, digits and _`},
		{"[Game \"toy\"]\n[South\"alice\"]\n", `toy: bad record: line 2: "[South\"alice\"]": want a space between the header key and its quoted value: [Key "value"]`},
		{"[Game \"toy\"]\n[ \"alice\"]\n", `toy: bad record: line 2: "[ \"alice\"]": header key is missing: want [Key "value"]`},
		{"[Game \"toy\"]\n[South alice]\n", `toy: bad record: line 2: "[South alice]": header value must be quoted: want [Key "value"]`},
		{"[Game \"toy\"]\n[Date \"2026-13-45\"]\n", `toy: bad record: line 2: "2026-13-45": date must be a calendar date YYYY-MM-DD: there is no month 13`},
		{"[Game \"toy\"]\n[Date \"2025-04-31\"]\n", `toy: bad record: line 2: "2025-04-31": date must be a calendar date YYYY-MM-DD: April 2025 has days 1..30`},
		{"[Game \"toy\"]\n[Date \"not a date\"]\n", `toy: bad record: line 2: "not a date": date must be YYYY-MM-DD`},
		{"[Game \"toy\"]\n[South \"a\tb\"]\n", `toy: bad record: line 2: "[South \"a\tb\"]": header South: the value holds the control character '\t'`},
		{"[Game \"toy\"]\n[South \"a\rb\"]\n", `toy: bad record: line 2: "[South \"a\rb\"]": header South: the value holds the control character '\r'`},
		{"[Game \"toy\"]\n[South \"\xff\"]\n", `toy: bad record: line 2: "[South \"\xff\"]": header South: the value is not UTF-8 text`},
		{"[Game \"toy\"]\n[Result \"S+\"]\n", `toy: bad result: line 2: "S+": want <S|N|draw>:<reason>`},
		{"[Game \"toy\"]\n[Result \"S:endless\"]\n", `toy: bad result: line 2: "S:endless": an endless move is a draw (C-6), not a win`},
		{"[Game \"toy\"]\n[Result \"S:nomove\"]\n\na1\n", `toy: bad record: line 2: "S:nomove": the moves end in *`},
	} {
		_, err := Parse(tt.text, toyD)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error:\n got %v\nwant %s", tt.text, err, tt.want)
		}
	}
}

// TestErrorQuotesShort: a record whose move token is huge gives an error
// that quotes only its start (quote.String), not the whole token.
func TestErrorQuotesShort(t *testing.T) {
	huge := strings.Repeat("x", 100000)
	_, err := Parse("[Game \"toy\"]\n\n"+huge+"\n", toyD)
	var re *Error
	if !errors.As(err, &re) || re.Token != huge {
		t.Fatalf("Parse: %v; want a *record.Error for the move", err)
	}
	if msg := re.Error(); len(msg) > 300 || !strings.Contains(msg, `move 1 "`+strings.Repeat("x", quote.Max)+`"...`) {
		t.Errorf("error of %d bytes: %.300s", len(msg), msg)
	}
}

// ReadText reads up to MaxSize bytes, refuses one more, and returns an
// error of its reader.
func TestReadText(t *testing.T) {
	text := strings.Repeat("x", MaxSize)
	if got, err := ReadText(strings.NewReader(text)); err != nil || got != text {
		t.Errorf("MaxSize bytes: %d bytes, %v", len(got), err)
	}
	if got, err := ReadText(strings.NewReader("")); err != nil || got != "" {
		t.Errorf("empty: %q, %v", got, err)
	}
	_, err := ReadText(strings.NewReader(text + "y"))
	if err == nil || err.Error() != "mancala: bad record: longer than 16 MiB" || !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("MaxSize+1 bytes: %v", err)
	}
	bad := errors.New("disk on fire")
	if _, err := ReadText(io.MultiReader(strings.NewReader("[Game"), iotest.ErrReader(bad))); err != bad {
		t.Errorf("reader error: %v", err)
	}
}

// countReader counts the bytes read from r.
type countReader struct {
	r    io.Reader
	read int
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += n
	return n, err
}

// Read plays each move as it reads it: a bad move stops the reading, and
// a bad move comes before a later bad token (R-1r).
func TestReadStopsAtFirstBadMove(t *testing.T) {
	text := "[Game \"toy\"]\n\n1. a1 2. b3\n3. b2\n" + strings.Repeat("zz9 ", 1<<20)
	in := &countReader{r: strings.NewReader(text)}
	_, err := Read(in, toyD)
	var re *Error
	if !errors.As(err, &re) || re.Line != 4 || re.Ply != 3 || re.Token != "b2" || !errors.Is(err, mancala.ErrIllegalMove) {
		t.Fatalf("error %v, want the illegal b2 at line 4, move 3", err)
	}
	if in.read > 64<<10 {
		t.Errorf("%d bytes read of %d, want at most 64 KiB", in.read, len(text))
	}
}

// ReadGame reads the headers only and gives the whole record back.
func TestReadGame(t *testing.T) {
	text := "\n  [Game \"toy\"]\n[South \"x\"]\n\n1. a1 2. b3\n"
	game, rd, err := ReadGame(strings.NewReader(text))
	if err != nil || game != "toy" {
		t.Fatalf("ReadGame = %q, %v", game, err)
	}
	all, err := io.ReadAll(rd)
	if err != nil || string(all) != text {
		t.Fatalf("the record read back is %q, %v; want %q", all, err, text)
	}
	for _, tc := range []struct{ text, msg string }{
		{"[South \"x\"]\n\na1\n", "mancala: bad record: missing Game header"},
		{"a1 a2\n", "mancala: bad record: missing Game header"},
		{"[Game toy]\n", "mancala: bad record: line 1: \"[Game toy]\": header value must be quoted: want [Key \"value\"]"},
	} {
		if _, _, err := ReadGame(strings.NewReader(tc.text)); err == nil || !errors.Is(err, mancala.ErrSyntax) || err.Error() != tc.msg {
			t.Errorf("ReadGame(%q) = %v, want %q", tc.text, err, tc.msg)
		}
	}
}

// failing gives its text, then err.
type failing struct {
	text string
	err  error
}

func (f *failing) Read(p []byte) (int, error) {
	if f.text == "" {
		return 0, f.err
	}
	n := copy(p, f.text)
	f.text = f.text[n:]
	return n, nil
}

// An error of the input is returned as it is, never taken for the end of
// a complete record (a cut connection).
func TestReadInputError(t *testing.T) {
	cut := errors.New("connection reset")
	if r, err := Read(&failing{"[Game \"toy\"]\n\n1. a1", cut}, toyD); err != cut {
		t.Errorf("Read of a cut record = %v, %v; want the input's error", r, err)
	}
	if _, _, err := ReadGame(&failing{"[Game \"to", cut}); err != cut {
		t.Errorf("ReadGame of a cut header = %v; want the input's error", err)
	}
}
