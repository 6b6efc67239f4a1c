package kisolo

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// DefaultColumns is the number of files (pits per row) when Rules.Columns
// is 0 (KS-1).
const DefaultColumns = 7

// DefaultMaxLaps is the lap bound of an endless move when Rules.MaxLaps is
// 0 (C-6).
const DefaultMaxLaps = 1_000_000

// Setup chooses the start position (KS-5). The zero value is All3.
type Setup uint8

const (
	// All3 puts three seeds in every pit: 84 on 4 x 7 (KS-5, default).
	All3 Setup = iota
	// Outer3 puts three seeds in each outer pit and leaves the inner rows
	// empty (Mancala World's German page; Townshend via Ludii). Valid only
	// with Win = OuterRowEmptied.
	Outer3
	// Townshend1 is Townshend's first opening, Columns 7 only: each
	// circuit holds [1,0,1,0,1,0,15, 0,1,0,1,0,1,0] from its first pit.
	Townshend1
	// Townshend2 is Townshend's second opening, Columns 7 only: each
	// circuit holds [9,0,0,0,0,0,9, 0,1,0,1,0,1,0] from its first pit.
	Townshend2
)

var setupNames = []string{"All3", "Outer3", "Townshend1", "Townshend2"}

// String returns the option value as written in rules= ("All3", "Outer3",
// "Townshend1", "Townshend2"), or "Setup(9)" out of range.
func (s Setup) String() string { return enumString(s, setupNames, "Setup") }

// SelfEmptied says what happens to a mover who ends a move with their own
// inner row empty (KS-11). The zero value is Loses.
type SelfEmptied uint8

const (
	// Loses: the mover loses at once (KS-11, default).
	Loses SelfEmptied = iota
	// Continues: play goes on; the game is then won only by KS-10.
	Continues
)

var selfNames = []string{"Loses", "Continues"}

// String returns "Loses" or "Continues", or "SelfEmptied(9)" out of range.
func (s SelfEmptied) String() string { return enumString(s, selfNames, "SelfEmptied") }

// WinRule says how a game is won (KS-10, KS-11). The zero value is
// InnerRowEmptied.
type WinRule uint8

const (
	// InnerRowEmptied: a capture that empties the opponent's inner row
	// wins (KS-10), and KS-11 applies (default).
	InnerRowEmptied WinRule = iota
	// OuterRowEmptied (Townshend via Ludii): at the end of every move, if
	// the opponent's outer row is empty the mover wins; otherwise, if the
	// mover's own outer row is empty, the mover loses. KS-8.1, KS-10 and
	// KS-11 do not apply and SelfEmptiedInnerRow has no effect.
	OuterRowEmptied
)

var winNames = []string{"InnerRowEmptied", "OuterRowEmptied"}

// String returns "InnerRowEmptied" or "OuterRowEmptied", or "WinRule(9)"
// out of range.
func (w WinRule) String() string { return enumString(w, winNames, "WinRule") }

// EndlessRule says what an endless move is (C-6, KS-12). The zero value is
// Draw.
type EndlessRule uint8

const (
	// Draw: playing an endless move ends the game at once as a draw by
	// endless sowing; the board stays as before the move and the turn
	// passes (C-6, KS-12, default).
	Draw EndlessRule = iota
	// Illegal: an endless move is not legal. A player whose every
	// candidate move is endless draws (C-6), even when the candidates are
	// compulsory captures (sowing stays forbidden).
	Illegal
)

var endlessNames = []string{"Draw", "Illegal"}

// String returns "Draw" or "Illegal", or "EndlessRule(9)" out of range.
func (e EndlessRule) String() string { return enumString(e, endlessNames, "EndlessRule") }

func enumString[E ~uint8](e E, names []string, typ string) string {
	if int(e) < len(names) {
		return names[e]
	}
	return typ + "(" + strconv.Itoa(int(e)) + ")"
}

// Rules holds the rule options of rules/kisolo.md. The zero value is the
// default rule set; each field's zero value is its default. Rules values
// are comparable; positions hold them normalised (see [Rules.Normalize]),
// so equal rule sets compare equal with ==.
//
// Setup only chooses the start position, and SelfEmptiedInnerRow has no
// effect under Win = OuterRowEmptied; both are nevertheless kept as given,
// so that a position's rules= field writes back what was stated.
type Rules struct {
	// Columns is the number of files, pits per row: 0 (meaning 7), 6, 7
	// or 8 (KS-1).
	Columns int
	// Setup chooses the start position (KS-5).
	Setup Setup
	// CaptureOnAnyLanding drops KS-8.3's condition that the pit receiving
	// a lap's last seed was occupied (Ludii's trigger). Default false.
	CaptureOnAnyLanding bool
	// SelfEmptiedInnerRow says whether a mover who empties their own
	// inner row loses (KS-11).
	SelfEmptiedInnerRow SelfEmptied
	// Win chooses the winning condition (KS-10, KS-11).
	Win WinRule
	// Endless says what an endless move is (C-6, KS-12).
	Endless EndlessRule
	// MaxLaps is the number of laps after which an unfinished move is
	// endless (C-6): 0 means 1,000,000; negative is invalid.
	MaxLaps int
}

