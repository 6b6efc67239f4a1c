package kiothi

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
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
	shown    bool // the result is written in the notation (result=)
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

// Nki reports whether the pit at index (0..19) is nki (KI-8); false out of range.
func (p Position) Nki(index int) bool {
	return index >= 0 && index < Pits && p.nki&(1<<index) != 0
}

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
// draw whatever the prisons. Use [Margin] for the margin and the victory of
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
	t := 0
	for _, n := range p.pits {
		t += int(n)
	}
	return t
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

// LegalMoves returns the legal moves in a new slice; see
// [Position.AppendLegalMoves].
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 32)) }

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice; none iff the game is over. Order (docs/design.md): ascending circuit
// index of the pit from the mover's first pit (South a1, North b10), then
// count; in the opening the Lift steps in increasing pit order then Stop,
// or the Drop steps in ring order. It allocates nothing when dst has room
// (a sowing position has at most 255 moves, an opening position at most
// 20). With Endless=Illegal every candidate is played out to exclude the
// endless ones (C-6), which may take as long as one Apply per candidate.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.status != mancala.Ongoing {
		return dst
	}
	if p.turn < 2 {
		return p.appendSteps(dst)
	}
	if p.rules&(wholeLiftBit|illegalBit) != 0 {
		return p.appendChecked(dst)
	}
	// KI-9, KI-10 as in firstLapIllegal, a pit at a time, in the mover's
	// ring order (relative index q from the mover's first pit): counts
	// that end the first lap before it goes round (firstLaps), then larger
	// counts (C-4) one by one.
	base := firstPit(p.mover())
	own := p.ownOccupied() >> base
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		c := int(p.pits[(base+q)&31])
		m := Move{kind: SowKind, pit: uint8(base + q)}
		for ks := firstLaps(own, q, c); ks != 0; ks &= ks - 1 {
			m.count = uint8(bits.TrailingZeros32(ks) + 1)
			dst = append(dst, m)
		}
		for k := 20 - q; k <= c; k++ {
			if !p.firstLapIllegal(base+q, k) {
				m.count = uint8(k)
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// firstLaps returns, for the mover's pit at relative index q holding c
// warriors, the counts k < 20-q that pass KI-10, bit k-1 for count k: own
// holds the mover's occupied pits (relative indices 0..9). A count k <=
// 9-q ends the first lap in the own pit q+k and passes iff it is empty;
// 10-q <= k <= 19-q ends it in the enemy row and always passes.
func firstLaps(own uint32, q, c int) uint32 {
	// q < 10, so every shift count is below 32.
	return (^own>>(uint(q+1)&31) | ^uint32(0)<<(uint(9-q)&31)) & (1<<(uint(min(c, 19-q))&31) - 1)
}

// appendChecked appends the legal sowing moves one candidate at a time:
// under WholeLift (KI-9: one count per pit) and Endless=Illegal (C-6: each
// candidate played out).
func (p *Position) appendChecked(dst []Move) []Move {
	base := firstPit(p.mover())
	for pit := base; pit < base+Files; pit++ {
		c := int(p.pits[pit])
		if c == 0 {
			continue
		}
		lo := 1
		if p.rules&wholeLiftBit != 0 {
			lo = c
		}
		for k := lo; k <= c; k++ {
			if p.firstLapIllegal(pit, k) {
				continue
			}
			if p.rules.illegal() && p.endless(pit, k) {
				continue
			}
			dst = append(dst, Move{kind: SowKind, pit: uint8(pit), count: uint8(k)})
		}
	}
	return dst
}

// appendSteps appends the legal opening steps (KI-7).
func (p *Position) appendSteps(dst []Move) []Move {
	mover := p.mover()
	if p.phase == phaseDrop {
		first := firstPit(mover)
		for c := circ(mover, int(p.dropFrom)); c < Pits; c++ {
			dst = append(dst, Move{kind: DropKind, pit: uint8((first + c) % Pits)})
		}
		return dst
	}
	need := p.need()
	if need == 0 {
		return append(dst, Move{kind: StopKind})
	}
	done := bits.OnesCount32(p.lifted)
	own := p.ownOccupied()
	from := max(firstPit(mover), p.highestLifted()+1)
	for z := own >> (uint(from) & 31) << (uint(from) & 31); z != 0; z &= z - 1 {
		pit := bits.TrailingZeros32(z)
		if p.rules&upToBit != 0 || bits.OnesCount32(own>>(uint(pit+1)&31)) >= need-done-1 {
			dst = append(dst, Move{kind: LiftKind, pit: uint8(pit)})
		}
	}
	if p.rules&upToBit != 0 {
		dst = append(dst, Move{kind: StopKind})
	}
	return dst
}

// Apply returns the position after m; the receiver is unchanged. In the
// opening (turns 0 and 1) m must be a Lift, Drop or Stop step (KI-6, KI-7);
// from turn 2 on a sowing move (KI-9..KI-14). A move that leaves the next
// player without a legal move includes the KI-15 sweep and ends the game;
// an endless move (C-6) under Endless=Draw ends it as a draw with the board
// as before. A refused move returns p and an error wrapping
// [mancala.ErrIllegalMove] ([mancala.ErrGameOver] once the game is over),
// a [*mancala.MoveError] saying why. Apply allocates nothing for a legal
// move.
func (p Position) Apply(m Move) (Position, error) {
	if p.status == mancala.Ongoing {
		// The common legal moves, played in place on the copy p; the rest
		// (and every refusal, with its reason) go through apply.
		switch {
		case p.turn >= 2 && m.kind == SowKind && p.sowable(int(m.pit), int(m.count)):
			if p.playSow(int(m.pit), int(m.count)) {
				return p, nil
			}
		case m.kind == DropKind && p.phase == phaseDrop && m.pit < Pits && m.count == 0 &&
			circ(p.mover(), int(m.pit)) >= circ(p.mover(), int(p.dropFrom)):
			p.drop(int(m.pit), nil)
			return p, nil
		}
	}
	return p.apply(m, nil)
}

// sowable reports whether the sowing move (pit, k) of the player to move
// passes KI-9 and KI-10 (turn 2 on): a candidate move.
func (p *Position) sowable(pit, k int) bool {
	if uint(pit) >= Pits || owner(pit) != p.mover() || k < 1 || k > int(p.pits[pit]) ||
		(p.rules&wholeLiftBit != 0 && k != int(p.pits[pit])) {
		return false
	}
	if k < Pits {
		// firstLapIllegal for less than a round.
		last := pit + k
		if last >= Pits {
			last -= Pits
		}
		return owner(last) != p.mover() || p.pits[last&31] == 0
	}
	return !p.firstLapIllegal(pit, k)
}

// drop plays a checked Drop step into pit (KI-7), ending the turn when the
// hand is empty.
func (p *Position) drop(pit int, fn func(mancala.Event)) {
	p.pits[pit]++
	p.hand--
	p.dropFrom = uint8(pit)
	if fn != nil {
		fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(pit), Count: 1})
	}
	if p.hand == 0 {
		p.phase, p.dropFrom = phaseNone, 0
		p.endTurn(fn)
	}
}

