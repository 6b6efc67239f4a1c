package kisolo

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Perft returns the number of positions exactly depth plies after p, one
// ply per legal move, as [mancala.Perft] counts them (docs/rules/common.md,
// "Perft convention"); mancala.Perft and mancala.Divide use it. It plays
// the moves in place, without move lists, and counts the last ply from the
// legal moves each position holds, and, under Endless = Draw, the last two
// from the sowing alone. A negative depth gives an error. It allocates
// nothing.
func (p Position) Perft(depth int) (uint64, error) { return sowing.Perft(Name, depth, p.perft) }

func (p Position) perft(depth int) uint64 {
	switch {
	case depth == 0:
		return 1
	case depth == 1:
		return uint64(bits.OnesCount16(p.legal))
	}
	g := p.geom()
	kind := SowKind
	if p.capture {
		kind = CaptureKind
	}
	var n uint64
	if depth == 2 && !p.rules.illegal() && p.turn+1 < mancala.MaxTurn {
		// The moves after each move: the next mover's captures if any,
		// else their occupied pits, unless the move ended the game (a
		// move completing the last turn, C-9, takes the general path).
		mover := p.mover()
		w0, w1, v0, v1 := p.words()
		for z := uint(p.legal); z != 0; z &= z - 1 {
			i := uint(bits.TrailingZeros(z)) & 15
			m0, m1, o0, o1, end, _ := g.sowWords(w0, w1, v0, v1, kind, i, p.rules)
			if g.moveResult(mover, m0, m1, o0, o1, end, p.rules) != 0 {
				continue
			}
			next, other := occupied(o0, o1), occupied(m0, m1)
			if caps := g.captures(next, other); caps != 0 {
				next = caps
			}
			n += uint64(bits.OnesCount(next))
		}
		return n
	}
	for z := uint(p.legal); z != 0; z &= z - 1 {
		q := p
		m0, m1, o0, o1 := q.words()
		m0, m1, o0, o1, end, _ := g.sowWords(m0, m1, o0, o1, kind, uint(bits.TrailingZeros(z))&15, q.rules)
		q.finish(g, m0, m1, o0, o1, end)
		n += q.perft(depth - 1)
	}
	return n
}

// PlayRandom plays from p one random legal move per ply until the game is
// over or maxPlies plies have been played (maxPlies <= 0: no cap), and
// returns the position reached and the plies played; [mancala.Playout]
// uses it. It plays moves in place, without move lists or checks, and
// allocates nothing. The position returned is exactly the one Apply would
// have given (its legal moves and outcome worked out, also when maxPlies
// cuts the game).
//
// Under Endless = Draw, pick(n) chooses the move, an index in [0, n) into
// the n legal moves in the order of [Position.AppendLegalMoves]: the game
// that repeated AppendLegalMoves, pick and Apply would play, with the same
// draws.
//
// Under Endless = Illegal it does not first find out which candidates are
// endless (C-6), as Apply does for the next player: each ply draws by
// rejection among the candidates, the captures if the mover has any, else
// every occupied pit of the mover's circuit (KS-6), in the same order.
// pick(n) chooses among the n candidates not yet set aside; the chosen
// move is sown, and if it is endless it is set aside and pick is called
// again with n-1, until a finite candidate is drawn, which is the ply's
// move. It is uniform over the legal moves, so the games have the
// distribution of the generic loop's, but the draws differ from it. When
// every candidate is set aside the player to move draws (C-6; sowing is
// not allowed when every capture is endless), as Apply would have recorded
// in the position before; with no candidate at all they lose (C-8). At the
// start position, and after a move that completes turn [mancala.MaxTurn],
// whose outcome is settled at once as Apply settles it, the legal moves
// the position holds tell which candidates are endless without sowing
// them: pick is not called at a finished start position, and an endless
// candidate drawn there is set aside as above.
func (p Position) PlayRandom(pick func(n int) int, maxPlies int) (Position, int) {
	if p.rules.illegal() {
		return p.playRandomIllegal(pick, maxPlies)
	}
	g := p.geom()
	plies := 0
	for ; p.legal != 0 && (maxPlies <= 0 || plies < maxPlies); plies++ {
		z := uint(p.legal)
		for i := pick(bits.OnesCount(z)); i > 0; i-- {
			z &= z - 1
		}
		kind := SowKind
		if p.capture {
			kind = CaptureKind
		}
		m0, m1, o0, o1 := p.words()
		m0, m1, o0, o1, end, _ := g.sowWords(m0, m1, o0, o1, kind, uint(bits.TrailingZeros(z))&15, p.rules)
		p.finish(g, m0, m1, o0, o1, end)
	}
	return p, plies
}

// playRandomIllegal is PlayRandom under Endless = Illegal: each ply's move
// drawn by rejection among the candidates, the positions in between left
// without the next player's derived data (finishThen with lazy), worked
// out only for the position returned.
func (p Position) playRandomIllegal(pick func(n int) int, maxPlies int) (Position, int) {
	g := p.geom()
	plies := 0
	known := true // p's derived data (legal, capture, the result) is complete
	for maxPlies <= 0 || plies < maxPlies {
		if known && p.legal == 0 {
			return p, plies // over
		}
		m0, m1, o0, o1 := p.words()
		cands := occupied(m0, m1)
		if cands == 0 { // C-8
			p.result, p.legal, p.capture, p.written = win(p.mover().Other(), mancala.NoMove), 0, false, true
			return p, plies
		}
		kind := SowKind
		if caps := g.captures(cands, occupied(o0, o1)); caps != 0 {
			cands, kind = caps, CaptureKind // KS-6
		}
		for {
			n := bits.OnesCount(cands)
			if n == 0 { // C-6: every candidate is endless
				p.result, p.legal, p.capture, p.written = drawEndless, 0, false, true
				return p, plies
			}
			z := cands
			for i := pick(n); i > 0; i-- {
				z &= z - 1
			}
			i := uint(bits.TrailingZeros(z)) & 15
			if known && p.legal>>i&1 == 0 {
				cands &^= 1 << i // endless, as p's legal moves say
				continue
			}
			a0, a1, b0, b1, end, _ := g.sowWords(m0, m1, o0, o1, kind, i, p.rules)
			if end == mancala.EndEndless {
				cands &^= 1 << i
				continue
			}
			known = p.finishThen(g, a0, a1, b0, b1, end, true)
			break
		}
		plies++
	}
	if !known {
		p.settle()
		p.written = p.result != 0
	}
	return p, plies
}
