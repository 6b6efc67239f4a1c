package kiothi

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// TestActionTable pins the documented ids (docs/design.md, "Action ids").
func TestActionTable(t *testing.T) {
	north, err := Parse("kiothi 0,0,0,0,0,0,0,0,0,0/5,5,5,5,5,5,0,0,0,0 N turn=3 prisons=30,0")
	if err != nil {
		t.Fatal(err)
	}
	five, _ := New(Rules{Setup: FiveByFive})
	for _, c := range []struct {
		p       Position
		actions int
		ids     map[int]string
	}{
		{Start(), 631, map[int]string{0: "-a1", 4: "-a5", 9: "-a10", 10: "+a1", 19: "+a10", 20: "+b10", 29: "+b1",
			30: "=", 31: "a1:1", 35: "a5:1", 45: "a5:2", 630: "a10:60"}},
		{north, 631, map[int]string{0: "-b10", 4: "-b6", 10: "+b10", 20: "+a1", 29: "+a10", 35: "b6:1", 630: "b1:60"}},
		{five, 531, map[int]string{530: "a10:50"}},
	} {
		if got := c.p.Actions(); got != c.actions {
			t.Errorf("%v: Actions = %d, want %d", c.p, got, c.actions)
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
	// The start: South lifts first, not its highest pit a10 (KI-7).
	var set []int
	for id, f := range Start().AppendMask(nil) {
		if f {
			set = append(set, id)
		}
	}
	if want := []int{4, 5, 6, 7, 8}; !equal(set, want) {
		t.Errorf("start mask sets %v, want %v", set, want)
	}
	for _, c := range []struct{ move, want string }{
		{"none", "kiothi: move none has no action id: the zero move"},
		{"b3:1", "kiothi: move b3:1 has no action id: not a pit of the mover (South)"},
		{"-b3", "kiothi: move -b3 has no action id: not a pit of the mover (South)"},
		{"a3:61", "kiothi: move a3:61 has no action id: the game has 60 warriors in all"},
	} {
		m, _ := ParseMove(c.move)
		if _, err := Start().Action(m); !errors.Is(err, mancala.ErrNoAction) || err.Error() != c.want {
			t.Errorf("Action(%s) = %v; want %q", c.move, err, c.want)
		}
	}
	if _, err := Start().ActionMove(631); err == nil || err.Error() != "kiothi: action 631 out of range 0..630" {
		t.Errorf("ActionMove(631): %v", err)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestActionsProperty: for random positions of every rule set (every
// option, Endless:Illegal), opening steps included, the mask is the legal
// moves' ids and ids round-trip (gametest.CheckActions). Positions are
// played from the start (through the opening) or set up by hand.
func TestActionsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, rapid.SampledFrom([]int{1, 50, 5000}).Draw(t, "maxLaps"))
		var p Position
		if rapid.Bool().Draw(t, "setUp") {
			p = genPosition(t, r)
		} else {
			var err error
			if p, err = New(r); err != nil {
				t.Fatal(err)
			}
			for range rapid.IntRange(0, 60).Draw(t, "plies") {
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

// TestAppendMaskAllocs: a mask into a buffer with room allocates nothing,
// in the opening and in a sowing turn.
func TestAppendMaskAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are checked without the race detector (its instrumentation allocates here)")
	}
	mid, err := Parse("kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=25,30")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Position{Start(), mid} {
		buf := make([]bool, 0, 700)
		if n := testing.AllocsPerRun(100, func() { buf = p.AppendMask(buf[:0]) }); n != 0 {
			t.Errorf("%v: AppendMask allocates %v times", p, n)
		}
	}
}

// FuzzActionMove: ActionMove never panics; an id in range round-trips and
// Apply plays its move exactly when the mask flags it.
func FuzzActionMove(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		for _, a := range []int{-1, 0, 4, 10, 30, 31, 45, 630, 631} {
			f.Add(s, a)
		}
	}
	f.Fuzz(func(t *testing.T, s string, a int) {
		p, err := Parse(s)
		if err != nil || p.Rules().Laps() > 20000 {
			return
		}
		m, err := p.ActionMove(a)
		if a < 0 || a >= p.Actions() {
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

// BenchmarkAppendMask: the mask of a sowing position into a reused buffer.
func BenchmarkAppendMask(b *testing.B) {
	p, err := Parse("kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=25,30")
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]bool, 0, 700)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.AppendMask(buf[:0])
	}
}