// ApplyTrace is [Position.Apply] that also reports every event of the move
// to fn, in order (docs/design.md, "Traces for front ends"): Lift (and
// NkiClear), the Drops, each Relay (and NkiClear) with its Drops, the
// Captures (opposite pit, capturing warrior, bonus pits), the NkiSet marks
// when turn 1 ends, the Sweep of KI-15 (with NkiClear for each nki pit),
// and one End: EndEmptyPit for a sowing move, EndStep for an opening step,
// EndEndless alone for an endless move. A refused move reports nothing. A
// nil fn makes it Apply.
func (p Position) ApplyTrace(m Move, fn func(mancala.Event)) (Position, error) {
	return p.apply(m, fn)
}

func (p Position) apply(m Move, fn func(mancala.Event)) (Position, error) {
	if p.status != mancala.Ongoing {
		return p, p.refuse(m, "the game is over ("+p.Outcome().Result()+")", mancala.ErrGameOver)
	}
	if m.kind == NoKind || m.kind > StopKind ||
		(m.kind != SowKind && m.count != 0) || (m.kind == StopKind && m.pit != 0) {
		return p, p.refuse(m, "not a move (the zero Move, or one not built by Sow, Lift, Drop, Stop or ParseMove)", nil)
	}
	if p.turn < 2 {
		return p.applyStep(m, fn)
	}
	return p.applySow(m, fn)
}

