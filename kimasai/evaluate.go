package kimasai

import "github.com/seed8ebe013a/go-mancala/mancala"

// Evaluate returns a heuristic value of p for player pl, in cows, positive
// when pl stands better, for search agents (it satisfies mancala/agent's
// Evaluator interface). It is side(pl) - side(other), where side(x) is
// twice the cows x owns — on x's 16 pits and in x's reserve (raids move
// cows between players, KM-10) — plus one for every occupied pit of x's
// inner row (inner-row safety: an empty inner row loses, KM-11, KM-12). It
// is antisymmetric, ignores whether the game is over, and allocates
// nothing. A player out of range gets 0.
func (p Position) Evaluate(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return p.evalSide(pl) - p.evalSide(pl.Other())
}

func (p Position) evalSide(pl mancala.Player) int {
	first := int(pl) * 16
	v := 2 * int(p.reserves[pl])
	for i := first; i < first+16; i++ {
		v += 2 * int(p.pits[i])
		if i < first+8 && p.pits[i] > 0 { // the first half of a circuit is the inner row (KM-2)
			v++
		}
	}
	return v
}
