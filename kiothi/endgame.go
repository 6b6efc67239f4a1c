package kiothi

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// MaxEndgameSeeds is the largest number of warriors on the board an
// [EndgameSpace] indexes. The index of a layer fits a uint64 far beyond it;
// the bound only keeps the ranking tables small. A table of that many
// warriors would not fit any machine (docs/endgame.md gives the sizes).
const MaxEndgameSeeds = 24

// EndgameSpaceVersion is the version of the index [EndgameSpace] defines:
// a table file built with another version is refused (docs/endgame.md).
const EndgameSpaceVersion = 1

// EndgameSpace indexes the Kiothi positions that endgame tables cover
// (docs/endgame.md): sowing positions (turn 2 on) with at most MaxSeeds()
// warriors on the board, any nki marks on occupied pits (KI-8), any prisons,
// under one rule set. The prisons are not part of the index: every warrior
// in a prison is out of play, and a table holds, for each board, the result
// as a function of the prison difference ([EndgameSpace.Material]).
//
// The index is relative to the player to move: a position with North to
// move has the index of the board turned half round (pit p to pit
// (p+10) mod 20, KI-2..KI-4 and KI-14 are symmetric under it), so
// [EndgameSpace.Position] makes only positions with South to move.
//
// Layer n (exactly n warriors on the board) is indexed without gaps:
// every index in [0, Size(n)) is a position, ranked by the pits in ring
// order from the mover's first pit, each pit's symbols ordered empty, 1,
// 1 nki, 2, 2 nki, ... . Under NkiClear:OwnerLift an nki mark can stay on
// an empty pit, which would multiply the space by up to 2^20;
// [NewEndgameSpace] refuses those rules.
//
// An EndgameSpace is immutable after [NewEndgameSpace] and safe for
// concurrent use.
type EndgameSpace struct {
	rules ruleBits
	max   int
	// count[l][s]: the number of ways to fill l pits with s warriors in
	// all, each occupied pit nki or not.
	count [Pits + 1][MaxEndgameSeeds + 1]uint64
}

// NewEndgameSpace returns the endgame space of positions under r with at
// most maxSeeds warriors on the board (0..MaxEndgameSeeds). Invalid rules
// give the error of [Rules.Validate] (wrapping [mancala.ErrRules]); rules
// with NkiClear:OwnerLift and a maxSeeds out of range give an error
// wrapping [mancala.ErrRules] too.
func NewEndgameSpace(r Rules, maxSeeds int) (*EndgameSpace, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	r = r.Normalize()
	if r.NkiClear == OwnerLift {
		return nil, errtext.Prefix("kiothi: endgame tables: NkiClear:OwnerLift leaves nki marks on empty pits, a space 2^20 times larger; not supported", mancala.ErrRules)
	}
	if maxSeeds < 0 || maxSeeds > MaxEndgameSeeds {
		return nil, errtext.Prefix("kiothi: endgame tables: "+strconv.Itoa(maxSeeds)+" warriors: want 0.."+strconv.Itoa(MaxEndgameSeeds), mancala.ErrRules)
	}
	s := &EndgameSpace{rules: packRules(r), max: maxSeeds}
	s.count[0][0] = 1
	for l := 1; l <= Pits; l++ {
		for t := 0; t <= MaxEndgameSeeds; t++ {
			n := s.count[l-1][t]
			for c := 1; c <= t; c++ {
				n += 2 * s.count[l-1][t-c]
			}
			s.count[l][t] = n
		}
	}
	return s, nil
}

// Game returns the game's notation name, "kiothi".
func (s *EndgameSpace) Game() string { return Name }

// Rules returns the rules of the space as in a position's rules= field ("" for
// the defaults).
func (s *EndgameSpace) Rules() string { return s.rules.String() }

// Version returns [EndgameSpaceVersion].
func (s *EndgameSpace) Version() int { return EndgameSpaceVersion }

// MaxSeeds returns the largest number of warriors on the board the space
// holds.
func (s *EndgameSpace) MaxSeeds() int { return s.max }

// Scored reports true: Kiothi is decided by the prisons (KI-16), so a
// table's value depends on the prison difference.
func (s *EndgameSpace) Scored() bool { return true }

// Size returns the number of positions with exactly n warriors on the board
// (one side to move): 0 for n out of [0, MaxSeeds()].
func (s *EndgameSpace) Size(n int) uint64 {
	if n < 0 || n > s.max {
		return 0
	}
	return s.count[Pits][n]
}

// Material returns the prison difference of p for the player to move: their
// prison minus the other's (KI-16).
func (s *EndgameSpace) Material(p Position) int {
	m := p.mover()
	return int(p.prisons[m]) - int(p.prisons[m.Other()])
}

// Index returns the layer (warriors on the board) and index of p, and true,
// when p is in the space: a sowing position (turn 2 on) of the space's rules
// whose game is not over, with at most MaxSeeds() warriors on the board.
// Otherwise it returns 0, 0, false. The prisons and the turn counter are not
// part of the index.
func (s *EndgameSpace) Index(p Position) (n int, i uint64, ok bool) {
	if p.rules != s.rules || p.turn < 2 || p.status != mancala.Ongoing || p.phase != phaseNone || p.hand != 0 {
		return 0, 0, false
	}
	n = p.boardTotal()
	if n > s.max {
		return 0, 0, false
	}
	base := firstPit(p.mover())
	rem := n
	for j := range Pits {
		pit := (base + j) % Pits
		c := int(p.pits[pit])
		if c == 0 {
			continue // the empty pit is the first symbol
		}
		l := Pits - 1 - j
		i += s.count[l][rem] // empty
		for d := 1; d < c; d++ {
			i += 2 * s.count[l][rem-d] // d, then d nki
		}
		if p.nki&(1<<pit) != 0 {
			i += s.count[l][rem-c] // c without nki
		}
		rem -= c
	}
	return n, i, true
}

// Position returns the position at index i of layer n, with South to
// move at turn 2, prisons empty, and true; 0..n out of range or i not below
// Size(n) give the zero Position and false. A position whose player to move
// has no move is returned over (KI-15, with its sweep; C-6 under
// Endless:Illegal).
func (s *EndgameSpace) Position(n int, i uint64) (Position, bool) {
	if n < 0 || n > s.max || i >= s.count[Pits][n] {
		return Position{}, false
	}
	p := Position{turn: 2, rules: s.rules}
	rem := n
	for pit := range Pits {
		l := Pits - 1 - pit
		// Walk the symbols of this pit in rank order: empty, then 1, 1 nki,
		// 2, 2 nki, ...
		if rem == 0 {
			break
		}
		if w := s.count[l][rem]; i < w {
			continue // empty
		} else {
			i -= w
		}
		for c := 1; c <= rem; c++ {
			w := s.count[l][rem-c]
			if i < w {
				p.pits[pit] = uint8(c)
				break
			}
			i -= w
			if i < w {
				p.pits[pit] = uint8(c)
				p.nki |= 1 << pit
				break
			}
			i -= w
		}
		rem -= int(p.pits[pit])
	}
	p.settle(nil)
	return p, true
}

// Repetition returns the Repetition option of the space's rules (C-10,
// KI-18).
func (s *EndgameSpace) Repetition() mancala.RepetitionRule {
	if s.rules&repetitionBit != 0 {
		return mancala.RepetitionThree
	}
	return mancala.RepetitionNone
}
