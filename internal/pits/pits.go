// Package pits is the one implementation behind the Pit type of the games
// on a fixed board (Kiothi, Bao la Kimasai): a pit named by row and file,
// kept as its board index plus one so that the zero value names no pit.
package pits

import "github.com/seed8ebe013a/go-mancala/mancala"

// Board names the pits of one fixed board.
type Board struct {
	Layout *mancala.Layout // the board; never nil
	Game   string          // the game's notation name, for errors
	Want   string          // what a pit name must be, for errors ("want a pit a1..d8")
}

// At returns the value of the pit at row and file, or 0 (no pit) when the
// board has none there.
func (b *Board) At(row, file int) uint8 {
	i, ok := b.Layout.Index(row, file)
	if !ok {
		return 0
	}
	return uint8(i + 1)
}

// Of returns the value of the pit at board index i, or 0 (no pit) for an
// index out of range.
func (b *Board) Of(i int) uint8 {
	if i < 0 || i >= b.Layout.Pits() {
		return 0
	}
	return uint8(i + 1)
}

// Parse returns the value of the pit named name ("a1"), or a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax] saying b.Want.
func (b *Board) Parse(name string) (uint8, error) {
	i, err := b.Layout.ParsePitName(name)
	if err != nil {
		return 0, &mancala.SyntaxError{Game: b.Game, What: "pit", Input: name, Msg: b.Want}
	}
	return uint8(i + 1), nil
}

// Index returns the board index of pit value v, or -1 for 0 (no pit).
func Index(v uint8) int { return int(v) - 1 }

// Row returns the row of pit value v, or -1 for no pit.
func (b *Board) Row(v uint8) int { return b.Layout.Row(Index(v)) }

// File returns the file of pit value v, or 0 for no pit.
func (b *Board) File(v uint8) int { return max(b.Layout.File(Index(v)), 0) }

// String returns the algebraic name of pit value v, or "none" for no pit.
func (b *Board) String(v uint8) string {
	if v == 0 {
		return "none"
	}
	return b.Layout.PitName(Index(v))
}
