package kimasai

import (
	"github.com/seed8ebe013a/go-mancala/internal/hashmix"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

var _ mancala.Hasher = Position{}

// Hash returns a 64-bit hash of p ([mancala.Hasher]): of every field the
// rules read (pits, reserves, the turn counter, which tells the side to
// move and the free first turn, the rules, the result), the same on every
// machine. Equal positions have equal hashes.
func (p Position) Hash() uint64 {
	h := hashmix.Bytes(hashmix.Start, p.pits[:])
	h = hashmix.Add(h, uint64(p.turn)|uint64(p.rules)<<32)
	w := uint64(p.reserves[0]) | uint64(p.reserves[1])<<8 | uint64(p.status)<<16 | uint64(p.winner)<<24 |
		uint64(p.reason)<<32 | uint64(p.legal)<<40
	if p.written {
		w |= 1 << 63
	}
	return hashmix.Finish(hashmix.Add(h, w))
}
