package kimasai

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// The sowing core works on the mover's own circuit as two 64-bit words of
// eight one-byte counts each (internal/sowing's two-word circuit): w0 holds
// circuit indices 0..7 (the mover's inner row, b1..b8 for South, c8..c1
// for North) and w1 indices 8..15 (the outer row, a8..a1 or d1..d8). A lap
// of n cows adds n/16 to every byte and 1 to the n%16 bytes after the
// lifted pit, two additions with the lap table. The opponent's inner row is
// a third word, indexed by the opponent's circuit index 0..7; the mover's
// inner index i faces the opponent's inner index 7-i (KM-4).

// ring is the lap table of a player's circuit of 16 pits.
var ring = sowing.NewRing2(16)

// cycleAfter is the number of laps a move sows before the cycle check
// starts: moves shorter than this pay nothing for it. The longest finite
// moves known are a few hundred laps (C-6), so endless moves are still
// found within a few thousand laps unless their period is long.
const cycleAfter = 48

// The lap-boundary state of C-6 changes between two raids only in the
// mover's circuit and the pit that received the last cow: the opponent's
// board changes only by raids, which take cows for good, so the cycle check
// restarts after each raid and compares only those.

// result is what the core computes for one move, for the tests and
// benchmarks ([Position.sow]).
type result struct {
	w       [2]uint64       // the mover's circuit after the move
	opp     uint64          // the opponent's inner row after the move
	end     mancala.MoveEnd // EndEmptyPit, EndInnerRowEmptied or EndEndless
	placed  bool            // a reserve cow was put into the named pit (KM-6)
	laps    int             // laps sown (a raid lap counts)
	maxSeen bool            // ended by reaching MaxLaps rather than by a repeat
}

// base returns the first pit of pl's circuit: 0 for South, 16 for North.
func base(pl mancala.Player) int { return int(pl&1) * 16 }

// places reports whether the mover puts a reserve cow into the named pit
// (KM-6): in phase 1, except on the free first turn(s), if the mover's
// reserve is not empty.
func (p *Position) places() bool {
	return p.reserves[0]|p.reserves[1] != 0 && !p.freeTurn() && p.reserves[p.turn&1] != 0
}

// words returns the mover's circuit (w0, w1) and the opponent's inner row.
func (p *Position) words() (w0, w1, opp uint64) {
	b := int(p.turn&1) << 4
	return littleEndian.Uint64(p.pits[b&16:]), littleEndian.Uint64(p.pits[(b+8)&24:]),
		littleEndian.Uint64(p.pits[(16-b)&16:])
}

// start returns the mover's circuit, the opponent's inner row and whether
// phase 2 raids are on, for the move from circuit index h (KM-6: in phase
// 1, except on a free first turn, one reserve cow goes into the named pit
// first), and whether that cow was placed.
func (p *Position) start(h uint) (w0, w1, opp uint64, phase2, placed bool) {
	w0, w1, opp = p.words()
	phase2 = p.reserves[0]|p.reserves[1] == 0
	if placed = p.places(); placed {
		w0, w1 = sowing.Add2(w0, w1, h, 1)
	}
	return w0, w1, opp, phase2, placed
}

// sowWords plays the move from circuit index h (0..15, occupied) on the
// mover's circuit (w0, w1) and the opponent's inner row opp (KM-8..KM-11,
// C-6): it lifts pit h, sows lap after lap, relaying (KM-9.3) and, with
// phase2, raiding (KM-9.2, KM-10), until a lap ends in an empty pit
// (KM-9.1), a raid lap empties the opponent's inner row (KM-11), or the
// move proves endless: MaxLaps laps without an end, or a repeated
// lap-boundary state (Brent's check, from lap cycleAfter on, restarted
// after each raid). It returns the board, why the move ended and the laps
// sown.
func sowWords(w0, w1, opp uint64, h uint, phase2 bool, maxLaps uint) (uint64, uint64, uint64, mancala.MoveEnd, uint) {
	rg := &ring
	// What the laps rarely look at stays in memory, so that the loop keeps
	// the mover's circuit, the hand and the counters in registers.
	var st struct {
		opp    [8]uint8 // the opponent's inner row, by the opponent's circuit index
		phase2 bool     // raids are on (KM-8)
		raid   bool     // the lap just sown is a raid lap
		brent  sowing.Brent
	}
	littleEndian.PutUint64(st.opp[:], opp)
	st.phase2 = phase2
	check := min(maxLaps, cycleAfter) // the first lap C-6 looks at
	n := sowing.Get2(w0, w1, h)
	w0, w1 = rg.Clear(w0, w1, h)
	start := (h + 1) & 15
	var laps uint
	for {
		laps++
		var last, next uint
		w0, w1, last, next, _ = rg.Lap(w0, w1, start, n)
		if st.raid {
			st.raid = false
			if littleEndian.Uint64(st.opp[:]) == 0 { // KM-11: the raid emptied the opponent's inner row
				return w0, w1, 0, mancala.EndInnerRowEmptied, laps
			}
		}
		c := sowing.Get2(w0, w1, last)
		if c == 1 { // KM-9.1 with C-3: the last pit was empty before the last cow
			break
		}
		if laps >= check && laps >= maxLaps { // C-6: not ended after MaxLaps laps
			return w0, w1, littleEndian.Uint64(st.opp[:]), mancala.EndEndless, laps
		}
		if st.phase2 && last < 8 { // KM-9.2: raid the facing inner pit
			if oc := uint(st.opp[7-last]); oc != 0 {
				st.opp[7-last] = 0
				n, start, st.raid = oc, last, true // KM-10: first stolen cow into L itself
				st.brent.Reset()                   // the opponent's row changed for good
				continue
			}
		}
		if laps >= check && st.brent.Seen(w0, w1, 0, last) { // C-6: a repeated lap-boundary state
			return w0, w1, littleEndian.Uint64(st.opp[:]), mancala.EndEndless, laps
		}
		// KM-9.3: relay
		w0, w1 = rg.Clear(w0, w1, last)
		n, start = c, next
	}
	return w0, w1, littleEndian.Uint64(st.opp[:]), mancala.EndEmptyPit, laps
}

