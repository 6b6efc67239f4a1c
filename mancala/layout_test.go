package mancala_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

type namedLayout struct {
	name string
	l    *mancala.Layout
}

func layouts(t testing.TB) []namedLayout {
	t.Helper()
	must := func(l *mancala.Layout, err error) *mancala.Layout {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	return []namedLayout{
		{"kiothi", must(mancala.NewTwoRowLayout(10))},
		{"kisolo6", must(mancala.NewFourRowLayout(6, mancala.CounterClockwise))},
		{"kisolo7", must(mancala.NewFourRowLayout(7, mancala.CounterClockwise))},
		{"kisolo8", must(mancala.NewFourRowLayout(8, mancala.CounterClockwise))},
		{"kimasai", must(mancala.NewFourRowLayout(8, mancala.Clockwise))},
	}
}

func names(l *mancala.Layout, pits []int) []string {
	var out []string
	for _, p := range pits {
		out = append(out, l.PitName(p))
	}
	return out
}

// TestLayoutNumbering pins the numbering tables of docs/design.md ("Board
// numbering"), KI-2, KS-2 and KM-2 pit by pit.
func TestLayoutNumbering(t *testing.T) {
	ls := layouts(t)
	tests := []struct {
		l    *mancala.Layout
		pl   mancala.Player
		want []string
	}{
		{ls[0].l, mancala.South, []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "b10", "b9", "b8", "b7", "b6", "b5", "b4", "b3", "b2", "b1"}},
		{ls[0].l, mancala.North, []string{"b10", "b9", "b8", "b7", "b6", "b5", "b4", "b3", "b2", "b1", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10"}},
		{ls[2].l, mancala.South, []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "b7", "b6", "b5", "b4", "b3", "b2", "b1"}},
		{ls[2].l, mancala.North, []string{"d7", "d6", "d5", "d4", "d3", "d2", "d1", "c1", "c2", "c3", "c4", "c5", "c6", "c7"}},
		{ls[4].l, mancala.South, []string{"b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"}},
		{ls[4].l, mancala.North, []string{"c8", "c7", "c6", "c5", "c4", "c3", "c2", "c1", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, names(tt.l, tt.l.Circuit(tt.pl))); diff != "" {
			t.Errorf("circuit of %v (-want +got):\n%s", tt.pl, diff)
		}
	}
	// The first pit of North's circuit has index Pits()/2 in every layout.
	for _, nl := range ls {
		if got := nl.l.Circuit(mancala.North)[0]; got != nl.l.Pits()/2 {
			t.Errorf("%s: North's circuit starts at %d, want %d", nl.name, got, nl.l.Pits()/2)
		}
	}
}

// TestLayoutFacingBehind pins facing and behind maps: Kiothi p <-> 19-p
// (KI-4), Kisolo inner p <-> 34-p and b_k behind-> a_k (KS-4), Bao la
// Kimasai inner p <-> 23-p (KM-4).
func TestLayoutFacingBehind(t *testing.T) {
	ls := layouts(t)
	for p := 0; p < 20; p++ {
		if f, ok := ls[0].l.Facing(p); !ok || f != 19-p {
			t.Errorf("kiothi: Facing(%d) = %d, %v; want %d", p, f, ok, 19-p)
		}
		if _, ok := ls[0].l.Behind(p); ok {
			t.Errorf("kiothi: Behind(%d) exists", p)
		}
	}
	kisolo := ls[2].l
	for p := 0; p < 28; p++ {
		f, ok := kisolo.Facing(p)
		inner := (p >= 7 && p < 14) || (p >= 21 && p < 28)
		if ok != inner || (inner && f != 34-p) {
			t.Errorf("kisolo: Facing(%d) = %d, %v", p, f, ok)
		}
	}
	for _, c := range []struct{ inner, behind string }{{"b1", "a1"}, {"b7", "a7"}, {"c1", "d1"}, {"c5", "d5"}} {
		p, _ := kisolo.ParsePitName(c.inner)
		b, ok := kisolo.Behind(p)
		if !ok || kisolo.PitName(b) != c.behind {
			t.Errorf("kisolo: Behind(%s) = %s, %v; want %s", c.inner, kisolo.PitName(b), ok, c.behind)
		}
	}
	kimasai := ls[4].l
	for p := 0; p < 32; p++ {
		f, ok := kimasai.Facing(p)
		inner := p < 8 || (p >= 16 && p < 24)
		if ok != inner || (inner && f != 23-p) {
			t.Errorf("kimasai: Facing(%d) = %d, %v", p, f, ok)
		}
	}
}

// TestLayoutProperties checks the topology of every layout with rapid: each
// ring visits each of its pits once and Next cycles with the ring's length;
// facing is an involution between the two facing rows; behind maps an inner
// pit to the same owner's outer pit of the same file; the half-turn
// rotation swaps owners and mirrors rows and files; parse(format(p)) == p.
func TestLayoutProperties(t *testing.T) {
	for _, nl := range layouts(t) {
		l := nl.l
		t.Run(nl.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := rapid.IntRange(0, l.Pits()-1).Draw(t, "pit")
				pl := l.Owner(p)
				n := l.RingLen(pl)
				if l.SharedRing() && n != l.Pits() || !l.SharedRing() && n != l.Pits()/2 {
					t.Fatalf("ring length %d", n)
				}
				seen := map[int]bool{}
				q := p
				for i := 0; i < n; i++ {
					if seen[q] {
						t.Fatalf("ring from %d revisits %d after %d steps", p, q, i)
					}
					seen[q] = true
					if !l.SharedRing() && l.Owner(q) != pl {
						t.Fatalf("ring of %v reaches %d owned by %v", pl, q, l.Owner(q))
					}
					q = l.Next(q)
				}
				if q != p {
					t.Fatalf("Next does not cycle back to %d after %d steps (at %d)", p, n, q)
				}
				if got := l.CircuitIndex(pl, p); got < 0 || l.Circuit(pl)[got] != p {
					t.Fatalf("CircuitIndex(%v, %d) = %d", pl, p, got)
				}
				if f, ok := l.Facing(p); ok {
					if g, ok2 := l.Facing(f); !ok2 || g != p {
						t.Fatalf("facing not an involution: %d -> %d -> %d", p, f, g)
					}
					if l.Owner(f) == pl || l.File(f) != l.File(p) {
						t.Fatalf("pit %d faces %d: same owner or another file", p, f)
					}
					if l.Rows() == 4 && (!l.IsInner(p) || !l.IsInner(f)) {
						t.Fatalf("facing pits %d, %d not both inner", p, f)
					}
				} else if l.Rows() == 2 || l.IsInner(p) {
					t.Fatalf("pit %d should face a pit", p)
				}
				if b, ok := l.Behind(p); ok {
					if !l.IsInner(p) || l.IsInner(b) || l.Owner(b) != pl || l.File(b) != l.File(p) {
						t.Fatalf("Behind(%d) = %d is not the owner's outer pit of the same file", p, b)
					}
				} else if l.IsInner(p) {
					t.Fatalf("inner pit %d has nothing behind it", p)
				}
				r := l.Rotate(p)
				if l.Owner(r) == pl || l.Row(r) != l.Rows()-1-l.Row(p) || l.File(r) != l.Files()+1-l.File(p) || l.Rotate(r) != p {
					t.Fatalf("Rotate(%d) = %d is not the half-turn image", p, r)
				}
				if l.CircuitIndex(pl.Other(), r) != l.CircuitIndex(pl, p) {
					t.Fatalf("rotation does not preserve the circuit index")
				}
				back, err := l.ParsePitName(l.PitName(p))
				if err != nil || back != p {
					t.Fatalf("ParsePit(PitName(%d)) = %d, %v", p, back, err)
				}
				if got, ok := l.Index(l.Row(p), l.File(p)); !ok || got != p {
					t.Fatalf("Pit(Row, File) of %d = %d", p, got)
				}
			})
		})
	}
}

