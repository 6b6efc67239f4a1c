package kiothi

import (
	"encoding/binary"

	"github.com/seed8ebe013a/go-mancala/internal/cycle"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// brentStart is the lap from which a move feeds its lap-boundary states to
// the cycle check (C-6): finite moves are almost always far shorter, so
// they pay nothing for it.
const brentStart = 48

// lapState is the lap-boundary state of C-6 and KI-17: the board, the nki
// marks and the pit that received the last warrior, taken right after a
// lap. Within a move the rest of the sowing is a function of it.
//
// The pits are packed into words so that comparing two states is a few
// integer compares, not a call to compare memory.
type lapState struct {
	w0, w1 uint64 // pits 0..7 and 8..15, one byte each
	w2     uint32 // pits 16..19
	nki    uint32
	last   uint8
}

func newLapState(b *[Pits]uint8, nki uint32, last int) lapState {
	return lapState{
		w0:   binary.LittleEndian.Uint64(b[0:8]),
		w1:   binary.LittleEndian.Uint64(b[8:16]),
		w2:   binary.LittleEndian.Uint32(b[16:20]),
		nki:  nki,
		last: uint8(last),
	}
}

// firstLapIllegal reports whether lifting k warriors from the mover's pit
// p breaks the first-lap rule (KI-10): the last warrior of the first lap
// lands in an occupied pit of the mover's own row. It does not sow: the
// first lap drops into p+1 .. p+k (mod 20), so it lands in L = p+k mod 20,
// and L's content just before that last warrior (C-3) is its content after
// the lift (less k if L is p itself, C-4) plus the (k-1)/20 warriors the
// same lap dropped into it on earlier rounds.
func (p *Position) firstLapIllegal(pit, k int) bool {
	last := (pit + k) % Pits
	if owner(last) != p.ToMove() {
		return false
	}
	before := int(p.pits[last]) + (k-1)/Pits
	if last == pit {
		before -= k
	}
	return before > 0
}

// endless reports whether the move (pit, k) is endless (C-6), by sowing it
// on a copy. The move must pass KI-9 and KI-10.
func (p *Position) endless(pit, k int) bool {
	q := *p
	_, _, e := q.sow(pit, k, nil)
	return e
}

// sow plays the sowing of the move (pit, k) on p (KI-9, KI-11..KI-14): it
// lifts k warriors from pit, sows lap after lap, relaying from occupied
// landing pits, and captures at the end. It returns the number of laps,
// the number of warriors sown and whether the move is endless (C-6: a
// repeated lap-boundary state, or MaxLaps laps without an end); an endless
// move leaves p in an unspecified state. fn, if not nil, receives the
// events of the move except the final End.
func (p *Position) sow(pit, k int, fn func(mancala.Event)) (laps, sown int, endless bool) {
	mover := p.ToMove()
	b := p.pits
	nki := p.nki
	anyLiftClears := p.rules.NkiClear == AnyLift
	needCross := p.rules.CaptureNeedsCrossing
	maxLaps := p.rules.Laps()
	crossed := false
	var brent cycle.Brent[lapState]

	b[pit] -= uint8(k)
	if fn != nil {
		fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitAt(pit), To: mancala.Hand, Count: k})
	}
	if nki&(1<<pit) != 0 { // the source pit is the mover's own: always cleared (KI-8)
		nki &^= 1 << pit
		if fn != nil {
			fn(mancala.Event{Kind: mancala.NkiClear, From: mancala.PitAt(pit)})
		}
	}
	s, n := pit, k
	for {
		laps++
		sown += n
		if needCross && !crossed {
			crossed = lapCrosses(mover, s, n)
		}
		var last int
		if fn != nil {
			last = dropTraced(&b, s, n, fn)
		} else {
			last = dropLap(&b, s, n)
		}
		if b[last] == 1 {
			// KI-12: the last warrior fell into a pit that was empty (C-3).
			s = last
			break
		}
		if laps >= maxLaps {
			return laps, sown, true
		}
		if laps >= brentStart && brent.Seen(newLapState(&b, nki, last)) {
			return laps, sown, true
		}
		// KI-11: relay the whole landing pit.
		n = int(b[last])
		b[last] = 0
		s = last
		if fn != nil {
			fn(mancala.Event{Kind: mancala.Relay, From: mancala.PitAt(last), To: mancala.Hand, Count: n})
		}
		if nki&(1<<last) != 0 && (anyLiftClears || owner(last) == mover) {
			nki &^= 1 << last
			if fn != nil {
				fn(mancala.Event{Kind: mancala.NkiClear, From: mancala.PitAt(last)})
			}
		}
	}
	p.pits, p.nki = b, nki
	if owner(s) == mover && (!needCross || crossed) {
		p.capture(s, fn)
	}
	return laps, sown, false
}

// capture takes the KI-13 capture for a move that ended in the mover's
// empty pit e, if the opposite pit is occupied and not nki, with the KI-14
// bonus in the mover's leftmost pit.
func (p *Position) capture(e int, fn func(mancala.Event)) {
	mover := p.ToMove()
	f := Pits - 1 - e
	if p.pits[f] == 0 || p.nki&(1<<f) != 0 {
		return
	}
	store := mancala.StoreOf(mover)
	take := func(pit int) {
		n := p.pits[pit]
		p.prisons[mover] += n
		p.pits[pit] = 0
		if fn != nil {
			fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitAt(pit), To: store, Count: int(n)})
		}
	}
	take(f)
	take(e) // the capturing warrior
	if e != firstPit(mover) {
		return
	}
	ok := func(pit int) bool { return p.pits[pit] > 0 && p.nki&(1<<pit) == 0 }
	switch p.rules.Bonus {
	case Three:
		// South: b2, b3, b4 = pits 18, 17, 16; North: a9, a8, a7 = 8, 7, 6.
		if ok(f-1) && ok(f-2) && ok(f-3) {
			take(f - 1)
			take(f - 2)
			take(f - 3)
		}
	case Run:
		// From the pit after the opposite one toward the far end of the
		// enemy row, without wrapping, up to the first empty or nki pit.
		end := firstPit(mover.Other())
		for q := f - 1; q >= end && ok(q); q-- {
			take(q)
		}
	}
}

// lapCrosses reports whether a lap of n warriors sown after pit s drops
// into the enemy row of mover (CaptureNeedsCrossing, KI-13).
func lapCrosses(mover mancala.Player, s, n int) bool {
	if n >= Pits {
		return true
	}
	x := (s + 1) % Pits
	d := 0 // drops before the first one into the enemy row
	if owner(x) == mover {
		d = firstPit(mover.Other()) - x
		if d < 0 {
			d += Pits
		}
	}
	return d < n
}

// dropLap sows n warriors one per pit from the pit after s (C-2, C-4) and
// returns the pit that received the last one.
func dropLap(b *[Pits]uint8, s, n int) int {
	if n >= Pits {
		r := uint8(n / Pits)
		for i := range b {
			b[i] += r
		}
		n %= Pits
	}
	end := s + n
	if end < Pits {
		for i := s + 1; i <= end; i++ {
			b[i]++
		}
		return end
	}
	for i := s + 1; i < Pits; i++ {
		b[i]++
	}
	end -= Pits
	for i := 0; i <= end; i++ {
		b[i]++
	}
	return end
}

// dropTraced is dropLap reporting one Drop event per warrior.
func dropTraced(b *[Pits]uint8, s, n int, fn func(mancala.Event)) int {
	x := s
	for range n {
		x++
		if x == Pits {
			x = 0
		}
		b[x]++
		fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitAt(x), Count: 1})
	}
	return x
}
