package kisolo

import (
	"github.com/seed8ebe013a/go-mancala/internal/hashmix"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

var _ mancala.Hasher = Position{}

// Hash returns a 64-bit hash of p ([mancala.Hasher]): of every field the
// rules read (both circuits' pits, the turn counter, the rules, the
// result; the side to move is the turn's parity), the same on every
// machine. Equal positions have equal hashes.
func (p Position) Hash() uint64 {
	h := hashmix.Bytes(hashmix.Start, p.circ[:])
	h = hashmix.Add(h, uint64(p.turn)|uint64(p.rules)<<32)
	w := uint64(p.legal) | uint64(p.result)<<16
	if p.capture {
		w |= 1 << 24
	}
	if p.written {
		w |= 1 << 25
	}
	return hashmix.Finish(hashmix.Add(h, w))
}
