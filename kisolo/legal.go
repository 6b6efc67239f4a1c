package kisolo

import (
	"math/bits"
	"slices"
)

// hasSeeds reports whether the player to move has a seed on their circuit.
func (p *Position) hasSeeds() bool {
	m0, m1, _, _ := p.words()
	return m0|m1 != 0
}

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice; it appends nothing once the game is over. While any capture
// exists only captures are legal (KS-6): Capture through each of the
// mover's occupied inner pits whose facing pit is occupied; otherwise
// Sow from each occupied pit of the mover's two rows. Moves come in
// ascending order of the pit's index along the mover's circuit (KS-2:
// South a1..a7 then b7..b1; North d7..d1 then c1..c7), without
// duplicates. Under Endless = Illegal endless moves are left out (C-6). It
// allocates nothing when dst has room for the moves (at most 2C = 16).
func (p Position) AppendLegalMoves(dst []Move) []Move {
	z := uint(p.legal)
	n := len(dst)
	dst = slices.Grow(dst, 16)[:n+bits.OnesCount(z)]
	kind := SowKind
	if p.capture {
		kind = CaptureKind
	}
	g := p.geom()
	names := g.pit[int(p.turn&1)*g.ring:]
	for i := n; i < len(dst); i++ {
		dst[i] = Move{kind: kind, pit: names[bits.TrailingZeros(z)&15]}
		z &= z - 1
	}
	return dst
}

// LegalMoves returns the legal moves in a new slice, in the order of
// [Position.AppendLegalMoves]; an empty (non-nil) slice once the game is
// over.
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 16)) }

// HasCapture reports whether the player to move has a capture, which makes
// every sowing move illegal (KS-6). It is false once the game is over.
func (p Position) HasCapture() bool { return p.result == 0 && p.capture }

// hasCapture reports whether the mover has a capture (KS-6), from the
// board.
func (p *Position) hasCapture(g *geom) bool {
	m0, m1, o0, o1 := p.words()
	return g.captures(occupied(m0, m1), occupied(o0, o1)) != 0
}
