package env

import "github.com/seed8ebe013a/go-mancala/mancala"

// repetition is one episode's count of positions for the repetition rule
// (C-10, docs/rules/common.md): under Repetition:Three a move, the
// agent's or the opponent's, that makes a position for the third time
// ends the game by repetition, which is a termination, never a
// truncation. A nil *repetition (Repetition:None) counts nothing. The log
// holds the keys counted since mark, so that a step that fails can be
// taken back.
type repetition[P mancala.Position[P, M], M mancala.Move] struct {
	d      *mancala.Descriptor[P, M]
	counts map[P]int
	log    []P
}

// newRepetition returns the count of an episode that starts at start,
// or nil when start's rules have no repetition rule (or d lacks the
// functions for it).
func newRepetition[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], start P) *repetition[P, M] {
	if d.Repetition == nil || d.RepetitionKey == nil || d.EndByRepetition == nil || d.Repetition(start) != mancala.RepetitionThree {
		return nil
	}
	return &repetition[P, M]{d: d, counts: map[P]int{d.RepetitionKey(start): 1}}
}

// fresh returns a new count of an episode at p, under r's descriptor (nil
// for a nil r).
func (r *repetition[P, M]) fresh(p P) *repetition[P, M] {
	if r == nil {
		return nil
	}
	return newRepetition(r.d, p)
}

// see counts q, the position a move made, and returns it, or the game
// ended by repetition at its third occurrence.
func (r *repetition[P, M]) see(q P) P {
	if r == nil {
		return q
	}
	k := r.d.RepetitionKey(q)
	r.counts[k]++
	r.log = append(r.log, k)
	if r.counts[k] >= 3 && !q.Outcome().Over() {
		return r.d.EndByRepetition(q)
	}
	return q
}

// mark starts a new log.
func (r *repetition[P, M]) mark() {
	if r != nil {
		r.log = r.log[:0]
	}
}

// undo takes back the counts logged since mark.
func (r *repetition[P, M]) undo() {
	if r == nil {
		return
	}
	for _, k := range r.log {
		if r.counts[k]--; r.counts[k] <= 0 {
			delete(r.counts, k)
		}
	}
	r.log = r.log[:0]
}
