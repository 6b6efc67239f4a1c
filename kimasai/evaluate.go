package kimasai

import "github.com/seed8ebe013a/go-mancala/mancala"

// Evaluate returns a heuristic value of p for player pl, in cows, positive
// when pl stands better, for search agents (it satisfies mancala/agent's
// Evaluator interface): the cows pl owns — on pl's 16 pits and in pl's
// reserve (raids move cows between players, KM-10) — minus the cows the
// opponent owns. It is antisymmetric, ignores whether the game is over,
// and allocates nothing. A player out of range gets 0. It gives no bonus
// for occupied inner pits (inner-row safety, KM-11, KM-12): every occupied
// inner pit facing an occupied enemy pit is also a raid target, and such a
// bonus made AlphaBeta weaker.
func (p Position) Evaluate(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return p.cows(pl) - p.cows(pl.Other())
}

func (p Position) cows(pl mancala.Player) int {
	first := int(pl) * 16
	v := int(p.reserves[pl])
	for i := first; i < first+16; i++ {
		v += int(p.pits[i])
	}
	return v
}
