package kisolo

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Name is the game's notation name, the first word of a position line.
const Name = "kisolo"

// Position is a Kisolo position: the seeds in every pit, the validated and
// normalised rules, the number of turns completed (whose parity gives the
// side to move, C-1), the result once the game is over, and, under
// Endless = Illegal, which of the mover's candidate moves are endless
// (computed when the position is made, C-6). It is a small comparable
// value: == is exact equality of positions under equal rules, a Position
// is a valid map key, and copying it is the undo. Methods never modify the
// receiver.
//
// The zero Position is an empty 4 x 7 board under the default rules with
// South to move at turn 0; South has no legal move, so North has won
// (C-8). Use [Start], [New] or [Parse] to make a position.
type Position struct {
	seeds   [32]uint8 // indexed by pit, 0..4C-1 (KS-2); the rest stay 0
	rules   Rules
	turn    uint32
	result  uint8  // encoded Outcome; 0 while ongoing
	endless uint16 // Endless = Illegal: bit i set if the candidate at circuit index i is endless
	derived bool   // result was derived by Parse from a set-up without result=; String leaves it out
}

var _ mancala.Game[Position, Move] = Position{}

// Start returns the standard start position under the default rules: 4 x 7
// pits of three seeds each (84 seeds), South to move at turn 0 (KS-5).
func Start() Position {
	p, _ := New(Rules{})
	return p
}

// New returns the start position for r: the board of r.Columns files set
// up as r.Setup says (KS-5), South to move at turn 0. Invalid rules give
// the error of [Rules.Validate], which wraps [mancala.ErrRules].
func New(r Rules) (Position, error) {
	if err := r.Validate(); err != nil {
		return Position{}, err
	}
	r = r.Normalize()
	p := Position{rules: r}
	c := r.Files()
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
		p.seeds[i] = circuit[i]
		p.seeds[ring+i] = circuit[i] // North: South rotated half a turn
	}
	p.settle()
	return p, nil
}

func (p *Position) geom() *geom { return geoms[p.rules.Files()] }

// ToMove returns the player to move: South when Turn is even, North when
// it is odd (C-1). It is also defined after the end of the game: the
// player who would have moved next.
func (p Position) ToMove() mancala.Player { return mancala.Player(p.turn & 1) }

// Turn returns the number of turns completed, as in the notation's turn=
// field (C-1): 0 at the start. A set-up position may start at any turn
// up to 1,000,000,000, the largest turn= that [Parse] accepts; a position
// played on past that prints a turn that Parse refuses.
func (p Position) Turn() int { return int(p.turn) }

// Rules returns the position's rules, validated and normalised.
func (p Position) Rules() Rules { return p.rules }

// Layout returns the board topology for the position's number of columns
// (KS-1..KS-4): shared, immutable, built once per column count.
func (p Position) Layout() *mancala.Layout { return p.geom().layout }

// Seeds returns the number of seeds in pit (0..4C-1, numbered as in KS-2:
// for C = 7 South's a1..a7 = 0..6, b7..b1 = 7..13, North's d7..d1 =
// 14..20, c1..c7 = 21..27), or 0 for a pit out of range.
func (p Position) Seeds(pit int) int {
	if pit < 0 || pit >= 4*p.rules.Files() {
		return 0
	}
	return int(p.seeds[pit])
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
		return mancala.Outcome{Status: mancala.Win, Winner: p.ToMove().Other(), Reason: mancala.NoMove}
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

// hasSeeds reports whether the player to move has a seed on their circuit.
func (p *Position) hasSeeds() bool {
	g := p.geom()
	m0 := int(p.turn&1) * g.ring
	for i := m0; i < m0+g.ring; i++ {
		if p.seeds[i&31] != 0 {
			return true
		}
	}
	return false
}

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice; it appends nothing once the game is over. While any capture
// exists only captures are legal (KS-6): Capture through each of the
// mover's occupied inner pits whose facing pit is occupied; otherwise
// Sow from each occupied pit of the mover's two rows. Moves come in
// ascending order of the pit's index along the mover's circuit (KS-2:
// South a1..a7 then b7..b1; North d7..d1 then c1..c7), without
// duplicates. Under Endless = Illegal endless moves are left out (C-6). It
// allocates nothing when dst has room for the moves (at most 2C = 16).
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.result != 0 {
		return dst
	}
	g := p.geom()
	c, ring := g.c, g.ring
	m0 := int(p.turn&1) * ring
	o0 := ring - m0
	captures := false
	for i := c; i < ring; i++ {
		if p.seeds[(m0+i)&31] != 0 && p.seeds[(o0+3*c-1-i)&31] != 0 {
			captures = true
			if p.endless&(1<<i) == 0 {
				dst = append(dst, Move{kind: CaptureKind, pit: g.pit[(m0+i)&31]})
			}
		}
	}
	if captures {
		return dst
	}
	for i := 0; i < ring; i++ {
		if p.seeds[(m0+i)&31] != 0 && p.endless&(1<<i) == 0 {
			dst = append(dst, Move{kind: SowKind, pit: g.pit[(m0+i)&31]})
		}
	}
	return dst
}

