package kimasai

import "github.com/seed8ebe013a/go-mancala/mancala"

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
func PitAt(row, file int) Pit {
	i, ok := layout.Pit(row, file)
	if !ok {
		return Pit{}
	}
	return Pit{uint8(i + 1)}
}

// pitOf returns the pit at board index i (0..31), or the zero Pit.
func pitOf(i int) Pit {
	if i < 0 || i >= Pits {
		return Pit{}
	}
	return Pit{uint8(i + 1)}
}

// ParsePit reads a pit's algebraic name, "a1".."d8". Anything else gives a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParsePit(name string) (Pit, error) {
	i, err := layout.ParsePit(name)
	if err != nil {
		return Pit{}, &mancala.SyntaxError{Game: Name, What: "pit", Input: name, Msg: "want a pit a1..d8: a row letter a..d and a file 1..8"}
	}
	return pitOf(i), nil
}

// index returns the pit's board index 0..31, or -1 for the zero Pit.
func (p Pit) index() int { return int(p.i) - 1 }

// Row returns the pit's row, 0 (a) to 3 (d); -1 for the zero Pit.
func (p Pit) Row() int { return layout.Row(p.index()) }

// File returns the pit's file, 1..8; 0 for the zero Pit.
func (p Pit) File() int { return max(layout.File(p.index()), 0) }

// IsZero reports whether p is the zero Pit.
func (p Pit) IsZero() bool { return p.i == 0 }

// String returns the pit's algebraic name ("b3"), or "none" for the zero
// Pit.
func (p Pit) String() string {
	if p.IsZero() {
		return "none"
	}
	return layout.PitName(p.index())
}

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
	p, err := layout.ParsePit(s)
	if err != nil {
		msg := "want a pit name a1..d8 (a row letter a..d and a file 1..8)"
		if len(s) > 0 && s[0] == 'x' {
			msg += "; Bao la Kimasai has no capture moves, a raid follows from the sowing"
		}
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: msg}
	}
	return Sow(pitOf(p)), nil
}
