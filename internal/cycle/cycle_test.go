package cycle

import (
	"testing"

	"pgregory.net/rapid"
)

// TestBrentFindsEveryCycle: on a sequence that enters a cycle of period lam
// after mu states, Seen reports true for the first time at a state that
// really repeats, and no later than 4*(mu+lam)+2 states (Brent saves a state at powers of two).
func TestBrentFindsEveryCycle(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mu := rapid.IntRange(0, 300).Draw(t, "mu")
		lam := rapid.IntRange(1, 300).Draw(t, "lam")
		state := func(i int) int {
			if i < mu {
				return -1 - i
			}
			return (i - mu) % lam
		}
		var b Brent[int]
		for i := 0; ; i++ {
			if b.Seen(state(i)) {
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
	var b Brent[int]
	for i := range 100000 {
		if b.Seen(i) {
			t.Fatalf("state %d reported as a repeat of a sequence without repeats", i)
		}
	}
	b.Reset()
	if b.Seen(5) || !b.Seen(5) {
		t.Fatal("after Reset, 5 then 5 must report the repeat at the second")
	}
}
