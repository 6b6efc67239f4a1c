package seed

import "testing"

// TestMix pins SplitMix64's first outputs from state 0 (the reference
// sequence of Vigna's splitmix64.c: the state advances by the golden
// gamma, and Mix(k*gamma) is the (k+1)th output).
func TestMix(t *testing.T) {
	const gamma = 0x9e3779b97f4a7c15
	for k, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := Mix(uint64(k) * gamma); got != want {
			t.Errorf("Mix(%d*gamma) = %#x, want %#x", k, got, want)
		}
	}
}