func (p *Position) refuse(m Move, reason string, err error) error {
	if err == nil {
		err = mancala.ErrIllegalMove
	}
	return &mancala.MoveError{Game: Name, Move: m.String(), Reason: reason, Err: err}
}

// applyStep plays an opening step (KI-6, KI-7).
func (p Position) applyStep(m Move, fn func(mancala.Event)) (Position, error) {
	old := p
	mover := p.mover()
	first := firstPit(mover)
	if m.kind == SowKind {
		return old, p.refuse(m, "no sowing during the opening (KI-6): play Lift (-a5), Drop (+b3) and Stop (=) steps", nil)
	}
	if m.kind != StopKind && m.pit >= Pits {
		return old, p.refuse(m, "no such pit: warriors are lifted from and dropped into the 20 pits only, never a prison (KI-6)", nil)
	}
	switch m.kind {
	case LiftKind:
		pit := int(m.pit)
		switch {
		case p.phase == phaseDrop:
			return old, p.refuse(m, "the lifts are over: drop the warriors in hand (KI-7)", nil)
		case owner(pit) != mover:
			return old, p.refuse(m, "the pit is in the enemy row (KI-6, C-7)", nil)
		case p.pits[pit] == 0:
			return old, p.refuse(m, "the pit is empty (KI-6)", nil)
		case pit < p.highestLifted():
			return old, p.refuse(m, "lifts go in increasing pit order (KI-7)", nil)
		}
		need, done := p.need(), bits.OnesCount32(p.lifted)
		if p.rules&upToBit == 0 && p.occupiedAbove(pit) < need-done-1 {
			return old, p.refuse(m, "the turn could not be completed: no higher occupied pit would be left for the next lift (KI-7)", nil)
		}
		n := p.pits[pit]
		p.hand += n
		p.pits[pit] = 0
		if fn != nil {
			fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitOf(pit), To: mancala.Hand, Count: int(n)})
		}
		if done+1 == need {
			p.phase, p.lifted, p.dropFrom = phaseDrop, 0, uint8(first)
		} else {
			p.phase = phaseLift
			p.lifted |= 1 << pit
		}
	case DropKind:
		pit := int(m.pit)
		if p.phase != phaseDrop {
			if p.rules&upToBit != 0 {
				return old, p.refuse(m, "nothing to drop yet: lift (or stop lifting) first (KI-7)", nil)
			}
			return old, p.refuse(m, "nothing to drop yet: lift first (KI-7)", nil)
		}
		if circ(mover, pit) < circ(mover, int(p.dropFrom)) {
			return old, p.refuse(m, "drops go in ring order from "+layout.PitName(first)+" (KI-7): the next drop goes into "+layout.PitName(int(p.dropFrom))+" or a pit after it", nil)
		}
		p.drop(pit, fn)
	case StopKind:
		switch {
		case p.phase == phaseDrop:
			return old, p.refuse(m, "the lifts are over: drop the warriors in hand (KI-7)", nil)
		case p.need() == 0:
			p.endTurn(fn) // no warriors to lift: Stop passes the turn (KI-7)
		case p.rules&upToBit == 0:
			return old, p.refuse(m, "stopping the opening lifts early (=) needs the rule option OpeningUpTo:true; under these rules empty the required pits (KI-6, KI-7)", nil)
		case p.lifted == 0:
			p.endTurn(fn) // nothing lifted: the turn passes unchanged (KI-6)
		default:
			p.phase, p.lifted, p.dropFrom = phaseDrop, 0, uint8(first)
		}
	default:
		return old, p.refuse(m, "not a move", nil)
	}
	if fn != nil {
		fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndStep})
	}
	return p, nil
}

