package kiothi

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Perft returns the number of positions exactly depth plies after p, one
// ply per legal move (an opening step is a ply), as [mancala.Perft] counts
// them (docs/rules/common.md, "Perft convention"); mancala.Perft and
// mancala.Divide use it. It plays the moves in place and counts the last
// ply without listing the moves (and the last two in the middle of an
// opening turn's drops, whose count depends only on where the next drop may
// go). A negative depth gives an error. It allocates nothing.
func (p Position) Perft(depth int) (uint64, error) { return sowing.Perft(Name, depth, p.perft) }

func (p Position) perft(depth int) uint64 {
	switch {
	case depth == 0:
		return 1
	case p.status != mancala.Ongoing:
		return 0
	case depth == 1:
		return uint64(p.countMoves())
	case depth == 2 && p.phase == phaseDrop && p.hand >= 2:
		// Every drop leaves a drop to make, from the pit dropped into on.
		var n uint64
		for c := circ(p.mover(), int(p.dropFrom)); c < Pits; c++ {
			n += uint64(Pits - c)
		}
		return n
	}
	var n uint64
	switch {
	case p.phase == phaseDrop:
		// Every drop from the pit the last one went into on (KI-7).
		first := firstPit(p.mover())
		for c := circ(p.mover(), int(p.dropFrom)); c < Pits; c++ {
			q := p
			q.drop((first+c)%Pits, nil)
			n += q.perft(depth - 1)
		}
	case p.turn < 2:
		var buf [Files + 1]Move // lifts and Stop
		for _, m := range p.appendSteps(buf[:0]) {
			q := p
			q, _ = q.applyStep(m, nil)
			n += q.perft(depth - 1)
		}
	case p.rules&(wholeLiftBit|illegalBit) != 0:
		var buf [256]Move
		for _, m := range p.appendChecked(buf[:0]) {
			q := p
			q.finish(int(m.pit), int(m.count))
			n += q.perft(depth - 1)
		}
	default:
		// The sowing moves of AppendLegalMoves, played as they come; at
		// depth 2 each counts the next player's moves from the board it
		// leaves.
		base := firstPit(p.mover())
		own := p.ownOccupied() >> base
		for z := own; z != 0; z &= z - 1 {
			qi := bits.TrailingZeros32(z)
			pit, c := base+qi, int(p.pits[(base+qi)&31])
			for ks := firstLaps(own, qi, c); ks != 0; ks &= ks - 1 {
				n += p.perftAfter(pit, bits.TrailingZeros32(ks)+1, depth-1)
			}
			for k := 20 - qi; k <= c; k++ {
				if !p.firstLapIllegal(pit, k) {
					n += p.perftAfter(pit, k, depth-1)
				}
			}
		}
	}
	return n
}

// perftAfter returns the perft at depth (1 or more) of the position after
// the candidate sowing move (pit, k) of p, whose rules have neither
// WholeLift nor Endless=Illegal. At depth 1 it counts the next player's
// moves on the board the move leaves, without making the position, unless
// the move completes the last turn (C-9).
func (p *Position) perftAfter(pit, k, depth int) uint64 {
	if depth > 1 || p.turn+1 >= mancala.MaxTurn {
		q := *p
		q.finish(pit, k)
		return q.perft(depth)
	}
	w0, w1, w2 := p.words()
	mover := uint(p.turn & 1)
	w0, w1, w2, nki, last, crossed, _, endless := sowWords(w0, w1, w2, p.nki, mover, uint(pit), uint(k), p.rules)
	if endless {
		return 0 // C-6: the game ends as a draw
	}
	if last/Files == mover && crossed {
		w0, w1, w2, _ = captureWords(w0, w1, w2, nki, last, mover, p.rules.bonus())
	}
	return uint64(countWords(w0, w1, w2, 1-mover)) // none: KI-15 ends the game
}

// countWords is countMoves for player pl to move on the packed board (w0,
// w1, w2) in a sowing turn, under rules with neither WholeLift nor
// Endless=Illegal.
func countWords(w0, w1, w2 uint64, pl uint) int {
	base := Files * (pl & 1)
	own := occupied(w0, w1, w2) >> base & 0x3ff
	n := 0
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		pit := uint(base) + uint(q)
		c := int(sowing.Get3(w0, w1, w2, pit))
		n += bits.OnesCount32(firstLaps(own, q, c))
		for k := 20 - q; k <= c; k++ {
			// firstLapIllegal on the packed board.
			last := (int(pit) + k) % Pits
			if last/Files != int(pl&1) {
				n++
				continue
			}
			before := int(sowing.Get3(w0, w1, w2, uint(last))) + (k-1)/Pits
			if last == int(pit) {
				before -= k
			}
			if before <= 0 {
				n++
			}
		}
	}
	return n
}

