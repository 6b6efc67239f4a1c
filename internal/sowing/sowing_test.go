package sowing

import (
	"testing"

	"pgregory.net/rapid"
)

// unpack returns the first n pits of a packed board.
func unpack(w []uint64, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = int(w[i/8] >> (i % 8 * 8) & 0xff)
	}
	return out
}

func pack(b []int) [3]uint64 {
	var w [3]uint64
	for i, n := range b {
		w[i/8] |= uint64(n) << (i % 8 * 8)
	}
	return w
}

// naiveLap drops n seeds one a pit from start on, round a ring of len(b)
// pits, and returns the pit of the last seed.
func naiveLap(b []int, start, n int) int {
	last := (start - 1 + len(b)) % len(b)
	for i := start; n > 0; n-- {
		b[i]++
		last = i
		i = (i + 1) % len(b)
	}
	return last
}

// TestLap: a lap of the tables equals one seed a pit, for every circuit
// size, start and hand (hands up to 255, boards whose total stays <= 255).
func TestLap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 24).Draw(t, "n")
		b := make([]int, n)
		total := 0
		for i := range b {
			b[i] = rapid.IntRange(0, 12).Draw(t, "seeds")
			total += b[i]
		}
		start := rapid.IntRange(0, n-1).Draw(t, "start")
		hand := rapid.IntRange(0, 255-total).Draw(t, "hand")
		w := pack(b)
		want := append([]int(nil), b...)
		last := naiveLap(want, start, hand)
		var got []int
		var gl uint
		if n <= 16 {
			r := NewRing2(n)
			w0, w1, l, x, y := r.Lap(w[0], w[1], uint(start), uint(hand))
			got, gl = unpack([]uint64{w0, w1}, n), l
			if x != uint(last+1)%uint(n) || y != uint(last+2)%uint(n) {
				t.Fatalf("the pits after %d: %d, %d", last, x, y)
			}
			if w0 != w0&(r.whole[0]*0xff) || w1 != w1&(r.whole[1]*0xff) {
				t.Fatalf("bytes beyond the circuit changed: %x %x", w0, w1)
			}
		} else {
			r := NewRing3(n)
			w0, w1, w2, pits := r.Lap(w[0], w[1], w[2], uint(start), uint(hand))
			l, x := pits&0xff, pits>>8&0xff
			got, gl = unpack([]uint64{w0, w1, w2}, n), l
			if x != uint(last+1)%uint(n) {
				t.Fatalf("the pit after %d: %d", last, x)
			}
		}
		if gl != uint(last) {
			t.Fatalf("last pit %d, want %d", gl, last)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("board %v, want %v", got, want)
			}
		}
	})
}

func TestPits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := make([]int, 24)
		for i := range b {
			b[i] = rapid.IntRange(0, 255).Draw(t, "seeds")
		}
		w := pack(b)
		occ := Occupied(w[0]) | Occupied(w[1])<<8 | Occupied(w[2])<<16
		for i := range 24 {
			if Get3(w[0], w[1], w[2], uint(i)) != uint(b[i]) {
				t.Fatalf("Get3(%d) = %d, want %d", i, Get3(w[0], w[1], w[2], uint(i)), b[i])
			}
			if i < 16 && Get2(w[0], w[1], uint(i)) != uint(b[i]) {
				t.Fatalf("Get2(%d) = %d, want %d", i, Get2(w[0], w[1], uint(i)), b[i])
			}
			if occ>>i&1 == 1 != (b[i] != 0) {
				t.Fatalf("Occupied: bit %d = %d for %d seeds", i, occ>>i&1, b[i])
			}
			c := append([]int(nil), b...)
			c[i] = 0
			x0, x1, x2 := Clear3(w[0], w[1], w[2], uint(i))
			if pack(c) != [3]uint64{x0, x1, x2} {
				t.Fatalf("Clear3(%d)", i)
			}
			if i < 16 {
				r := NewRing2(16)
				z0, z1 := r.Clear(w[0], w[1], uint(i))
				if z0 != x0 || z1 != x1 {
					t.Fatalf("Ring2.Clear(%d)", i)
				}
				if b[i] < 255 {
					c[i] = b[i] + 1
					a0, a1 := Add2(w[0], w[1], uint(i), 1)
					if p := pack(c); a0 != p[0] || a1 != p[1] {
						t.Fatalf("Add2(%d)", i)
					}
				}
			}
		}
	})
}