// LegalMoves returns the legal moves in a new slice, in the order of
// [Position.AppendLegalMoves]; an empty (non-nil) slice once the game is
// over.
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 16)) }

// HasCapture reports whether the player to move has a capture, which makes
// every sowing move illegal (KS-6). It is false once the game is over.
func (p Position) HasCapture() bool {
	if p.result != 0 {
		return false
	}
	g := p.geom()
	return p.hasCapture(g, int(p.turn&1)*g.ring)
}

func (p *Position) hasCapture(g *geom, m0 int) bool {
	c, ring := g.c, g.ring
	o0 := ring - m0
	for i := c; i < ring; i++ {
		if p.seeds[(m0+i)&31] != 0 && p.seeds[(o0+3*c-1-i)&31] != 0 {
			return true
		}
	}
	return false
}

// Index returns the index on p's board (KS-2: for C = 7 South's a1..a7 =
// 0..6, b7..b1 = 7..13, North's d7..d1 = 14..20, c1..c7 = 21..27) of pit,
// or -1 for the zero Pit or a file beyond the board's Columns.
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

// Apply returns the position after m; the receiver is unchanged. A sow
// lifts every seed of the pit and sows them from the next pit (KS-6); a
// capture takes the facing pit and the pit behind it and sows them from
// the capturing pit itself (KS-7); laps end, relay and capture as in KS-8.
// After the move the game ends by KS-10, KS-11 (or the Win =
// OuterRowEmptied rule), or, for the next player, by C-8 or C-6; an
// endless move under Endless = Draw ends the game as a draw with the board
// unchanged and the turn passed (C-6, KS-12).
//
// A refused move returns the receiver and a [*mancala.MoveError] wrapping
// [mancala.ErrGameOver] once the game is over, else
// [mancala.ErrIllegalMove]: the zero Move, a pit not on the board or not
// the mover's, an empty pit, a sow while a capture exists (KS-6), a
// capture not through an inner pit or whose facing pit is empty, or an
// endless move under Endless = Illegal. Apply allocates nothing for a
// legal move.
func (p Position) Apply(m Move) (Position, error) {
	pit, err := p.check(m)
	if err != nil {
		return p, err
	}
	b := p.seeds
	end, _ := p.sow(&b, m.kind, pit, nil)
	return p.after(&b, end), nil
}

// ApplyTrace is [Position.Apply] that also reports every movement of seeds
// to fn, in order (docs/design.md, "Traces for front ends"): a sow starts with
// Lift (pit to hand); a capture starts with one Capture event (enemy pit
// to hand) for each of the facing pit and the pit behind it that held
// seeds; each relay lap starts with Relay (pit to hand); each seed sown is
// a Drop (hand to pit, Count 1); the last event is one End whose EndReason
// is EndNextEmpty (KS-8.2) or EndInnerRowEmptied (KS-8.1). An endless move
// (C-6) reports only End with EndEndless; a refused move reports nothing.
// A nil fn makes it Apply.
func (p Position) ApplyTrace(m Move, fn func(mancala.Event)) (Position, error) {
	pit, err := p.check(m)
	if err != nil || fn == nil {
		if err != nil {
			return p, err
		}
		return p.Apply(m)
	}
	b := p.seeds
	end, _ := p.sow(&b, m.kind, pit, nil)
	if end == mancala.EndEndless {
		fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEndless})
	} else {
		t := p.seeds
		p.sow(&t, m.kind, pit, fn)
		fn(mancala.Event{Kind: mancala.End, EndReason: end})
	}
	return p.after(&b, end), nil
}

// applyCount is Apply that also returns the number of seeds sown (every
// drop, capture laps included; none for an endless move), for benchmarks.
func (p Position) applyCount(m Move) (Position, int, error) {
	pit, err := p.check(m)
	if err != nil {
		return p, 0, err
	}
	b := p.seeds
	end, sown := p.sow(&b, m.kind, pit, nil)
	if end == mancala.EndEndless {
		sown = 0
	}
	return p.after(&b, end), sown, nil
}

