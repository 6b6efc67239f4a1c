package kisolo

import (
	"encoding/binary"

	"github.com/seed8ebe013a/go-mancala/internal/cycle"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// brentFrom is the lap from which the sowing loop feeds lap-boundary states
// to the cycle check (C-6). Moves of fewer laps, nearly all of them, pay
// nothing for it; a loop is still found within about 4*(brentFrom+period)
// laps.
const brentFrom = 32

// lapState is the lap-boundary state of C-6: the board right after a lap
// and the pit that received its last seed. Within a move the sowing is a
// function of it (KS-8 looks only at the board and L; a capture that empties
// the opponent's inner row ends the move at once), so a repeat proves the
// move endless.
type lapState struct {
	board [32]uint8
	last  uint8
}

// sow plays a legal move (already checked) of kind k at pit on board b,
// for the player to move in p, and returns why it ended and the number of
// seeds dropped. With fn non-nil it reports every event except the final
// End (the caller adds it). The move ends as KS-8 says, or is endless
// (C-6) when a lap-boundary state repeats or MaxLaps laps have not ended
// it; b then holds a partly sown board, which the caller discards.
//
// Without fn the move runs in sowFast, which keeps the mover's circuit in
// two machine words; with fn it runs here seed by seed. Both follow the
// same steps in the same order (the tests compare them on every move they
// play: ApplyTrace against Apply).
func (p *Position) sow(b *[32]uint8, k MoveKind, pit int, fn func(mancala.Event)) (mancala.MoveEnd, int) {
	if fn == nil {
		return p.sowFast(b, k, pit)
	}
	g := p.geom()
	c, ring := g.c, g.ring
	m0 := int(p.turn&1) * ring
	o0 := ring - m0
	end := m0 + ring // one past the mover's last pit
	innerWin := p.rules.Win == InnerRowEmptied
	anyLanding := p.rules.CaptureOnAnyLanding
	maxLaps := p.rules.Laps()

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
		fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitAt(pit), To: mancala.Hand, Count: hand})
		pos = pit
	}

	var brent cycle.Brent[lapState]
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
			fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitAt(pos), Count: 1})
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
		if laps >= brentFrom && brent.Seen(lapState{*b, uint8(last)}) {
			return mancala.EndEndless, sown // C-6: the lap-boundary state repeats
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
		fn(mancala.Event{Kind: mancala.Relay, From: mancala.PitAt(x), To: mancala.Hand, Count: hand})
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
	if fn != nil {
		fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitAt(f), To: mancala.Hand, Count: nf})
		if nb > 0 {
			fn(mancala.Event{Kind: mancala.Capture, From: mancala.PitAt(bh), To: mancala.Hand, Count: nb})
		}
	}
	return nf + nb
}

// ones[k] has a 1 in each of the bytes 0..k-1 of a 128-bit little-endian
// word pair (lo, hi): the seeds one lap drops into the first k pits of
// the mover's circuit. ones[k].lo - ones[j].lo adds one seed to each of
// the pits j..k-1 (j <= k) without carries, since no pit holds more than
// 255 seeds.
var onesLo, onesHi [17]uint64

func init() {
	for k := 0; k <= 16; k++ {
		for j := 0; j < k; j++ {
			if j < 8 {
				onesLo[k] |= 1 << (8 * j)
			} else {
				onesHi[k] |= 1 << (8 * (j - 8))
			}
		}
	}
}

// fastState is the lap-boundary state of C-6 in sowFast: the mover's
// circuit (the opponent's pits only change by captures, which add seeds
// to the mover's circuit, so they cannot differ between two equal
// circuits of one move) and L.
type fastState struct {
	lo, hi uint64
	last   uint8
}