// sow plays the move from the mover's circuit index h (0..15; the pit must
// be occupied) and returns the result without changing p. It allocates
// nothing.
func (p *Position) sow(h int) result {
	w0, w1, opp, phase2, placed := p.start(uint(h) & 15)
	maxLaps := p.rules.laps()
	w0, w1, opp, end, laps := sowWords(w0, w1, opp, uint(h)&15, phase2, maxLaps)
	return result{w: [2]uint64{w0, w1}, opp: opp, end: end, placed: placed, laps: int(laps),
		maxSeen: end == mancala.EndEndless && laps >= maxLaps}
}

// endlessAt reports whether the move from the mover's circuit index h is
// endless (C-6).
func (p *Position) endlessAt(h int) bool { return p.sow(h).end == mancala.EndEndless }

// endlessMask returns the candidates among the occupied circuit indices
// occ of the mover that are endless (C-6), a bit per circuit index: each
// is played out.
func (p *Position) endlessMask(occ uint) uint16 {
	w0, w1, opp := p.words()
	phase2 := p.reserves[0]|p.reserves[1] == 0
	placed := p.places()
	maxLaps := p.rules.laps()
	var mask uint16
	for z := occ; z != 0; z &= z - 1 {
		h := uint(bits.TrailingZeros(z)) & 15
		a0, a1 := w0, w1
		if placed {
			a0, a1 = sowing.Add2(a0, a1, h, 1)
		}
		if _, _, _, end, _ := sowWords(a0, a1, opp, h, phase2, maxLaps); end == mancala.EndEndless {
			mask |= 1 << h
		}
	}
	return mask
}

// trace replays the finite move from pit (absolute index) cow by cow on a
// copy of p's board, reporting each event to fn in the order of docs/design.md,
// and returns the board and reserves it reaches. It is a second, plain
// implementation of KM-6..KM-11 over the [mancala.Layout] tables; the tests
// check that it agrees with sow. It stops after maxLaps laps.
func (p *Position) trace(pit, maxLaps int, fn func(mancala.Event)) ([Pits]uint8, [2]uint8, mancala.MoveEnd) {
	board, res := p.pits, p.reserves
	mover := p.mover()
	phase2 := res[0]|res[1] == 0
	if p.places() {
		res[mover]--
		board[pit]++
		fn(mancala.Event{Kind: mancala.Reserve, From: mancala.ReserveOf(mover), To: mancala.PitOf(pit), Count: 1})
	}
	n := int(board[pit])
	board[pit] = 0
	fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitOf(pit), To: mancala.Hand, Count: n})
	at := layout.Next(pit)
	raid := false
	for laps := 1; laps <= maxLaps; laps++ {
		last, wasEmpty := -1, false
		for ; n > 0; n-- {
			wasEmpty = board[at] == 0
			board[at]++
			fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(at), Count: 1})
			last, at = at, layout.Next(at)
		}
		if raid && innerEmpty(&board, mover.Other()) { // KM-11
			fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndInnerRowEmptied})
			return board, res, mancala.EndInnerRowEmptied
		}
		raid = false
		if wasEmpty { // KM-9.1
			fn(mancala.Event{Kind: mancala.End, EndReason: mancala.EndEmptyPit})
			return board, res, mancala.EndEmptyPit
		}
		if f, ok := layout.Facing(last); ok && phase2 && board[f] > 0 { // KM-9.2, KM-10
			n = int(board[f])
			board[f] = 0
			fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitOf(f), To: mancala.Hand, Count: n})
			at, raid = last, true
			continue
		}
		n = int(board[last]) // KM-9.3
		board[last] = 0
		fn(mancala.Event{Kind: mancala.Relay, From: mancala.PitOf(last), To: mancala.Hand, Count: n})
		at = layout.Next(last)
	}
	return board, res, mancala.EndEndless
}

func innerEmpty(board *[Pits]uint8, pl mancala.Player) bool {
	b := base(pl)
	for i := b; i < b+8; i++ {
		if board[i] != 0 {
			return false
		}
	}
	return true
}