// endTurn passes the turn after a completed turn: when turn 1 ends every
// occupied pit becomes nki (KI-8); from turn 2 on, a next player without a
// legal move ends the game with the sweep of KI-15, or, when every candidate
// is endless under Endless=Illegal, with a draw (C-6); otherwise the game
// is drawn once turn mancala.MaxTurn is completed (C-9).
func (p *Position) endTurn(fn func(mancala.Event)) {
	p.turn++
	if p.turn == 2 {
		for i, n := range p.pits {
			if n > 0 {
				p.nki |= 1 << i
				if fn != nil {
					fn(mancala.Event{Kind: mancala.NkiSet, From: mancala.PitOf(i)})
				}
			}
		}
	}
	if p.turn < 2 {
		return
	}
	p.settle(fn)
}

// settle ends the game, from turn 2 on, for a player to move without a
// legal move: with the sweep of KI-15 if no move passes KI-9 and KI-10, or
// as a draw when every candidate is endless under Endless=Illegal (C-6);
// otherwise it draws a game at turn mancala.MaxTurn (C-9).
func (p *Position) settle(fn func(mancala.Event)) {
	candidate, legal := p.hasMoves()
	switch {
	case !candidate:
		p.sweep(fn)
	case !legal:
		p.status, p.reason, p.shown = mancala.Draw, mancala.Endless, true
	}
	p.turnLimit()
}

// turnLimit draws a game still going once turn mancala.MaxTurn is
// completed (C-9).
func (p *Position) turnLimit() {
	if p.status == mancala.Ongoing && p.turn >= mancala.MaxTurn {
		p.status, p.reason, p.shown = mancala.Draw, mancala.TurnLimit, true
	}
}

// sweep moves every warrior on the board to the prison of the player not
// to move and clears every nki mark (KI-15), and records the result
// (KI-16).
func (p *Position) sweep(fn func(mancala.Event)) {
	to := p.mover().Other()
	for i, n := range p.pits {
		if n > 0 {
			p.prisons[to] += n
			p.pits[i] = 0
			if fn != nil {
				fn(mancala.Event{Kind: mancala.Sweep, From: mancala.PitOf(i), To: mancala.StoreOf(to), Count: int(n)})
			}
		}
		if p.nki&(1<<i) != 0 && fn != nil {
			fn(mancala.Event{Kind: mancala.NkiClear, From: mancala.PitOf(i)})
		}
	}
	p.nki = 0
	p.setNoMoveResult()
	p.shown = true
}

// setNoMoveResult records the KI-15/KI-16 result, counting the warriors
// still on the board (none after a sweep) for the player not to move.
func (p *Position) setNoMoveResult() {
	s, n := int(p.prisons[mancala.South]), int(p.prisons[mancala.North])
	if p.mover() == mancala.South {
		n += p.boardTotal()
	} else {
		s += p.boardTotal()
	}
	p.reason = mancala.NoMove
	switch {
	case s > n:
		p.status, p.winner = mancala.Win, mancala.South
	case n > s:
		p.status, p.winner = mancala.Win, mancala.North
	default:
		p.status, p.winner = mancala.Draw, 0
	}
}

// hasMoves reports, for the player to move from turn 2 on, whether some
// move passes KI-9 and KI-10 (a candidate) and whether some candidate is
// legal, i.e. not endless under Endless=Illegal (C-6).
func (p *Position) hasMoves() (candidate, legal bool) {
	if p.rules&(wholeLiftBit|illegalBit) == 0 {
		// One warrior from the rightmost occupied pit always passes KI-10
		// (KI-15), so a warrior in the row is a move.
		ok := p.ownOccupied() != 0
		return ok, ok
	}
	base := firstPit(p.mover())
	for pit := base; pit < base+Files; pit++ {
		c := int(p.pits[pit])
		if c == 0 {
			continue
		}
		lo := 1
		if p.rules&wholeLiftBit != 0 {
			lo = c
		}
		for k := lo; k <= c; k++ {
			if p.firstLapIllegal(pit, k) {
				continue
			}
			if !p.rules.illegal() || !p.endless(pit, k) {
				return true, true
			}
			candidate = true
		}
	}
	return candidate, false
}

