package kisolo

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// brentFrom is the lap from which the sowing loop feeds lap-boundary states
// to the cycle check (C-6). Moves of fewer laps, nearly all of them, pay
// nothing for it; a loop is still found within about 4*(brentFrom+period)
// laps.
const brentFrom = 32

// The sowing core (sowWords) keeps each player's circuit in two 64-bit
// words of one-byte counts (internal/sowing's two-word circuit), relative
// index 0..2C-1 along the circuit (KS-2), so that a lap is a few additions
// whatever its length. The mover's inner index i (C..2C-1) faces the
// opponent's relative index 3C-1-i, and the pit behind that is the
// opponent's relative index i-C (KS-4).
//
// Its cycle check compares only the mover's circuit and the pit that
// received the last seed: the opponent's pits change only by captures,
// which move seeds onto the mover's circuit for good, so two equal mover's
// circuits of one move have had the same captures and the same opponent's
// pits.

// words returns the circuits of the mover (m0, m1) and of the opponent (o0,
// o1), each packed from its relative index 0.
func (p *Position) words() (m0, m1, o0, o1 uint64) {
	mb := int(p.turn&1) << 4
	ob := 16 - mb
	return littleEndian.Uint64(p.circ[mb&16:]), littleEndian.Uint64(p.circ[(mb+8)&24:]),
		littleEndian.Uint64(p.circ[ob&16:]), littleEndian.Uint64(p.circ[(ob+8)&24:])
}

// setWords stores the circuits of the mover and of the opponent.
func (p *Position) setWords(m0, m1, o0, o1 uint64) {
	mb := int(p.turn&1) << 4
	ob := 16 - mb
	littleEndian.PutUint64(p.circ[mb&16:], m0)
	littleEndian.PutUint64(p.circ[(mb+8)&24:], m1)
	littleEndian.PutUint64(p.circ[ob&16:], o0)
	littleEndian.PutUint64(p.circ[(ob+8)&24:], o1)
}

// occupied returns the occupied pits of a packed circuit, a bit per
// relative index.
func occupied(w0, w1 uint64) uint { return sowing.Occupied(w0) | sowing.Occupied(w1)<<8 }

// captures returns the mover's inner pits (relative indices) whose facing
// pit is occupied, given both circuits' occupied pits: KS-6's captures
// where the inner pit is occupied too.
func (g *geom) captures(mine, theirs uint) uint {
	// Inner index C+k faces the opponent's C+(C-1-k): reverse the
	// opponent's inner row.
	c := uint(g.c)
	rev := uint(bits.Reverse16(uint16(theirs>>(c&15)))) >> ((16 - c) & 15) << (c & 15)
	return mine & rev & g.innerBits
}

// sowWords plays a checked move of kind k at the mover's relative index i
// on the circuits of the mover (m0, m1) and the opponent (o0, o1) under
// rules r, and returns the circuits, why the move ended and the laps sown.
// A sow lifts pit i and sows from the next pit (KS-6); a capture takes the
// opponent's pit facing i and the pit behind it and sows them from i
// itself (KS-7); every lap then ends as KS-8 says: the move ends if a
// capture of this move has emptied the opponent's inner row (KS-8.1,
// KS-10, Win = InnerRowEmptied) or if the pit X after the pit L that
// received the last seed is empty (KS-8.2); it captures through X if X is
// an inner pit, L was occupied (or CaptureOnAnyLanding) and X's facing pit
// is occupied (KS-8.3); else it relays from X (KS-8.4). The move is
// endless (C-6) when MaxLaps laps have not ended it or a lap-boundary
// state repeats (from lap brentFrom on).
func (g *geom) sowWords(m0, m1, o0, o1 uint64, k MoveKind, i uint, r ruleBits) (uint64, uint64, uint64, uint64, mancala.MoveEnd, uint) {
	circ := &g.circ
	// What the laps rarely look at stays in memory, so that the loop keeps
	// the mover's circuit, the hand and the counters in registers: the
	// opponent's circuit (a lap reads one byte of it, X's facing pit, or
	// byte 16, always 0, when X is an outer pit; only captures change it)
	// and the flags.
	var st struct {
		opp          [32]uint8
		need         uint // KS-8.3: L held more than need seeds before the last one (0 under CaptureOnAnyLanding)
		inner        int  // the opponent's occupied inner pits (each capture empties one)
		innerEmptied bool // a capture of this move emptied the opponent's inner row (KS-8.1)
		brent        sowing.Brent
	}
	littleEndian.PutUint64(st.opp[0:8], o0)
	littleEndian.PutUint64(st.opp[8:16], o1)
	st.need = 1
	if r&anyLandingBit != 0 {
		st.need = 0
	}
	st.inner = -1 // counted at the first capture
	// check is the first lap at which the loop looks at the rare ends: the
	// lap bound and the cycle check of C-6, and (set to 0) a capture that
	// emptied the opponent's inner row.
	check := min(r.laps(), brentFrom)
	take := func(x uint) uint {
		// KS-7: take the facing pit and the pit behind it.
		f, b := uint(g.facing[x&15])&15, (x-uint(g.c))&15
		if st.inner < 0 {
			st.inner = bits.OnesCount(occupied(littleEndian.Uint64(st.opp[0:8]), littleEndian.Uint64(st.opp[8:16])) & g.innerBits)
		}
		n := uint(st.opp[f]) + uint(st.opp[b])
		st.opp[f], st.opp[b] = 0, 0
		// f, an occupied inner pit, is now empty (a count, not a reload of
		// the bytes just stored, which the CPU could not forward).
		if st.inner--; st.inner == 0 && r&outerWinBit == 0 {
			st.innerEmptied, check = true, 0
		}
		return n
	}
	var hand, start uint
	if k == CaptureKind {
		// KS-7: the first seed goes into the capturing pit itself.
		hand, start = take(i), i
	} else {
		// KS-6: lift the pit and sow from the next one.
		hand = sowing.Get2(m0, m1, i)
		m0, m1 = circ.Clear(m0, m1, i)
		start = circ.Next(i)
	}
	var laps uint
	end := mancala.EndNextEmpty
	for {
		// One lap (C-2, C-4).
		laps++
		var last, x, after uint
		m0, m1, last, x, after = circ.Lap(m0, m1, start, hand)
		// KS-8: L = last received the last seed, X = x is the next pit.
		xv := sowing.Get2(m0, m1, x)
		if laps >= check {
			if st.innerEmptied {
				end = mancala.EndInnerRowEmptied // KS-8.1, KS-10
				break
			}
			if xv != 0 && (laps >= r.laps() || laps >= brentFrom && st.brent.Seen(m0, m1, 0, last)) {
				// C-6: not ended after MaxLaps laps, or the lap-boundary state repeats.
				end = mancala.EndEndless
				break
			}
		}
		if xv == 0 {
			break // KS-8.2
		}
		// KS-8.3: capture through X if X is inner, X's facing pit is
		// occupied and L was occupied before the last seed (C-3).
		if st.opp[g.facing[x&15]&31] != 0 && sowing.Get2(m0, m1, last) > st.need {
			hand, start = take(x), x // KS-7: the first seed goes into X
			continue
		}
		// KS-8.4: relay (pussa kanawa) from X.
		hand = xv
		m0, m1 = circ.Clear(m0, m1, x)
		start = after
	}
	return m0, m1, littleEndian.Uint64(st.opp[0:8]), littleEndian.Uint64(st.opp[8:16]), end, laps
}

