package kisolo

import (
	"math/bits"
	"slices"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
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

// hasSeeds reports whether the player to move has a seed on their circuit.
func (p *Position) hasSeeds() bool {
	m0, m1, _, _ := p.words()
	return m0|m1 != 0
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
	z := uint(p.legal)
	n := len(dst)
	dst = slices.Grow(dst, 16)[:n+bits.OnesCount(z)]
	kind := SowKind
	if p.capture {
		kind = CaptureKind
	}
	g := p.geom()
	names := g.pit[int(p.turn&1)*g.ring:]
	for i := n; i < len(dst); i++ {
		dst[i] = Move{kind: kind, pit: names[bits.TrailingZeros(z)&15]}
		z &= z - 1
	}
	return dst
}

// LegalMoves returns the legal moves in a new slice, in the order of
// [Position.AppendLegalMoves]; an empty (non-nil) slice once the game is
// over.
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 16)) }

// HasCapture reports whether the player to move has a capture, which makes
// every sowing move illegal (KS-6). It is false once the game is over.
func (p Position) HasCapture() bool { return p.result == 0 && p.capture }

// hasCapture reports whether the mover has a capture (KS-6), from the
// board.
func (p *Position) hasCapture(g *geom) bool {
	m0, m1, o0, o1 := p.words()
	return g.captures(occupied(m0, m1), occupied(o0, o1)) != 0
}

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
	g := p.geom()
	if m.pit.row < maxRows && m.pit.file <= maxFiles {
		i := uint(int(g.at[m.pit.row][m.pit.file]) - int(p.turn&1)*g.ring) // -1 (no pit) wraps
		kind := SowKind
		if p.capture {
			kind = CaptureKind
		}
		if i < 16 && p.legal>>i&1 != 0 && m.kind == kind {
			// A legal move: played in place on the copy p.
			m0, m1, o0, o1 := p.words()
			m0, m1, o0, o1, end, _ := g.sowWords(m0, m1, o0, o1, kind, i, p.rules)
			p.finish(g, m0, m1, o0, o1, end)
			return p, nil
		}
	}
	return p.applyChecked(m, nil)
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
	if fn == nil {
		return p.Apply(m)
	}
	return p.applyChecked(m, fn)
}

// applyChecked plays m after checking it (check), with the sowing core,
// and, with fn non-nil, reports its events from the seed-by-seed trace.
func (p Position) applyChecked(m Move, fn func(mancala.Event)) (Position, error) {
	pit, err := p.check(m)
	if err != nil {
		return p, err
	}
	g := p.geom()
	m0, m1, o0, o1 := p.words()
	i := uint(pit-int(p.turn&1)*g.ring) & 15
	m0, m1, o0, o1, end, _ := g.sowWords(m0, m1, o0, o1, m.kind, i, p.rules)
	if end == mancala.EndEndless && p.rules.illegal() {
		return p, p.refuse(m, "the move would sow forever (C-6, Endless=Illegal)", nil)
	}
	if fn != nil {
		if end == mancala.EndEndless {
			fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEndless})
		} else {
			t := p.board()
			p.trace(&t, m.kind, pit, fn)
			fn(mancala.Event{Kind: mancala.End, EndReason: end})
		}
	}
	p.finish(g, m0, m1, o0, o1, end)
	return p, nil
}

