package kiothi

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/pits"
	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// names names the board's pits: the one implementation of Pit shared
// with the other fixed-board game (internal/pits).
var names = pits.Board{Layout: layout, Game: Name, Want: "want a pit a1..a10 or b1..b10"}

// Pit names one of the 20 pits of the Kiothi board (KI-1, KI-2) by its row
// and file as seen from South's seat: row 0 is a (South's), row 1 is b
// (North's), files 1..10 from South's left. Its index on the board (KI-2:
// a1..a10 = 0..9, b10..b1 = 10..19) is [Position.Index]. Pits are small
// comparable values; the zero Pit names no pit.
type Pit struct {
	i uint8 // index + 1; 0 for the zero Pit
}

// PitAt returns the pit at row (0 for a, 1 for b) and file (1..10). A row
// or file out of range gives the zero Pit.
func PitAt(row, file int) Pit { return Pit{names.At(row, file)} }

// pitOf returns the pit at board index i (0..19), or the zero Pit.
func pitOf(i int) Pit { return Pit{names.Of(i)} }

// ParsePit reads a pit's algebraic name, "a1".."a10" or "b1".."b10".
// Anything else gives a [*mancala.SyntaxError] wrapping
// [mancala.ErrSyntax].
func ParsePit(name string) (Pit, error) {
	v, err := names.Parse(name)
	return Pit{v}, err
}

// index returns the pit's board index 0..19, or -1 for the zero Pit.
func (p Pit) index() int { return pits.Index(p.i) }

// Row returns the pit's row: 0 (a) or 1 (b); -1 for the zero Pit.
func (p Pit) Row() int { return names.Row(p.i) }

// File returns the pit's file, 1..10; 0 for the zero Pit.
func (p Pit) File() int { return names.File(p.i) }

// IsZero reports whether p is the zero Pit.
func (p Pit) IsZero() bool { return p.i == 0 }

// String returns the pit's algebraic name ("a5", "b10"), or "none" for the
// zero Pit.
func (p Pit) String() string { return names.String(p.i) }

// MoveKind says what a [Move] does: the module's one move kind,
// [mancala.MoveKind], of which a Kiothi move is one of the kinds below.
// The zero value, NoKind, is no move.
type MoveKind = mancala.MoveKind

const (
	// NoKind is the kind of the zero Move, which is never legal
	// (mancala.MoveUnknown).
	NoKind = mancala.MoveUnknown
	// SowKind lifts Count warriors from Pit and sows them (KI-9); turn 2
	// on.
	SowKind = mancala.MoveSow
	// LiftKind empties Pit into the hand, an opening step (KI-6, KI-7).
	LiftKind = mancala.MoveLift
	// DropKind drops one warrior from the hand into Pit, an opening step
	// (KI-7).
	DropKind = mancala.MoveDrop
	// StopKind ends the opening lifts early (KI-7, OpeningUpTo only, or a
	// player without warriors in the opening).
	StopKind = mancala.MoveStop
)

// Move is one ply of Kiothi: a sowing move (pit, count) from turn 2 on, or
// one opening step (Lift, Drop, Stop) in turns 0 and 1 (KI-7). It is a
// small comparable value; the zero Move is never legal and prints as
// "none". A Move is exactly what its text says, so it needs no position to
// print or parse; Apply checks it against the position.
type Move struct {
	kind  MoveKind
	pit   uint8 // board index 0..19 (Sow, Lift, Drop); 0 otherwise
	count uint8 // Sow: 1..255; 0 otherwise
}

// Sow returns the move that lifts count warriors from pit and sows them
// (KI-9): pit is one of the mover's pits, count 1..255 (at most the pit's
// warriors, which Apply checks). The zero Pit or a count outside 1..255
// gives the zero Move.
func Sow(pit Pit, count int) Move {
	if pit.IsZero() || count < 1 || count > 255 {
		return Move{}
	}
	return Move{kind: SowKind, pit: uint8(pit.index()), count: uint8(count)}
}

// Lift returns the opening step that empties pit into the hand (KI-6,
// KI-7). The zero Pit gives the zero Move.
func Lift(pit Pit) Move {
	if pit.IsZero() {
		return Move{}
	}
	return Move{kind: LiftKind, pit: uint8(pit.index())}
}

// Drop returns the opening step that drops one warrior from the hand into
// pit (KI-7; never into a prison, KI-6). The zero Pit gives the zero Move.
func Drop(pit Pit) Move {
	if pit.IsZero() {
		return Move{}
	}
	return Move{kind: DropKind, pit: uint8(pit.index())}
}

