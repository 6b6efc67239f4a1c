package kimasai

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Name is the game's name in the notation ("kimasai").
const Name = "kimasai"

// Board size and cow counts (KM-1, KM-5).
const (
	Files        = 8  // pits per row
	Pits         = 32 // pits on the board: 0..15 South's, 16..31 North's (KM-2)
	StartReserve = 24 // cows each player holds off the board at the start (KM-5)
	TotalCows    = 64 // cows in a standard game: 16 on the board, 2 x 24 in reserve (KM-5)
)

// layout is the board topology of KM-1..KM-4, built once.
var layout = mustLayout()

// mustLayout builds the layout; it panics only if the mancala package
// cannot build a 4 x 8 clockwise board, a programming error.
func mustLayout() *mancala.Layout {
	l, err := mancala.NewFourRowLayout(Files, mancala.Clockwise)
	if err != nil {
		panic("kimasai: " + err.Error())
	}
	return l
}

// Position is a Bao la Kimasai position: the cows in each of the 32 pits,
// both reserves, the number of turns played, the rules, the result once
// the game is over, and the legal moves of the player to move (derived
// from the rest when the position is made; under Endless=Illegal the
// endless candidates are left out, C-6). It is a small comparable value:
// == is exact equality of positions under equal rules, it can key a map,
// and copying it is the undo.
// The zero Position is an empty board with South to move at turn 0 under
// the default rules: a finished game that North has won, since South has no
// move (C-8). Use [Start], [New] or [Parse] to make a position.
type Position struct {
	pits     [Pits]uint8
	reserves [2]uint8
	status   mancala.Status
	winner   mancala.Player
	reason   mancala.Reason
	written  bool   // the result is printed as result= (set by a move or parsed)
	legal    uint16 // bit i set iff the mover's move from circuit index i is legal (derived: see settle); 0 once over
	turn     uint32
	rules    ruleBits
}

var _ mancala.Game[Position, Move] = Position{}

// Start returns the start position under the default rules (KM-5): one cow
// in every inner pit, outer rows empty, 24 cows in each reserve, South to
// move on turn 0.
func Start() Position {
	var p Position
	for i := range Files {
		p.pits[i] = 1
		p.pits[16+i] = 1
	}
	p.reserves = [2]uint8{StartReserve, StartReserve}
	p.legal = 0x00ff // the inner row
	return p
}

// New returns the start position (KM-5) under rules r, validated and
// normalised. Invalid rules give the error of [Rules.Validate], wrapping
// [mancala.ErrRules].
func New(r Rules) (Position, error) {
	if err := r.Validate(); err != nil {
		return Position{}, err
	}
	p := Start()
	p.rules = packRules(r.Normalize())
	p.settle(false)
	return p, nil
}

// ToMove returns the player to move: South on even turns, North on odd
// turns (C-1). In a finished game it is the player who would move next.
func (p Position) ToMove() mancala.Player { return mancala.Player(p.turn & 1) }

// mover is ToMove for the package's own code: a pointer receiver, so that
// a call never copies the position.
func (p *Position) mover() mancala.Player { return mancala.Player(p.turn & 1) }

// Turn returns the number of turns completed, the notation's turn= field
// (C-1): South moves on even turns.
func (p Position) Turn() int { return int(p.turn) }

// Rules returns the position's rules (validated and normalised).
func (p Position) Rules() Rules { return p.rules.Rules() }

// Layout returns the board topology (the same for every position), as
// [Rules.Layout] does.
func (p Position) Layout() *mancala.Layout { return layout }

// Index returns pit's index on the board (KM-2: South b1..b8 = 0..7,
// a8..a1 = 8..15; North c8..c1 = 16..23, d1..d8 = 24..31), or -1 for the
// zero Pit.
func (p Position) Index(pit Pit) int { return pit.index() }

// Pit returns the pit at index (0..31, KM-2), or the zero Pit for an index
// out of range.
func (p Position) Pit(index int) Pit { return pitOf(index) }

// Seeds returns the number of cows in the pit at index (0..31, numbered as KM-2); 0 for
// an index out of range.
func (p Position) Seeds(index int) int {
	if index < 0 || index >= Pits {
		return 0
	}
	return int(p.pits[index])
}

// AppendSeeds appends the cows of every pit to dst in index order
// (Seeds(0), Seeds(1), ..., Seeds(Pits-1)) and returns it: one call for
// the whole board, for encoders (mancala/env's Observer). It allocates
// only to grow dst.
func (p Position) AppendSeeds(dst []int) []int {
	for _, n := range p.pits {
		dst = append(dst, int(n))
	}
	return dst
}

// Reserve returns the cows player pl still holds off the board (KM-5,
// KM-6); 0 for an out-of-range player.
func (p Position) Reserve(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return int(p.reserves[pl])
}

// Phase returns 1 while either player still holds reserve cows (KM-6) and
// 2 once both reserves are empty (KM-8). The phase of a move is the phase
// of the position it is played from, so the move that places the last
// reserve cow is a phase-1 move (KM-7).
func (p Position) Phase() int {
	if p.reserves[0]|p.reserves[1] != 0 {
		return 1
	}
	return 2
}

// freeTurn reports whether the mover places no reserve cow this turn
// because it is a free first turn (KM-6, FreeFirstTurn).
func (p *Position) freeTurn() bool {
	return p.turn == 0 || (p.turn == 1 && p.rules&eachPlayerBit != 0)
}

// Outcome reports whether the game is over and how: KM-11 (the winner
// emptied the loser's inner row by a raid: reason InnerRowEmptied), KM-12
// (the loser ended a move with their own inner row empty:
// SelfEmptiedInnerRow), C-8 (the loser was to move with no legal move:
// NoMove), or C-6 (a draw by an endless move, or, with Endless=Illegal, a
// player to move whose every candidate move is endless: Endless). It reads
// the result stored in the position and costs nothing. HasScore is false.
func (p Position) Outcome() mancala.Outcome {
	if p.status == mancala.Ongoing {
		if p.noCows() {
			// Only the zero Position gets here: every position made by
			// New, Parse or Apply has its C-8 end settled.
			return mancala.Outcome{Status: mancala.Win, Winner: p.mover().Other(), Reason: mancala.NoMove}
		}
		return mancala.Outcome{}
	}
	return mancala.Outcome{Status: p.status, Winner: p.winner, Reason: p.reason}
}

func (p *Position) setResult(status mancala.Status, winner mancala.Player, reason mancala.Reason, written bool) {
	p.status, p.winner, p.reason, p.written = status, winner, reason, written
	if status != mancala.Win {
		p.winner = 0
	}
	p.legal = 0
}

// Counts returns the position's plain cow counts: Pits (32, indexed as
// KM-2) and Reserves (indexed by player); no stores, hand or nki marks.
func (p Position) Counts() mancala.Counts {
	c := mancala.Counts{Pits: make([]int, Pits)}
	for i, n := range p.pits {
		c.Pits[i] = int(n)
	}
	c.Reserves = [2]int{int(p.reserves[0]), int(p.reserves[1])}
	return c
}