// applySow plays a sowing move (KI-9..KI-15, C-6).
func (p Position) applySow(m Move, fn func(mancala.Event)) (Position, error) {
	old := p
	mover := p.mover()
	pit, k := int(m.pit), int(m.count)
	switch {
	case m.kind != SowKind:
		return old, p.refuse(m, "the opening is over: opening steps are played only in turns 0 and 1 (KI-7)", nil)
	case m.pit >= Pits:
		return old, p.refuse(m, "no such pit", nil)
	case owner(pit) != mover:
		return old, p.refuse(m, "the pit is in the enemy row (KI-9, C-7)", nil)
	case p.pits[pit] == 0:
		return old, p.refuse(m, "the pit is empty (KI-9)", nil)
	case k == 0:
		return old, p.refuse(m, "the count must be at least 1 (KI-9)", nil)
	case k > int(p.pits[pit]):
		return old, p.refuse(m, "the pit holds only "+itoa(int(p.pits[pit]))+" (KI-9)", nil)
	case p.rules&wholeLiftBit != 0 && k != int(p.pits[pit]):
		return old, p.refuse(m, "WholeLift: the move lifts all "+itoa(int(p.pits[pit]))+" warriors (KI-9)", nil)
	case p.firstLapIllegal(pit, k):
		return old, p.refuse(m, "the first lap ends in the occupied own pit "+layout.PitName((pit+k)%Pits)+" (KI-10)", nil)
	}
	if !p.playSow(pit, k) {
		return old, p.refuse(m, "the move is endless (C-6)", nil)
	}
	if fn != nil && p.rules&illegalBit == 0 && p.reason == mancala.Endless {
		// An endless move (C-6, Endless=Draw) reports only its End event.
		fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEndless})
		return p, nil
	}
	if fn != nil {
		// The events come from the warrior-by-warrior reference, then the
		// end of the turn (KI-15's sweep).
		t := old
		t.trace(pit, k, fn)
		t.endTurn(fn)
		fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEmptyPit})
	}
	return p, nil
}

// endless0 records an endless move under Endless=Draw (C-6): the board stays,
// the turn passes, the game is drawn.
func (p *Position) endless0() {
	p.turn++
	p.status, p.winner, p.reason, p.shown = mancala.Draw, 0, mancala.Endless, true
}

func itoa(n int) string {
	var b [4]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 || i == 0 {
			break
		}
	}
	return string(b[i:])
}

// Perft returns the number of positions exactly depth plies after p, one
// ply per legal move (an opening step is a ply), as [mancala.Perft] counts
// them (docs/rules/common.md, "Perft convention"); mancala.Perft and
// mancala.Divide use it. It plays the moves in place and counts the last
// ply without listing the moves (and the last two in the middle of an
// opening turn's drops, whose count depends only on where the next drop may
// go). A negative depth gives an error. It allocates nothing.
func (p Position) Perft(depth int) (uint64, error) { return sowing.Perft(Name, depth, p.perft) }

