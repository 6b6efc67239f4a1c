package mancala

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
)

// RepetitionRule is the common rule option Repetition of clause C-10: what
// happens when a move produces a position for the third time in a game.
// Every game's Rules has a Repetition field of this type. The zero value is
// RepetitionNone.
type RepetitionRule uint8

const (
	// RepetitionNone (rules= value "None", the default in every game: no
	// source has a repetition rule): a game goes on however often its
	// positions repeat, up to the turn limit (C-9).
	RepetitionNone RepetitionRule = iota
	// RepetitionThree (rules= value "Three"): when a move produces a
	// position that has occurred twice before in the same game (the same
	// position in every respect but the turn counter), the game ends after
	// that move (C-10): a draw in Kisolo and Bao la Kimasai; in Kiothi the
	// warriors on the board go to the prison of their row's owner and the
	// prisons decide (KI-16). Result reason [Repetition].
	RepetitionThree
)

// repetitionNames are the rules= values of [RepetitionRule], indexed by
// value.
var repetitionNames = [...]string{"None", "Three"}

// String returns the rules= value, "None" or "Three", or
// "RepetitionRule(7)" out of range.
func (r RepetitionRule) String() string {
	return enumName(repetitionNames[:], r, "RepetitionRule")
}

// History is the record of one game as it is played: its positions from
// the start, the moves between them, and how many times each position
// (without its turn counter) has occurred, so that it applies C-10 in
// constant time per ply. A position alone cannot know its history, so
// [Game.Outcome] never applies C-10; a History does: under
// Repetition=Three, [History.Apply] ends the game by [Repetition] when a
// move produces a position for the third time, with the game's own end
// (Descriptor.EndByRepetition). Under Repetition=None it counts all the
// same ([History.Count]) and ends nothing.
//
// The start position counts as an occurrence; a game taken up in the middle
// (a position set up or read from a record without its moves) is counted
// from there. A History must not be used by two goroutines at once. Its
// memory grows by two positions and at most one map entry per ply.
type History[P Position[P, M], M Move] struct {
	d      *Descriptor[P, M]
	pos    []P       // pos[0] is the start; pos[i+1] follows moves[i]
	keys   []P       // keys[i] is the repetition key of the position moves[i] made
	moves  []M       // the moves played
	counts map[P]int // occurrences by repetition key
}

// NewHistory returns the history of a game that starts at start, described
// by d (whose RepetitionKey, Repetition and EndByRepetition it uses).
func NewHistory[P Position[P, M], M Move](d *Descriptor[P, M], start P) *History[P, M] {
	h := &History[P, M]{d: d}
	h.Reset(start)
	return h
}

// Reset starts the history again from start, forgetting every move; it
// keeps its buffers, so a History reused for many games stops allocating
// once it has held the longest.
func (h *History[P, M]) Reset(start P) {
	h.pos = append(h.pos[:0], start)
	h.moves = h.moves[:0]
	h.keys = h.keys[:0]
	if h.counts == nil {
		h.counts = make(map[P]int)
	} else {
		clear(h.counts) // keeps the map's room for the next game
	}
	h.counts[h.d.RepetitionKey(start)] = 1
}

// Position returns the current position: the start, or the position after
// the last move (ended by C-10 if that move repeated a position a third
// time under Repetition=Three).
func (h *History[P, M]) Position() P { return h.pos[len(h.pos)-1] }

// Start returns the position the history starts from.
func (h *History[P, M]) Start() P { return h.pos[0] }

// Outcome returns the current position's outcome, C-10 included.
func (h *History[P, M]) Outcome() Outcome { return h.Position().Outcome() }

// Plies returns the number of moves played since the start.
func (h *History[P, M]) Plies() int { return len(h.moves) }

// Moves returns the moves played, in order. The slice is the history's own:
// read it, do not change it; it stays valid until the next Apply, Undo or
// Reset.
func (h *History[P, M]) Moves() []M { return h.moves }

// At returns the position after i moves: At(0) is the start, At(Plies())
// the current position. i out of range gives the zero position and false.
func (h *History[P, M]) At(i int) (P, bool) {
	if i < 0 || i >= len(h.pos) {
		var zero P
		return zero, false
	}
	return h.pos[i], true
}

// Count returns how many times p's position (turn counter aside) has
// occurred in the history so far: 0 for a position never reached.
func (h *History[P, M]) Count(p P) int { return h.counts[h.d.RepetitionKey(p)] }

// Apply plays m in the current position and returns the new position.
// Under Repetition=Three, a move that produces a position for the third
// time ends the game there (C-10): the position returned, and kept, is the
// game's end by repetition (Descriptor.EndByRepetition). A refused move
// gives the game's error (wrapping ErrIllegalMove or ErrGameOver) and
// changes nothing.
func (h *History[P, M]) Apply(m M) (P, error) {
	p := h.Position()
	q, err := p.Apply(m)
	if err != nil {
		return p, err
	}
	k := h.d.RepetitionKey(q)
	n := h.counts[k] + 1
	h.counts[k] = n
	if n >= 3 && !q.Outcome().Over() && h.d.Repetition(q) == RepetitionThree {
		q = h.d.EndByRepetition(q)
	}
	h.pos = append(h.pos, q)
	h.keys = append(h.keys, k)
	h.moves = append(h.moves, m)
	return q, nil
}

// Undo takes back the last move and returns the position before it; with
// no move to take back it returns the start and false.
func (h *History[P, M]) Undo() (P, bool) {
	if len(h.moves) == 0 {
		return h.pos[0], false
	}
	k := h.keys[len(h.keys)-1]
	if h.counts[k]--; h.counts[k] <= 0 {
		delete(h.counts, k)
	}
	h.pos = h.pos[:len(h.pos)-1]
	h.keys = h.keys[:len(h.keys)-1]
	h.moves = h.moves[:len(h.moves)-1]
	return h.Position(), true
}

// Replay returns the history of the game that starts at start and plays
// moves, C-10 applied at each ply. A move that is refused stops it: the
// history so far and an error naming the ply (1-based) and the move.
func Replay[P Position[P, M], M Move](d *Descriptor[P, M], start P, moves []M) (*History[P, M], error) {
	h := NewHistory(d, start)
	for i, m := range moves {
		if _, err := h.Apply(m); err != nil {
			return h, errtext.Prefix("mancala: replay: ply "+strconv.Itoa(i+1)+", "+m.String(), err)
		}
	}
	return h, nil
}
