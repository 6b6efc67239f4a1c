package kisolo

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

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

// evalSide is side(pl) of Evaluate, on pl's circuit packed in two words:
// the seeds summed by a multiplication (a position holds at most 255
// seeds, so no partial sum carries into the next byte) and the occupied
// inner pits counted by a population count.
func (p Position) evalSide(pl mancala.Player) int {
	w0, w1 := p.circuitWords(pl)
	return 2*byteSum(w0, w1) + bits.OnesCount(occupied(w0, w1)&p.geom().innerBits)
}

// circuitWords returns pl's circuit (relative indices 0..15) packed in
// two little-endian words; pl must be South or North.
func (p *Position) circuitWords(pl mancala.Player) (w0, w1 uint64) {
	b := int(pl&1) << 4
	return littleEndian.Uint64(p.circ[b:]), littleEndian.Uint64(p.circ[(b+8)&24:])
}

// byteSum returns the sum of the bytes of w0 and w1, which must be below
// 256 (a Kisolo position holds at most 255 seeds: Parse refuses more).
func byteSum(w0, w1 uint64) int {
	const ones = 0x0101010101010101
	return int((w0*ones)>>56 + (w1*ones)>>56)
}