// Stop returns the opening step that ends the lifts early (KI-7,
// OpeningUpTo; also the only step of a player with no warriors in their row
// at the start of an opening turn).
func Stop() Move { return Move{kind: StopKind} }

// Kind returns the move's kind; NoKind for the zero Move.
func (m Move) Kind() MoveKind { return m.kind }

// Pit returns the pit of a Sow, Lift or Drop move, and the zero Pit for
// Stop and the zero Move.
func (m Move) Pit() Pit {
	if m.kind == NoKind || m.kind == StopKind {
		return Pit{}
	}
	return pitOf(int(m.pit))
}

// Count returns the number of warriors a Sow move lifts, and 0 for every
// other kind.
func (m Move) Count() int {
	if m.kind != SowKind {
		return 0
	}
	return int(m.count)
}

// IsZero reports whether m is the zero Move.
func (m Move) IsZero() bool { return m == Move{} }

// String returns the move in the notation of docs/notation.md: "a5:3" (sow
// 3 from a5; the count is always written), "-a5" (Lift a5), "+b3" (Drop
// into b3), "=" (Stop), and "none" for the zero Move. [ParseMove] reads
// every one of them back.
func (m Move) String() string {
	var b [8]byte
	return string(m.appendText(b[:0]))
}

func (m Move) appendText(b []byte) []byte {
	switch m.kind {
	case SowKind:
		b = append(b, layout.PitName(int(m.pit))...)
		b = append(b, ':')
		return strconv.AppendInt(b, int64(m.count), 10)
	case LiftKind:
		return append(append(b, '-'), layout.PitName(int(m.pit))...)
	case DropKind:
		return append(append(b, '+'), layout.PitName(int(m.pit))...)
	case StopKind:
		return append(b, '=')
	}
	return append(b, "none"...)
}

// MarshalText returns m.String() as bytes; it never fails.
func (m Move) MarshalText() ([]byte, error) { return m.appendText(nil), nil }

// UnmarshalText parses text as [ParseMove] does ("none" gives the zero
// Move) and stores the move in m; on error m is unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	x, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = x
	return nil
}

// ParseMove reads a move in the notation of docs/notation.md: "a5:3" (a
// sowing move: pit, then the count 1..255 without leading zeros), "-a5"
// (Lift), "+b3" (Drop), "=" (Stop), or "none" (the zero Move, which is
// never legal). Pit names are a1..a10 and b1..b10. Anything else gives a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParseMove(s string) (Move, error) {
	bad := func(msg string) (Move, error) {
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: msg}
	}
	switch s {
	case "=":
		return Stop(), nil
	case "none":
		return Move{}, nil
	case "":
		return bad("empty move")
	}
	kind := SowKind
	rest := s
	switch s[0] {
	case '-':
		kind, rest = LiftKind, s[1:]
	case '+':
		kind, rest = DropKind, s[1:]
	}
	name, count := rest, ""
	if kind == SowKind {
		i := 0
		for i < len(rest) && rest[i] != ':' {
			i++
		}
		if i == len(rest) {
			return bad("want <pit>:<count> (a5:3), -<pit>, +<pit> or =")
		}
		name, count = rest[:i], rest[i+1:]
	}
	p, err := ParsePit(name)
	if err != nil {
		return bad("bad pit " + quote.String(name) + ": want a1..a10 or b1..b10")
	}
	switch kind {
	case LiftKind:
		return Lift(p), nil
	case DropKind:
		return Drop(p), nil
	}
	n, msg := parseCount(count)
	if msg != "" {
		return bad(msg)
	}
	return Sow(p, n), nil
}

// parseCount reads a sowing move's count, 1..255, or says what is wrong.
func parseCount(s string) (int, string) {
	if s == "" {
		return 0, "missing count after ':'"
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, "the count must be a number 1..255"
		}
	}
	digits := s
	for len(digits) > 1 && digits[0] == '0' {
		digits = digits[1:]
	}
	switch {
	case digits == "0":
		return 0, "the count must be at least 1: a move lifts 1..255 warriors"
	case digits != s:
		return 0, "the count " + s + " has a leading zero: write " + digits
	}
	if len(s) > 3 {
		return 0, "the count must be 1..255: a pit holds at most 255 warriors"
	}
	n, _ := strconv.Atoi(s)
	if n > 255 {
		return 0, "the count must be 1..255: a pit holds at most 255 warriors"
	}
	return n, ""
}
