// Package cycle finds repeated states in constant memory with Brent's
// algorithm, for the endless-move check of C-6: within one move the sowing
// is a deterministic function of the lap-boundary state, so a repeated
// state proves the move endless.
package cycle

// Brent watches a sequence of states, one per lap boundary, and reports
// the first state it can prove repeats an earlier one. It stores one saved
// state and two counters, so it detects a cycle of period λ starting after
// μ states within 4(μ+λ) states. The zero value is ready; Reset starts
// a new sequence.
type Brent[S comparable] struct {
	saved      S
	power, lam uint32
	started    bool
}

// Reset forgets every state seen.
func (b *Brent[S]) Reset() { b.started = false }

// Seen records s and reports whether it equals the saved state, which
// proves the sequence cycles.
func (b *Brent[S]) Seen(s S) bool {
	if !b.started {
		b.saved, b.power, b.lam, b.started = s, 1, 0, true
		return false
	}
	if s == b.saved {
		return true
	}
	b.lam++
	if b.lam == b.power {
		b.saved, b.power, b.lam = s, b.power*2, 0
	}
	return false
}