func (p Position) perft(depth int) uint64 {
	switch {
	case depth == 0:
		return 1
	case p.status != mancala.Ongoing:
		return 0
	case depth == 1:
		return uint64(p.countMoves())
	case depth == 2 && p.phase == phaseDrop && p.hand >= 2:
		// Every drop leaves a drop to make, from the pit dropped into on.
		var n uint64
		for c := circ(p.mover(), int(p.dropFrom)); c < Pits; c++ {
			n += uint64(Pits - c)
		}
		return n
	}
	var n uint64
	switch {
	case p.phase == phaseDrop:
		// Every drop from the pit the last one went into on (KI-7).
		first := firstPit(p.mover())
		for c := circ(p.mover(), int(p.dropFrom)); c < Pits; c++ {
			q := p
			q.drop((first+c)%Pits, nil)
			n += q.perft(depth - 1)
		}
	case p.turn < 2:
		var buf [Files + 1]Move // lifts and Stop
		for _, m := range p.appendSteps(buf[:0]) {
			q := p
			q, _ = q.applyStep(m, nil)
			n += q.perft(depth - 1)
		}
	case p.rules&(wholeLiftBit|illegalBit) != 0:
		var buf [256]Move
		for _, m := range p.appendChecked(buf[:0]) {
			q := p
			q.playSow(int(m.pit), int(m.count))
			n += q.perft(depth - 1)
		}
	default:
		// The sowing moves of AppendLegalMoves, played as they come; at
		// depth 2 each counts the next player's moves from the board it
		// leaves.
		base := firstPit(p.mover())
		own := p.ownOccupied() >> base
		for z := own; z != 0; z &= z - 1 {
			qi := bits.TrailingZeros32(z)
			pit, c := base+qi, int(p.pits[(base+qi)&31])
			for ks := firstLaps(own, qi, c); ks != 0; ks &= ks - 1 {
				n += p.perftAfter(pit, bits.TrailingZeros32(ks)+1, depth-1)
			}
			for k := 20 - qi; k <= c; k++ {
				if !p.firstLapIllegal(pit, k) {
					n += p.perftAfter(pit, k, depth-1)
				}
			}
		}
	}
	return n
}

// perftAfter returns the perft at depth (1 or more) of the position after
// the candidate sowing move (pit, k) of p, whose rules have neither
// WholeLift nor Endless=Illegal. At depth 1 it counts the next player's
// moves on the board the move leaves, without making the position, unless
// the move completes the last turn (C-9).
func (p *Position) perftAfter(pit, k, depth int) uint64 {
	if depth > 1 || p.turn+1 >= mancala.MaxTurn {
		q := *p
		q.playSow(pit, k)
		return q.perft(depth)
	}
	w0, w1, w2 := p.words()
	mover := uint(p.turn & 1)
	w0, w1, w2, nki, last, crossed, _, endless := sowWords(w0, w1, w2, p.nki, mover, uint(pit), uint(k), p.rules)
	if endless {
		return 0 // C-6: the game ends as a draw
	}
	if last/Files == mover && crossed {
		w0, w1, w2, _ = captureWords(w0, w1, w2, nki, last, mover, p.rules.bonus())
	}
	return uint64(countWords(w0, w1, w2, 1-mover)) // none: KI-15 ends the game
}

// countWords is countMoves for player pl to move on the packed board (w0,
// w1, w2) in a sowing turn, under rules with neither WholeLift nor
// Endless=Illegal.
func countWords(w0, w1, w2 uint64, pl uint) int {
	base := Files * (pl & 1)
	own := occupied(w0, w1, w2) >> base & 0x3ff
	n := 0
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		pit := uint(base) + uint(q)
		c := int(sowing.Get3(w0, w1, w2, pit))
		n += bits.OnesCount32(firstLaps(own, q, c))
		for k := 20 - q; k <= c; k++ {
			// firstLapIllegal on the packed board.
			last := (int(pit) + k) % Pits
			if last/Files != int(pl&1) {
				n++
				continue
			}
			before := int(sowing.Get3(w0, w1, w2, uint(last))) + (k-1)/Pits
			if last == int(pit) {
				before -= k
			}
			if before <= 0 {
				n++
			}
		}
	}
	return n
}

