package kimasai

import (
	"encoding/binary"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// The sowing core works on the mover's own circuit as two 64-bit words of
// eight one-byte counts each: w[0] holds circuit indices 0..7 (the mover's
// inner row, b1..b8 for South, c8..c1 for North) and w[1] indices 8..15 (the
// outer row, a8..a1 or d1..d8). A lap of n cows adds n/16 to every byte and
// 1 to the n%16 bytes after the lifted pit, two additions with a table of
// masks. No byte can overflow into the next, since a position holds at most
// 255 cows. The opponent's inner row is a third word, indexed by the
// opponent's circuit index 0..7; the mover's inner index i faces the
// opponent's inner index 7-i (KM-4).

const ones = 0x0101010101010101

// masks[s][r] has a 1 in the r circuit bytes s, s+1, ... (mod 16); keep[i]
// has 0xff in every byte but circuit byte i.
var (
	masks [16][16][2]uint64
	keep  [16][2]uint64
)

func init() {
	for i := range 16 {
		keep[i] = [2]uint64{^uint64(0), ^uint64(0)}
		keep[i][i>>3] &^= 0xff << (uint(i&7) * 8)
	}
	for s := range 16 {
		for r := range 16 {
			for k := range r {
				i := (s + k) & 15
				masks[s][r][i>>3] += 1 << (uint(i&7) * 8)
			}
		}
	}
}

// cycleAfter is the number of laps a move sows before the cycle check
// starts: moves shorter than this pay nothing for it. The longest finite
// moves known are a few hundred laps (C-6), so endless moves are still
// found within a few thousand laps unless their period is long.
const cycleAfter = 48

// The lap-boundary state of C-6 changes between two raids only in the
// mover's circuit and the pit that received the last cow: the opponent's
// board changes only by raids, which take cows for good, so the cycle check
// restarts after each raid and compares only those.

// result is what the core computes for one move.
type result struct {
	w       [2]uint64       // the mover's circuit after the move
	opp     uint64          // the opponent's inner row after the move
	end     mancala.MoveEnd // EndEmptyPit, EndInnerRowEmptied or EndEndless
	placed  bool            // a reserve cow was put into the named pit (KM-6)
	laps    int             // laps sown (a raid lap counts)
	sown    int             // cows dropped
	raids   int             // raids made (KM-10)
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

// sow plays the move from the mover's circuit index h (0..15; the pit must
// be occupied) and returns the result without changing p. It allocates
// nothing.
//
// The cycle check of C-6 is Brent's algorithm, as in internal/cycle's Brent,
// written out here on the lap-boundary state (w0, w1, last) because the generic
// version's struct comparison costs more than the lap itself.
func (p *Position) sow(h int) result {
	mover := mancala.Player(p.turn & 1)
	b := base(mover)
	o := base(mover.Other())
	w0 := binary.LittleEndian.Uint64(p.pits[b:])
	w1 := binary.LittleEndian.Uint64(p.pits[b+8:])
	opp := binary.LittleEndian.Uint64(p.pits[o:])
	phase2 := p.reserves[0]|p.reserves[1] == 0
	h &= 15
	placed := false
	if p.places() { // KM-6: one reserve cow into the named pit first
		if h < 8 {
			w0 += 1 << (uint(h) * 8)
		} else {
			w1 += 1 << (uint(h-8) * 8)
		}
		placed = true
	}
	var n int
	if h < 8 {
		n = int(w0>>(uint(h)*8)) & 0xff
		w0 &^= 0xff << (uint(h) * 8)
	} else {
		n = int(w1>>(uint(h-8)*8)) & 0xff
		w1 &^= 0xff << (uint(h-8) * 8)
	}
	start := (h + 1) & 15
	raid := false
	maxLaps := p.rules.Laps()
	// Brent's cycle check: the saved state, the current power of two and
	// the states seen since it was saved.
	var s0, s1 uint64
	sLast, power, lam := -1, 1, 0
	sown, raids, laps := 0, 0, 0
	end, maxSeen := mancala.EndNone, false
	for {
		laps++
		if full := uint64(n >> 4); full != 0 { // C-4: whole rounds
			w0 += full * ones
			w1 += full * ones
		}
		m := &masks[start][n&15]
		w0 += m[0]
		w1 += m[1]
		sown += n
		last := (start + n - 1) & 15
		if raid && opp == 0 { // KM-11: the raid emptied the opponent's inner row
			end = mancala.EndInnerRowEmptied
			break
		}
		x := w0
		if last >= 8 {
			x = w1
		}
		c := int(x>>(uint(last&7)*8)) & 0xff
		if c == 1 { // KM-9.1 with C-3: the last pit was empty before the last cow
			end = mancala.EndEmptyPit
			break
		}
		if laps >= maxLaps { // C-6: not ended after MaxLaps laps
			end, maxSeen = mancala.EndEndless, true
			break
		}
		if phase2 && last < 8 { // KM-9.2: raid the facing inner pit
			sh := uint(7-last) * 8
			if oc := int(opp>>sh) & 0xff; oc != 0 {
				opp &^= 0xff << sh
				n, start, raid = oc, last, true // KM-10: first stolen cow into L itself
				raids++
				sLast, power, lam = -1, 1, 0 // the opponent's row changed for good
				continue
			}
		}
		if laps >= cycleAfter { // C-6: a repeated lap-boundary state
			if w0 == s0 && w1 == s1 && last == sLast {
				end = mancala.EndEndless
				break
			}
			if lam++; lam == power {
				s0, s1, sLast, power, lam = w0, w1, last, power*2, 0
			}
		}
		// KM-9.3: relay
		k := &keep[last]
		w0 &= k[0]
		w1 &= k[1]
		n, start, raid = c, (last+1)&15, false
	}
	return result{w: [2]uint64{w0, w1}, opp: opp, end: end, placed: placed, laps: laps, sown: sown, raids: raids, maxSeen: maxSeen}
}

// endless reports whether the move from the mover's circuit index h is
// endless (C-6).
func (p *Position) endless(h int) bool { return p.sow(h).end == mancala.EndEndless }

// trace replays the finite move from pit (absolute index) cow by cow on a
// copy of p's board, reporting each event to fn in the order of docs/design.md,
// and returns the board and reserves it reaches. It is a second, plain
// implementation of KM-6..KM-11 over the [mancala.Layout] tables; the tests
// check that it agrees with sow. It stops after maxLaps laps.
func (p *Position) trace(pit, maxLaps int, fn func(mancala.Event)) ([Pits]uint8, [2]uint8, mancala.MoveEnd) {
	board, res := p.pits, p.reserves
	mover := p.ToMove()
	phase2 := res[0]|res[1] == 0
	if p.places() {
		res[mover]--
		board[pit]++
		fn(mancala.Event{Kind: mancala.Reserve, From: mancala.ReserveOf(mover), To: mancala.PitAt(pit), Count: 1})
	}
	n := int(board[pit])
	board[pit] = 0
	fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitAt(pit), To: mancala.Hand, Count: n})
	at := layout.Next(pit)
	raid := false
	for laps := 1; laps <= maxLaps; laps++ {
		last, wasEmpty := -1, false
		for ; n > 0; n-- {
			wasEmpty = board[at] == 0
			board[at]++
			fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitAt(at), Count: 1})
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
			fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitAt(f), To: mancala.Hand, Count: n})
			at, raid = last, true
			continue
		}
		n = int(board[last]) // KM-9.3
		board[last] = 0
		fn(mancala.Event{Kind: mancala.Relay, From: mancala.PitAt(last), To: mancala.Hand, Count: n})
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