// Validate reports whether r is a valid rule set. It returns a
// [*mancala.SyntaxError] (wrapping [mancala.ErrSyntax]) for the invalid
// combinations of rules/kisolo.md: Columns other than 0, 6, 7, 8; a
// negative MaxLaps; Townshend1/Townshend2 with Columns other than 7;
// Outer3 with Win = InnerRowEmptied; and any enum value out of range.
func (r Rules) Validate() error {
	bad := func(msg string) error {
		return &mancala.SyntaxError{Game: Name, What: "rules", Input: r.String(), Msg: msg}
	}
	switch r.Columns {
	case 0, 6, 7, 8:
	default:
		return bad("Columns must be 6, 7 or 8 (0 means 7)")
	}
	if r.MaxLaps < 0 {
		return bad("MaxLaps must not be negative (0 means 1000000)")
	}
	if int(r.Setup) >= len(setupNames) {
		return bad("unknown Setup")
	}
	if int(r.SelfEmptiedInnerRow) >= len(selfNames) {
		return bad("unknown SelfEmptiedInnerRow")
	}
	if int(r.Win) >= len(winNames) {
		return bad("unknown Win")
	}
	if int(r.Endless) >= len(endlessNames) {
		return bad("unknown Endless")
	}
	if (r.Setup == Townshend1 || r.Setup == Townshend2) && r.columns() != 7 {
		return bad(r.Setup.String() + " needs Columns 7")
	}
	if r.Setup == Outer3 && r.Win == InnerRowEmptied {
		return bad("Outer3 needs Win OuterRowEmptied (the inner rows start empty)")
	}
	return nil
}

// Normalize returns r with the defaults spelled as zero values (Columns 7
// becomes 0, MaxLaps 1,000,000 becomes 0), so that equal rule sets are
// ==. It does not validate.
func (r Rules) Normalize() Rules {
	if r.Columns == DefaultColumns {
		r.Columns = 0
	}
	if r.MaxLaps == DefaultMaxLaps {
		r.MaxLaps = 0
	}
	return r
}

// columns returns the number of files: Columns, or 7 for 0.
func (r Rules) columns() int {
	if r.Columns == 0 {
		return DefaultColumns
	}
	return r.Columns
}

// Files returns the number of files (pits per row) r plays on: Columns, or
// 7 when Columns is 0 (KS-1).
func (r Rules) Files() int { return r.columns() }

// Laps returns the lap bound of an endless move: MaxLaps, or 1,000,000
// when MaxLaps is 0 (C-6).
func (r Rules) Laps() int {
	if r.MaxLaps == 0 {
		return DefaultMaxLaps
	}
	return r.MaxLaps
}

// String returns r in the notation of a position's rules= field: the
// options that differ from the defaults as Option:Value, sorted by name
// and comma-separated ("CaptureOnAnyLanding:true,Columns:6"); "" for the
// defaults. Values out of range print as in their type's String.
func (r Rules) String() string {
	r = r.Normalize()
	var opts []notation.Option
	if r.CaptureOnAnyLanding {
		opts = append(opts, notation.Option{Name: "CaptureOnAnyLanding", Value: "true"})
	}
	if r.Columns != 0 {
		opts = append(opts, notation.Option{Name: "Columns", Value: strconv.Itoa(r.Columns)})
	}
	if r.Endless != Draw {
		opts = append(opts, notation.Option{Name: "Endless", Value: r.Endless.String()})
	}
	if r.MaxLaps != 0 {
		opts = append(opts, notation.Option{Name: "MaxLaps", Value: strconv.Itoa(r.MaxLaps)})
	}
	if r.SelfEmptiedInnerRow != Loses {
		opts = append(opts, notation.Option{Name: "SelfEmptiedInnerRow", Value: r.SelfEmptiedInnerRow.String()})
	}
	if r.Setup != All3 {
		opts = append(opts, notation.Option{Name: "Setup", Value: r.Setup.String()})
	}
	if r.Win != InnerRowEmptied {
		opts = append(opts, notation.Option{Name: "Win", Value: r.Win.String()})
	}
	return notation.FormatRules(opts)
}

// ParseRules reads a rules= value ("Columns:6,Endless:Illegal"; "" for
// the defaults) with the option names and values of rules/kisolo.md:
// CaptureOnAnyLanding (true, false), Columns (0, 6, 7, 8), Endless (Draw,
// Illegal), MaxLaps (a number, 0 meaning 1,000,000), SelfEmptiedInnerRow
// (Loses, Continues), Setup (All3, Outer3, Townshend1, Townshend2), Win
// (InnerRowEmptied, OuterRowEmptied). Options may come in any order and
// may restate a default. The result is validated and normalised. Unknown
// or repeated options, bad values and invalid combinations give a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func ParseRules(s string) (Rules, error) {
	opts, err := notation.ParseRules(Name, s)
	if err != nil {
		return Rules{}, err
	}
	var r Rules
	for _, o := range opts {
		var err error
		var i int
		switch o.Name {
		case "CaptureOnAnyLanding":
			r.CaptureOnAnyLanding, err = notation.Bool(o.Value)
		case "Columns":
			r.Columns, err = notation.Number(o.Value)
		case "Endless":
			i, err = notation.Enum(o.Value, endlessNames)
			r.Endless = EndlessRule(i)
		case "MaxLaps":
			r.MaxLaps, err = notation.Number(o.Value)
		case "SelfEmptiedInnerRow":
			i, err = notation.Enum(o.Value, selfNames)
			r.SelfEmptiedInnerRow = SelfEmptied(i)
		case "Setup":
			i, err = notation.Enum(o.Value, setupNames)
			r.Setup = Setup(i)
		case "Win":
			i, err = notation.Enum(o.Value, winNames)
			r.Win = WinRule(i)
		default:
			return Rules{}, &mancala.SyntaxError{Game: Name, What: "rules", Input: o.Name + ":" + o.Value, Msg: "unknown option " + o.Name}
		}
		if err != nil {
			return Rules{}, &mancala.SyntaxError{Game: Name, What: "rules", Input: o.Name + ":" + o.Value, Msg: err.Error()}
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r.Normalize(), nil
}
