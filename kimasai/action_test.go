package kimasai

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// TestActionTable pins the documented ids (docs/design.md, "Action ids").
func TestActionTable(t *testing.T) {
	north, err := Parse("kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N turn=1 reserves=24,24")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p   Position
		ids map[int]string
	}{
		{Start(), map[int]string{0: "b1", 7: "b8", 8: "a8", 15: "a1"}},
		{north, map[int]string{0: "c8", 7: "c1", 8: "d1", 15: "d8"}},
	} {
		if c.p.Actions() != 16 {
			t.Errorf("Actions = %d", c.p.Actions())
		}
		for id, text := range c.ids {
			m, err := c.p.ActionMove(id)
			if err != nil || m.String() != text {
				t.Errorf("%v: ActionMove(%d) = %v, %v; want %s", c.p, id, m, err, text)
			}
			want, _ := ParseMove(text)
			if got, err := c.p.Action(want); err != nil || got != id {
				t.Errorf("%v: Action(%s) = %d, %v; want %d", c.p, text, got, err, id)
			}
		}
	}
	// The start: every inner pit holds a cow, so ids 0..7 are legal.
	for id, f := range Start().AppendMask(nil) {
		if f != (id < 8) {
			t.Errorf("start mask[%d] = %v", id, f)
		}
	}
	m, _ := ParseMove("c3")
	if _, err := Start().Action(m); err == nil || err.Error() != "kimasai: move c3 has no action id: not a pit of the mover (South)" {
		t.Errorf("Action(c3) at the start: %v", err)
	}
	if _, err := Start().ActionMove(16); err == nil || err.Error() != "kimasai: action 16 out of range 0..15" {
		t.Errorf("ActionMove(16): %v", err)
	}
}

// TestActionsProperty: for random positions of every rule set (both
// phases, FreeFirstTurn, SelfEmptiedInnerRow, Endless:Illegal), set up by
// hand or played from the start, the mask is the legal moves' ids and ids
// round-trip (gametest.CheckActions).
func TestActionsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p Position
		if rapid.Bool().Draw(t, "setUp") {
			p = genPosition(0).Draw(t, "p")
		} else {
			var err error
			if p, err = New(genRules(true).Draw(t, "rules")); err != nil {
				t.Fatal(err)
			}
			for range rapid.IntRange(0, 120).Draw(t, "plies") {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				if p, err = p.Apply(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := gametest.CheckActions(&Descriptor, p); err != nil {
			t.Fatal(err)
		}
	})
}

// TestAppendMaskAllocs: a mask into a buffer with room allocates nothing.
func TestAppendMaskAllocs(t *testing.T) {
	p := Start()
	buf := make([]bool, 0, 16)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendMask(buf[:0]) }); n != 0 {
		t.Errorf("AppendMask allocates %v times", n)
	}
}

// FuzzActionMove: ActionMove never panics; an id in range round-trips and
// Apply plays its move exactly when the mask flags it.
func FuzzActionMove(f *testing.F) {
	addSeeds(f, func(ex gametest.Example) {
		for _, a := range []int{-1, 0, 8, 15, 16} {
			f.Add(ex.Before, a)
		}
	})
	f.Fuzz(func(t *testing.T, s string, a int) {
		p, err := Parse(s)
		if err != nil || p.Rules().Laps() > 20000 {
			return
		}
		m, err := p.ActionMove(a)
		if a < 0 || a >= Actions {
			if !errors.Is(err, mancala.ErrNoAction) {
				t.Fatalf("ActionMove(%d) out of range: %v", a, err)
			}
			return
		}
		if b, err := p.Action(m); err != nil || b != a {
			t.Fatalf("Action(%v) = %d, %v; want %d", m, b, err, a)
		}
		_, err = p.Apply(m)
		if legal := p.AppendMask(nil)[a]; legal != (err == nil) {
			t.Fatalf("id %d (%v): mask %v, Apply error %v", a, m, legal, err)
		}
	})
}
