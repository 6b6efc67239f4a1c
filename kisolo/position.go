package kisolo

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Name is the game's notation name, the first word of a position line.
const Name = "kisolo"

// Position is a Kisolo position: the seeds in every pit, the validated and
// normalised rules, the number of turns completed (whose parity gives the
// side to move, C-1), the result once the game is over, and the legal
// moves of the player to move (computed from the rest when the position is
// made; under Endless = Illegal the endless candidates are left out, C-6).
// It is a small comparable value: == is exact equality of positions under
// equal rules, a Position is a valid map key, and copying it is the undo.
// Methods never modify the receiver.
//
// The zero Position is an empty 4 x 7 board under the default rules with
// South to move at turn 0; South has no legal move, so North has won
// (C-8). Use [Start], [New] or [Parse] to make a position.
type Position struct {
	circ    [32]uint8 // circ[16*pl+i]: the seeds at index i of player pl's circuit (KS-2); the rest stay 0
	turn    uint32
	rules   ruleBits
	legal   uint16 // bit i set iff the mover's move at circuit index i is legal (derived by settle); 0 once over
	result  uint8  // encoded Outcome; 0 while ongoing
	capture bool   // the legal moves are captures (KS-6; derived by settle)
	written bool   // the result is written as result= (set by a move, or parsed from result=); false for a result Parse derived
}

var _ mancala.Game[Position, Move] = Position{}

// Start returns the standard start position under the default rules: 4 x 7
// pits of three seeds each (84 seeds), South to move at turn 0 (KS-5).
func Start() Position {
	p, _ := New(Rules{})
	return p
}

// New returns the start position for r: the board of r.Files files set
// up as r.Setup says (KS-5), South to move at turn 0. Invalid rules give
// the error of [Rules.Validate], which wraps [mancala.ErrRules].
func New(r Rules) (Position, error) {
	if err := r.Validate(); err != nil {
		return Position{}, err
	}
	r = r.Normalize()
	p := Position{rules: packRules(r)}
	c := r.files()
	ring := 2 * c
	var circuit [16]uint8
	switch r.Setup {
	case All3:
		for i := range ring {
			circuit[i] = 3
		}
	case Outer3:
		for i := range c {
			circuit[i] = 3
		}
	case Townshend1:
		circuit = [16]uint8{1, 0, 1, 0, 1, 0, 15, 0, 1, 0, 1, 0, 1, 0}
	case Townshend2:
		circuit = [16]uint8{9, 0, 0, 0, 0, 0, 9, 0, 1, 0, 1, 0, 1, 0}
	}
	for i := range ring {
		p.circ[i] = circuit[i]
		p.circ[16+i] = circuit[i] // North: South rotated half a turn
	}
	p.settle()
	p.written = p.result != 0
	return p, nil
}

func (p *Position) geom() *geom { return byFiles[p.rules&filesMask] }

// ToMove returns the player to move: South when Turn is even, North when
// it is odd (C-1). It is also defined after the end of the game: the
// player who would have moved next.
func (p Position) ToMove() mancala.Player { return mancala.Player(p.turn & 1) }

// mover is ToMove for the package's own code: a pointer receiver, so that
// a call never copies the position.
func (p *Position) mover() mancala.Player { return mancala.Player(p.turn & 1) }

// Turn returns the number of turns completed, as in the notation's turn=
// field (C-1): 0 at the start. A set-up position may start at any turn
// up to 1,000,000,000, the largest turn= that [Parse] accepts; a position
// played on past that prints a turn that Parse refuses.
func (p Position) Turn() int { return int(p.turn) }

// Rules returns the position's rules, validated and normalised.
func (p Position) Rules() Rules { return p.rules.Rules() }

// Layout returns the board topology for the position's number of columns
// (KS-1..KS-4): shared, immutable, built once per column count.
func (p Position) Layout() *mancala.Layout { return p.geom().layout }

// Seeds returns the number of seeds in the pit at index (0..4C-1, numbered as in KS-2:
// for C = 7 South's a1..a7 = 0..6, b7..b1 = 7..13, North's d7..d1 =
// 14..20, c1..c7 = 21..27), or 0 for an index out of range.
func (p Position) Seeds(index int) int {
	g := p.geom()
	if index < 0 || index >= 4*g.c {
		return 0
	}
	return int(p.circ[g.slot(index)])
}

