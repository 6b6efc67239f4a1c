package kimasai

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/compose"
	"github.com/seed8ebe013a/go-mancala/internal/errtext"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// MaxEndgameSeeds is the largest number of cows on the board an
// [EndgameSpace] indexes.
const MaxEndgameSeeds = 16

// EndgameSpaceVersion is the version of the index [EndgameSpace] defines:
// a table file built with another version is refused (docs/endgame.md).
const EndgameSpaceVersion = 1

// EndgameSpace indexes the phase-2 positions of Bao la Kimasai (KM-8: both
// reserves empty) with at most MaxSeeds() cows on the board under one rule
// set, for endgame tables (docs/endgame.md).
//
// Phase 1 is left out: its reserves and the free first turn (KM-6) are
// state that a table of few cows would have to carry, and a phase-1
// position is never near the end of a game. Raided cows stay on the board
// (KM-10), so a game from the standard setup has all its 64 cows in play
// for the whole of phase 2: these tables answer only positions set up by
// hand (studies, puzzles).
//
// A position's index is relative to the player to move: the mover's
// circuit (KM-2, from their b1), then the other's, ranked as a composition
// of n cows into 32 pits, so that Position makes only positions with South
// to move (at turn 60). The turn counter is not part of the index: in
// phase 2 the rules read it only for the side to move and the turn limit
// (C-9). An EndgameSpace is immutable and safe for concurrent use.
type EndgameSpace struct {
	rules ruleBits
	max   int
	// boards ranks the boards of 0..max cows (internal/compose).
	boards *compose.Table
}

// NewEndgameSpace returns the endgame space of phase-2 positions under r
// with at most maxSeeds cows on the board (0..MaxEndgameSeeds). Invalid
// rules give the error of [Rules.Validate]; a maxSeeds out of range an
// error wrapping [mancala.ErrRules].
func NewEndgameSpace(r Rules, maxSeeds int) (*EndgameSpace, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	r = r.Normalize()
	if maxSeeds < 0 || maxSeeds > MaxEndgameSeeds {
		return nil, errtext.Prefix("kimasai: endgame tables: "+strconv.Itoa(maxSeeds)+" cows: want 0.."+strconv.Itoa(MaxEndgameSeeds), mancala.ErrRules)
	}
	s := &EndgameSpace{rules: packRules(r), max: maxSeeds}
	s.boards = compose.New(Pits, maxSeeds)
	return s, nil
}

// Game returns the game's notation name, "kimasai".
func (s *EndgameSpace) Game() string { return Name }

// Rules returns the rules of the space as in a position's rules= field.
func (s *EndgameSpace) Rules() string { return s.rules.String() }

// Version returns [EndgameSpaceVersion].
func (s *EndgameSpace) Version() int { return EndgameSpaceVersion }

// Repetition returns the Repetition option of the space's rules (C-10).
func (s *EndgameSpace) Repetition() mancala.RepetitionRule {
	if s.rules&repetitionBit != 0 {
		return mancala.RepetitionThree
	}
	return mancala.RepetitionNone
}

// MaxSeeds returns the largest number of cows on the board the space
// holds.
func (s *EndgameSpace) MaxSeeds() int { return s.max }

// Scored reports false: Bao la Kimasai keeps no score (KM-11, KM-12).
func (s *EndgameSpace) Scored() bool { return false }

// Material returns 0: no cow leaves the board.
func (s *EndgameSpace) Material(Position) int { return 0 }

// Size returns the number of phase-2 positions with exactly n cows on the
// board (one side to move): 0 for n out of [0, MaxSeeds()].
func (s *EndgameSpace) Size(n int) uint64 {
	return s.boards.Size(n)
}

// slot returns the pit of the j-th place of the mover-relative order (the
// mover's circuit, then the other's): KM-2 numbers North's circuit 16..31
// as South's rotated.
func slot(mover mancala.Player, j int) int {
	return (16*int(mover) + j) % Pits
}

// Index returns the layer (cows on the board) and index of p, and true,
// when p is in the space: a phase-2 position (both reserves empty) of the
// space's rules whose game is not over, with at most MaxSeeds() cows on
// the board. Otherwise it returns 0, 0, false.
func (s *EndgameSpace) Index(p Position) (n int, i uint64, ok bool) {
	if p.rules != s.rules || p.status != mancala.Ongoing || p.reserves != [2]uint8{} {
		return 0, 0, false
	}
	for _, c := range p.pits {
		n += int(c)
	}
	if n > s.max {
		return 0, 0, false
	}
	mover := p.mover()
	return n, s.boards.Rank(n, func(j int) int { return int(p.pits[slot(mover, j)]) }), true
}

// Position returns the position at index i of layer n, with South to move
// at turn 60 and both reserves empty, and true; n out of range or i not
// below Size(n) give the zero Position and false. A position whose player
// to move has no legal move is returned over (C-8; C-6 under
// Endless:Illegal).
func (s *EndgameSpace) Position(n int, i uint64) (Position, bool) {
	p := Position{turn: 60, rules: s.rules}
	if n < 0 || n > s.max || !s.boards.Unrank(n, i, func(j, c int) { p.pits[j] = uint8(c) }) {
		return Position{}, false
	}
	p.settle(false)
	return p, true
}
