package kimasai

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
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

// AppendLegalMoves appends the legal moves to dst and returns the extended
// slice: every occupied pit of the mover's own two rows (KM-6, KM-8), in
// ascending circuit order from the mover's first pit (South b1..b8, a8..a1;
// North c8..c1, d1..d8). With Endless=Illegal endless ones are left out
// (C-6): every candidate was played out when the position was made (by
// Apply, Parse or New), which costs up to the cycle check or MaxLaps laps
// per endless candidate. It appends nothing once the game is over, and
// allocates nothing when dst has room for 16 more moves.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.status != mancala.Ongoing {
		return dst
	}
	z := uint(p.legal)
	n := len(dst)
	dst = slices.Grow(dst, 16)[:n+bits.OnesCount(z)]
	b := uint8(base(p.mover()) + 1)
	for i := n; i < len(dst); i++ {
		dst[i] = Move{Pit{b + uint8(bits.TrailingZeros(z))}}
		z &= z - 1
	}
	return dst
}

// occupied returns the mover's occupied pits, a bit per circuit index.
func (p *Position) occupied() uint {
	w0, w1, _ := p.words()
	return sowing.Occupied(w0) | sowing.Occupied(w1)<<8
}

// LegalMoves returns the legal moves in a new slice, in the order of
// [Position.AppendLegalMoves]; an empty (non-nil) slice once the game is
// over.
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 16)) }

// Apply returns the position after the mover plays m (KM-6..KM-13); p is
// unchanged. m must name an occupied pit of the mover's own rows. In phase
// 1, except on a free first turn, one reserve cow goes into the pit first;
// the mover then lifts all its cows and sows them clockwise, relaying and
// (in phase 2) raiding until a lap ends in an empty pit (KM-9, KM-10) or a
// raid empties the opponent's inner row (KM-11: the mover wins). A mover
// whose own inner row is then empty loses (KM-12, unless
// SelfEmptiedInnerRow=Continues). An endless move (C-6) with Endless=Draw
// gives a draw with board and reserves unchanged and the turn passed. The
// position returned also holds the next player's fate when it follows at
// once: no legal move (C-8, a loss) or, with Endless=Illegal, only endless
// ones (a draw).
//
// Errors are [*mancala.MoveError]s: after the end they wrap
// [mancala.ErrGameOver]; for the zero Move, a pit of the opponent, an empty
// pit or (with Endless=Illegal) an endless move they wrap
// [mancala.ErrIllegalMove]. Apply allocates nothing for a legal move.
func (p Position) Apply(m Move) (Position, error) {
	pit := uint(m.pit.index()) // the zero Pit wraps to a huge index
	h := pit - uint(base(p.mover()))
	if h < 16 && p.legal>>h&1 != 0 {
		// A legal move (never endless under Endless=Illegal: legal leaves
		// those out), played in place on the copy p.
		w0, w1, opp, phase2, placed := p.start(h)
		w0, w1, opp, end, _ := sowWords(w0, w1, opp, h, phase2, p.rules.laps())
		p.finish(w0, w1, opp, placed, end)
		return p, nil
	}
	q, _, err := p.apply(m)
	return q, err
}

// ApplyTrace is [Position.Apply] that also reports every movement of cows
// to fn, in order (docs/design.md, "Traces for front ends"): Reserve (the
// mover's reserve to the pit, KM-6) when a cow is placed; Lift (pit to
// hand); a Drop (hand to pit, one cow) per cow sown; Relay (pit to hand) at
// each relay lap (KM-9.3); Capture (the opponent's inner pit to hand) at
// each raid, followed by its drops (KM-10); and last one End whose
// EndReason is EndEmptyPit (KM-9.1) or EndInnerRowEmptied (KM-11). An
// endless move reports only End with EndEndless; a refused move reports
// nothing. A nil fn makes it Apply.
func (p Position) ApplyTrace(m Move, fn func(mancala.Event)) (Position, error) {
	q, r, err := p.apply(m)
	if err != nil || fn == nil {
		return q, err
	}
	if r.end == mancala.EndEndless {
		fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEndless})
		return q, nil
	}
	p.trace(m.pit.index(), r.laps, fn)
	return q, nil
}

