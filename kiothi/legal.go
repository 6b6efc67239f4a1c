package kiothi

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// LegalMoves returns the legal moves in a new slice; see
// [Position.AppendLegalMoves].
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 32)) }

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice; none iff the game is over. Order (docs/design.md): ascending circuit
// index of the pit from the mover's first pit (South a1, North b10), then
// count; in the opening the Lift steps in increasing pit order then Stop,
// or the Drop steps in ring order. It allocates nothing when dst has room
// (a sowing position has at most 255 moves, an opening position at most
// 20). With Endless=Illegal every candidate is played out to exclude the
// endless ones (C-6), which may take as long as one Apply per candidate.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.status != mancala.Ongoing {
		return dst
	}
	if p.turn < 2 {
		return p.appendSteps(dst)
	}
	if p.rules&(wholeLiftBit|illegalBit) != 0 {
		return p.appendChecked(dst)
	}
	// KI-9, KI-10 as in firstLapIllegal, a pit at a time, in the mover's
	// ring order (relative index q from the mover's first pit): counts
	// that end the first lap before it goes round (firstLaps), then larger
	// counts (C-4) one by one.
	base := firstPit(p.mover())
	own := p.ownOccupied() >> base
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		c := int(p.pits[(base+q)&31])
		m := Move{kind: SowKind, pit: uint8(base + q)}
		for ks := firstLaps(own, q, c); ks != 0; ks &= ks - 1 {
			m.count = uint8(bits.TrailingZeros32(ks) + 1)
			dst = append(dst, m)
		}
		for k := 20 - q; k <= c; k++ {
			if !p.firstLapIllegal(base+q, k) {
				m.count = uint8(k)
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// firstLaps returns, for the mover's pit at relative index q holding c
// warriors, the counts k < 20-q that pass KI-10, bit k-1 for count k: own
// holds the mover's occupied pits (relative indices 0..9). A count k <=
// 9-q ends the first lap in the own pit q+k and passes iff it is empty;
// 10-q <= k <= 19-q ends it in the enemy row and always passes.
func firstLaps(own uint32, q, c int) uint32 {
	// q < 10, so every shift count is below 32.
	return (^own>>(uint(q+1)&31) | ^uint32(0)<<(uint(9-q)&31)) & (1<<(uint(min(c, 19-q))&31) - 1)
}

// appendChecked appends the legal sowing moves one candidate at a time:
// under WholeLift (KI-9: one count per pit) and Endless=Illegal (C-6: each
// candidate played out).
func (p *Position) appendChecked(dst []Move) []Move {
	base := firstPit(p.mover())
	for pit := base; pit < base+Files; pit++ {
		c := int(p.pits[pit])
		if c == 0 {
			continue
		}
		lo := 1
		if p.rules&wholeLiftBit != 0 {
			lo = c
		}
		for k := lo; k <= c; k++ {
			if p.firstLapIllegal(pit, k) {
				continue
			}
			if p.rules.illegal() && p.endless(pit, k) {
				continue
			}
			dst = append(dst, Move{kind: SowKind, pit: uint8(pit), count: uint8(k)})
		}
	}
	return dst
}

// appendSteps appends the legal opening steps (KI-7).
func (p *Position) appendSteps(dst []Move) []Move {
	mover := p.mover()
	if p.phase == phaseDrop {
		first := firstPit(mover)
		for c := circ(mover, int(p.dropFrom)); c < Pits; c++ {
			dst = append(dst, Move{kind: DropKind, pit: uint8((first + c) % Pits)})
		}
		return dst
	}
	need := p.need()
	if need == 0 {
		return append(dst, Move{kind: StopKind})
	}
	done := bits.OnesCount32(p.lifted)
	own := p.ownOccupied()
	from := max(firstPit(mover), p.highestLifted()+1)
	for z := own >> (uint(from) & 31) << (uint(from) & 31); z != 0; z &= z - 1 {
		pit := bits.TrailingZeros32(z)
		if p.rules&upToBit != 0 || bits.OnesCount32(own>>(uint(pit+1)&31)) >= need-done-1 {
			dst = append(dst, Move{kind: LiftKind, pit: uint8(pit)})
		}
	}
	if p.rules&upToBit != 0 {
		dst = append(dst, Move{kind: StopKind})
	}
	return dst
}