// sowFast is sow without a trace: the mover's circuit (relative indices
// 0..2C-1, at most 16 pits) lives in two 64-bit words, one byte a pit,
// so a lap is a few additions whatever its length. The opponent's pits
// stay in b. The circuit is written back to b when the move ends (not for
// an endless move, whose board the caller discards).
func (p *Position) sowFast(b *[32]uint8, k MoveKind, pit int) (mancala.MoveEnd, int) {
	g := p.geom()
	c, ring := g.c, g.ring
	m0 := int(p.turn&1) * ring // 0 or 2C <= 16, so b[m0:m0+16] is in range
	o0 := ring - m0
	innerWin := p.rules.Win == InnerRowEmptied
	anyLanding := p.rules.CaptureOnAnyLanding
	maxLaps := p.rules.Laps()
	circ := (*[16]byte)(b[m0 : m0+16])
	lo := binary.LittleEndian.Uint64(circ[0:8])
	hi := binary.LittleEndian.Uint64(circ[8:16])
	allLo, allHi := onesLo[ring], onesHi[ring]

	var hand, pos int // pos: relative index of the last pit sown (or lifted)
	innerEmptied := false
	i := pit - m0
	if k == CaptureKind {
		// KS-7: the first seed goes into the capturing pit itself.
		hand = p.take(b, g, m0, i, nil)
		innerEmptied = innerWin && rowEmpty(b, o0+c, c)
		pos = i - 1 // i >= C, so no wrap
	} else {
		// KS-6: lift the pit and sow from the next one.
		hand = get(lo, hi, i)
		if i < 8 {
			lo &^= 0xff << (8 * uint(i))
		} else {
			hi &^= 0xff << (8 * uint(i-8))
		}
		pos = i
	}

	var brent cycle.Brent[fastState]
	sown := 0
	for laps := 1; ; laps++ {
		// One lap (C-2, C-4): whole rounds first, then the rest.
		sown += hand
		if hand >= ring {
			q := uint64(hand / ring)
			lo += q * allLo
			hi += q * allHi
			hand %= ring
		}
		if hand > 0 {
			a := pos + 1
			if a == ring {
				a = 0
			}
			e := a + hand
			if e <= ring {
				lo += onesLo[e&31] - onesLo[a&31]
				hi += onesHi[e&31] - onesHi[a&31]
				pos = e - 1
			} else {
				e -= ring
				lo += allLo - onesLo[a&31] + onesLo[e&31]
				hi += allHi - onesHi[a&31] + onesHi[e&31]
				pos = e - 1
			}
		}
		// KS-8: L = pos received the last seed, X is the next pit.
		last := pos
		if innerEmptied {
			storeCircuit(circ, lo, hi, ring)
			return mancala.EndInnerRowEmptied, sown // KS-8.1, KS-10
		}
		x := last + 1
		if x == ring {
			x = 0
		}
		xv := get(lo, hi, x)
		if xv == 0 {
			storeCircuit(circ, lo, hi, ring)
			return mancala.EndNextEmpty, sown // KS-8.2
		}
		if laps >= maxLaps {
			return mancala.EndEndless, sown // C-6: not ended after MaxLaps laps
		}
		if laps >= brentFrom && brent.Seen(fastState{lo, hi, uint8(last)}) {
			return mancala.EndEndless, sown // C-6: the lap-boundary state repeats
		}
		if x >= c && (anyLanding || get(lo, hi, last) > 1) && b[(o0+3*c-1-x)&31] != 0 {
			// KS-8.3: capture through X (KS-7); the first seed goes into X.
			hand = p.take(b, g, m0, x, nil)
			if innerWin && !innerEmptied && rowEmpty(b, o0+c, c) {
				innerEmptied = true
			}
			pos = last
			continue
		}
		// KS-8.4: relay (pussa kanawa) from X.
		hand = xv
		if x < 8 {
			lo &^= 0xff << (8 * uint(x))
		} else {
			hi &^= 0xff << (8 * uint(x-8))
		}
		pos = x
	}
}

// get returns the seeds of relative pit i (0..15) of a circuit held in
// (lo, hi).
func get(lo, hi uint64, i int) int {
	w := lo
	if i >= 8 {
		w = hi
	}
	return int(uint8(w >> (8 * uint(i&7))))
}

// storeCircuit writes the first ring bytes of (lo, hi) to circ, keeping
// the bytes after them (the other player's pits, or none).
func storeCircuit(circ *[16]byte, lo, hi uint64, ring int) {
	mLo, mHi := onesLo[ring&31]*0xff, onesHi[ring&31]*0xff
	wLo := binary.LittleEndian.Uint64(circ[0:8])
	wHi := binary.LittleEndian.Uint64(circ[8:16])
	binary.LittleEndian.PutUint64(circ[0:8], wLo&^mLo|lo&mLo)
	binary.LittleEndian.PutUint64(circ[8:16], wHi&^mHi|hi&mHi)
}
