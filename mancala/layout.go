package mancala

import (
	"errors"
	"strconv"
)

// Direction is the sense in which a four-row game's seeds travel round each
// player's own circuit, seen from above with South at the bottom.
type Direction uint8

const (
	// CounterClockwise sows along the outer row to the right, then back
	// along the inner row to the left (Kisolo, KS-3). The mover's first pit
	// is the outer row's file 1.
	CounterClockwise Direction = iota
	// Clockwise sows along the inner row to the right, then back along the
	// outer row to the left (Bao la Kimasai, KM-3). The mover's first pit is
	// the inner row's file 1.
	Clockwise
)

// MaxFiles is the largest number of files (pits per row) a Layout may have.
const MaxFiles = 16

// Layout is the immutable topology of one board: its pits, who owns each,
// where each sits (row and file), the sowing circuits, the facing (opposite)
// and behind maps, and whether the board has stores. It is built once per
// game and option set and is safe for concurrent use; its methods never
// modify it.
//
// Numbering (docs/design.md, "Board numbering"): pit indices run along each
// player's sowing path, South's pits first, and North's pit p+Pits()/2 is
// South's pit p rotated half a turn. Rows are counted from South's side
// (row 0 is "a", nearest South); files from 1 at South's left. Every method
// that takes a pit index accepts any int: an index outside [0, Pits()) gives
// the documented "none" answer instead of a panic.
type Layout struct {
	rows, files, pits int
	stores, shared    bool
	dir               Direction

	owner  []Player
	row    []int
	file   []int
	at     []int // row*files + (file-1) -> pit
	next   []int
	facing []int
	behind []int
	inner  []bool
	circ   [2][]int
	circAt [2][]int
}

// NewTwoRowLayout returns the two-row layout with one shared
// counter-clockwise ring and a store (prison) per player, as in Kiothi
// (KI-1..KI-4) with files = 10: South owns row a, pits 0..files-1 = a1..aN;
// North owns row b, pit files+j = b(N-j); Next(p) = (p+1) mod 2*files; pit p
// faces 2*files-1-p. Nothing is behind anything. files must be in
// [1, MaxFiles]; otherwise it returns an error.
func NewTwoRowLayout(files int) (*Layout, error) {
	if files < 1 || files > MaxFiles {
		return nil, errors.New("mancala: two-row layout of " + strconv.Itoa(files) + " files: files must be 1.." + strconv.Itoa(MaxFiles))
	}
	l := newLayout(2, files)
	l.stores, l.shared = true, true
	half := files
	for p := 0; p < half; p++ {
		l.place(p, South, 0, p+1)
		l.place(p+half, North, 1, files-p)
	}
	for p := 0; p < l.pits; p++ {
		l.next[p] = (p + 1) % l.pits
		l.facing[p] = l.pits - 1 - p
		l.circ[South] = append(l.circ[South], p)
		l.circ[North] = append(l.circ[North], (p+half)%l.pits)
	}
	l.finish()
	return l, nil
}

// NewFourRowLayout returns a four-row layout without stores in which each
// player sows round their own two rows: South owns rows a (outer) and b
// (inner), North rows c (inner) and d (outer). With [CounterClockwise]
// (Kisolo, KS-1..KS-4) South's pits are a1..aN = 0..N-1 then bN..b1 =
// N..2N-1; with [Clockwise] (Bao la Kimasai, KM-1..KM-4) they are b1..bN =
// 0..N-1 then aN..a1 = N..2N-1. North's pits 2N..4N-1 are South's rotated
// half a turn. Inner pits of the same file face each other; the pit behind
// an inner pit is its owner's outer pit of the same file. files must be in
// [1, MaxFiles] and dir a known Direction; otherwise it returns an error.
func NewFourRowLayout(files int, dir Direction) (*Layout, error) {
	if files < 1 || files > MaxFiles {
		return nil, errors.New("mancala: four-row layout of " + strconv.Itoa(files) + " files: files must be 1.." + strconv.Itoa(MaxFiles))
	}
	if dir != CounterClockwise && dir != Clockwise {
		return nil, errors.New("mancala: four-row layout: unknown direction " + strconv.Itoa(int(dir)))
	}
	l := newLayout(4, files)
	l.dir = dir
	half := 2 * files
	for j := 0; j < files; j++ {
		first, second := 0, 1 // rows of South's first and second run
		if dir == Clockwise {
			first, second = 1, 0
		}
		l.place(j, South, first, j+1)
		l.place(files+j, South, second, files-j)
		l.place(half+j, North, 3-first, files-j)
		l.place(half+files+j, North, 3-second, j+1)
	}
	for p := 0; p < l.pits; p++ {
		base := 0
		if p >= half {
			base = half
		}
		l.next[p] = base + (p-base+1)%half
		if p < half {
			l.circ[South] = append(l.circ[South], p)
		} else {
			l.circ[North] = append(l.circ[North], p)
		}
	}
	for p := 0; p < l.pits; p++ {
		r, f := l.row[p], l.file[p]
		switch r {
		case 1:
			l.inner[p] = true
			l.facing[p] = l.at[2*files+f-1]
			l.behind[p] = l.at[0*files+f-1]
		case 2:
			l.inner[p] = true
			l.facing[p] = l.at[1*files+f-1]
			l.behind[p] = l.at[3*files+f-1]
		}
	}
	l.finish()
	return l, nil
}

