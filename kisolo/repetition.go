package kisolo

import "github.com/seed8ebe013a/go-mancala/mancala"

// RepetitionKey returns p without its turn counter: the position as C-10
// compares it (board, side to move, result and rules; the side to move is
// the turn's parity, C-1). Two positions are the same position for the
// repetition rule exactly when their keys are ==.
func (p Position) RepetitionKey() Position {
	p.turn &= 1
	return p
}

// EndByRepetition returns p ended by C-10 as a draw, reason
// [mancala.Repetition], written as result=, as a [mancala.History] does
// under Repetition=Three when a move makes p for the third time. The board
// stays as it is. A finished position is returned unchanged. It ignores the
// Repetition option: the caller applies it.
func (p Position) EndByRepetition() Position {
	if p.result != 0 {
		return p
	}
	p.result = encodeResult(mancala.Outcome{Status: mancala.Draw, Reason: mancala.Repetition})
	p.written = true
	p.legal, p.capture = 0, false
	return p
}

// repetitionContradiction says why p cannot be a game drawn by C-10, or
// "": it needs Repetition=Three, turn 4 or later (a position occurs a
// third time after two cycles of at least two turns), and a game no other
// rule has ended on this board (a repeated position is one play went on
// from).
func (p *Position) repetitionContradiction() string {
	switch {
	case p.rules&repetitionBit == 0:
		return "repetition needs Repetition:Three (C-10)"
	case p.turn < 4:
		return "a position occurs a third time at turn 4 at the earliest (C-10)"
	}
	q := *p
	q.result, q.written = 0, false
	q.settle()
	if q.result != 0 {
		return "the game ended by " + decodeResult(q.result).Result() + " first"
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