// noCows reports whether the player to move has no cow on their rows.
func (p *Position) noCows() bool {
	b := base(p.mover())
	return binary.LittleEndian.Uint64(p.pits[b:])|binary.LittleEndian.Uint64(p.pits[b+8:]) == 0
}

func (p Position) refuse(m Move, err error, reason string) (Position, result, error) {
	if err != mancala.ErrGameOver && p.noCows() {
		// The zero Position: a finished game (C-8), as Outcome says.
		err, reason = mancala.ErrGameOver, "the game is over ("+p.Outcome().String()+")"
	}
	return p, result{}, &mancala.MoveError{Game: Name, Move: m.String(), Reason: reason, Err: err}
}

func (p Position) apply(m Move) (Position, result, error) {
	if p.status != mancala.Ongoing {
		return p.refuse(m, mancala.ErrGameOver, "the game is over ("+p.Outcome().String()+")")
	}
	pit := m.pit.index()
	if pit < 0 || pit >= Pits {
		return p.refuse(m, mancala.ErrIllegalMove, "no such pit")
	}
	mover := p.mover()
	if layout.Owner(pit) != mover { // C-7
		return p.refuse(m, mancala.ErrIllegalMove, "pit belongs to "+mover.Other().String())
	}
	if p.pits[pit] == 0 { // KM-6, KM-8
		return p.refuse(m, mancala.ErrIllegalMove, "pit is empty")
	}
	r := p.sow(pit - base(mover))
	if r.end == mancala.EndEndless && p.rules.illegal() { // C-6, KM-13
		return p.refuse(m, mancala.ErrIllegalMove, "endless move (C-6, Endless=Illegal)")
	}
	q := p
	q.finish(r.w[0], r.w[1], r.opp, r.placed, r.end)
	return q, r, nil
}

// finish makes p the position after the mover's move that ended with end,
// leaving the mover's circuit (w0, w1) and the opponent's inner row opp
// (placed: a reserve cow was placed, KM-6): the turn passes, and the game
// ends by C-6 (Endless=Draw: board and reserves as before), KM-11, KM-12,
// or, for the next player, C-8 or C-6 (Endless=Illegal).
func (p *Position) finish(w0, w1, opp uint64, placed bool, end mancala.MoveEnd) {
	p.finishThen(w0, w1, opp, placed, end, false)
}

// finishThen is finish; with lazy, a game still on before the turn limit
// is left without the next player's derived data (derive: the legal field
// is stale and C-8 and C-6 are not looked at), for [Position.PlayRandom],
// whose next ply finds them out. It reports whether p is complete, the
// position Apply returns.
func (p *Position) finishThen(w0, w1, opp uint64, placed bool, end mancala.MoveEnd, lazy bool) bool {
	mover := p.mover()
	p.turn++
	if end == mancala.EndEndless { // C-6, KM-13
		p.setResult(mancala.Draw, 0, mancala.Endless, true)
		return true
	}
	b := int(mover) << 4
	binary.LittleEndian.PutUint64(p.pits[b&16:], w0)
	binary.LittleEndian.PutUint64(p.pits[(b+8)&24:], w1)
	binary.LittleEndian.PutUint64(p.pits[(16-b)&16:], opp)
	if placed {
		p.reserves[mover&1]--
	}
	switch {
	case end == mancala.EndInnerRowEmptied: // KM-11
		p.setResult(mancala.Win, mover, mancala.InnerRowEmptied, true)
	case w0 == 0 && p.rules&continuesBit == 0: // KM-12
		p.setResult(mancala.Win, mover.Other(), mancala.SelfEmptiedInnerRow, true)
	case lazy && p.turn < mancala.MaxTurn:
		return false
	default:
		p.settle(true)
	}
	p.turnLimit(true)
	return true
}