// check validates m against p and returns its pit.
func (p *Position) check(m Move) (int, error) {
	if p.result != 0 {
		return -1, p.refuse(m, "the game is over", mancala.ErrGameOver)
	}
	g := p.geom()
	if m.kind == NoKind || m.kind > CaptureKind || int(m.pit.row) >= maxRows || int(m.pit.file) > g.c || m.pit.file < 1 {
		return -1, p.refuse(m, "no such pit on this board", nil)
	}
	pit := int(g.at[m.pit.row][m.pit.file])
	m0 := int(p.turn&1) * g.ring
	i := pit - m0
	if i < 0 || i >= g.ring {
		return -1, p.refuse(m, "not the mover's pit", nil)
	}
	if p.seeds[pit&31] == 0 {
		return -1, p.refuse(m, "pit is empty", nil)
	}
	if m.kind == CaptureKind {
		if i < g.c {
			return -1, p.refuse(m, "a capture must name an inner pit (KS-6)", nil)
		}
		if p.seeds[(g.ring-m0+3*g.c-1-i)&31] == 0 {
			return -1, p.refuse(m, "the facing pit is empty (KS-6)", nil)
		}
	} else if p.hasCapture(g, m0) {
		return -1, p.refuse(m, "a capture is compulsory (KS-6)", nil)
	}
	if p.endless&(1<<i) != 0 {
		return -1, p.refuse(m, "the move would sow forever (C-6, Endless=Illegal)", nil)
	}
	return pit, nil
}

func (p *Position) refuse(m Move, reason string, err error) error {
	if err == nil && !p.hasSeeds() {
		// A hand-made value without seeds for the mover is a finished game
		// (C-8), even before its result is settled.
		err, reason = mancala.ErrGameOver, "the game is over"
	}
	if err == nil {
		err = mancala.ErrIllegalMove
	}
	return &mancala.MoveError{Game: Name, Move: m.String(), Reason: reason, Err: err}
}

// after returns the position after a move that ended with end on board b:
// KS-10, KS-11 or the Win = OuterRowEmptied rule for the mover, then C-8
// and C-6 for the next player.
func (p Position) after(b *[32]uint8, end mancala.MoveEnd) Position {
	q := p
	q.turn++
	q.endless = 0
	mover := p.ToMove()
	if end == mancala.EndEndless {
		q.result = drawEndless // C-6: board as before the move
		return q
	}
	q.seeds = *b
	g := p.geom()
	c, ring := g.c, g.ring
	m0 := int(mover) * ring
	o0 := ring - m0
	switch {
	case q.rules.Win == OuterRowEmptied:
		// KS-11, Win = OuterRowEmptied.
		if rowEmpty(b, o0, c) {
			q.result = win(mover, mancala.OuterRowEmptied)
		} else if rowEmpty(b, m0, c) {
			q.result = win(mover.Other(), mancala.OuterRowEmptied)
		}
	case end == mancala.EndInnerRowEmptied:
		q.result = win(mover, mancala.InnerRowEmptied) // KS-10
	case q.rules.SelfEmptiedInnerRow == Loses && rowEmpty(b, m0+c, c):
		q.result = win(mover.Other(), mancala.SelfEmptiedInnerRow) // KS-11
	}
	if q.result == 0 {
		q.settle()
	}
	q.turnLimit()
	return q
}

// turnLimit draws a game still going at turn mancala.MaxTurn (C-9).
func (p *Position) turnLimit() {
	if p.result == 0 && p.turn >= mancala.MaxTurn {
		p.result, p.endless = drawTurnLimit, 0
	}
}

func rowEmpty(b *[32]uint8, from, n int) bool {
	for k := from; k < from+n; k++ {
		if b[k&31] != 0 {
			return false
		}
	}
	return true
}

// settle decides, for a position without a result, whether the player to
// move has lost for want of a move (C-8) or, under Endless = Illegal,
// draws because every candidate move is endless (C-6); in the latter case
// it also records which candidates are endless.
func (p *Position) settle() {
	p.endless = 0
	if !p.hasSeeds() {
		p.result = win(p.ToMove().Other(), mancala.NoMove)
		return
	}
	if p.rules.Endless != Illegal {
		return
	}
	g := p.geom()
	c, ring := g.c, g.ring
	m0 := int(p.turn&1) * ring
	kind, from := SowKind, 0
	if p.hasCapture(g, m0) {
		kind, from = CaptureKind, c
	}
	all := true
	for i := from; i < ring; i++ {
		pit := m0 + i
		if p.seeds[pit&31] == 0 {
			continue
		}
		if kind == CaptureKind && p.seeds[(ring-m0+3*c-1-i)&31] == 0 {
			continue
		}
		b := p.seeds
		if end, _ := p.sow(&b, kind, pit, nil); end == mancala.EndEndless {
			p.endless |= 1 << i
		} else {
			all = false
		}
	}
	if all {
		p.endless = 0
		p.result = drawEndless
	}
}
