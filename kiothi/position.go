package kiothi

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Name is the game's notation name, the first word of a position line.
const Name = "kiothi"

// Board size (KI-1, KI-2): two rows of Files pits, Pits pits in all.
const (
	Files = 10
	Pits  = 2 * Files
)

// layout is the board topology (KI-1..KI-4), built once.
var layout = mustLayout()

// mustLayout builds the two-row layout; it panics only if the shared core
// refuses 10 files, a programmer error caught by every test.
func mustLayout() *mancala.Layout {
	l, err := mancala.NewTwoRowLayout(Files)
	if err != nil {
		panic("kiothi: " + err.Error())
	}
	return l
}

// Opening phases of a turn in the opening (KI-7).
const (
	phaseNone uint8 = iota // a sowing turn, or an opening turn before its first step
	phaseLift              // some pits lifted, more may be lifted (Stop with OpeningUpTo)
	phaseDrop              // lifting over; the hand is being dropped
)

// Position is a Kiothi position: the 20 pits with their nki marks, the two
// prisons, whose turn it is, the state of an opening turn in progress (the
// hand, the pits lifted, where the next drop may go), the result once the
// game is over, and the rules. It is a small comparable value: == is exact
// equality of positions under equal rules, it is a valid map key, and
// copying it is the undo. The zero value is an empty board at turn 0
// under the default rules: each player's only step is Stop (KI-7), and the
// game then ends drawn 0-0 by KI-15; use [Start], [New] or [Parse] for a
// real game.
type Position struct {
	pits     [Pits]uint8
	nki      uint32 // bit p: pit p is nki (KI-8)
	lifted   uint32 // bit p: pit p emptied this opening turn (phaseLift only)
	turn     uint32 // turns completed (C-1)
	prisons  [2]uint8
	hand     uint8 // warriors in the mover's hand (opening only)
	phase    uint8
	dropFrom uint8 // phaseDrop: the lowest pit in ring order the next drop may use
	status   mancala.Status
	winner   mancala.Player
	reason   mancala.Reason
	written  bool // the result is written in the notation (result=)
	rules    ruleBits
}

// Compile-time check that Position meets the shared game contract.
var _ mancala.Game[Position, Move] = Position{}

// Start returns the start position under the default rules (KI-5): 5
// warriors in each of a5..a10 and b6..b1, prisons empty, South to move at
// turn 0.
func Start() Position {
	p, _ := New(Rules{})
	return p
}

// New returns the start position under r (KI-5 with r.Setup): South to move
// at turn 0, prisons empty, no nki. Invalid rules give the error of
// [Rules.Validate], which wraps [mancala.ErrRules].
func New(r Rules) (Position, error) {
	if err := r.Validate(); err != nil {
		return Position{}, err
	}
	p := Position{rules: packRules(r.Normalize())}
	first, n := 4, uint8(5)
	switch r.Setup {
	case FiveByFive:
		first = 5
	case FiveBySix:
		first, n = 5, 6
	}
	for i := first; i < Files; i++ {
		p.pits[i] = n
		p.pits[i+Files] = n
	}
	return p, nil
}

// owner returns the player owning pit p (0..19): South for 0..9 (KI-2).
func owner(p int) mancala.Player { return mancala.Player(p / Files) }

// firstPit returns pl's leftmost pit and the first of its circuit (KI-4):
// 0 (a1) for South, 10 (b10) for North.
func firstPit(pl mancala.Player) int { return int(pl) * Files }

// circ returns how far along the ring pit p lies from pl's first pit,
// 0..19 (the order of legal moves and of opening drops).
func circ(pl mancala.Player, p int) int {
	c := p - firstPit(pl)
	if c < 0 {
		c += Pits
	}
	return c
}

// ToMove returns the player whose decision it is: South when Turn is even
// (C-1). In the opening the same player takes every step of a turn (KI-7).
// For a finished game it is the player who would have been next.
func (p Position) ToMove() mancala.Player { return mancala.Player(p.turn & 1) }

// mover is ToMove for the package's own code: a pointer receiver, so that
// a call never copies the position.
func (p *Position) mover() mancala.Player { return mancala.Player(p.turn & 1) }

// Turn returns the number of completed turns (C-1; the notation's turn=):
// 0 and 1 are the openings, sowing starts at 2.
func (p Position) Turn() int { return int(p.turn) }

// Rules returns the position's rules, validated and normalised.
func (p Position) Rules() Rules { return p.rules.Rules() }

// Layout returns the board topology (KI-1..KI-4), as [Rules.Layout].
func (p Position) Layout() *mancala.Layout { return layout }

// Index returns pit's index on the board (KI-2: a1..a10 = 0..9, b10..b1 =
// 10..19), or -1 for the zero Pit.
func (p Position) Index(pit Pit) int { return pit.index() }

// Pit returns the pit at index (0..19, KI-2), or the zero Pit for an index
// out of range.
func (p Position) Pit(index int) Pit { return pitOf(index) }

// Seeds returns the number of warriors in the pit at index (0..19); 0 for an index out of
// range.
func (p Position) Seeds(index int) int {
	if index < 0 || index >= Pits {
		return 0
	}
	return int(p.pits[index])
}

// AppendSeeds appends the warriors of every pit to dst in index order
// (Seeds(0), Seeds(1), ..., Seeds(Pits-1)) and returns it: one call for
// the whole board, for encoders (mancala/env's Observer). It allocates
// only to grow dst.
func (p Position) AppendSeeds(dst []int) []int {
	for _, n := range p.pits {
		dst = append(dst, int(n))
	}
	return dst
}

