package kisolo

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/compose"
	"github.com/seed8ebe013a/go-mancala/internal/errtext"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// MaxEndgameSeeds is the largest number of seeds on the board an
// [EndgameSpace] indexes.
const MaxEndgameSeeds = 16

// EndgameSpaceVersion is the version of the index [EndgameSpace] defines:
// a table file built with another version is refused (docs/endgame.md).
const EndgameSpaceVersion = 1

// EndgameSpace indexes the Kisolo positions with at most MaxSeeds() seeds
// on the board under one rule set, for endgame tables (docs/endgame.md).
//
// Kisolo keeps every seed on the board for the whole game (KS-7: captured
// seeds are sown on the captor's side; C-5), so a game from a standard
// setup never has fewer than its 84 (72, 96) seeds in play: these tables
// answer only positions set up by hand (studies, puzzles), and serve as
// the test of the retrograde analysis on a game that is not scored.
//
// A position's index is relative to the player to move: the mover's
// circuit (KS-2, from their a1), then the other's, ranked as a
// composition of n seeds into 4C pits (Columns C), so that Position makes
// only positions with South to move (at turn 10). The turn counter is not
// part of the index: Kisolo's rules read it only for the side to move and
// the turn limit (C-9). An EndgameSpace is immutable and safe for
// concurrent use.
type EndgameSpace struct {
	rules ruleBits
	max   int
	pits  int
	// boards ranks the boards of 0..max seeds (internal/compose).
	boards *compose.Table
}

// NewEndgameSpace returns the endgame space of positions under r with at
// most maxSeeds seeds on the board (0..MaxEndgameSeeds). Invalid rules
// give the error of [Rules.Validate]; a maxSeeds out of range an error
// wrapping [mancala.ErrRules].
func NewEndgameSpace(r Rules, maxSeeds int) (*EndgameSpace, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	r = r.Normalize()
	if maxSeeds < 0 || maxSeeds > MaxEndgameSeeds {
		return nil, errtext.Prefix("kisolo: endgame tables: "+strconv.Itoa(maxSeeds)+" seeds: want 0.."+strconv.Itoa(MaxEndgameSeeds), mancala.ErrRules)
	}
	s := &EndgameSpace{rules: packRules(r), max: maxSeeds, pits: 4 * r.files()}
	s.boards = compose.New(s.pits, maxSeeds)
	return s, nil
}

// Game returns the game's notation name, "kisolo".
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

// MaxSeeds returns the largest number of seeds on the board the space
// holds.
func (s *EndgameSpace) MaxSeeds() int { return s.max }

// Scored reports false: Kisolo keeps no score (KS-10, KS-11).
func (s *EndgameSpace) Scored() bool { return false }

// Material returns 0: no seed leaves play in Kisolo.
func (s *EndgameSpace) Material(Position) int { return 0 }

// Size returns the number of positions with exactly n seeds on the board
// (one side to move): 0 for n out of [0, MaxSeeds()].
func (s *EndgameSpace) Size(n int) uint64 {
	return s.boards.Size(n)
}

// slot returns where the j-th pit of the mover-relative order (the
// mover's circuit, then the other's) is kept in Position.circ.
func (s *EndgameSpace) slot(mover mancala.Player, j int) int {
	half := s.pits / 2
	pl := mover
	if j >= half {
		pl, j = mover.Other(), j-half
	}
	return 16*int(pl) + j
}

// Index returns the layer (seeds on the board) and index of p, and true,
// when p is in the space: a position of the space's rules whose game is
// not over, with at most MaxSeeds() seeds on the board. Otherwise it
// returns 0, 0, false.
func (s *EndgameSpace) Index(p Position) (n int, i uint64, ok bool) {
	if p.rules != s.rules || p.result != 0 {
		return 0, 0, false
	}
	for _, c := range p.circ {
		n += int(c)
	}
	if n > s.max {
		return 0, 0, false
	}
	mover := p.mover()
	return n, s.boards.Rank(n, func(j int) int { return int(p.circ[s.slot(mover, j)]) }), true
}

// Position returns the position at index i of layer n, with South to move
// at turn 10, and true; n out of range or i not below Size(n) give the
// zero Position and false. A position whose player to move has no legal
// move is returned over (C-8; C-6 under Endless:Illegal).
func (s *EndgameSpace) Position(n int, i uint64) (Position, bool) {
	p := Position{turn: 10, rules: s.rules}
	if n < 0 || n > s.max || !s.boards.Unrank(n, i, func(j, c int) { p.circ[s.slot(mancala.South, j)] = uint8(c) }) {
		return Position{}, false
	}
	p.settle()
	return p, true
}
