package kisolo

import (
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
func (p *Position) sow(b *[32]uint8, k Kind, pit int, fn func(mancala.Event)) (mancala.MoveEnd, int) {
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
		if fn != nil {
			fn(mancala.Event{Kind: mancala.Lift, From: mancala.PitAt(pit), To: mancala.Hand, Count: hand})
		}
		pos = pit
	}

	var brent cycle.Brent[lapState]
	sown := 0
	for laps := 1; ; laps++ {
		// One lap (C-2): drop the hand one seed a pit after pos, going round
		// the circuit as often as needed (C-4).
		sown += hand
		if fn == nil {
			if hand >= ring {
				q := uint8(hand / ring)
				for j := m0; j < end; j++ {
					b[j&31] += q
				}
				hand %= ring
			}
			if room := end - 1 - pos; hand <= room {
				for j := pos + 1; j <= pos+hand; j++ {
					b[j&31]++
				}
				pos += hand
			} else {
				for j := pos + 1; j < end; j++ {
					b[j&31]++
				}
				rest := hand - room
				for j := m0; j < m0+rest; j++ {
					b[j&31]++
				}
				pos = m0 + rest - 1
			}
		} else {
			for ; hand > 0; hand-- {
				pos++
				if pos == end {
					pos = m0
				}
				b[pos&31]++
				fn(mancala.Event{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitAt(pos), Count: 1})
			}
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
		if fn != nil {
			fn(mancala.Event{Kind: mancala.Relay, From: mancala.PitAt(x), To: mancala.Hand, Count: hand})
		}
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