// check validates m against p and returns its pit; the sowing tells
// whether it is endless (C-6, Endless = Illegal).
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
	if p.circ[g.slot(pit)] == 0 {
		return -1, p.refuse(m, "pit is empty", nil)
	}
	if m.kind == CaptureKind {
		if i < g.c {
			return -1, p.refuse(m, "a capture must name an inner pit (KS-6)", nil)
		}
		if p.circ[g.slot(g.ring-m0+3*g.c-1-i)] == 0 {
			return -1, p.refuse(m, "the facing pit is empty (KS-6)", nil)
		}
	} else if p.hasCapture(g) {
		return -1, p.refuse(m, "a capture is compulsory (KS-6)", nil)
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

// finish makes p the position after the mover's move that ended with
// end, leaving the circuits of the mover (m0, m1) and of the opponent (o0,
// o1): KS-10, KS-11 or the Win = OuterRowEmptied rule for the mover, then
// C-8 and C-6 for the next player (settle). An endless move (C-6, KS-12)
// leaves the board as it was and draws.
func (p *Position) finish(g *geom, m0, m1, o0, o1 uint64, end mancala.MoveEnd) {
	p.finishThen(g, m0, m1, o0, o1, end, false)
}

// finishThen is finish; with lazy, a game still on before the turn limit
// is left without the next player's derived data (settle: legal and
// capture are stale, C-8 and C-6 not looked at), for [Position.PlayRandom],
// whose next ply finds them out. It reports whether p is complete, the
// position Apply returns.
func (p *Position) finishThen(g *geom, m0, m1, o0, o1 uint64, end mancala.MoveEnd, lazy bool) bool {
	mover := p.mover()
	if end != mancala.EndEndless {
		p.setWords(m0, m1, o0, o1)
	}
	p.turn++
	p.result = g.moveResult(mover, m0, m1, o0, o1, end, p.rules)
	if p.result == 0 {
		if lazy && p.turn < mancala.MaxTurn {
			return false
		}
		p.settleWords(g, o0, o1, m0, m1) // the opponent is to move
	} else {
		p.legal, p.capture = 0, false
	}
	p.turnLimit()
	p.written = p.result != 0
	return true
}

// moveResult returns the encoded result of a move by mover that ended with
// end on the circuits (m0, m1) of the mover and (o0, o1) of the opponent,
// or 0 if the game goes on: C-6 (an endless move draws), the Win =
// OuterRowEmptied rule, KS-10 or KS-11.
func (g *geom) moveResult(mover mancala.Player, m0, m1, o0, o1 uint64, end mancala.MoveEnd, r ruleBits) uint8 {
	switch {
	case end == mancala.EndEndless:
		return drawEndless // C-6: board as before the move
	case r&outerWinBit != 0:
		// KS-11, Win = OuterRowEmptied.
		if o0&g.outerLo|o1&g.outerHi == 0 {
			return win(mover, mancala.OuterRowEmptied)
		} else if m0&g.outerLo|m1&g.outerHi == 0 {
			return win(mover.Other(), mancala.OuterRowEmptied)
		}
	case end == mancala.EndInnerRowEmptied:
		return win(mover, mancala.InnerRowEmptied) // KS-10
	case r&continuesBit == 0 && m0&g.innerLo|m1&g.innerHi == 0:
		return win(mover.Other(), mancala.SelfEmptiedInnerRow) // KS-11
	}
	return 0
}

// turnLimit draws a game still going at turn mancala.MaxTurn (C-9).
func (p *Position) turnLimit() {
	if p.result == 0 && p.turn >= mancala.MaxTurn {
		p.result, p.legal, p.capture = drawTurnLimit, 0, false
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
// draws because every candidate move is endless (C-6), and records the
// legal moves otherwise: the captures if there are any (KS-6), else every
// occupied pit, less the endless ones under Endless = Illegal (each
// candidate played out once here, not on every AppendLegalMoves or Apply).
// legal and capture are a function of the rest of the position, so that
// == still means equal positions.
func (p *Position) settle() {
	m0, m1, o0, o1 := p.words()
	p.settleWords(p.geom(), m0, m1, o0, o1)
}

// settleWords is settle with the circuits of the player to move (m0, m1)
// and of the other (o0, o1) given.
func (p *Position) settleWords(g *geom, m0, m1, o0, o1 uint64) {
	p.legal, p.capture = 0, false
	mine := occupied(m0, m1)
	if mine == 0 {
		p.result = win(p.mover().Other(), mancala.NoMove)
		return
	}
	cands, kind := mine, SowKind
	if caps := g.captures(mine, occupied(o0, o1)); caps != 0 {
		cands, kind, p.capture = caps, CaptureKind, true
	}
	if p.rules.illegal() {
		for z := cands; z != 0; z &= z - 1 {
			i := uint(bits.TrailingZeros(z)) & 15
			if _, _, _, _, end, _ := g.sowWords(m0, m1, o0, o1, kind, i, p.rules); end == mancala.EndEndless {
				cands &^= 1 << i
			}
		}
		if cands == 0 {
			p.capture = false
			p.result = drawEndless
			return
		}
	}
	p.legal = uint16(cands)
}

// Perft returns the number of positions exactly depth plies after p, one
// ply per legal move, as [mancala.Perft] counts them (docs/rules/common.md,
// "Perft convention"); mancala.Perft and mancala.Divide use it. It plays
// the moves in place, without move lists, and counts the last ply from the
// legal moves each position holds, and, under Endless = Draw, the last two
// from the sowing alone. A negative depth gives an error. It allocates
// nothing.
func (p Position) Perft(depth int) (uint64, error) { return sowing.Perft(Name, depth, p.perft) }

func (p Position) perft(depth int) uint64 {
	switch {
	case depth == 0:
		return 1
	case depth == 1:
		return uint64(bits.OnesCount16(p.legal))
	}
	g := p.geom()
	kind := SowKind
	if p.capture {
		kind = CaptureKind
	}
	var n uint64
	if depth == 2 && !p.rules.illegal() && p.turn+1 < mancala.MaxTurn {
		// The moves after each move: the next mover's captures if any,
		// else their occupied pits, unless the move ended the game (a
		// move completing the last turn, C-9, takes the general path).
		mover := p.mover()
		w0, w1, v0, v1 := p.words()
		for z := uint(p.legal); z != 0; z &= z - 1 {
			i := uint(bits.TrailingZeros(z)) & 15
			m0, m1, o0, o1, end, _ := g.sowWords(w0, w1, v0, v1, kind, i, p.rules)
			if g.moveResult(mover, m0, m1, o0, o1, end, p.rules) != 0 {
				continue
			}
			next, other := occupied(o0, o1), occupied(m0, m1)
			if caps := g.captures(next, other); caps != 0 {
				next = caps
			}
			n += uint64(bits.OnesCount(next))
		}
		return n
	}
	for z := uint(p.legal); z != 0; z &= z - 1 {
		q := p
		m0, m1, o0, o1 := q.words()
		m0, m1, o0, o1, end, _ := g.sowWords(m0, m1, o0, o1, kind, uint(bits.TrailingZeros(z))&15, q.rules)
		q.finish(g, m0, m1, o0, o1, end)
		n += q.perft(depth - 1)
	}
	return n
}

// PlayRandom plays from p one random legal move per ply until the game is
// over or maxPlies plies have been played (maxPlies <= 0: no cap), and
// returns the position reached and the plies played; [mancala.Playout]
// uses it. It plays moves in place, without move lists or checks, and
// allocates nothing. The position returned is exactly the one Apply would
// have given (its legal moves and outcome worked out, also when maxPlies
// cuts the game).
//
// Under Endless = Draw, pick(n) chooses the move, an index in [0, n) into
// the n legal moves in the order of [Position.AppendLegalMoves]: the game
// that repeated AppendLegalMoves, pick and Apply would play, with the same
// draws.
//
// Under Endless = Illegal it does not first find out which candidates are
// endless (C-6), as Apply does for the next player: each ply draws by
// rejection among the candidates, the captures if the mover has any, else
// every occupied pit of the mover's circuit (KS-6), in the same order.
// pick(n) chooses among the n candidates not yet set aside; the chosen
// move is sown, and if it is endless it is set aside and pick is called
// again with n-1, until a finite candidate is drawn, which is the ply's
// move. It is uniform over the legal moves, so the games have the
// distribution of the generic loop's, but the draws differ from it. When
// every candidate is set aside the player to move draws (C-6; sowing is
// not allowed when every capture is endless), as Apply would have recorded
// in the position before; with no candidate at all they lose (C-8). At the
// start position, and after a move that completes turn [mancala.MaxTurn],
// whose outcome is settled at once as Apply settles it, the legal moves
// the position holds tell which candidates are endless without sowing
// them: pick is not called at a finished start position, and an endless
// candidate drawn there is set aside as above.
func (p Position) PlayRandom(pick func(n int) int, maxPlies int) (Position, int) {
	if p.rules.illegal() {
		return p.playRandomIllegal(pick, maxPlies)
	}
	g := p.geom()
	plies := 0
	for ; p.legal != 0 && (maxPlies <= 0 || plies < maxPlies); plies++ {
		z := uint(p.legal)
		for i := pick(bits.OnesCount(z)); i > 0; i-- {
			z &= z - 1
		}
		kind := SowKind
		if p.capture {
			kind = CaptureKind
		}
		m0, m1, o0, o1 := p.words()
		m0, m1, o0, o1, end, _ := g.sowWords(m0, m1, o0, o1, kind, uint(bits.TrailingZeros(z))&15, p.rules)
		p.finish(g, m0, m1, o0, o1, end)
	}
	return p, plies
}

// playRandomIllegal is PlayRandom under Endless = Illegal: each ply's move
// drawn by rejection among the candidates, the positions in between left
// without the next player's derived data (finishThen with lazy), worked
// out only for the position returned.
func (p Position) playRandomIllegal(pick func(n int) int, maxPlies int) (Position, int) {
	g := p.geom()
	plies := 0
	known := true // p's derived data (legal, capture, the result) is complete
	for maxPlies <= 0 || plies < maxPlies {
		if known && p.legal == 0 {
			return p, plies // over
		}
		m0, m1, o0, o1 := p.words()
		cands := occupied(m0, m1)
		if cands == 0 { // C-8
			p.result, p.legal, p.capture, p.written = win(p.mover().Other(), mancala.NoMove), 0, false, true
			return p, plies
		}
		kind := SowKind
		if caps := g.captures(cands, occupied(o0, o1)); caps != 0 {
			cands, kind = caps, CaptureKind // KS-6
		}
		for {
			n := bits.OnesCount(cands)
			if n == 0 { // C-6: every candidate is endless
				p.result, p.legal, p.capture, p.written = drawEndless, 0, false, true
				return p, plies
			}
			z := cands
			for i := pick(n); i > 0; i-- {
				z &= z - 1
			}
			i := uint(bits.TrailingZeros(z)) & 15
			if known && p.legal>>i&1 == 0 {
				cands &^= 1 << i // endless, as p's legal moves say
				continue
			}
			a0, a1, b0, b1, end, _ := g.sowWords(m0, m1, o0, o1, kind, i, p.rules)
			if end == mancala.EndEndless {
				cands &^= 1 << i
				continue
			}
			known = p.finishThen(g, a0, a1, b0, b1, end, true)
			break
		}
		plies++
	}
	if !known {
		p.settle()
		p.written = p.result != 0
	}
	return p, plies
}