func newLayout(rows, files int) *Layout {
	n := rows * files
	l := &Layout{rows: rows, files: files, pits: n}
	l.owner = make([]Player, n)
	l.row = make([]int, n)
	l.file = make([]int, n)
	l.at = make([]int, n)
	l.next = make([]int, n)
	l.facing = make([]int, n)
	l.behind = make([]int, n)
	l.inner = make([]bool, n)
	for i := range n {
		l.facing[i], l.behind[i] = -1, -1
	}
	return l
}

func (l *Layout) place(p int, owner Player, row, file int) {
	l.owner[p], l.row[p], l.file[p] = owner, row, file
	l.at[row*l.files+file-1] = p
}

func (l *Layout) finish() {
	for pl := range 2 {
		l.circAt[pl] = make([]int, l.pits)
		for i := range l.circAt[pl] {
			l.circAt[pl][i] = -1
		}
		for i, p := range l.circ[pl] {
			l.circAt[pl][p] = i
		}
	}
}

func (l *Layout) ok(p int) bool { return p >= 0 && p < l.pits }

// Pits returns the number of pits: 20 for Kiothi, 4*Files for Kisolo, 32
// for Bao la Kimasai.
func (l *Layout) Pits() int { return l.pits }

// Rows returns the number of rows: 2 or 4.
func (l *Layout) Rows() int { return l.rows }

// Files returns the number of pits in each row.
func (l *Layout) Files() int { return l.files }

// HasStores reports whether each player has a store off the ring (Kiothi's
// prisons, KI-1). Four-row layouts have none.
func (l *Layout) HasStores() bool { return l.stores }

// SharedRing reports whether both players sow round one ring of all the pits
// (Kiothi, KI-3) rather than each round their own circuit.
func (l *Layout) SharedRing() bool { return l.shared }

// Owner returns the player who owns the pit at board index index (C-7):
// South for the first half of the indices, North for the second. For an
// index out of range it returns Player(255).
func (l *Layout) Owner(index int) Player {
	if !l.ok(index) {
		return Player(255)
	}
	return l.owner[index]
}

// Row returns the row of the pit at index, 0 ("a", nearest South) to
// Rows()-1, or -1 for an index out of range.
func (l *Layout) Row(index int) int {
	if !l.ok(index) {
		return -1
	}
	return l.row[index]
}

// File returns the file of the pit at index, 1 (South's left) to Files(),
// or -1 for an index out of range.
func (l *Layout) File(index int) int {
	if !l.ok(index) {
		return -1
	}
	return l.file[index]
}

// Index returns the board index of the pit at row (0-based, from South)
// and file (1-based, from South's left), and false if there is none.
func (l *Layout) Index(row, file int) (int, bool) {
	if row < 0 || row >= l.rows || file < 1 || file > l.files {
		return -1, false
	}
	return l.at[row*l.files+file-1], true
}

// IsInner reports whether the pit at index is in an inner row (b or c) of
// a four-row layout. Two-row layouts have no inner row.
func (l *Layout) IsInner(index int) bool { return l.ok(index) && l.inner[index] }

// Next returns the index of the pit after the pit at index on the sowing
// ring it lies on: the shared ring of a two-row layout, or its owner's
// circuit of a four-row layout. It returns -1 for an index out of range.
func (l *Layout) Next(index int) int {
	if !l.ok(index) {
		return -1
	}
	return l.next[index]
}