// Nki reports whether the pit at index (0..19) is nki (KI-8); false out of range.
func (p Position) Nki(index int) bool {
	return index >= 0 && index < Pits && p.nki&(1<<index) != 0
}

// NkiBits returns the nki marks of every pit in one word: bit i (0..19)
// is set exactly when Nki(i) is true, no other bit ever. Encoders
// (mancala/env's Observer) read it instead of one Nki call per pit.
func (p Position) NkiBits() uint64 { return uint64(p.nki & (1<<Pits - 1)) }

// LiftedBits returns the Lifted flag of every pit in one word: bit i
// (0..19) is set exactly when Lifted(i) is true, no other bit ever.
// Encoders read it instead of one Lifted call per pit.
func (p Position) LiftedBits() uint64 { return uint64(p.lifted & (1<<Pits - 1)) }

// Prison returns the number of warriors in pl's prison (KI-1); 0 for a
// player out of range.
func (p Position) Prison(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return int(p.prisons[pl])
}

// Hand returns the number of warriors in the mover's hand in the middle of
// an opening turn (KI-7), else 0.
func (p Position) Hand() int { return int(p.hand) }

// InOpening reports whether the position is in the opening: turn 0 or 1,
// the redistributions of KI-6, played as the steps of KI-7.
func (p Position) InOpening() bool { return p.turn < 2 }

// Lifted reports whether the pit at index was emptied by a Lift step of the opening turn
// in progress while further lifts are still possible (the notation's
// lifted=); once the drops begin the lifted pits are forgotten.
func (p Position) Lifted(index int) bool {
	return index >= 0 && index < Pits && p.lifted&(1<<index) != 0
}

// DropFrom returns, while an opening turn is dropping its hand, the lowest
// pit in the mover's ring order the next Drop may use (the last pit dropped
// into, or the mover's first pit before the first drop; KI-7), and true.
// Otherwise it returns -1, false.
func (p Position) DropFrom() (int, bool) {
	if p.phase != phaseDrop {
		return -1, false
	}
	return int(p.dropFrom), true
}

// Outcome reports whether the game is over and how (KI-15, KI-16, C-6). A
// finished game always has a score: Score holds both prisons after the
// KI-15 sweep (a position parsed at an end that follows from the rules,
// such as KT8, counts the sweep of the warriors still on the board into the
// prison of the player not to move). Winner is the player with more
// warriors in prison; equal prisons are a draw; an endless move (C-6) is a
// draw whatever the prisons. Use [mancala.Outcome.Margin] for the margin and [OneWarrior] for the victory of
// one warrior.
func (p Position) Outcome() mancala.Outcome {
	if p.status == mancala.Ongoing {
		return mancala.Outcome{}
	}
	o := mancala.Outcome{Status: p.status, Winner: p.winner, Reason: p.reason, HasScore: true}
	o.Score[mancala.South] = int(p.prisons[mancala.South])
	o.Score[mancala.North] = int(p.prisons[mancala.North])
	if p.reason == mancala.NoMove {
		o.Score[p.mover().Other()] += p.boardTotal()
	}
	return o
}

func (p *Position) boardTotal() int {
	// Eight pits a word, in 16-bit lanes: a lane sums at most 6 counts
	// (1530), the four lanes at most 6120, so no lane carries into the
	// next. The slices below are of the 20 pits exactly.
	const lo = 0x00ff00ff00ff00ff
	const _ = uint(Pits-20) + uint(20-Pits)
	a := littleEndian.Uint64(p.pits[0:8])
	b := littleEndian.Uint64(p.pits[8:16])
	c := uint64(littleEndian.Uint32(p.pits[16:20]))
	s := a&lo + a>>8&lo + b&lo + b>>8&lo + c&lo + c>>8&lo
	return int(s * 0x0001000100010001 >> 48)
}

// Counts returns the position's plain counts for front ends and trace
// replay: the 20 pits, the prisons as Stores (indexed by player), the hand
// and the nki marks.
func (p Position) Counts() mancala.Counts {
	c := mancala.Counts{Pits: make([]int, Pits), Nki: make([]bool, Pits), Hand: int(p.hand)}
	for i, n := range p.pits {
		c.Pits[i] = int(n)
		c.Nki[i] = p.nki&(1<<i) != 0
	}
	c.Stores = [2]int{int(p.prisons[0]), int(p.prisons[1])}
	return c
}

// need returns the number of pits the opening turn in progress empties
// (KI-6, KI-7): min(OpeningPits, own pits occupied at the start of the
// turn), the pits lifted so far counted as occupied.
func (p *Position) need() int {
	return min(p.rules.emptied(), bits.OnesCount32(p.lifted|p.ownOccupied()))
}

// ownOccupied returns the mover's occupied pits, a bit per pit index.
func (p *Position) ownOccupied() uint32 {
	w0, w1, w2 := p.words()
	return occupied(w0, w1, w2) & (0x3ff << (p.turn & 1 * Files))
}

// occupiedAbove returns the number of the mover's occupied pits with an
// index above pit.
func (p *Position) occupiedAbove(pit int) int {
	return bits.OnesCount32(p.ownOccupied() >> (uint(pit+1) & 31))
}

// highestLifted returns the highest pit lifted this turn, or -1.
func (p *Position) highestLifted() int {
	if p.lifted == 0 {
		return -1
	}
	return 31 - bits.LeadingZeros32(p.lifted)
}