func TestNext(t *testing.T) {
	r := NewRing2(14)
	if r.N() != 14 || r.Next(0) != 1 || r.Next(13) != 0 {
		t.Errorf("Ring2(14): N %d, Next(0) %d, Next(13) %d", r.N(), r.Next(0), r.Next(13))
	}
	r3 := NewRing3(20)
	w0, w1, w2 := r3.Whole()
	if r3.N() != 20 || w0 != Ones || w1 != Ones || w2 != 0x01010101 {
		t.Errorf("Ring3(20): N %d, Whole %x %x %x", r3.N(), w0, w1, w2)
	}
}

// TestBrentFindsEveryCycle: on a sequence that enters a cycle of period lam
// after mu states, Seen reports true for the first time at a state that
// really repeats, and no later than 4*(mu+lam)+2 states (Brent saves a
// state at powers of two); Reset starts afresh.
func TestBrentFindsEveryCycle(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mu := rapid.IntRange(0, 300).Draw(t, "mu")
		lam := rapid.IntRange(1, 300).Draw(t, "lam")
		word := rapid.IntRange(0, 3).Draw(t, "word") // where the state varies
		state := func(i int) (w [3]uint64, last uint) {
			v := uint64(i - mu)
			if i < mu {
				v = uint64(1<<40 + i)
			} else {
				v %= uint64(lam)
			}
			if word == 3 {
				return w, uint(v)
			}
			w[word] = v
			return w, 7
		}
		var b Brent
		b.Seen(1, 2, 3, 4)
		b.Reset()
		for i := 0; ; i++ {
			w, last := state(i)
			if b.Seen(w[0], w[1], w[2], last) {
				if i < mu+lam {
					t.Fatalf("reported a repeat at state %d, before any state can repeat (mu=%d lam=%d)", i, mu, lam)
				}
				if i > 4*(mu+lam)+2 {
					t.Fatalf("found the cycle only at state %d (mu=%d lam=%d)", i, mu, lam)
				}
				return
			}
			if i > 10*(mu+lam)+10 {
				t.Fatalf("no cycle found (mu=%d lam=%d)", mu, lam)
			}
		}
	})
}

func TestBrentNoFalseRepeat(t *testing.T) {
	var b Brent
	for i := range uint64(100000) {
		if b.Seen(i, 0, 0, 0) || b.Seen(0, i, 1, 0) {
			t.Fatalf("state %d reported as a repeat of a sequence without repeats", i)
		}
	}
	b.Reset()
	if b.Seen(5, 0, 0, 1) || !b.Seen(5, 0, 0, 1) {
		t.Fatal("after Reset, 5 then 5 must report the repeat at the second")
	}
}

func TestPanics(t *testing.T) {
	for _, f := range []func(){func() { NewRing2(1) }, func() { NewRing2(17) }, func() { NewRing3(16) }, func() { NewRing3(25) }} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic for a bad ring size")
				}
			}()
			f()
		}()
	}
}

func TestPackC6(t *testing.T) {
	for _, illegal := range []bool{false, true} {
		for _, maxLaps := range []int{0, 1, 2, 47, 999_999, 1_000_001, 2_000_000, 1<<21 - 1} {
			b := PackC6(illegal, maxLaps) | 0x1ff | RepetitionBit // the game's options below, C-10's above
			if i, m := UnpackC6(b); i != illegal || m != maxLaps {
				t.Errorf("UnpackC6(PackC6(%v, %d)) = %v, %d", illegal, maxLaps, i, m)
			}
			want := uint(maxLaps)
			if maxLaps == 0 {
				want = 1_000_000
			}
			if got := Laps(b); got != want {
				t.Errorf("Laps(PackC6(%v, %d)) = %d, want %d", illegal, maxLaps, got, want)
			}
		}
	}
}
