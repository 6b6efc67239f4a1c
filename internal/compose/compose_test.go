package compose

import (
	"testing"

	"pgregory.net/rapid"
)

// The sizes are the binomial coefficients C(n+k-1, k-1).
func TestSize(t *testing.T) {
	tb := New(4, 6)
	for n, want := range []uint64{1, 4, 10, 20, 35, 56, 84} {
		if got := tb.Size(n); got != want {
			t.Errorf("Size(%d) = %d, want %d", n, got, want)
		}
	}
	if tb.Size(-1) != 0 || tb.Size(7) != 0 {
		t.Error("a size out of range is not 0")
	}
}

// Every index of a layer unranks to a board that ranks back to it, in
// lexicographic order, and an index past the layer is refused.
func TestRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pits := rapid.IntRange(1, 8).Draw(t, "pits")
		max := rapid.IntRange(0, 6).Draw(t, "max")
		tb := New(pits, max)
		n := rapid.IntRange(0, max).Draw(t, "n")
		var prev []int
		for i := range tb.Size(n) {
			b := make([]int, pits)
			if !tb.Unrank(n, i, func(j, c int) { b[j] = c }) {
				t.Fatalf("Unrank(%d, %d) refused", n, i)
			}
			sum := 0
			for _, c := range b {
				sum += c
			}
			if sum != n {
				t.Fatalf("board %v of layer %d", b, n)
			}
			if got := tb.Rank(n, func(j int) int { return b[j] }); got != i {
				t.Fatalf("Rank(%v) = %d, want %d", b, got, i)
			}
			if prev != nil && !less(prev, b) {
				t.Fatalf("boards %v then %v: not in order", prev, b)
			}
			prev = b
		}
		if tb.Unrank(n, tb.Size(n), func(int, int) { t.Fatal("set called") }) {
			t.Fatal("an index past the layer unranked")
		}
	})
}

func less(a, b []int) bool {
	for j := range a {
		if a[j] != b[j] {
			return a[j] < b[j]
		}
	}
	return false
}