// countMoves returns the number of legal moves, len(AppendLegalMoves), of
// a game still on, counting them without listing them where that is
// simple: opening drops, and sowing moves when neither WholeLift nor
// Endless=Illegal applies (KI-9, KI-10 as in AppendLegalMoves).
func (p *Position) countMoves() int {
	switch {
	case p.turn < 2 && p.phase == phaseDrop:
		return Pits - circ(p.mover(), int(p.dropFrom))
	case p.turn < 2 || p.rules&(wholeLiftBit|illegalBit) != 0:
		var buf [256]Move
		return len(p.AppendLegalMoves(buf[:0]))
	}
	return p.countSowing()
}

// countSowing returns the number of the mover's sowing moves that pass
// KI-9 and KI-10 without WholeLift, endless or not (from turn 2 on), the
// moves [Position.nthMove] numbers.
func (p *Position) countSowing() int {
	base := firstPit(p.mover())
	own := p.ownOccupied() >> base
	n := 0
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		c := int(p.pits[(base+q)&31])
		n += bits.OnesCount32(firstLaps(own, q, c))
		for k := 20 - q; k <= c; k++ {
			if !p.firstLapIllegal(base+q, k) {
				n++
			}
		}
	}
	return n
}

// PlayRandom plays from p one random legal move per ply (an opening step is
// a ply) until the game is over or maxPlies plies have been played
// (maxPlies <= 0: no cap), and returns the position reached and the plies
// played; [mancala.Playout] uses it. It plays moves in place, mostly
// without move lists or checks, and allocates nothing. The position
// returned is exactly the one Apply would have given (its outcome worked
// out, also when maxPlies cuts the game).
//
// Under Endless=Draw, pick(n) chooses the move, an index in [0, n) into
// the n legal moves in the order of [Position.AppendLegalMoves]: the game
// that repeated AppendLegalMoves, pick and Apply would play, with the same
// draws.
//
// Under Endless=Illegal the opening steps are drawn so too, but a sowing
// move is drawn by rejection among the candidates, the moves that pass
// KI-9 and KI-10 (WholeLift included), in the same order, without first
// finding out which are endless (C-6), as Apply does for the next player's
// KI-15 check: pick(n) chooses among the n candidates not yet set aside;
// the chosen move is sown, and if it is endless it is set aside and pick
// is called again with n-1, until a finite candidate is drawn, which is
// the ply's move. It is uniform over the legal moves, so the games have
// the distribution of the generic loop's, but the draws differ from it.
// When every candidate is set aside the game is drawn (C-6), and with no
// candidate at all it ends by the sweep of KI-15, as Apply would have
// recorded in the position before (pick is not called when the position
// PlayRandom starts from, or one an opening step or a move completing turn
// [mancala.MaxTurn] reaches, is already settled so by Apply's rules).
func (p Position) PlayRandom(pick func(n int) int, maxPlies int) (Position, int) {
	plies := 0
	var buf [256]Move
	var ms []Move // under WholeLift, p's moves once listed
	lazy := false // under Endless=Illegal, p's end of turn (settle) is not done yet
	for ; p.status == mancala.Ongoing && (maxPlies <= 0 || plies < maxPlies); plies++ {
		switch {
		case p.phase == phaseDrop:
			mover := p.mover()
			c := circ(mover, int(p.dropFrom))
			p.drop((firstPit(mover)+c+pick(Pits-c))%Pits, nil)
		case p.turn < 2:
			var buf [Files + 1]Move // lifts and Stop
			ms := p.appendSteps(buf[:0])
			if len(ms) == 0 {
				return p, plies
			}
			p, _ = p.applyStep(ms[pick(len(ms))], nil)
		case p.rules&illegalBit != 0:
			if !p.randomSow(pick) {
				return p, plies
			}
			lazy = p.status == mancala.Ongoing
		case p.rules&wholeLiftBit != 0:
			// The list made for the next player's KI-15 check is the one
			// chosen from.
			if ms == nil {
				ms = p.appendChecked(buf[:0])
			}
			if len(ms) == 0 {
				return p, plies
			}
			m := ms[pick(len(ms))]
			p.playSowThen(int(m.pit), int(m.count), false)
			ms = nil
			if p.status == mancala.Ongoing {
				ms = p.appendChecked(buf[:0])
				if len(ms) == 0 {
					p.sweep(nil) // KI-15
				}
				p.turnLimit()
				if p.status != mancala.Ongoing {
					ms = nil
				}
			}
		default:
			n := p.countMoves()
			if n == 0 {
				return p, plies
			}
			p.playSow(p.nthMove(pick(n)))
		}
	}
	if lazy {
		p.settle(nil)
	}
	return p, plies
}

