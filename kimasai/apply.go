package kimasai

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
)

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
	return littleEndian.Uint64(p.pits[b:])|littleEndian.Uint64(p.pits[b+8:]) == 0
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
	littleEndian.PutUint64(p.pits[b&16:], w0)
	littleEndian.PutUint64(p.pits[(b+8)&24:], w1)
	littleEndian.PutUint64(p.pits[(16-b)&16:], opp)
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
