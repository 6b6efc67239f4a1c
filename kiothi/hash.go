package kiothi

import (
	"github.com/seed8ebe013a/go-mancala/internal/hashmix"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

var _ mancala.Hasher = Position{}

// Hash returns a 64-bit hash of p ([mancala.Hasher]): of every field the
// rules read (pits, nki marks, the pits lifted in an opening turn, the
// turn counter, prisons, hand, opening step, next drop pit, result and
// rules), the same on every machine. Equal positions have equal hashes.
func (p Position) Hash() uint64 {
	h := hashmix.Bytes(hashmix.Start, p.pits[:])
	h = hashmix.Add(h, uint64(p.nki)|uint64(p.lifted)<<32)
	h = hashmix.Add(h, uint64(p.turn)|uint64(p.rules)<<32)
	h = hashmix.Add(h, uint64(p.prisons[0])|uint64(p.prisons[1])<<8|uint64(p.hand)<<16|uint64(p.phase)<<24|
		uint64(p.dropFrom)<<32|uint64(p.status)<<40|uint64(p.winner)<<48|uint64(p.reason)<<56)
	if p.written {
		h = hashmix.Add(h, 1)
	}
	return hashmix.Finish(h)
}