// countMoves returns the number of legal moves, len(AppendLegalMoves), of
// a game still on, counting them without listing them where that is
// simple: opening drops, and sowing moves when neither WholeLift nor
// Endless=Illegal applies (KI-9, KI-10 as in AppendLegalMoves).
func (p *Position) countMoves() int {
	switch {
	case p.turn < 2 && p.phase == phaseDrop:
		return Pits - circ(p.mover(), int(p.dropFrom))
	case p.turn < 2 || p.rules&(wholeLiftBit|illegalBit) != 0:
		var buf [256]Move
		return len(p.AppendLegalMoves(buf[:0]))
	}
	return p.countSowing()
}

// countSowing returns the number of the mover's sowing moves that pass
// KI-9 and KI-10 without WholeLift, endless or not (from turn 2 on), the
// moves [Position.nthMove] numbers.
func (p *Position) countSowing() int {
	base := firstPit(p.mover())
	own := p.ownOccupied() >> base
	n := 0
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		c := int(p.pits[(base+q)&31])
		n += bits.OnesCount32(firstLaps(own, q, c))
		for k := 20 - q; k <= c; k++ {
			if !p.firstLapIllegal(base+q, k) {
				n++
			}
		}
	}
	return n
}

// PlayRandom plays from p one random legal move per ply (an opening step is
// a ply) until the game is over or maxPlies plies have been played
// (maxPlies <= 0: no cap), and returns the position reached and the plies
// played; [mancala.Playout] uses it. It plays moves in place, mostly
// without move lists or checks, and allocates nothing. The position
// returned is exactly the one Apply would have given (its outcome worked
// out, also when maxPlies cuts the game).
//
// Under Endless=Draw, pick(n) chooses the move, an index in [0, n) into
// the n legal moves in the order of [Position.AppendLegalMoves]: the game
// that repeated AppendLegalMoves, pick and Apply would play, with the same
// draws.
//
// Under Endless=Illegal the opening steps are drawn so too, but a sowing
// move is drawn by rejection among the candidates, the moves that pass
// KI-9 and KI-10 (WholeLift included), in the same order, without first
// finding out which are endless (C-6), as Apply does for the next player's
// KI-15 check: pick(n) chooses among the n candidates not yet set aside;
// the chosen move is sown, and if it is endless it is set aside and pick
// is called again with n-1, until a finite candidate is drawn, which is
// the ply's move. It is uniform over the legal moves, so the games have
// the distribution of the generic loop's, but the draws differ from it.
// When every candidate is set aside the game is drawn (C-6), and with no
// candidate at all it ends by the sweep of KI-15, as Apply would have
// recorded in the position before (pick is not called when the position
// PlayRandom starts from, or one an opening step or a move completing turn
// [mancala.MaxTurn] reaches, is already settled so by Apply's rules).
func (p Position) PlayRandom(pick func(n int) int, maxPlies int) (Position, int) {
	plies := 0
	var buf [256]Move
	var ms []Move // under WholeLift, p's moves once listed
	lazy := false // under Endless=Illegal, p's end of turn (settle) is not done yet
	for ; p.status == mancala.Ongoing && (maxPlies <= 0 || plies < maxPlies); plies++ {
		switch {
		case p.phase == phaseDrop:
			mover := p.mover()
			c := circ(mover, int(p.dropFrom))
			p.drop((firstPit(mover)+c+pick(Pits-c))%Pits, nil)
		case p.turn < 2:
			var buf [Files + 1]Move // lifts and Stop
			ms := p.appendSteps(buf[:0])
			if len(ms) == 0 {
				return p, plies
			}
			p, _ = p.applyStep(ms[pick(len(ms))], nil)
		case p.rules&illegalBit != 0:
			if !p.randomSow(pick) {
				return p, plies
			}
			lazy = p.status == mancala.Ongoing
		case p.rules&wholeLiftBit != 0:
			// The list made for the next player's KI-15 check is the one
			// chosen from.
			if ms == nil {
				ms = p.appendChecked(buf[:0])
			}
			if len(ms) == 0 {
				return p, plies
			}
			m := ms[pick(len(ms))]
			p.finishThen(int(m.pit), int(m.count), true)
			ms = nil
			if p.status == mancala.Ongoing {
				ms = p.appendChecked(buf[:0])
				if len(ms) == 0 {
					p.sweep(nil) // KI-15
				}
				p.turnLimit()
				if p.status != mancala.Ongoing {
					ms = nil
				}
			}
		default:
			n := p.countMoves()
			if n == 0 {
				return p, plies
			}
			p.finish(p.nthMove(pick(n)))
		}
	}
	if lazy {
		p.settle(nil)
	}
	return p, plies
}

