package kimasai

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Perft counts the positions exactly depth plies after p (one ply per
// legal move; docs/rules/common.md, "Perft convention"), the count of
// [mancala.Perft], which uses it, as does mancala.Divide. Moves are played
// in place on copies of p; the last ply is counted from the legal moves
// each position holds, and under Endless=Draw the last two from the cows
// each move leaves on the next mover's circuit. A negative depth gives an
// error. It allocates nothing.
func (p Position) Perft(depth int) (uint64, error) { return sowing.Perft(Name, depth, p.perft) }

func (p Position) perft(depth int) uint64 {
	switch {
	case depth == 0:
		return 1
	case depth == 1:
		return uint64(bits.OnesCount16(p.legal))
	case depth == 2 && !p.rules.illegal() && p.turn+1 < mancala.MaxTurn:
		// The moves of the position after each move are the next mover's
		// occupied pits, unless the move ended the game (C-6, KM-11, KM-12;
		// C-8 leaves no occupied pit; a move completing the last turn, C-9,
		// takes the general path).
		var n uint64
		oo := p.outerOpp()
		for z := uint(p.legal); z != 0; z &= z - 1 {
			h := uint(bits.TrailingZeros(z)) & 15
			w0, w1, opp, phase2, _ := p.start(h)
			w0, _, opp, end, _ := sowWords(w0, w1, opp, h, phase2, p.rules.laps())
			if end != mancala.EndEmptyPit || (w0 == 0 && p.rules&continuesBit == 0) {
				continue
			}
			n += uint64(bits.OnesCount(sowing.Occupied(opp) | sowing.Occupied(oo)<<8))
		}
		return n
	}
	var n uint64
	for z := uint(p.legal); z != 0; z &= z - 1 {
		q := p
		q.play(uint(bits.TrailingZeros(z)) & 15)
		n += q.perft(depth - 1)
	}
	return n
}

// outerOpp returns the outer row of the player not to move.
func (p *Position) outerOpp() uint64 {
	b := int(p.turn&1) << 4
	return littleEndian.Uint64(p.pits[(24-b)&24:])
}

// play plays the legal move from the mover's circuit index h in place.
func (p *Position) play(h uint) {
	w0, w1, opp, phase2, placed := p.start(h)
	w0, w1, opp, end, _ := sowWords(w0, w1, opp, h, phase2, p.rules.laps())
	p.finish(w0, w1, opp, placed, end)
}

// PlayRandom plays from p one random legal move per ply until the game is
// over or maxPlies plies have been played (maxPlies <= 0: no cap), and
// returns the position reached and the plies played; [mancala.Playout]
// uses it. It plays moves in place, without move lists or checks, and
// allocates nothing. The position returned is exactly the one Apply would
// have given (its legal moves and outcome worked out, also when maxPlies
// cuts the game).
//
// Under Endless=Draw, pick(n) chooses the move, an index in [0, n) into
// the n legal moves in the order of [Position.AppendLegalMoves]: the game
// that repeated AppendLegalMoves, pick and Apply would play, with the same
// draws.
//
// Under Endless=Illegal it does not first find out which candidates are
// endless (C-6), as Apply does for the next player: each ply draws by
// rejection among the candidates, the occupied pits of the mover's circuit
// (KM-6, KM-8), in the same order. pick(n) chooses among the n candidates
// not yet set aside; the chosen move is sown, and if it is endless it is
// set aside and pick is called again with n-1, until a finite candidate is
// drawn, which is the ply's move. It is uniform over the legal moves, so
// the games have the distribution of the generic loop's, but the draws
// differ from it. When every candidate is set aside the player to move
// draws (C-6), as Apply would have recorded in the position before; with
// no candidate at all they lose (C-8). At the start position, and after a
// move that completes turn [mancala.MaxTurn], whose outcome is settled at
// once as Apply settles it, the legal moves the position holds tell which
// candidates are endless without sowing them: pick is not called at a
// finished start position, and an endless candidate drawn there is set
// aside as above.
func (p Position) PlayRandom(pick func(n int) int, maxPlies int) (Position, int) {
	if p.rules.illegal() {
		return p.playRandomIllegal(pick, maxPlies)
	}
	plies := 0
	for ; p.legal != 0 && (maxPlies <= 0 || plies < maxPlies); plies++ {
		z := uint(p.legal)
		for i := pick(bits.OnesCount(z)); i > 0; i-- {
			z &= z - 1
		}
		p.play(uint(bits.TrailingZeros(z)) & 15)
	}
	return p, plies
}

// playRandomIllegal is PlayRandom under Endless=Illegal: each ply's move
// drawn by rejection among the candidates, the positions in between left
// without the next player's derived data (finishThen with lazy), worked
// out only for the position returned.
func (p Position) playRandomIllegal(pick func(n int) int, maxPlies int) (Position, int) {
	plies := 0
	known := true // p's derived data (legal, the result) is complete
	maxLaps := p.rules.laps()
	for maxPlies <= 0 || plies < maxPlies {
		if known && p.legal == 0 {
			return p, plies // over
		}
		cands := p.occupied()
		if cands == 0 { // C-8
			p.setResult(mancala.Win, p.mover().Other(), mancala.NoMove, true)
			return p, plies
		}
		w0, w1, opp := p.words()
		phase2 := p.reserves[0]|p.reserves[1] == 0
		placed := p.places()
		for {
			n := bits.OnesCount(cands)
			if n == 0 { // C-6: every candidate is endless
				p.setResult(mancala.Draw, 0, mancala.Endless, true)
				return p, plies
			}
			z := cands
			for i := pick(n); i > 0; i-- {
				z &= z - 1
			}
			h := uint(bits.TrailingZeros(z)) & 15
			if known && p.legal>>h&1 == 0 {
				cands &^= 1 << h // endless, as p's legal moves say
				continue
			}
			a0, a1 := w0, w1
			if placed {
				a0, a1 = sowing.Add2(a0, a1, h, 1)
			}
			a0, a1, o, end, _ := sowWords(a0, a1, opp, h, phase2, maxLaps)
			if end == mancala.EndEndless {
				cands &^= 1 << h
				continue
			}
			known = p.finishThen(a0, a1, o, placed, end, true)
			break
		}
		plies++
	}
	if !known {
		p.settle(true)
	}
	return p, plies
}
