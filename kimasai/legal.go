package kimasai

import (
	"math/bits"
	"slices"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice: every occupied pit of the mover's own two rows (KM-6, KM-8), in
// ascending circuit order from the mover's first pit (South b1..b8, a8..a1;
// North c8..c1, d1..d8). With Endless=Illegal endless ones are left out
// (C-6): every candidate was played out when the position was made (by
// Apply, Parse or New), which costs up to the cycle check or MaxLaps laps
// per endless candidate. It appends nothing once the game is over, and
// allocates nothing when dst has room for 16 more moves.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.status != mancala.Ongoing {
		return dst
	}
	z := uint(p.legal)
	n := len(dst)
	dst = slices.Grow(dst, 16)[:n+bits.OnesCount(z)]
	b := uint8(base(p.mover()) + 1)
	for i := n; i < len(dst); i++ {
		dst[i] = Move{Pit{b + uint8(bits.TrailingZeros(z))}}
		z &= z - 1
	}
	return dst
}

// occupied returns the mover's occupied pits, a bit per circuit index.
func (p *Position) occupied() uint {
	w0, w1, _ := p.words()
	return sowing.Occupied(w0) | sowing.Occupied(w1)<<8
}

// LegalMoves returns the legal moves in a new slice, in the order of
// [Position.AppendLegalMoves]; an empty (non-nil) slice once the game is
// over.
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 16)) }
