package kimasai

import (
	"github.com/seed8ebe013a/go-mancala/internal/pits"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// names names the board's pits: the one implementation of Pit shared
// with the other fixed-board game (internal/pits).
var names = pits.Board{Layout: layout, Game: Name, Want: "want a pit a1..d8: a row letter a..d and a file 1..8"}

// Pit names one of the 32 pits of the board (KM-1, KM-2) by its row and
// file as seen from South's seat: row 0 is a (South's outer row), 1 is b
// (South's inner row), 2 is c and 3 is d (North's inner and outer rows);
// files 1..8 from South's left. Its index on the board (KM-2: South b1..b8
// = 0..7, a8..a1 = 8..15; North c8..c1 = 16..23, d1..d8 = 24..31) is
// [Position.Index]. Pits are small comparable values; the zero Pit names
// no pit.
type Pit struct {
	i uint8 // index + 1; 0 for the zero Pit
}

// PitAt returns the pit at row (0 for a .. 3 for d) and file (1..8). A row
// or file out of range gives the zero Pit.
func PitAt(row, file int) Pit { return Pit{names.At(row, file)} }

// pitOf returns the pit at board index i (0..31), or the zero Pit.
func pitOf(i int) Pit { return Pit{names.Of(i)} }

// ParsePit reads a pit's algebraic name, "a1".."d8". Anything else gives a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParsePit(name string) (Pit, error) {
	v, err := names.Parse(name)
	return Pit{v}, err
}

// index returns the pit's board index 0..31, or -1 for the zero Pit.
func (p Pit) index() int { return pits.Index(p.i) }

// Row returns the pit's row, 0 (a) to 3 (d); -1 for the zero Pit.
func (p Pit) Row() int { return names.Row(p.i) }

// File returns the pit's file, 1..8; 0 for the zero Pit.
func (p Pit) File() int { return names.File(p.i) }

// IsZero reports whether p is the zero Pit.
func (p Pit) IsZero() bool { return p.i == 0 }

// String returns the pit's algebraic name ("b3"), or "none" for the zero
// Pit.
func (p Pit) String() string { return names.String(p.i) }

// Move is one move of Bao la Kimasai: the pit the mover names and sows
// from (KM-6, KM-8), written as its algebraic name ("b3"). It says nothing
// about the position; [Position.Apply] checks it. The zero Move names no
// pit, is never legal and prints as "none". Moves are comparable.
type Move struct {
	pit Pit
}

// Sow returns the move that names pit: in phase 1 a reserve cow goes into
// it first (KM-6), then all its cows are lifted and sown (KM-8). The zero
// Pit gives the zero Move.
func Sow(pit Pit) Move { return Move{pit} }

// Pit returns the pit m names, or the zero Pit for the zero Move.
func (m Move) Pit() Pit { return m.pit }

// IsZero reports whether m is the zero Move.
func (m Move) IsZero() bool { return m == Move{} }

// String returns the move's notation, the algebraic name of its pit as seen
// from South's seat ("b1".."b8", "a1".."a8" for South's pits, "c1".."c8",
// "d1".."d8" for North's); the zero Move prints as "none".
func (m Move) String() string { return m.pit.String() }

// MarshalText returns the move's notation, m.String(); it never fails.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText parses a move as [ParseMove] does ("none" gives the zero
// Move); on error m is unchanged.
func (m *Move) UnmarshalText(b []byte) error {
	mv, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a move: the algebraic name of any of the 32 pits, a row
// letter a..d and a file 1..8 ("b3"), or "none" for the zero Move (which is
// never legal). Whether the pit belongs to the mover is checked by Apply,
// not here. Anything else gives a [*mancala.SyntaxError] wrapping
// [mancala.ErrSyntax].
func ParseMove(s string) (Move, error) {
	if s == "none" {
		return Move{}, nil
	}
	p, err := layout.ParsePitName(s)
	if err != nil {
		msg := "want a pit name a1..d8 (a row letter a..d and a file 1..8)"
		if len(s) > 0 && s[0] == 'x' {
			msg += "; Bao la Kimasai has no capture moves, a raid follows from the sowing"
		}
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: msg}
	}
	return Sow(pitOf(p)), nil
}
