package kimasai

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// addSeeds calls add with every worked example and clause case.
func addSeeds(f *testing.F, add func(ex gametest.Example)) {
	for _, ex := range append(gametest.Examples(f, Name), clauseCases...) {
		add(ex)
	}
}

// FuzzParse: Parse never panics; what it accepts prints back to a position
// that parses equal, and whose legal moves all apply.
func FuzzParse(f *testing.F) {
	addSeeds(f, func(ex gametest.Example) { f.Add(ex.Before) })
	f.Add("kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24 rules=MaxLaps:0")
	f.Add("kimasai 1,1 S turn=0")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if !errors.Is(err, mancala.ErrSyntax) || p != (Position{}) {
				t.Fatalf("Parse(%q) = %v, %v", s, p, err)
			}
			return
		}
		q, err := Parse(p.String())
		if err != nil || q != p || q.String() != p.String() {
			t.Fatalf("Parse(%q) -> %q -> %v, %v", s, p.String(), q, err)
		}
		if p.Rules().Laps() > 20000 { // keep each input fast: endless moves may sow MaxLaps laps
			return
		}
		for _, m := range p.LegalMoves() {
			if _, err := p.Apply(m); err != nil {
				t.Fatalf("%s: legal %s refused: %v", p, m, err)
			}
		}
	})
}

// FuzzParseMove: ParseMove never panics and what it accepts prints back.
func FuzzParseMove(f *testing.F) {
	addSeeds(f, func(ex gametest.Example) { f.Add(ex.Move) })
	for _, s := range []string{"", "e1", "a0", "a9", "b10", "-", "xb3", "a5:3"} {
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
		if i := m.Pit().index(); m.String() != s || (i < 0 || i >= Pits) != (s == "none") {
			t.Fatalf("ParseMove(%q) = %v (pit %d)", s, m, i)
		}
	})
}

// FuzzApply: Apply on any parsed position and any pit never panics, leaves
// the receiver unchanged, refuses with ErrIllegalMove exactly the moves not
// listed as legal, conserves the cows, and gives a position that round-trips
// through the notation and whose trace replays to it. Inputs whose rules
// allow more than 20,000 laps get MaxLaps 20,000 so that each run is fast.
func FuzzApply(f *testing.F) {
	addSeeds(f, func(ex gametest.Example) {
		m, _ := ParseMove(ex.Move)
		f.Add(ex.Before, uint8(m.Pit().index()))
	})
	f.Fuzz(func(t *testing.T, s string, pit uint8) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if p.Rules().Laps() > 20000 {
			r := p.Rules()
			r.MaxLaps = 20000
			p.rules = packRules(r)
			p, err = Parse(p.String())
			if err != nil {
				t.Fatal(err)
			}
		}
		before := p
		m := Sow(pitOf(int(pit) % (Pits + 2)))
		legal := false
		for _, lm := range p.LegalMoves() {
			legal = legal || lm == m
		}
		q, err := p.Apply(m)
		if p != before {
			t.Fatal("receiver changed")
		}
		if err != nil {
			if legal || !errors.Is(err, mancala.ErrIllegalMove) || q != p {
				t.Fatalf("%s: %s refused: %v (legal %v)", p, m, err, legal)
			}
			return
		}
		if !legal {
			t.Fatalf("%s: %s applied but not listed", p, m)
		}
		if cows(q) != cows(p) {
			t.Fatalf("%s %s: %d cows, was %d", p, m, cows(q), cows(p))
		}
		if r, err := Parse(q.String()); err != nil || r != q {
			t.Fatalf("%s does not round-trip: %v", q, err)
		}
		c := p.Counts()
		var events []mancala.Event
		tq, err := p.ApplyTrace(m, func(e mancala.Event) { events = append(events, e) })
		if err != nil || tq != q {
			t.Fatalf("ApplyTrace: %v %v", tq, err)
		}
		if err := c.ReplayAll(events); err != nil {
			t.Fatal(err)
		}
		qc := q.Counts()
		for i := range c.Pits {
			if c.Pits[i] != qc.Pits[i] {
				t.Fatalf("%s %s: trace replay differs at pit %d", p, m, i)
			}
		}
		if c.Reserves != qc.Reserves {
			t.Fatalf("%s %s: trace replay reserves %v, want %v", p, m, c.Reserves, qc.Reserves)
		}
	})
}
