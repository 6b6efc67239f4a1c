package kiothi

import "github.com/seed8ebe013a/go-mancala/mancala"

// RepetitionKey returns p without its turn counter: the position as C-10
// compares it (board, nki marks, prisons, opening state, side to move,
// result and rules). Two positions are the same position for the
// repetition rule exactly when their keys are ==.
func (p Position) RepetitionKey() Position {
	if p.turn >= 2 {
		// The side to move is the turn's parity (C-1); the opening turns
		// 0 and 1 keep their numbers, apart from every sowing turn.
		p.turn = 2 + p.turn&1
	}
	return p
}

// EndByRepetition returns p ended by C-10 (KI-18), as a [mancala.History]
// does under Repetition=Three when a move makes p for the third time: the
// warriors still on the board go to the prison of their row's owner (South
// row a, North row b), every nki mark is cleared, and the prisons decide
// (KI-16), reason [mancala.Repetition], written as result=. A finished
// position, and one in the opening (turn 0 or 1, which never repeats:
// every opening step empties or fills a pit for good, KI-7), is returned
// unchanged. It ignores the Repetition option: the caller applies it.
func (p Position) EndByRepetition() Position {
	if p.status != mancala.Ongoing || p.turn < 2 {
		return p
	}
	for i, n := range p.pits {
		p.prisons[layout.Owner(i)] += n
		p.pits[i] = 0
	}
	p.nki = 0
	p.setRepetitionResult()
	return p
}

// setRepetitionResult records the result of an end by repetition: the
// prisons decide (KI-16).
func (p *Position) setRepetitionResult() {
	s, n := p.prisons[mancala.South], p.prisons[mancala.North]
	p.status, p.winner, p.reason, p.written = mancala.Draw, 0, mancala.Repetition, true
	switch {
	case s > n:
		p.status, p.winner = mancala.Win, mancala.South
	case n > s:
		p.status, p.winner = mancala.Win, mancala.North
	}
}

// repetitionContradiction says why p cannot be a game ended by C-10 with
// outcome o, or "": it needs Repetition=Three, turn 6 or later (sowing
// starts at turn 2 and a cycle takes at least two turns), an empty board without nki
// marks (every warrior went to a prison), and the result the prisons give
// (KI-16).
func (p *Position) repetitionContradiction(o mancala.Outcome) string {
	switch {
	case p.rules&repetitionBit == 0:
		return "repetition needs Repetition:Three (C-10)"
	case p.turn < 6:
		return "a position of the sowing turns (turn 2 on) occurs a third time at turn 6 at the earliest (C-10)"
	case p.boardTotal() != 0 || p.nki != 0:
		return "at an end by repetition every warrior on the board has gone to a prison (KI-18)"
	}
	q := *p
	q.setRepetitionResult()
	if q.status != o.Status || q.winner != o.Winner {
		return "the prisons give " + q.Outcome().Result() + " (KI-16)"
	}
	return ""
}

// Repetition returns p's Repetition option (C-10): whether a
// [mancala.History] ends the game when a move makes a position for the
// third time.
func (p Position) Repetition() mancala.RepetitionRule {
	if p.rules&repetitionBit != 0 {
		return mancala.RepetitionThree
	}
	return mancala.RepetitionNone
}