// randomSow plays, from turn 2 on under Endless=Illegal, a sowing move of
// the player to move drawn by rejection as [Position.PlayRandom] says,
// leaving the next player's end of turn (settle) to the caller unless the
// move completes turn mancala.MaxTurn. If there is none it records the end
// that Apply would have recorded after the move before (KI-15's sweep, or
// C-6's draw) and returns false.
func (p *Position) randomSow(pick func(n int) int) bool {
	n := p.countCandidates()
	if n == 0 {
		p.sweep(nil) // KI-15
		return false
	}
	var tried [4]uint64 // the candidates found endless, a bit per index
	for left := n; left > 0; left-- {
		j := pick(left)
		if left < n {
			j = untried(&tried, j)
		}
		if pit, k := p.nthCandidate(j); p.finishThen(pit, k, true) {
			if p.turn >= mancala.MaxTurn {
				p.settle(nil)
			}
			return true
		}
		tried[j>>6&3] |= 1 << (j & 63)
	}
	p.status, p.reason, p.written = mancala.Draw, mancala.Endless, true // C-6
	return false
}

// untried returns the index of the i-th candidate (from 0) whose bit in
// tried is clear.
func untried(tried *[4]uint64, i int) int {
	for j := 0; ; j++ {
		if tried[j>>6&3]>>(j&63)&1 == 0 {
			if i == 0 {
				return j
			}
			i--
		}
	}
}

// countCandidates returns the number of candidate sowing moves of the
// player to move (from turn 2 on): the moves that pass KI-9 and KI-10,
// endless or not, one per pit under WholeLift.
func (p *Position) countCandidates() int {
	if p.rules&wholeLiftBit == 0 {
		return p.countSowing()
	}
	n := 0
	base := firstPit(p.mover())
	for pit := base; pit < base+Files; pit++ {
		if c := int(p.pits[pit]); c > 0 && !p.firstLapIllegal(pit, c) {
			n++
		}
	}
	return n
}

// nthCandidate returns the i-th candidate sowing move (pit, count), in the
// order of AppendLegalMoves; i must be below countCandidates.
func (p *Position) nthCandidate(i int) (int, int) {
	if p.rules&wholeLiftBit == 0 {
		return p.nthMove(i)
	}
	base := firstPit(p.mover())
	for pit := base; pit < base+Files; pit++ {
		if c := int(p.pits[pit]); c > 0 && !p.firstLapIllegal(pit, c) {
			if i == 0 {
				return pit, c
			}
			i--
		}
	}
	return -1, 0 // i out of range: a bug in the caller
}

// nthMove returns the i-th sowing move that passes KI-9 and KI-10 without
// WholeLift, (pit, count), in the order of AppendLegalMoves, endless or
// not; i must be below countSowing (countMoves under rules with neither
// WholeLift nor Endless=Illegal, where every such move is legal).
func (p *Position) nthMove(i int) (int, int) {
	base := firstPit(p.mover())
	own := p.ownOccupied() >> base
	for z := own; z != 0; z &= z - 1 {
		q := bits.TrailingZeros32(z)
		pit, c := base+q, int(p.pits[(base+q)&31])
		ks := firstLaps(own, q, c)
		if n := bits.OnesCount32(ks); i >= n {
			i -= n
		} else {
			for ; i > 0; i-- {
				ks &= ks - 1
			}
			return pit, bits.TrailingZeros32(ks) + 1
		}
		for k := 20 - q; k <= c; k++ {
			if !p.firstLapIllegal(pit, k) {
				if i == 0 {
					return pit, k
				}
				i--
			}
		}
	}
	return -1, 0 // i out of range: a bug in the caller
}