// randomSow plays, from turn 2 on under Endless=Illegal, a sowing move of
// the player to move drawn by rejection as [Position.PlayRandom] says,
// leaving the next player's end of turn (settle) to the caller unless the
// move completes turn mancala.MaxTurn. If there is none it records the end
// that Apply would have recorded after the move before (KI-15's sweep, or
// C-6's draw) and returns false.
func (p *Position) randomSow(pick func(n int) int) bool {
	n := p.countCandidates()
	if n == 0 {
		p.sweep(nil) // KI-15
		return false
	}
	var tried [4]uint64 // the candidates found endless, a bit per index
	for left := n; left > 0; left-- {
		j := pick(left)
		if left < n {
			j = untried(&tried, j)
		}
		if pit, k := p.nthCandidate(j); p.playSowThen(pit, k, false) {
			if p.turn >= mancala.MaxTurn {
				p.settle(nil)
			}
			return true
		}
		tried[j>>6&3] |= 1 << (j & 63)
	}
	p.status, p.reason, p.shown = mancala.Draw, mancala.Endless, true // C-6
	return false
}

// untried returns the index of the i-th candidate (from 0) whose bit in
// tried is clear.
func untried(tried *[4]uint64, i int) int {
	for j := 0; ; j++ {
		if tried[j>>6&3]>>(j&63)&1 == 0 {
			if i == 0 {
				return j
			}
			i--
		}
	}
}

// countCandidates returns the number of candidate sowing moves of the
// player to move (from turn 2 on): the moves that pass KI-9 and KI-10,
// endless or not, one per pit under WholeLift.
func (p *Position) countCandidates() int {
	if p.rules&wholeLiftBit == 0 {
		return p.countSowing()
	}
	n := 0
	base := firstPit(p.mover())
	for pit := base; pit < base+Files; pit++ {
		if c := int(p.pits[pit]); c > 0 && !p.firstLapIllegal(pit, c) {
			n++
		}
	}
	return n
}

// nthCandidate returns the i-th candidate sowing move (pit, count), in the
// order of AppendLegalMoves; i must be below countCandidates.
func (p *Position) nthCandidate(i int) (int, int) {
	if p.rules&wholeLiftBit == 0 {
		return p.nthMove(i)
	}
	base := firstPit(p.mover())
	for pit := base; pit < base+Files; pit++ {
		if c := int(p.pits[pit]); c > 0 && !p.firstLapIllegal(pit, c) {
			if i == 0 {
				return pit, c
			}
			i--
		}
	}
	return -1, 0 // i out of range: a bug in the caller
}

// nthMove returns the i-th sowing move that passes KI-9 and KI-10 without
// WholeLift, (pit, count), in the order of AppendLegalMoves, endless or
// not; i must be below countSowing (countMoves under rules with neither
// WholeLift nor Endless=Illegal, where every such move is legal).
func (p *Position) nthMove(i int) (int, int) {
	base := firstPit(p.mover())
	own := p.ownOccupied() >> base
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		pit, c := base+q, int(p.pits[(base+q)&31])
		ks := firstLaps(own, q, c)
		if n := bits.OnesCount32(ks); i >= n {
			i -= n
		} else {
			for ; i > 0; i-- {
				ks &= ks - 1
			}
			return pit, bits.TrailingZeros32(ks) + 1
		}
		for k := 20 - q; k <= c; k++ {
			if !p.firstLapIllegal(pit, k) {
				if i == 0 {
					return pit, k
				}
				i--
			}
		}
	}
	return -1, 0 // i out of range: a bug in the caller
}