// turnLimit draws a game still going at turn mancala.MaxTurn (C-9);
// written says whether String prints the result.
func (p *Position) turnLimit(written bool) {
	if p.status == mancala.Ongoing && p.turn >= mancala.MaxTurn {
		p.setResult(mancala.Draw, 0, mancala.TurnLimit, written)
	}
}

// settle stores the outcome that follows from the rules for the player to
// move, if any: no occupied pit at all loses (C-8); with Endless=Illegal,
// candidates that are all endless draw (C-6). written says whether String
// prints it as result= (after a move) or not (derived while parsing).
//
// It also records the legal moves of a game still on in the legal field, a
// function of the rest of the position (so that == still means equal
// positions): the occupied pits of the mover's circuit, less the endless
// ones under Endless=Illegal, every candidate played out once here rather
// than on every AppendLegalMoves or Apply.
func (p *Position) settle(written bool) {
	occ := p.occupied()
	p.legal = uint16(occ)
	if occ == 0 {
		p.setResult(mancala.Win, p.mover().Other(), mancala.NoMove, written)
		return
	}
	if !p.rules.illegal() {
		return
	}
	if mask := uint(p.endlessMask(occ)); mask != occ {
		p.legal = uint16(occ &^ mask)
		return
	}
	p.setResult(mancala.Draw, 0, mancala.Endless, written)
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

// Perft counts the positions exactly depth plies after p (one ply per
// legal move; docs/rules/common.md, "Perft convention"), the count of
// [mancala.Perft], which uses it, as does mancala.Divide. Moves are played
// in place on copies of p; the last ply is counted from the legal moves
// each position holds, and under Endless=Draw the last two from the cows
// each move leaves on the next mover's circuit. A negative depth gives an
// error. It allocates nothing.
func (p Position) Perft(depth int) (uint64, error) { return sowing.Perft(Name, depth, p.perft) }

func (p Position) perft(depth int) uint64 {
	switch {
	case depth == 0:
		return 1
	case depth == 1:
		return uint64(bits.OnesCount16(p.legal))
	case depth == 2 && !p.rules.illegal() && p.turn+1 < mancala.MaxTurn:
		// The moves of the position after each move are the next mover's
		// occupied pits, unless the move ended the game (C-6, KM-11, KM-12;
		// C-8 leaves no occupied pit; a move completing the last turn, C-9,
		// takes the general path).
		var n uint64
		oo := p.outerOpp()
		for z := uint(p.legal); z != 0; z &= z - 1 {
			h := uint(bits.TrailingZeros(z)) & 15
			w0, w1, opp, phase2, _ := p.start(h)
			w0, _, opp, end, _ := sowWords(w0, w1, opp, h, phase2, p.rules.laps())
			if end != mancala.EndEmptyPit || (w0 == 0 && p.rules&continuesBit == 0) {
				continue
			}
			n += uint64(bits.OnesCount(sowing.Occupied(opp) | sowing.Occupied(oo)<<8))
		}
		return n
	}
	var n uint64
	for z := uint(p.legal); z != 0; z &= z - 1 {
		q := p
		q.play(uint(bits.TrailingZeros(z)) & 15)
		n += q.perft(depth - 1)
	}
	return n
}

// outerOpp returns the outer row of the player not to move.
func (p *Position) outerOpp() uint64 {
	b := int(p.turn&1) << 4
	return binary.LittleEndian.Uint64(p.pits[(24-b)&24:])
}

// play plays the legal move from the mover's circuit index h in place.
func (p *Position) play(h uint) {
	w0, w1, opp, phase2, placed := p.start(h)
	w0, w1, opp, end, _ := sowWords(w0, w1, opp, h, phase2, p.rules.laps())
	p.finish(w0, w1, opp, placed, end)
}

// PlayRandom plays from p one random legal move per ply until the game is
// over or maxPlies plies have been played (maxPlies <= 0: no cap), and
// returns the position reached and the plies played; [mancala.Playout]
// uses it. It plays moves in place, without move lists or checks, and
// allocates nothing. The position returned is exactly the one Apply would
// have given (its legal moves and outcome worked out, also when maxPlies
// cuts the game).
//
// Under Endless=Draw, pick(n) chooses the move, an index in [0, n) into
// the n legal moves in the order of [Position.AppendLegalMoves]: the game
// that repeated AppendLegalMoves, pick and Apply would play, with the same
// draws.
//
// Under Endless=Illegal it does not first find out which candidates are
// endless (C-6), as Apply does for the next player: each ply draws by
// rejection among the candidates, the occupied pits of the mover's circuit
// (KM-6, KM-8), in the same order. pick(n) chooses among the n candidates
// not yet set aside; the chosen move is sown, and if it is endless it is
// set aside and pick is called again with n-1, until a finite candidate is
// drawn, which is the ply's move. It is uniform over the legal moves, so
// the games have the distribution of the generic loop's, but the draws
// differ from it. When every candidate is set aside the player to move
// draws (C-6), as Apply would have recorded in the position before; with
// no candidate at all they lose (C-8). At the start position, and after a
// move that completes turn [mancala.MaxTurn], whose outcome is settled at
// once as Apply settles it, the legal moves the position holds tell which
// candidates are endless without sowing them: pick is not called at a
// finished start position, and an endless candidate drawn there is set
// aside as above.
func (p Position) PlayRandom(pick func(n int) int, maxPlies int) (Position, int) {
	if p.rules.illegal() {
		return p.playRandomIllegal(pick, maxPlies)
	}
	plies := 0
	for ; p.legal != 0 && (maxPlies <= 0 || plies < maxPlies); plies++ {
		z := uint(p.legal)
		for i := pick(bits.OnesCount(z)); i > 0; i-- {
			z &= z - 1
		}
		p.play(uint(bits.TrailingZeros(z)) & 15)
	}
	return p, plies
}

// playRandomIllegal is PlayRandom under Endless=Illegal: each ply's move
// drawn by rejection among the candidates, the positions in between left
// without the next player's derived data (finishThen with lazy), worked
// out only for the position returned.
func (p Position) playRandomIllegal(pick func(n int) int, maxPlies int) (Position, int) {
	plies := 0
	known := true // p's derived data (legal, the result) is complete
	maxLaps := p.rules.laps()
	for maxPlies <= 0 || plies < maxPlies {
		if known && p.legal == 0 {
			return p, plies // over
		}
		cands := p.occupied()
		if cands == 0 { // C-8
			p.setResult(mancala.Win, p.mover().Other(), mancala.NoMove, true)
			return p, plies
		}
		w0, w1, opp := p.words()
		phase2 := p.reserves[0]|p.reserves[1] == 0
		placed := p.places()
		for {
			n := bits.OnesCount(cands)
			if n == 0 { // C-6: every candidate is endless
				p.setResult(mancala.Draw, 0, mancala.Endless, true)
				return p, plies
			}
			z := cands
			for i := pick(n); i > 0; i-- {
				z &= z - 1
			}
			h := uint(bits.TrailingZeros(z)) & 15
			if known && p.legal>>h&1 == 0 {
				cands &^= 1 << h // endless, as p's legal moves say
				continue
			}
			a0, a1 := w0, w1
			if placed {
				a0, a1 = sowing.Add2(a0, a1, h, 1)
			}
			a0, a1, o, end, _ := sowWords(a0, a1, opp, h, phase2, maxLaps)
			if end == mancala.EndEndless {
				cands &^= 1 << h
				continue
			}
			known = p.finishThen(a0, a1, o, placed, end, true)
			break
		}
		plies++
	}
	if !known {
		p.settle(true)
	}
	return p, plies
}
