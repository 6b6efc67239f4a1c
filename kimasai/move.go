package kimasai

import "github.com/seed8ebe013a/go-mancala/mancala"

// Move is one move of Bao la Kimasai: the pit the mover names (KM-6,
// KM-8), written as its algebraic name ("b3"). It says nothing about the
// position; [Position.Apply] checks it. The zero Move names no pit and is
// never legal. Moves are comparable.
type Move struct {
	pit1 uint8 // pit index + 1; 0 for the zero Move
}

// MoveAt returns the move that names pit p (0..31, numbered as KM-2). For p
// out of range it returns the zero Move.
func MoveAt(p int) Move {
	if p < 0 || p >= Pits {
		return Move{}
	}
	return Move{uint8(p + 1)}
}

// Pit returns the pit index (0..31) that m names, or -1 for the zero Move.
func (m Move) Pit() int { return int(m.pit1) - 1 }

// String returns the move's notation, the algebraic name of its pit as seen
// from South's seat ("b1".."b8", "a1".."a8" for South's pits, "c1".."c8",
// "d1".."d8" for North's); the zero Move prints as "-".
func (m Move) String() string {
	if m.pit1 == 0 || int(m.pit1) > Pits {
		return "-"
	}
	return layout.PitName(m.Pit())
}

// MarshalText returns the move's notation; the zero Move gives an error
// wrapping [mancala.ErrSyntax].
func (m Move) MarshalText() ([]byte, error) {
	if m.pit1 == 0 || int(m.pit1) > Pits {
		return nil, &mancala.SyntaxError{Game: Name, What: "move", Input: "-", Msg: "the zero move has no notation"}
	}
	return []byte(m.String()), nil
}

// UnmarshalText parses a move as [ParseMove] does; on error m is unchanged.
func (m *Move) UnmarshalText(b []byte) error {
	mv, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a move: the algebraic name of any of the 32 pits, a row
// letter a..d and a file 1..8 ("b3"). Whether the pit belongs to the mover
// is checked by Apply, not here. Anything else gives a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParseMove(s string) (Move, error) {
	p, err := layout.ParsePit(s)
	if err != nil {
		msg := "want a pit a1..d8"
		var se *mancala.SyntaxError
		if e, ok := err.(*mancala.SyntaxError); ok {
			se = e
			msg = se.Msg
		}
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: msg}
	}
	return MoveAt(p), nil
}