// RingLen returns the number of pits on the ring that player pl sows round:
// all the pits on a two-row layout, the player's own 2*Files() on a
// four-row layout; 0 for an out-of-range player.
func (l *Layout) RingLen(pl Player) int {
	if pl > North {
		return 0
	}
	return len(l.circ[pl])
}

// Circuit returns a new slice of the pits player pl sows round, in sowing
// order from pl's first pit (South: pit 0; North: pit Pits()/2). It is the
// order in which games list legal moves. It returns nil for an out-of-range
// player.
func (l *Layout) Circuit(pl Player) []int {
	if pl > North {
		return nil
	}
	return append([]int(nil), l.circ[pl]...)
}

// CircuitIndex returns how far along pl's circuit the pit at index lies, 0
// for pl's first pit, or -1 if it is not on pl's circuit or index is out of
// range.
func (l *Layout) CircuitIndex(pl Player, index int) int {
	if pl > North || !l.ok(index) {
		return -1
	}
	return l.circAt[pl][index]
}

// Facing returns the index of the pit opposite the pit at index: on a
// two-row layout the pit in the same file of the other row (KI-4: index i
// faces 2*Files()-1-i); on a four-row layout, for an inner pit, the other
// player's inner pit of the same file (KS-4, KM-4). The result is false for
// an outer pit or an index out of range.
func (l *Layout) Facing(index int) (int, bool) {
	if !l.ok(index) || l.facing[index] < 0 {
		return -1, false
	}
	return l.facing[index], true
}

// Behind returns the index of the pit behind the inner pit at index: the
// same player's outer pit of the same file (KS-4). The result is false on
// a two-row layout, for an outer pit, or for an index out of range.
func (l *Layout) Behind(index int) (int, bool) {
	if !l.ok(index) || l.behind[index] < 0 {
		return -1, false
	}
	return l.behind[index], true
}

// Rotate returns the index of the pit at index turned half a turn round
// the board: the pit at the mirrored row and file, owned by the other
// player, which is (index + Pits()/2) mod Pits() by the numbering. It
// returns -1 for an index out of range.
func (l *Layout) Rotate(index int) int {
	if !l.ok(index) {
		return -1
	}
	return (index + l.pits/2) % l.pits
}

// PitName returns the algebraic name of the pit at index as seen from
// South's seat: the row letter ("a" nearest South) followed by the file
// ("a1", "b10", "d7"). It returns "" for an index out of range.
func (l *Layout) PitName(index int) string {
	if !l.ok(index) {
		return ""
	}
	return string(rune('a'+l.row[index])) + strconv.Itoa(l.file[index])
}

// ParsePitName returns the board index of the pit named name ("a1".."d10")
// on this layout, the inverse of [Layout.PitName]. An unknown row letter, a
// file out of range or any other text gives a [*SyntaxError] wrapping
// [ErrSyntax].
func (l *Layout) ParsePitName(name string) (int, error) {
	s := name
	row, file, err := SplitPitName(s)
	if err != nil {
		return -1, err
	}
	p, ok := l.Index(row, file)
	if !ok {
		return -1, &SyntaxError{What: "pit", Input: s, Msg: "no such pit on a " + strconv.Itoa(l.rows) + " x " + strconv.Itoa(l.files) + " board"}
	}
	return p, nil
}

// SplitPitName splits an algebraic pit name into its row (0 for "a") and
// file (1-based), without checking them against a board: a lower-case
// letter a..z then a decimal file 1..99 with no leading zero. Anything else
// gives a [*SyntaxError] wrapping [ErrSyntax].
func SplitPitName(name string) (row, file int, err error) {
	s := name
	bad := func(msg string) (int, int, error) {
		return -1, -1, &SyntaxError{What: "pit", Input: s, Msg: msg}
	}
	if len(s) < 2 || len(s) > 3 {
		return bad("want a row letter and a file number, like a1")
	}
	if s[0] < 'a' || s[0] > 'z' {
		return bad("row must be a lower-case letter")
	}
	if s[1] < '1' || s[1] > '9' {
		return bad("file must be a number from 1")
	}
	file = int(s[1] - '0')
	if len(s) == 3 {
		if s[2] < '0' || s[2] > '9' {
			return bad("file must be a number from 1")
		}
		file = file*10 + int(s[2]-'0')
	}
	return int(s[0] - 'a'), file, nil
}
