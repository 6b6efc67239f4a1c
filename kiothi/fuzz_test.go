package kiothi

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// fuzzSeeds are positions for the fuzz corpora: the worked examples and
// the opening positions of the tests.
func fuzzSeeds(f *testing.F) []string {
	s := []string{startText, afterSouth, afterNorth,
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5",
		"kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1",
		"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0 rules=OpeningUpTo:true",
		"kiothi 1,1,1,0,1,1,1,1,1,0*/0,1,1,0,0,0,0,0,0,0 N turn=3 prisons=2,0 rules=NkiClear:OwnerLift",
	}
	for _, ex := range gametest.Examples(f, Name) {
		s = append(s, ex.Before)
		if ex.After != "ILLEGAL" && ex.Move != "-" {
			s = append(s, ex.After)
		}
	}
	return s
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if !errors.Is(err, mancala.ErrSyntax) {
				t.Fatalf("Parse(%q): %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		text := p.String()
		q, err := Parse(text)
		if err != nil || q != p || q.String() != text {
			t.Fatalf("Parse(%q) = %q; parsing that again gives %v, %v", s, text, q, err)
		}
		_ = p.Diagram()
		_ = p.Outcome()
		if total(p) > 255 {
			t.Fatalf("%q holds %d warriors", s, total(p))
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a5:3", "b10:12", "-a5", "+b3", "=", "a10:255", "a1:1", "", "a5:", "c1:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if !errors.Is(err, mancala.ErrSyntax) {
				t.Fatalf("ParseMove(%q): %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		if m.String() != s {
			t.Fatalf("ParseMove(%q).String() = %q", s, m.String())
		}
		if m == (Move{}) {
			t.Fatalf("ParseMove(%q) gives the zero Move", s)
		}
	})
}

// FuzzApply applies a move, given as text or as raw fields, to a parsed
// position: a legal move conserves the warriors and is listed, a refused
// one wraps ErrIllegalMove and leaves the position unchanged; nothing
// panics.
func FuzzApply(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, "a5:3", uint8(1), uint8(4), uint8(3))
		f.Add(s, "-a5", uint8(2), uint8(14), uint8(0))
		f.Add(s, "+b3", uint8(3), uint8(17), uint8(0))
	}
	for _, ex := range gametest.Examples(f, Name) {
		f.Add(ex.Before, ex.Move, uint8(0), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, s, mv string, kind, pit, count uint8) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		moves := []Move{{kind: MoveKind(kind % 6), pit: pit, count: count}}
		if m, err := ParseMove(mv); err == nil {
			moves = append(moves, m)
		}
		legal := p.LegalMoves()
		for _, m := range moves {
			before := p
			q, err := p.Apply(m)
			if p != before {
				t.Fatalf("Apply changed the receiver")
			}
			listed := false
			for _, l := range legal {
				listed = listed || l == m
			}
			if err != nil {
				if !errors.Is(err, mancala.ErrIllegalMove) {
					t.Fatalf("%v %v: %v does not wrap ErrIllegalMove", p, m, err)
				}
				if listed {
					t.Fatalf("%v: listed move %v refused: %v", p, m, err)
				}
				continue
			}
			if !listed {
				t.Fatalf("%v: unlisted move %v accepted", p, m)
			}
			if total(q) != total(p) {
				t.Fatalf("%v %v: warriors not conserved", p, m)
			}
			if r, err := Parse(q.String()); err != nil || r != q {
				t.Fatalf("%v %v gives %q which parses to %v, %v", p, m, q.String(), r, err)
			}
			c := p.Counts()
			n := 0
			q2, _ := p.ApplyTrace(m, func(e mancala.Event) {
				n++
				if err := c.Replay(e); err != nil {
					t.Fatalf("replay: %v", err)
				}
			})
			if q2 != q || n == 0 {
				t.Fatalf("ApplyTrace differs from Apply")
			}
		}
	})
}
