package record

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// roundTripGame runs RoundTrip on random games of d's game from the
// standard start and from the start under each rules string.
func roundTripGame[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], maxPlies int, rules ...string) {
	starts := []P{d.Start()}
	for _, r := range rules {
		p, err := d.New(r)
		if err != nil {
			t.Fatalf("New(%q): %v", r, err)
		}
		starts = append(starts, p)
	}
	rapid.Check(t, func(t *rapid.T) {
		RoundTrip(t, d, starts[rapid.IntRange(0, len(starts)-1).Draw(t, "start")], maxPlies)
	})
}

func TestRoundTripKisolo(t *testing.T) {
	roundTripGame(t, &kisolo.Descriptor, 200, "Columns:6", "Setup:Outer3,Win:OuterRowEmptied")
}

func TestRoundTripKiothi(t *testing.T) {
	roundTripGame(t, &kiothi.Descriptor, 200, "OpeningUpTo:true", "WholeLift:true")
}

func TestRoundTripKimasai(t *testing.T) {
	roundTripGame(t, &kimasai.Descriptor, 200, "Endless:Illegal")
}

// TestPackageDocRecord replays the sample record of the package doc, so
// that the documentation cannot show an illegal game.
func TestPackageDocRecord(t *testing.T) {
	src, err := os.ReadFile("record.go")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(l, "//\t"); ok && (strings.HasPrefix(rest, "[") || rest != "" && rest[0] >= '0' && rest[0] <= '9') {
			lines = append(lines, rest)
		}
		if l == "//" && len(lines) > 0 && len(lines) < 6 {
			lines = append(lines, "")
		}
	}
	text := strings.Join(lines, "\n") + "\n"
	r, err := Parse(text, &kisolo.Descriptor)
	if err != nil {
		t.Fatalf("the package doc's record does not replay: %v\n%s", err, text)
	}
	ps, err := r.Positions()
	if err != nil || len(ps) != 20 || ps[19].Outcome().Result() != "S:inner" {
		t.Fatalf("the package doc's record: %d positions, %v, final %v", len(ps), err, ps[len(ps)-1].Outcome())
	}
}

// TestRepetitionRecord checks that a record of a game ended by repetition
// (C-10; the worked example KT-R of docs/rules/kiothi.md) has the result
// the history gives, is written and read back with it, refuses another
// Result header and a move after the end, and that the same moves under
// Repetition:None leave the game going.
func TestRepetitionRecord(t *testing.T) {
	const start = "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules=CaptureNeedsCrossing:true"
	cycle := strings.Repeat("a5:1 b4:1 a2:1 b2:1 a4:1 b3:1 a10:1 b10:1 a9:1 b9:1 a3:1 b8:1 a8:1 b7:1 a7:1 b6:1 a6:1 b1:1 a1:1 b5:1 ", 2)
	d := &kiothi.Descriptor
	for _, tc := range []struct{ rules, result string }{
		{",Repetition:Three", "N:repetition"},
		{"", "*"},
	} {
		p, err := d.Parse(start + tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		var moves []kiothi.Move
		for _, s := range strings.Fields(cycle) {
			m, err := d.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
		}
		r, err := New(p, moves)
		if err != nil || r.Result != tc.result {
			t.Fatalf("%s: New = %v, %v; want result %s", tc.rules, r.Result, err, tc.result)
		}
		text, err := Format(d, r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(text, d)
		if err != nil || back.Result != tc.result {
			t.Fatalf("%s: Parse(Format) = %v, %v\n%s", tc.rules, back, err, text)
		}
		if tc.result == "*" {
			continue
		}
		final, _ := back.Final()
		if got := final.String(); got != "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S turn=362 prisons=26,34 result=N:repetition rules=CaptureNeedsCrossing:true,Repetition:Three" {
			t.Errorf("final position %s", got)
		}
		if _, err := Parse(strings.Replace(text, `[Result "N:repetition"]`, `[Result "*"]`, 1), d); err == nil {
			t.Errorf("a Result header other than the repetition's was accepted")
		}
		if _, err := Parse(text+" a5:1\n", d); !errors.Is(err, mancala.ErrGameOver) {
			t.Errorf("a move after the end by repetition: %v, want ErrGameOver", err)
		}
	}
}

// TestRepetitionRandomRecords plays seeded random Kiothi games under
// CaptureNeedsCrossing:true,Repetition:Three through a History to their
// end, and checks that every game that ends by repetition makes a record
// that is written and read back with the same result and final position,
// which itself reads back from its notation.
func TestRepetitionRandomRecords(t *testing.T) {
	d := &kiothi.Descriptor
	start, err := d.New("CaptureNeedsCrossing:true,Repetition:Three")
	if err != nil {
		t.Fatal(err)
	}
	ended := 0
	for seed := range uint64(12) {
		h := mancala.NewHistory(d, start)
		r := mancala.NewPlayout[kiothi.Position, kiothi.Move](seed)
		var buf []kiothi.Move
		for !h.Outcome().Over() && h.Plies() < 20000 {
			buf = h.Position().AppendLegalMoves(buf[:0])
			if _, err := h.Apply(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		final := h.Position()
		if final.Outcome().Reason != mancala.Repetition {
			continue
		}
		ended++
		if h.Count(final) != 0 { // an ended position is never counted: its key has the result
			t.Errorf("seed %d: the end itself counted %d times", seed, h.Count(final))
		}
		if back, err := d.Parse(final.String()); err != nil || back != final {
			t.Errorf("seed %d: Parse(%s) = %v, %v", seed, final, back, err)
		}
		rec, err := New(start, h.Moves())
		if err != nil || rec.Result != final.Outcome().Result() {
			t.Fatalf("seed %d: New = %v, %v; want %s", seed, rec, err, final.Outcome().Result())
		}
		text, err := Format(d, rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(text, d)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if f, _ := back.Final(); back.Result != rec.Result || f != final {
			t.Errorf("seed %d: read back %s at %v; want %s at %v", seed, back.Result, f, rec.Result, final)
		}
	}
	if ended == 0 {
		t.Errorf("no game ended by repetition")
	}
}