// AppendSeeds appends the seeds of every pit to dst in index order
// (Seeds(0), Seeds(1), ..., Seeds(4C-1)) and returns it: one call for the
// whole board, for encoders (mancala/env's Observer). It allocates only
// to grow dst.
func (p Position) AppendSeeds(dst []int) []int {
	g := p.geom()
	// Pits 0..ring-1 are kept in circ[0:ring], the others from circ[16]
	// on (geom.slot).
	for _, n := range p.circ[:g.ring] {
		dst = append(dst, int(n))
	}
	for _, n := range p.circ[16 : 16+4*g.c-g.ring] {
		dst = append(dst, int(n))
	}
	return dst
}

// slot returns where pit (0..4C-1, KS-2) is kept in Position.circ.
func (g *geom) slot(pit int) int {
	if pit >= g.ring {
		pit += 16 - g.ring
	}
	return pit & 31
}

// board returns the seeds of every pit by its index (KS-2).
func (p *Position) board() [32]uint8 {
	g := p.geom()
	var b [32]uint8
	copy(b[:g.ring], p.circ[:g.ring])
	copy(b[g.ring:2*g.ring], p.circ[16:16+g.ring])
	return b
}

// setBoard sets the seeds of every pit from b, indexed as KS-2.
func (p *Position) setBoard(b *[32]uint8) {
	g := p.geom()
	p.circ = [32]uint8{}
	copy(p.circ[:g.ring], b[:g.ring])
	copy(p.circ[16:16+g.ring], b[g.ring:2*g.ring])
}

// Outcome reports whether the game is over and how: a win by KS-10
// ("inner"), KS-11 ("selfinner"), the Win = OuterRowEmptied rule
// ("outer") or C-8 ("nomove"), or a draw by endless sowing (C-6, KS-12).
// Kisolo keeps no score, so HasScore is false. The result stored in the
// position (the notation's result= field) is authoritative.
func (p Position) Outcome() mancala.Outcome {
	if p.result != 0 {
		return decodeResult(p.result)
	}
	if !p.hasSeeds() {
		// Only the zero Position and values built without New or Parse get
		// here; every position they make has its result settled.
		return mancala.Outcome{Status: mancala.Win, Winner: p.mover().Other(), Reason: mancala.NoMove}
	}
	return mancala.Outcome{}
}

// Result encoding: bits 0..2 the reason, bit 3 the winner, bits 4..5 the
// status; 0 is an ongoing game.
func encodeResult(o mancala.Outcome) uint8 {
	if o.Status == mancala.Ongoing {
		return 0
	}
	return uint8(o.Status)<<4 | uint8(o.Winner&1)<<3 | uint8(o.Reason&7)
}

func decodeResult(r uint8) mancala.Outcome {
	o := mancala.Outcome{Status: mancala.Status(r >> 4), Reason: mancala.Reason(r & 7)}
	if o.Status == mancala.Win {
		o.Winner = mancala.Player(r >> 3 & 1)
	}
	return o
}

func win(pl mancala.Player, r mancala.Reason) uint8 {
	return encodeResult(mancala.Outcome{Status: mancala.Win, Winner: pl, Reason: r})
}

var (
	drawEndless   = encodeResult(mancala.Outcome{Status: mancala.Draw, Reason: mancala.Endless})
	drawTurnLimit = encodeResult(mancala.Outcome{Status: mancala.Draw, Reason: mancala.TurnLimit})
)

// Index returns the index on p's board (KS-2: for C = 7 South's a1..a7 =
// 0..6, b7..b1 = 7..13, North's d7..d1 = 14..20, c1..c7 = 21..27) of pit,
// or -1 for the zero Pit or a file beyond the board's files.
func (p Position) Index(pit Pit) int {
	g := p.geom()
	if pit.IsZero() || int(pit.row) >= maxRows || int(pit.file) > g.c {
		return -1
	}
	return int(g.at[pit.row][pit.file])
}

// Pit returns the pit at index (0..4C-1, numbered as KS-2) of p's board,
// or the zero Pit for an index out of range.
func (p Position) Pit(index int) Pit {
	g := p.geom()
	if index < 0 || index >= 4*g.c {
		return Pit{}
	}
	return g.pit[index]
}
