package kisolo

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// maxRows and maxFiles bound a pit's name: rows a..d, files 1..8 (the
// widest board).
const (
	maxRows  = 4
	maxFiles = 8
)

// Pit names one pit of a Kisolo board by its row and file as seen from
// South's seat (KS-1): row 0 is a (South's outer row), 1 is b, 2 is c and
// 3 is d (North's outer row); files count 1..8 from South's left. A Pit
// means the same place on every board size; [Position.Index] gives its
// index on a board (KS-2), and a file beyond the board's files is on no
// board of that size. Pits are small comparable values; the zero Pit names
// no pit.
type Pit struct {
	row  uint8 // 0 = a .. 3 = d
	file uint8 // 1..8; 0 for the zero Pit
}

// PitAt returns the pit at row (0 for a, nearest South, to 3 for d) and
// file (1 at South's left, up to 8). A row or file out of those ranges
// gives the zero Pit.
func PitAt(row, file int) Pit {
	if row < 0 || row >= maxRows || file < 1 || file > maxFiles {
		return Pit{}
	}
	return Pit{row: uint8(row), file: uint8(file)}
}

// ParsePit reads a pit's algebraic name, "a1".."d8". Anything else gives a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParsePit(name string) (Pit, error) {
	row, file, err := mancala.SplitPitName(name)
	if err != nil || row >= maxRows || file > maxFiles {
		return Pit{}, &mancala.SyntaxError{Game: Name, What: "pit", Input: name, Msg: "want a pit a1..d8: a row letter a..d and a file 1..8 (8 on the widest board)"}
	}
	return PitAt(row, file), nil
}

// Row returns the pit's row, 0 (a) to 3 (d); -1 for the zero Pit.
func (p Pit) Row() int {
	if p.IsZero() {
		return -1
	}
	return int(p.row)
}

// File returns the pit's file, 1 to 8; 0 for the zero Pit.
func (p Pit) File() int { return int(p.file) }

// IsZero reports whether p is the zero Pit.
func (p Pit) IsZero() bool { return p.file == 0 }

// String returns the pit's algebraic name ("b3"), or "none" for the zero
// Pit.
func (p Pit) String() string {
	if p.IsZero() {
		return "none"
	}
	return string(p.append(nil))
}

func (p Pit) append(b []byte) []byte {
	b = append(b, 'a'+p.row)
	return strconv.AppendInt(b, int64(p.file), 10)
}

// MoveKind says whether a move sows or captures (KS-6): the module's one
// move kind, [mancala.MoveKind], of which a Kisolo move is SowKind or
// CaptureKind. The zero value is NoKind, which only the zero Move has.
type MoveKind = mancala.MoveKind

const (
	// NoKind is the kind of the zero Move, which is never legal
	// (mancala.MoveUnknown).
	NoKind = mancala.MoveUnknown
	// SowKind lifts all the seeds of one of the mover's pits and sows them
	// from the next pit (KS-6).
	SowKind = mancala.MoveSow
	// CaptureKind captures through one of the mover's inner pits (KS-6,
	// KS-7).
	CaptureKind = mancala.MoveCapture
)

// Move is one Kisolo move: a sow from a pit or a capture through an inner
// pit (KS-6), named by its [Pit], so a move means the same on every board
// size and needs no position to print or parse. Moves are small comparable
// values. The zero Move is never legal and prints as "none".
type Move struct {
	kind MoveKind
	pit  Pit
}

// Sow returns the move that lifts every seed of pit and sows them from the
// next pit (KS-6). The zero Pit gives the zero Move.
func Sow(pit Pit) Move { return newMove(SowKind, pit) }

// Capture returns the move that captures through the inner pit pit (in row
// b for South, c for North): it takes the facing pit and the pit behind
// it and sows them from pit itself (KS-6, KS-7). A pit that is not an
// inner pit gives a move that Apply always refuses; the zero Pit gives the
// zero Move.
func Capture(pit Pit) Move { return newMove(CaptureKind, pit) }

func newMove(k MoveKind, pit Pit) Move {
	if pit.IsZero() {
		return Move{}
	}
	return Move{kind: k, pit: pit}
}

// Kind returns SowKind, CaptureKind, or NoKind for the zero Move.
func (m Move) Kind() MoveKind { return m.kind }

// Pit returns the pit the move sows from or captures through; the zero Pit
// for the zero Move.
func (m Move) Pit() Pit { return m.pit }

// IsZero reports whether m is the zero Move.
func (m Move) IsZero() bool { return m == Move{} }

// String returns the move in Kisolo notation: the pit's algebraic name
// for a sow ("b3") and the name after an "x" for a capture ("xb3"); "none"
// for the zero Move.
func (m Move) String() string {
	if m.kind == NoKind {
		return "none"
	}
	var buf [4]byte
	b := buf[:0]
	if m.kind == CaptureKind {
		b = append(b, 'x')
	}
	return string(m.pit.append(b))
}

// ParseMove reads a move in Kisolo notation: a pit name "a1".."d8" for a
// sow, "x" and a pit name for a capture ("xb3"), or "none" for the zero
// Move. It does not check the move against a board: "a8" parses but is
// refused by Apply on a board of 7 columns, "xa3" parses but is never
// legal. Anything else gives a [*mancala.SyntaxError] wrapping
// [mancala.ErrSyntax].
func ParseMove(s string) (Move, error) {
	if s == "none" {
		return Move{}, nil
	}
	k, name := SowKind, s
	if len(s) > 0 && s[0] == 'x' {
		k, name = CaptureKind, s[1:]
	}
	row, file, err := mancala.SplitPitName(name)
	if err != nil {
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: "want a pit name like b3, or x and a pit name like xb3"}
	}
	if row >= maxRows || file > maxFiles {
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: "no such pit on any Kisolo board (rows a..d, files 1..8 on the widest board)"}
	}
	return newMove(k, PitAt(row, file)), nil
}

// MarshalText returns m.String(); it never fails.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText sets m from its notation as [ParseMove] reads it ("none"
// gives the zero Move); on error m is unchanged.
func (m *Move) UnmarshalText(b []byte) error {
	v, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
