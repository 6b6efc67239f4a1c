package kiothi

import "github.com/seed8ebe013a/go-mancala/mancala"

// Evaluate returns a heuristic value of p for player pl, in points (a
// warrior in prison counts two, one on the row or in hand one), positive
// when pl stands better, for search agents (it satisfies mancala/agent's
// Evaluator interface). It is side(pl) - side(other), where side(x) is
// twice the warriors in x's prison (the score, KI-16) plus the warriors on
// x's row and, mid-opening, in x's hand (mobility: a player whose row is
// empty cannot move, KI-15). It is antisymmetric, ignores whether the game
// is over, and allocates nothing. A player out of range gets 0.
func (p Position) Evaluate(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return p.evalSide(pl) - p.evalSide(pl.Other())
}

func (p Position) evalSide(pl mancala.Player) int {
	v := 2 * int(p.prisons[pl])
	for i := int(pl) * 10; i < int(pl)*10+10; i++ {
		v += int(p.pits[i])
	}
	if p.ToMove() == pl {
		v += int(p.hand)
	}
	return v
}
