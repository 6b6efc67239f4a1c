package kisolo

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

// TestActionTable pins the documented ids (docs/design.md, "Action ids").
func TestActionTable(t *testing.T) {
	north := "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 N turn=1"
	for _, c := range []struct {
		pos     string
		actions int
		ids     map[int]string
	}{
		{"", 21, map[int]string{0: "a1", 6: "a7", 7: "b7", 13: "b1", 14: "xb7", 20: "xb1"}},
		{north, 21, map[int]string{0: "d7", 6: "d1", 7: "c1", 13: "c7", 14: "xc1", 20: "xc7"}},
		{"kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6", 18,
			map[int]string{0: "a1", 5: "a6", 6: "b6", 11: "b1", 12: "xb6", 17: "xb1"}},
		{"kisolo 3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3 N turn=1 rules=Columns:8", 24,
			map[int]string{0: "d8", 8: "c1", 15: "c8", 16: "xc1", 23: "xc8"}},
	} {
		p := Start()
		if c.pos != "" {
			var err error
			if p, err = Parse(c.pos); err != nil {
				t.Fatal(err)
			}
		}
		if got := p.Actions(); got != c.actions {
			t.Errorf("%v: Actions = %d, want %d", p, got, c.actions)
		}
		for id, text := range c.ids {
			m, err := p.ActionMove(id)
			if err != nil || m.String() != text {
				t.Errorf("%v: ActionMove(%d) = %v, %v; want %s", p, id, m, err, text)
			}
			want, _ := ParseMove(text)
			if got, err := p.Action(want); err != nil || got != id {
				t.Errorf("%v: Action(%s) = %d, %v; want %d", p, text, got, err, id)
			}
		}
	}
	// The start: captures are compulsory, so the mask is xb7..xb1 = 14..20.
	mask := Start().AppendMask(nil)
	for id, f := range mask {
		if f != (id >= 14) {
			t.Errorf("start mask[%d] = %v", id, f)
		}
	}
}

// TestActionErrors: moves without an id and ids out of range give an
// ActionError naming the problem.
func TestActionErrors(t *testing.T) {
	p := Start()
	for _, c := range []struct {
		move, want string
	}{
		{"none", "kisolo: move none has no action id: the zero move"},
		{"d3", "kisolo: move d3 has no action id: not a pit of the mover (South)"},
		{"a8", "kisolo: move a8 has no action id: pit a8 is not on a board of 7 columns"},
		{"xa3", "kisolo: move xa3 has no action id: a capture goes through an inner pit (KS-6)"},
	} {
		m, _ := ParseMove(c.move)
		_, err := p.Action(m)
		var ae *mancala.ActionError
		if !errors.As(err, &ae) || !errors.Is(err, mancala.ErrNoAction) || err.Error() != c.want {
			t.Errorf("Action(%s) = %v; want %q", c.move, err, c.want)
		}
	}
	for _, a := range []int{-1, 21, 1 << 40} {
		_, err := p.ActionMove(a)
		if !errors.Is(err, mancala.ErrNoAction) {
			t.Errorf("ActionMove(%d): %v", a, err)
		}
	}
	if _, err := p.ActionMove(21); err == nil || err.Error() != "kisolo: action 21 out of range 0..20" {
		t.Errorf("ActionMove(21): %v", err)
	}
}

// TestActionsProperty: for random positions of every rule set (Columns
// 6, 7, 8, every option, Endless:Illegal) the mask is the legal moves'
// ids, ids round-trip and stay in range (gametest.CheckActions).
func TestActionsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(t)
		if err := gametest.CheckActions(&Descriptor, p); err != nil {
			t.Fatal(err)
		}
	})
}

// TestAppendMaskAllocs: a mask into a buffer with room allocates nothing.
func TestAppendMaskAllocs(t *testing.T) {
	p := Start()
	buf := make([]bool, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendMask(buf[:0]) }); n != 0 {
		t.Errorf("AppendMask allocates %v times", n)
	}
}

// FuzzActionMove: ActionMove never panics; an id in range round-trips and
// Apply plays its move exactly when the mask flags it.
func FuzzActionMove(f *testing.F) {
	for _, s := range fuzzPositions(f) {
		for _, a := range []int{-1, 0, 7, 14, 20, 23, 24} {
			f.Add(s, a)
		}
	}
	f.Fuzz(func(t *testing.T, s string, a int) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		m, err := p.ActionMove(a)
		if a < 0 || a >= p.Actions() {
			if !errors.Is(err, mancala.ErrNoAction) {
				t.Fatalf("ActionMove(%d) out of range: %v", a, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("ActionMove(%d): %v", a, err)
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

// BenchmarkAppendMask: the mask of the start into a reused buffer.
func BenchmarkAppendMask(b *testing.B) {
	p := Start()
	buf := make([]bool, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.AppendMask(buf[:0])
	}
}
