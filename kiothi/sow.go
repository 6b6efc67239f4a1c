package kiothi

import (
	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// brentStart is the lap from which a move feeds its lap-boundary states to
// the cycle check (C-6): finite moves are almost always far shorter, so
// they pay nothing for it.
const brentStart = 48

// ring is the lap table of the ring of 20 pits (internal/sowing's
// three-word ring): pits 0..7, 8..15 and 16..19 are the bytes of three
// words, and a lap of any length is three additions.
var ring = sowing.NewRing3(Pits)

// words returns the 20 pits packed in three words.
func (p *Position) words() (w0, w1, w2 uint64) {
	return littleEndian.Uint64(p.pits[0:8]), littleEndian.Uint64(p.pits[8:16]),
		uint64(littleEndian.Uint32(p.pits[16:20]))
}

// setWords stores the 20 pits from three words.
func (p *Position) setWords(w0, w1, w2 uint64) {
	littleEndian.PutUint64(p.pits[0:8], w0)
	littleEndian.PutUint64(p.pits[8:16], w1)
	littleEndian.PutUint32(p.pits[16:20], uint32(w2))
}

// occupied returns the occupied pits of a packed board, a bit per pit.
func occupied(w0, w1, w2 uint64) uint32 {
	return uint32(sowing.Occupied(w0) | sowing.Occupied(w1)<<8 | sowing.Occupied(w2)<<16)
}

// firstLapIllegal reports whether lifting k warriors from the mover's pit
// p breaks the first-lap rule (KI-10): the last warrior of the first lap
// lands in an occupied pit of the mover's own row. It does not sow: the
// first lap drops into p+1 .. p+k (mod 20), so it lands in L = p+k mod 20,
// and L's content just before that last warrior (C-3) is its content after
// the lift (less k if L is p itself, C-4) plus the (k-1)/20 warriors the
// same lap dropped into it on earlier rounds.
func (p *Position) firstLapIllegal(pit, k int) bool {
	if k < Pits {
		// Less than a round: L is not p, and no earlier round dropped into it.
		last := pit + k
		if last >= Pits {
			last -= Pits
		}
		return owner(last) == p.mover() && p.pits[last&31] != 0
	}
	last := (pit + k) % Pits
	if owner(last) != p.mover() {
		return false
	}
	before := int(p.pits[last]) + (k-1)/Pits
	if last == pit {
		before -= k
	}
	return before > 0
}

// endless reports whether the move (pit, k) is endless (C-6), by sowing it
// on the packed board. The move must pass KI-9 and KI-10.
func (p *Position) endless(pit, k int) bool {
	w0, w1, w2 := p.words()
	_, _, _, _, _, _, _, endless := sowWords(w0, w1, w2, p.nki, uint(p.turn&1), uint(pit), uint(k), p.rules)
	return endless
}

// sowWords plays the sowing of the move (pit, k) of mover on the packed
// board (w0, w1, w2) with nki marks nki under rules r (KI-9, KI-11, KI-12,
// C-6): it lifts k warriors from pit (clearing its mark, KI-8), sows lap
// after lap (C-2, C-4), relaying the whole landing pit while the last
// warrior lands in an occupied pit (KI-11, clearing the mark as NkiClear
// says) until it lands in an empty one (KI-12). It returns the board
// (b0, b1, b2) and the marks (marks) then, the pit that received the last
// warrior (last), whether a lap dropped a warrior into the enemy row
// (crossed, for CaptureNeedsCrossing, KI-13), the laps sown (laps) and
// whether the move is endless (endless; C-6: MaxLaps laps without an end,
// or a repeated lap-boundary state, board, marks and last pit, from lap
// brentStart on); the capture is the caller's. (The results are plain
// values, not a struct: a struct of more than four fields is not kept in
// registers, which cost 15% of BenchmarkLegalApply.)
func sowWords(w0, w1, w2 uint64, nki uint32, mover, pit, k uint, r ruleBits) (b0, b1, b2 uint64, marks uint32, last uint, crossed bool, laps uint, endless bool) {
	rg := &ring
	pit &= 31
	if pit < 8 {
		w0 -= uint64(k) << (pit & 7 * 8)
	} else if pit < 16 {
		w1 -= uint64(k) << (pit & 7 * 8)
	} else {
		w2 -= uint64(k) << (pit & 7 * 8)
	}
	// What the laps rarely look at stays in memory, so that the loop keeps
	// the board and the counters in registers.
	var st struct {
		nki     uint32
		clears  uint32 // the marks a relay lift clears (KI-8)
		mover   uint
		track   bool // CaptureNeedsCrossing: crossed is tracked
		crossed bool
		brent   sowing.Brent
	}
	st.nki = nki &^ (1 << (pit & 31)) // the source pit is the mover's own: always cleared (KI-8)
	// A relay lift clears the mark of the mover's own pits, and of the
	// enemy's too unless NkiClear is OwnerLift.
	st.clears = ^uint32(0)
	if r&ownerLiftBit != 0 {
		st.clears = 0x3ff << (10 * (mover & 1))
	}
	st.mover, st.track, st.crossed = mover, r&needsCrossBit != 0, r&needsCrossBit == 0
	check := min(r.laps(), brentStart) // the first lap C-6 looks at
	start, n := pit+1, k
	if start == Pits {
		start = 0
	}
	for {
		laps++
		if st.track && !st.crossed {
			st.crossed = lapCrosses(st.mover, start, n)
		}
		var pits uint
		w0, w1, w2, pits = rg.Lap(w0, w1, w2, start, n)
		last := pits & 0xff
		c := sowing.Get3(w0, w1, w2, last)
		if c == 1 {
			// KI-12: the last warrior fell into a pit that was empty (C-3).
			return w0, w1, w2, st.nki, last, st.crossed, laps, false
		}
		if laps >= check {
			if laps >= r.laps() || laps >= brentStart && st.brent.Seen(w0, w1, w2|uint64(st.nki)<<32, last) {
				// C-6: not ended after MaxLaps laps, or the lap-boundary state repeats.
				return w0, w1, w2, st.nki, last, st.crossed, laps, true
			}
		}
		// KI-11: relay the whole landing pit.
		w0, w1, w2 = sowing.Clear3(w0, w1, w2, last)
		st.nki &^= st.clears & (1 << (last & 31))
		start, n = pits>>8&0xff, c
	}
}

// lapCrosses reports whether a lap of n warriors sown from pit start on
// drops into the enemy row of mover (CaptureNeedsCrossing, KI-13).
func lapCrosses(mover, start, n uint) bool {
	if n >= Pits {
		return true
	}
	d := uint(0) // drops before the first one into the enemy row
	if start/Files == mover {
		d = (Files*(1-mover) + Pits - start) % Pits
	}
	return d < n
}

// finish plays the candidate sowing move (pit, k) in place with the
// packed core: the sowing, the capture that ends it (KI-13, KI-14) and the
// end of the turn (KI-15 for the next player, or C-6 under Endless=Illegal:
// a draw if every candidate of theirs is endless). An endless move (C-6)
// ends the game as a draw under Endless=Draw, with the board as it was;
// under Endless=Illegal it is refused: finish returns false and leaves p
// unchanged. (Kisolo and Bao la Kimasai name the same step finish.)
func (p *Position) finish(pit, k int) bool { return p.finishThen(pit, k, false) }

// finishThen is finish; with lazy, it leaves the next player's KI-15 and
// C-6 check (settle) to the caller under WholeLift or Endless=Illegal (the
// turn still passes).
func (p *Position) finishThen(pit, k int, lazy bool) bool {
	w0, w1, w2 := p.words()
	mover := uint(p.turn & 1)
	w0, w1, w2, nki, last, crossed, _, endless := sowWords(w0, w1, w2, p.nki, mover, uint(pit), uint(k), p.rules)
	if endless {
		if p.rules.illegal() {
			return false
		}
		p.endless0()
		return true
	}
	if last/Files == mover && crossed {
		var taken uint
		w0, w1, w2, taken = captureWords(w0, w1, w2, nki, last, mover, p.rules.bonus())
		p.prisons[mover] += uint8(taken)
	}
	p.setWords(w0, w1, w2)
	p.nki = nki
	if p.rules&(wholeLiftBit|illegalBit) == 0 {
		// The next player has a move iff a warrior is in their row
		// (hasMoves).
		p.turn++
		if occupied(w0, w1, w2)&(0x3ff<<(Files*(1-mover))) == 0 {
			p.sweep(nil)
		}
		p.turnLimit()
		return true
	}
	if !lazy {
		p.endTurn(nil)
	} else {
		p.turn++ // the caller checks KI-15, C-6 and C-9
	}
	return true
}

// captureWords is capture on a packed board with nki marks nki, for a move
// of mover that ended in its empty pit e (KI-13, KI-14), without events: it
// returns the board and the warriors taken to mover's prison.
func captureWords(w0, w1, w2 uint64, nki uint32, e, mover uint, bonus BonusRule) (uint64, uint64, uint64, uint) {
	f := Pits - 1 - e
	fv := sowing.Get3(w0, w1, w2, f)
	if fv == 0 || nki>>(f&31)&1 != 0 {
		return w0, w1, w2, 0
	}
	taken := fv + sowing.Get3(w0, w1, w2, e) // the capturing warrior too
	w0, w1, w2 = sowing.Clear3(w0, w1, w2, f)
	w0, w1, w2 = sowing.Clear3(w0, w1, w2, e)
	if e != Files*mover || bonus == None {
		return w0, w1, w2, taken
	}
	ok := func(pit uint) bool { return sowing.Get3(w0, w1, w2, pit) > 0 && nki>>(pit&31)&1 == 0 }
	if bonus == Three {
		// South: b2, b3, b4 = pits 18, 17, 16; North: a9, a8, a7 = 8, 7, 6.
		if !ok(f-1) || !ok(f-2) || !ok(f-3) {
			return w0, w1, w2, taken
		}
	}
	// Run: from the pit after the opposite one toward the far end of the
	// enemy row, without wrapping, up to the first empty or nki pit; Three
	// takes the first three of them.
	end := Files * (1 - mover)
	for q, n := f-1, 0; q >= end && q < Pits && ok(q) && (bonus == Run || n < 3); q, n = q-1, n+1 {
		taken += sowing.Get3(w0, w1, w2, q)
		w0, w1, w2 = sowing.Clear3(w0, w1, w2, q)
	}
	return w0, w1, w2, taken
}

// trace plays the sowing of the move (pit, k) on p warrior by warrior (KI-9,
// KI-11..KI-14), reporting to fn, if not nil, every event of the move
// except the final End: a second, plain implementation of the sowing, the
// reference the tests compare the packed core with, and what ApplyTrace
// reports. It returns the number of laps, the number of warriors sown and
// whether the move is endless, here only by sowing MaxLaps laps without an
// end (there is no cycle check); an endless move leaves p in an unspecified
// state.
func (p *Position) trace(pit, k int, fn func(mancala.Event)) (laps, sown int, endless bool) {
	mover := p.mover()
	b := p.pits
	nki := p.nki
	anyLiftClears := p.rules&ownerLiftBit == 0
	needCross := p.rules&needsCrossBit != 0
	maxLaps := int(p.rules.laps())
	crossed := false

	b[pit] -= uint8(k)
	if fn != nil {
		fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitOf(pit), To: mancala.Hand, Count: k})
	}
	if nki&(1<<pit) != 0 { // the source pit is the mover's own: always cleared (KI-8)
		nki &^= 1 << pit
		if fn != nil {
			fn(mancala.Event{Kind: mancala.NkiClear, From: mancala.PitOf(pit)})
		}
	}
	s, n := pit, k
	for {
		laps++
		sown += n
		if needCross && !crossed {
			crossed = lapCrosses(uint(mover), uint(s+1)%Pits, uint(n))
		}
		last := s
		for range n {
			last++
			if last == Pits {
				last = 0
			}
			b[last]++
			if fn != nil {
				fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(last), Count: 1})
			}
		}
		if b[last] == 1 {
			// KI-12: the last warrior fell into a pit that was empty (C-3).
			s = last
			break
		}
		if laps >= maxLaps {
			return laps, sown, true
		}
		// KI-11: relay the whole landing pit.
		n = int(b[last])
		b[last] = 0
		s = last
		if fn != nil {
			fn(mancala.Event{Kind: mancala.Relay, From: mancala.PitOf(last), To: mancala.Hand, Count: n})
		}
		if nki&(1<<last) != 0 && (anyLiftClears || owner(last) == mover) {
			nki &^= 1 << last
			if fn != nil {
				fn(mancala.Event{Kind: mancala.NkiClear, From: mancala.PitOf(last)})
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
	mover := p.mover()
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
			fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitOf(pit), To: store, Count: int(n)})
		}
	}
	take(f)
	take(e) // the capturing warrior
	if e != firstPit(mover) {
		return
	}
	ok := func(pit int) bool { return p.pits[pit] > 0 && p.nki&(1<<pit) == 0 }
	switch p.rules.bonus() {
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
