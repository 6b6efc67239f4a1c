package kiothi

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// MoveKind says what a [Move] does. The zero value, NoKind, is no move.
type MoveKind uint8

const (
	// NoKind is the kind of the zero Move, which is never legal.
	NoKind MoveKind = iota
	// SowMove lifts Count warriors from Pit and sows them (KI-9); turn 2 on.
	SowMove
	// LiftMove empties Pit into the hand, an opening step (KI-6, KI-7).
	LiftMove
	// DropMove drops one warrior from the hand into Pit, an opening step
	// (KI-7).
	DropMove
	// StopMove ends the opening lifts early (KI-7, OpeningUpTo only, or a
	// player without warriors in the opening).
	StopMove
)

var kindNames = []string{"none", "sow", "lift", "drop", "stop"}

// String returns "none", "sow", "lift", "drop" or "stop", or "MoveKind(7)"
// out of range.
func (k MoveKind) String() string { return enumString(kindNames, int(k), "MoveKind") }

// noPit marks a Move built with a pit index outside 0..19 (for example a
// Drop into a prison): such a move is never legal.
const noPit = 255

// Move is one ply of Kiothi: a sowing move (pit, count) from turn 2 on, or
// one opening step (Lift, Drop, Stop) in turns 0 and 1 (KI-7). It is a
// small comparable value; the zero Move is never legal. A Move is exactly
// what its text says, so it needs no position to print or parse; Apply
// checks it against the position.
type Move struct {
	kind  MoveKind
	pit   uint8
	count uint8
}

// Sow returns the move that lifts k warriors from pit p and sows them
// (KI-9): p is a pit index 0..19 of the mover's row, k is 1..255. A pit out
// of range or a count outside 1..255 gives a move that is never legal (its
// count is stored as 0).
func Sow(p, k int) Move {
	if k < 1 || k > 255 {
		k = 0
	}
	return Move{kind: SowMove, pit: pitByte(p), count: uint8(k)}
}

// Lift returns the opening step that empties pit p (0..19) into the hand
// (KI-6, KI-7). A pit out of range gives a move that is never legal.
func Lift(p int) Move { return Move{kind: LiftMove, pit: pitByte(p)} }

// Drop returns the opening step that drops one warrior from the hand into
// pit q (0..19; KI-7). There is no way to drop into a prison (KI-6): a pit
// out of range gives a move that is never legal.
func Drop(q int) Move { return Move{kind: DropMove, pit: pitByte(q)} }

// Stop returns the opening step that ends the lifts early (KI-7,
// OpeningUpTo; also the only step of a player with no warriors in their row
// at the start of an opening turn).
func Stop() Move { return Move{kind: StopMove} }

func pitByte(p int) uint8 {
	if p < 0 || p >= NumPits {
		return noPit
	}
	return uint8(p)
}

// Kind returns the move's kind; NoKind for the zero Move.
func (m Move) Kind() MoveKind { return m.kind }

// Pit returns the pit index 0..19 of a Sow, Lift or Drop move, and -1 for
// Stop, the zero Move or a move built with a pit out of range.
func (m Move) Pit() int {
	if m.kind == NoKind || m.kind == StopMove || m.pit >= NumPits {
		return -1
	}
	return int(m.pit)
}

// Count returns the number of warriors a Sow move lifts, and 0 for every
// other kind.
func (m Move) Count() int {
	if m.kind != SowMove {
		return 0
	}
	return int(m.count)
}

// String returns the move in the notation of DESIGN.md: "a5:3" (sow 3 from
// a5; the count is always written), "-a5" (Lift a5), "+b3" (Drop into b3),
// "=" (Stop). The zero Move prints as "none"; a move built with a pit out of
// range prints the pit as "?". Neither of those parses.
func (m Move) String() string {
	var b [8]byte
	return string(m.appendText(b[:0]))
}

func (m Move) appendText(b []byte) []byte {
	pit := func(b []byte) []byte {
		if m.pit >= NumPits {
			return append(b, '?')
		}
		return append(b, layout.PitName(int(m.pit))...)
	}
	switch m.kind {
	case SowMove:
		b = pit(b)
		b = append(b, ':')
		return strconv.AppendInt(b, int64(m.count), 10)
	case LiftMove:
		return pit(append(b, '-'))
	case DropMove:
		return pit(append(b, '+'))
	case StopMove:
		return append(b, '=')
	}
	return append(b, "none"...)
}

// MarshalText returns m.String() as bytes; it never fails.
func (m Move) MarshalText() ([]byte, error) { return m.appendText(nil), nil }

// UnmarshalText parses text as [ParseMove] does and stores the move in m;
// on error m is unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	x, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = x
	return nil
}

// ParseMove reads a move in the notation of DESIGN.md: "a5:3" (a sowing
// move: pit, then the count 1..255 without leading zeros), "-a5" (Lift),
// "+b3" (Drop), "=" (Stop). Pit names are a1..a10 and b1..b10. Anything
// else gives a [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParseMove(s string) (Move, error) {
	bad := func(msg string) (Move, error) {
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: msg}
	}
	if s == "=" {
		return Stop(), nil
	}
	if s == "" {
		return bad("empty move")
	}
	kind := SowMove
	rest := s
	switch s[0] {
	case '-':
		kind, rest = LiftMove, s[1:]
	case '+':
		kind, rest = DropMove, s[1:]
	}
	name, count := rest, ""
	if kind == SowMove {
		i := 0
		for i < len(rest) && rest[i] != ':' {
			i++
		}
		if i == len(rest) {
			return bad("want <pit>:<count> (a5:3), -<pit>, +<pit> or =")
		}
		name, count = rest[:i], rest[i+1:]
	}
	p, err := layout.ParsePit(name)
	if err != nil {
		return bad("bad pit " + strconv.Quote(name) + ": want a1..a10 or b1..b10")
	}
	switch kind {
	case LiftMove:
		return Lift(p), nil
	case DropMove:
		return Drop(p), nil
	}
	n, err := parseCount(count)
	if err != nil {
		return bad(err.Error())
	}
	return Sow(p, n), nil
}

func parseCount(s string) (int, error) {
	if s == "" {
		return 0, errorString("missing count after ':'")
	}
	if len(s) > 3 || (len(s) > 1 && s[0] == '0') {
		return 0, errorString("count must be 1..255 without leading zeros")
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errorString("count must be a number 1..255")
		}
		n = n*10 + int(s[i]-'0')
	}
	if n < 1 || n > 255 {
		return 0, errorString("count must be 1..255")
	}
	return n, nil
}
