package kiothi

import (
	"math/bits"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

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
			if p.finish(int(m.pit), int(m.count)) {
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
		p.status, p.reason, p.written = mancala.Draw, mancala.Endless, true
	}
	p.turnLimit()
}

// turnLimit draws a game still going once turn mancala.MaxTurn is
// completed (C-9).
func (p *Position) turnLimit() {
	if p.status == mancala.Ongoing && p.turn >= mancala.MaxTurn {
		p.status, p.reason, p.written = mancala.Draw, mancala.TurnLimit, true
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
	p.written = true
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
		return old, p.refuse(m, "the pit holds only "+strconv.Itoa(int(p.pits[pit]))+" (KI-9)", nil)
	case p.rules&wholeLiftBit != 0 && k != int(p.pits[pit]):
		return old, p.refuse(m, "WholeLift: the move lifts all "+strconv.Itoa(int(p.pits[pit]))+" warriors (KI-9)", nil)
	case p.firstLapIllegal(pit, k):
		return old, p.refuse(m, "the first lap ends in the occupied own pit "+layout.PitName((pit+k)%Pits)+" (KI-10)", nil)
	}
	if !p.finish(pit, k) {
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
	p.status, p.winner, p.reason, p.written = mancala.Draw, 0, mancala.Endless, true
}
