package kisolo

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

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
