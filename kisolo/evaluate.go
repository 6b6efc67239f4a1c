package kisolo

import "github.com/seed8ebe013a/go-mancala/mancala"

// Evaluate returns a heuristic value of p for player pl, in points (a seed
// on the board counts two, an occupied inner pit one), positive when pl
// stands better, for search agents (it satisfies mancala/agent's Evaluator
// interface). It is side(pl) - side(other), where side(x) is twice the
// seeds on x's circuit (material: captures move seeds between circuits,
// KS-7) plus one for every occupied pit of x's inner row (inner-row safety:
// an empty inner row loses, KS-10, KS-11). It is antisymmetric, ignores
// whether the game is over, and allocates nothing. A player out of range
// gets 0.
func (p Position) Evaluate(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return p.evalSide(pl) - p.evalSide(pl.Other())
}

func (p Position) evalSide(pl mancala.Player) int {
	c := p.geom().c
	first := int(pl) * 16
	v := 0
	for i := first; i < first+2*c; i++ {
		v += 2 * int(p.circ[i&31])
		if i >= first+c && p.circ[i&31] > 0 { // the second half of a circuit is the inner row (KS-2)
			v++
		}
	}
	return v
}
