package kisolo

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// fuzzPositions seeds the corpora: every example's positions plus a few
// set-ups and malformed lines.
func fuzzPositions(f *testing.F) []string {
	var out []string
	for _, ex := range append(gametest.Examples(f, Name), clauseCases...) {
		out = append(out, ex.Before)
		if ex.Move != "-" && ex.After != "ILLEGAL" && ex.After != "GAMEOVER" {
			out = append(out, ex.After)
		}
	}
	return append(out,
		"kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6",
		"kisolo 15,0,1,0,1,0,1/0,1,0,1,0,1,0/0,1,0,1,0,1,0/1,0,1,0,1,0,15 S turn=0 rules=Setup:Townshend1,Endless:Illegal",
		"kisolo 0,1,0,1,4,14,1/0,0,0,0,0,10,1/1,4,3,0,5,0,3/2,4,0,14,5,0,11 S turn=14 rules=Win:OuterRowEmptied,MaxLaps:20000",
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0 result=draw:nomove",
		"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,256 S turn=0",
		"kisolo 3,3,3/3 N turn=1 rules=Columns:x",
	)
}

// FuzzParse: Parse never panics; what it accepts prints back to text that
// parses to the same position and prints the same; what it refuses gives
// a *mancala.SyntaxError.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzPositions(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			var se *mancala.SyntaxError
			if !errors.Is(err, mancala.ErrSyntax) || !errors.As(err, &se) {
				t.Fatalf("Parse(%q): %v is not a SyntaxError", s, err)
			}
			return
		}
		out := p.String()
		q, err := Parse(out)
		if err != nil || q != p || q.String() != out {
			t.Fatalf("Parse(%q) prints %q, which parses to %v, %v", s, out, q, err)
		}
		if n := Descriptor.SeedTotal(p); n > 255 {
			t.Fatalf("Parse(%q) accepted %d seeds", s, n)
		}
		_ = p.Diagram()
		_ = p.LegalMoves()
	})
}

// FuzzParseMove: ParseMove never panics; what it accepts prints back to
// itself.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1", "b3", "xb3", "xc7", "d8", "x", "", "b10", "xa1", "-", "b0", "xxb1", "e1", "none", "xnone"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if !errors.Is(err, mancala.ErrSyntax) || m != (Move{}) {
				t.Fatalf("ParseMove(%q) = %v, %v", s, m, err)
			}
			return
		}
		if m.String() != s || m.IsZero() != (s == "none") {
			t.Fatalf("ParseMove(%q) prints %q", s, m.String())
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v, %v", m.String(), back, err)
		}
	})
}

// FuzzApply: on any parsed position, any parsed move either applies —
// being listed as legal, keeping the seeds (C-5), with a trace that
// replays to the result and a result that round-trips through the
// notation — or is refused with ErrIllegalMove (ErrGameOver once the game
// is over) and no events, leaving the position as it was. Positions with a
// MaxLaps over 1,000,000 are skipped: their endless moves may run that
// many laps by design (C-6).
func FuzzApply(f *testing.F) {
	for _, ex := range append(gametest.Examples(f, Name), clauseCases...) {
		mv := ex.Move
		if mv == "-" {
			mv = "a1"
		}
		f.Add(ex.Before, mv)
	}
	for _, s := range fuzzPositions(f) {
		f.Add(s, "xb1")
	}
	f.Fuzz(func(t *testing.T, ps, ms string) {
		if len(ps) > 200 {
			return
		}
		p, err := Parse(ps)
		if err != nil || p.Rules().Laps() > DefaultMaxLaps {
			return
		}
		m, err := ParseMove(ms)
		if err != nil {
			return
		}
		saved := p
		legal := false
		for _, lm := range p.LegalMoves() {
			legal = legal || lm == m
		}
		q, err := p.Apply(m)
		if p != saved {
			t.Fatalf("Apply changed the receiver")
		}
		if err != nil {
			target := mancala.ErrIllegalMove
			if p.Outcome().Over() {
				target = mancala.ErrGameOver
			}
			if legal || !errors.Is(err, target) || q != p {
				t.Fatalf("%v: %v refused with %v (legal %v)", p, m, err, legal)
			}
			checkTrace(t, p, m)
			return
		}
		if !legal {
			t.Fatalf("%v: %v applied but is not listed as legal", p, m)
		}
		if Descriptor.SeedTotal(q) != Descriptor.SeedTotal(p) {
			t.Fatalf("%v: %v changes the seed total", p, m)
		}
		if q.Turn() != p.Turn()+1 || q.ToMove() != p.ToMove().Other() {
			t.Fatalf("%v: %v gives turn %d, %v to move", p, m, q.Turn(), q.ToMove())
		}
		checkTrace(t, p, m)
		if back, err := Parse(q.String()); q.Turn() <= 1_000_000_000 && (err != nil || back != q) {
			t.Fatalf("result %q does not round-trip: %v, %v", q.String(), back, err)
		}
		if q.Outcome().Over() != (len(q.LegalMoves()) == 0) {
			t.Fatalf("%v: outcome %v with legal moves %v", q, q.Outcome(), q.LegalMoves())
		}
	})
}