// trace plays a legal move (already checked) of kind k at pit on board b,
// for the player to move in p, seed by seed over the board's numbering: a
// second, plain implementation of KS-6..KS-8, the reference the tests
// compare sowWords with. With fn non-nil it reports every event except the
// final End (the caller adds it). It returns why the move ended and the
// number of seeds dropped; a move not ended after MaxLaps laps is endless
// (C-6; there is no cycle check here), and b then holds a partly sown
// board.
func (p *Position) trace(b *[32]uint8, k MoveKind, pit int, fn func(mancala.Event)) (mancala.MoveEnd, int) {
	if fn == nil {
		fn = func(mancala.Event) {}
	}
	g := p.geom()
	c, ring := g.c, g.ring
	m0 := int(p.turn&1) * ring
	o0 := ring - m0
	end := m0 + ring // one past the mover's last pit
	innerWin := p.rules&outerWinBit == 0
	anyLanding := p.rules&anyLandingBit != 0
	maxLaps := int(p.rules.laps())

	var hand, pos int
	innerEmptied := false
	if k == CaptureKind {
		// KS-7: the first seed goes into the capturing pit itself.
		hand = p.take(b, g, m0, pit-m0, fn)
		if innerWin && rowEmpty(b, o0+c, c) {
			innerEmptied = true
		}
		pos = pit - 1
		if pos < m0 {
			pos = end - 1
		}
	} else {
		// KS-6: lift the pit and sow from the next one.
		hand = int(b[pit&31])
		b[pit&31] = 0
		fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitOf(pit), To: mancala.Hand, Count: hand})
		pos = pit
	}

	sown := 0
	for laps := 1; ; laps++ {
		// One lap (C-2): drop the hand one seed a pit after pos, going round
		// the circuit as often as needed (C-4).
		sown += hand
		for ; hand > 0; hand-- {
			pos++
			if pos == end {
				pos = m0
			}
			b[pos&31]++
			fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(pos), Count: 1})
		}
		// KS-8: L = pos received the last seed, X is the next pit.
		last := pos
		if innerEmptied {
			return mancala.EndInnerRowEmptied, sown // KS-8.1, KS-10
		}
		x := last + 1
		if x == end {
			x = m0
		}
		if b[x&31] == 0 {
			return mancala.EndNextEmpty, sown // KS-8.2
		}
		if laps >= maxLaps {
			return mancala.EndEndless, sown // C-6: not ended after MaxLaps laps
		}
		i := x - m0
		if i >= c && (anyLanding || b[last&31] > 1) && b[(o0+3*c-1-i)&31] != 0 {
			// KS-8.3: capture through X (KS-7); the first seed goes into X.
			hand = p.take(b, g, m0, i, fn)
			if innerWin && !innerEmptied && rowEmpty(b, o0+c, c) {
				innerEmptied = true
			}
			pos = last
			continue
		}
		// KS-8.4: relay (pussa kanawa) from X.
		hand = int(b[x&31])
		b[x&31] = 0
		fn(mancala.Event{Kind: mancala.Relay, From: mancala.PitOf(x), To: mancala.Hand, Count: hand})
		pos = x
	}
}

// take empties the opponent's inner pit facing the mover's inner pit at
// circuit index i and the outer pit behind it (KS-7), reporting a Capture
// event for each that held seeds, and returns the seeds taken.
func (p *Position) take(b *[32]uint8, g *geom, m0, i int, fn func(mancala.Event)) int {
	o0 := g.ring - m0
	f := o0 + 3*g.c - 1 - i
	bh := o0 + i - g.c
	nf, nb := int(b[f&31]), int(b[bh&31])
	b[f&31], b[bh&31] = 0, 0
	fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitOf(f), To: mancala.Hand, Count: nf})
	if nb > 0 {
		fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitOf(bh), To: mancala.Hand, Count: nb})
	}
	return nf + nb
}