// TestLayoutBadInput: bad pit names give ErrSyntax, out-of-range indices
// give the documented "none" answers, nothing panics.
func TestLayoutBadInput(t *testing.T) {
	for _, nl := range layouts(t) {
		l := nl.l
		bad := []string{"", "e1", "a0", "a11", "a", "1", "A1", "a1x", "a01", "b-1", "z9", "a100"}
		if l.Rows() == 2 {
			bad = append(bad, "c1", "d1")
		}
		if l.Files() < 10 {
			bad = append(bad, "a9", "a10")
		}
		for _, s := range bad {
			if l.Files() >= 9 && s == "a9" || l.Files() >= 10 && s == "a10" {
				continue
			}
			p, err := l.ParsePitName(s)
			if !errors.Is(err, mancala.ErrSyntax) {
				t.Errorf("%s: ParsePit(%q) = %d, %v; want ErrSyntax", nl.name, s, p, err)
			}
		}
		for _, p := range []int{-1, l.Pits(), 1 << 40} {
			if l.Next(p) != -1 || l.Row(p) != -1 || l.File(p) != -1 || l.PitName(p) != "" || l.Rotate(p) != -1 || l.IsInner(p) || l.CircuitIndex(mancala.South, p) != -1 {
				t.Errorf("%s: out-of-range pit %d not answered with none", nl.name, p)
			}
			if _, ok := l.Facing(p); ok {
				t.Errorf("%s: Facing(%d) exists", nl.name, p)
			}
			if _, ok := l.Behind(p); ok {
				t.Errorf("%s: Behind(%d) exists", nl.name, p)
			}
			if l.Owner(p) <= mancala.North {
				t.Errorf("%s: Owner(%d) = %v", nl.name, p, l.Owner(p))
			}
		}
		if _, ok := l.Index(l.Rows(), 1); ok {
			t.Errorf("%s: Pit beyond the rows exists", nl.name)
		}
		if l.Circuit(mancala.Player(2)) != nil || l.RingLen(mancala.Player(9)) != 0 {
			t.Errorf("%s: bad player answered", nl.name)
		}
	}
	// A bad size is a programmer's error, not bad text: a plain error
	// that names it.
	plain := func(err error, what string) bool {
		return err != nil && !errors.Is(err, mancala.ErrSyntax) && strings.Contains(err.Error(), what)
	}
	for _, files := range []int{0, -3, mancala.MaxFiles + 1} {
		if l, err := mancala.NewTwoRowLayout(files); l != nil || !plain(err, strconv.Itoa(files)+" files") {
			t.Errorf("NewTwoRowLayout(%d): %v, %v", files, l, err)
		}
		if l, err := mancala.NewFourRowLayout(files, mancala.Clockwise); l != nil || !plain(err, strconv.Itoa(files)+" files") {
			t.Errorf("NewFourRowLayout(%d): %v, %v", files, l, err)
		}
	}
	if l, err := mancala.NewFourRowLayout(7, mancala.Direction(5)); l != nil || !plain(err, "direction 5") {
		t.Errorf("NewFourRowLayout with a bad direction: %v, %v", l, err)
	}
}
