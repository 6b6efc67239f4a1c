package kiothi

import (
	"errors"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// OneWarrior reports whether o is a *victory of one warrior* (KI-16): a
// finished game won by exactly two warriors (31-29 with 60 warriors), as
// [mancala.Outcome.Margin] measures it.
func OneWarrior(o mancala.Outcome) bool {
	return o.Status == mancala.Win && o.HasScore && o.Margin() == 2
}

// DefaultOneWarriorWeight is the number of ordinary wins a victory of one
// warrior counts for in a match when the Tally's weight is 0 (KI-16).
const DefaultOneWarriorWeight = 2

// Tally keeps the score of a match of Kiothi games (KI-16): every win counts
// as one win, except a victory of one warrior (see [OneWarrior]), which counts
// as W wins, W from 2 to 10. The zero value is an empty tally with W = 2.
type Tally struct {
	w      int
	points [2]int
	wins   [2]int
	one    [2]int
	draws  int
}

// NewTally returns an empty tally in which a victory of one warrior counts
// w ordinary wins; w is 2..10, and 0 means 2. Any other w gives an error
// wrapping [mancala.ErrSyntax].
func NewTally(w int) (Tally, error) {
	if w == 0 {
		w = DefaultOneWarriorWeight
	}
	if w < 2 || w > 10 {
		return Tally{}, &mancala.SyntaxError{Game: Name, What: "tally", Input: strconv.Itoa(w), Msg: "a victory of one warrior counts 2..10 wins (KI-16)"}
	}
	return Tally{w: w}, nil
}

// ErrNotOver is returned by [Tally.Add] for an outcome of a game that is not
// over.
var ErrNotOver = errors.New("kiothi: tally: the game is not over")

// Add counts a finished game's outcome: a win adds 1 to the winner's points,
// or W for a victory of one warrior; a draw adds nothing but a draw. An
// ongoing outcome gives [ErrNotOver] and changes nothing.
func (t *Tally) Add(o mancala.Outcome) error {
	switch o.Status {
	case mancala.Win:
		if o.Winner > mancala.North {
			return errors.New("kiothi: tally: winner out of range")
		}
		t.wins[o.Winner]++
		if OneWarrior(o) {
			t.one[o.Winner]++
			t.points[o.Winner] += t.Weight()
		} else {
			t.points[o.Winner]++
		}
	case mancala.Draw:
		t.draws++
	default:
		return ErrNotOver
	}
	return nil
}

// Weight returns W, the number of ordinary wins a victory of one warrior
// counts for (2..10).
func (t Tally) Weight() int {
	if t.w == 0 {
		return DefaultOneWarriorWeight
	}
	return t.w
}

// Points returns pl's match score: ordinary wins plus W per victory of one
// warrior; 0 for a player out of range.
func (t Tally) Points(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return t.points[pl]
}

// Wins returns the number of games pl won, each counted once; 0 for a
// player out of range.
func (t Tally) Wins(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return t.wins[pl]
}

// OneWarriorWins returns how many of pl's wins were victories of one
// warrior; 0 for a player out of range.
func (t Tally) OneWarriorWins(pl mancala.Player) int {
	if pl > mancala.North {
		return 0
	}
	return t.one[pl]
}

// Draws returns the number of drawn games.
func (t Tally) Draws() int { return t.draws }

// Games returns the number of games counted.
func (t Tally) Games() int { return t.wins[0] + t.wins[1] + t.draws }
