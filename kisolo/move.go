package kisolo

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Kind says whether a move sows or captures (KS-6). The zero value is
// NoKind, which only the zero Move has.
type Kind uint8

const (
	// NoKind is the kind of the zero Move, which is never legal.
	NoKind Kind = iota
	// SowKind lifts all the seeds of one of the mover's pits and sows them
	// from the next pit (KS-6).
	SowKind
	// CaptureKind captures through one of the mover's inner pits (KS-6,
	// KS-7).
	CaptureKind
)

var kindNames = []string{"none", "sow", "capture"}

// String returns "sow", "capture", "none", or "Kind(9)" out of range.
func (k Kind) String() string { return enumString(k, kindNames, "Kind") }

// maxRows and maxFiles bound a move's pit: rows a..d, files 1..8 (the
// largest Columns).
const (
	maxRows  = 4
	maxFiles = 8
)

// Move is one Kisolo move: a sow from a pit or a capture through an inner
// pit, named by the pit's row and file as seen from South's seat (KS-1),
// so a move means the same on every board size and needs no position to
// print or parse. Moves are small comparable values. The zero Move is
// never legal and prints as "-".
type Move struct {
	kind Kind
	row  uint8 // 0 = a .. 3 = d
	file uint8 // 1..8
}

// Sow returns the move that sows from the pit at row (0 for a, nearest
// South, to 3 for d) and file (1 at South's left, up to 8) (KS-6). A row
// or file out of those ranges gives the zero Move.
func Sow(row, file int) Move { return newMove(SowKind, row, file) }

// Capture returns the move that captures through the inner pit at row (1
// for b, South's inner row; 2 for c, North's) and file (1..8) (KS-6,
// KS-7). A row in 0..3 that is not inner gives a move that Apply always
// refuses; a row or file out of range gives the zero Move.
func Capture(row, file int) Move { return newMove(CaptureKind, row, file) }

func newMove(k Kind, row, file int) Move {
	if row < 0 || row >= maxRows || file < 1 || file > maxFiles {
		return Move{}
	}
	return Move{kind: k, row: uint8(row), file: uint8(file)}
}

// Kind returns SowKind, CaptureKind, or NoKind for the zero Move.
func (m Move) Kind() Kind { return m.kind }

// Row returns the row of the move's pit: 0 (a) to 3 (d); 0 for the zero
// Move.
func (m Move) Row() int { return int(m.row) }

// File returns the file of the move's pit: 1 to 8; 0 for the zero Move.
func (m Move) File() int { return int(m.file) }

// IsZero reports whether m is the zero Move.
func (m Move) IsZero() bool { return m == Move{} }

// String returns the move in Kisolo notation: the pit's algebraic name
// for a sow ("b3") and the name after an "x" for a capture ("xb3"); "-"
// for the zero Move.
func (m Move) String() string {
	if m.kind == NoKind {
		return "-"
	}
	var buf [4]byte
	b := buf[:0]
	if m.kind == CaptureKind {
		b = append(b, 'x')
	}
	b = append(b, 'a'+m.row)
	b = strconv.AppendInt(b, int64(m.file), 10)
	return string(b)
}

// ParseMove reads a move in Kisolo notation: a pit name "a1".."d8" for a
// sow, or "x" and a pit name for a capture ("xb3"). It does not check the
// move against a board: "a8" parses but is refused by Apply on a board of
// 7 columns, "xa3" parses but is never legal. Anything else gives a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParseMove(s string) (Move, error) {
	k, name := SowKind, s
	if len(s) > 0 && s[0] == 'x' {
		k, name = CaptureKind, s[1:]
	}
	row, file, err := mancala.ParsePitName(name)
	if err != nil {
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: "want a pit name like b3, or x and a pit name like xb3"}
	}
	if row >= maxRows || file > maxFiles {
		return Move{}, &mancala.SyntaxError{Game: Name, What: "move", Input: s, Msg: "no such pit on any Kisolo board (rows a..d, files 1..8 on the widest board)"}
	}
	return newMove(k, row, file), nil
}

// MarshalText returns m.String(); it never fails.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText sets m from its notation as [ParseMove] reads it; on error
// m is unchanged.
func (m *Move) UnmarshalText(b []byte) error {
	v, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
