package match

import "math"

// Z95 is the two-sided 95% normal quantile used by [Wilson].
const Z95 = 1.959963984540054

// Wilson returns Wilson's score interval at 95% for a proportion p (a win
// rate or a score, a draw counting 1/2) observed over n independent trials.
// Count as n the distinct games: two games that are the same game (a
// deterministic agent against itself from one opening, both seats) are one
// trial. It clamps p into [0, 1]; for n <= 0 it returns [0, 1].
func Wilson(p float64, n int) (lo, hi float64) {
	if n <= 0 || math.IsNaN(p) {
		return 0, 1
	}
	p = min(max(p, 0), 1)
	nf := float64(n)
	const z = Z95
	den := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, center-half), min(1, center+half)
}
