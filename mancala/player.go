package mancala

import "strconv"

// Player is one of the two sides of a board (C-1). The zero value is South,
// who moves first on turn 0; North moves on odd turns.
type Player uint8

const (
	// South sits at rows a (and b) and moves first (C-1).
	South Player = iota
	// North sits at the far rows and moves second (C-1).
	North
)

// Other returns the opponent of p: North for South and South for North.
// An out-of-range value is returned unchanged.
func (p Player) Other() Player {
	switch p {
	case South:
		return North
	case North:
		return South
	}
	return p
}

// String returns "South" or "North"; an out-of-range value prints as
// "Player(7)".
func (p Player) String() string {
	switch p {
	case South:
		return "South"
	case North:
		return "North"
	}
	return "Player(" + strconv.Itoa(int(p)) + ")"
}

// Letter returns the one-letter side of the notation (docs/notation.md): "S" or "N";
// an out-of-range value prints as "?".
func (p Player) Letter() string {
	switch p {
	case South:
		return "S"
	case North:
		return "N"
	}
	return "?"
}

// ParsePlayer parses the notation's side letter "S" or "N" (docs/notation.md).
// Anything else gives an error wrapping [ErrSyntax].
func ParsePlayer(s string) (Player, error) {
	switch s {
	case "S":
		return South, nil
	case "N":
		return North, nil
	}
	return 0, &SyntaxError{What: "side", Input: s, Msg: "side must be S or N"}
}
