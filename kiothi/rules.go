package kiothi

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Setup chooses the start position (KI-5). The zero value is SixByFive.
type Setup uint8

const (
	// SixByFive puts 5 warriors in each player's six rightmost pits: South
	// a5..a10 (pits 4..9), North b6..b1 (pits 14..19); 30 each (the seed
	// description, default).
	SixByFive Setup = iota
	// FiveByFive puts 5 warriors in each player's five rightmost pits:
	// South a6..a10 (pits 5..9), North b5..b1 (pits 15..19); 25 each (the
	// seed's "some accounts").
	FiveByFive
	// FiveBySix puts 6 warriors in each player's five rightmost pits; 30
	// each (Wikipedia).
	FiveBySix
)

var setupNames = []string{"SixByFive", "FiveByFive", "FiveBySix"}

// String returns the option value's name as in the rules= field
// ("SixByFive"), or "Setup(7)" out of range.
func (s Setup) String() string { return enumString(setupNames, int(s), "Setup") }

// NkiClearRule says whose lifts clear a pit's nki mark (KI-8). The zero value
// is AnyLift.
type NkiClearRule uint8

const (
	// AnyLift: a lift by either player (a move's source or a relay lap)
	// clears the mark (default).
	AnyLift NkiClearRule = iota
	// OwnerLift: only a lift made while the pit's owner is the mover clears
	// it; an enemy relay lift leaves the mark on the emptied pit.
	OwnerLift
)

var nkiClearNames = []string{"AnyLift", "OwnerLift"}

// String returns "AnyLift" or "OwnerLift", or "NkiClearRule(7)" out of range.
func (n NkiClearRule) String() string { return enumString(nkiClearNames, int(n), "NkiClearRule") }

// BonusRule is the leftmost-pit bonus capture (KI-14). The zero value is
// Three.
type BonusRule uint8

const (
	// Three: a capture in the mover's leftmost pit also takes the three
	// enemy pits that continue the row past the opposite pit (South: b2, b3,
	// b4 = pits 18, 17, 16; North: a9, a8, a7 = pits 8, 7, 6) if all three
	// are occupied and none is nki; all or nothing (default).
	Three BonusRule = iota
	// Run (Wikipedia): from the pit after the opposite one toward the far
	// end of the enemy row, without wrapping, every pit up to the first
	// empty or nki one (possibly none).
	Run
	// None: no bonus.
	None
)

var bonusNames = []string{"Three", "Run", "None"}

// String returns "Three", "Run" or "None", or "BonusRule(7)" out of range.
func (b BonusRule) String() string { return enumString(bonusNames, int(b), "BonusRule") }

// EndlessRule says what an endless move is (C-6, KI-17). The zero value is
// Draw.
type EndlessRule uint8

const (
	// Draw: an endless move is legal and ends the game at once as a draw;
	// the board stays as before the move and the turn passes (default).
	Draw EndlessRule = iota
	// Illegal: an endless move is not legal; a player whose every
	// candidate move is endless draws.
	Illegal
)

var endlessNames = []string{"Draw", "Illegal"}

// String returns "Draw" or "Illegal", or "EndlessRule(7)" out of range.
func (e EndlessRule) String() string { return enumString(endlessNames, int(e), "EndlessRule") }

func enumString(names []string, i int, typ string) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return typ + "(" + strconv.Itoa(i) + ")"
}

// DefaultMaxLaps is the number of laps after which a move that has not ended
// is endless when Rules.MaxLaps is 0 (C-6).
const DefaultMaxLaps = 1_000_000

// Rules holds Kiothi's rule options (kiothi.md, "Options"). The zero value
// is the default rule set. Rules is comparable; positions hold validated,
// normalised rules ([Rules.Normalize]) so that == on positions never
// differs for equal rules. In the rules= field each option is written by
// its field name, e.g. "Bonus:Run,WholeLift:true".
type Rules struct {
	// Setup is the start position (KI-5).
	Setup Setup
	// NkiClear says whose lifts clear nki marks (KI-8).
	NkiClear NkiClearRule
	// Bonus is the leftmost-pit bonus (KI-14).
	Bonus BonusRule
	// Endless says what an endless move is (C-6, KI-17).
	Endless EndlessRule
	// OpeningUpTo lets a player empty fewer than OpeningPits pits in the
	// opening, ending the lifts with a Stop step (KI-6, KI-7; Mancala
	// World's "up to two").
	OpeningUpTo bool
	// WholeLift makes every move lift the whole pit: k = count(p) (KI-9;
	// Wikipedia).
	WholeLift bool
	// CaptureNeedsCrossing allows a capture only if the move dropped at
	// least one warrior into the enemy row, in any lap (KI-13; Wikipedia).
	CaptureNeedsCrossing bool
	// OpeningPits is the number of pits each player empties in the
	// opening: 1 or 2; 0 means 2 (KI-6).
	OpeningPits int
	// MaxLaps bounds a move: a move that has not ended after MaxLaps laps
	// is endless (C-6); 0 means DefaultMaxLaps (1,000,000). Negative
	// values are invalid.
	MaxLaps int
}

// Validate reports whether r is a valid rule set: every enum in range,
// OpeningPits 0, 1 or 2, MaxLaps not negative (kiothi.md, "Options: zero
// values and invalid combinations"). The error wraps [mancala.ErrSyntax].
func (r Rules) Validate() error {
	bad := func(in, msg string) error {
		return &mancala.SyntaxError{Game: Name, What: "rules", Input: in, Msg: msg}
	}
	switch {
	case int(r.Setup) >= len(setupNames):
		return bad(r.Setup.String(), "unknown Setup")
	case int(r.NkiClear) >= len(nkiClearNames):
		return bad(r.NkiClear.String(), "unknown NkiClear")
	case int(r.Bonus) >= len(bonusNames):
		return bad(r.Bonus.String(), "unknown Bonus")
	case int(r.Endless) >= len(endlessNames):
		return bad(r.Endless.String(), "unknown Endless")
	case r.OpeningPits < 0 || r.OpeningPits > 2:
		return bad("OpeningPits:"+strconv.Itoa(r.OpeningPits), "OpeningPits must be 1 or 2 (0 means 2)")
	case r.MaxLaps < 0:
		return bad("MaxLaps:"+strconv.Itoa(r.MaxLaps), "MaxLaps must not be negative (0 means 1000000)")
	}
	return nil
}

// Normalize returns r with every explicit default written as its zero value
// (OpeningPits 2 becomes 0, MaxLaps 1,000,000 becomes 0), so that rule sets
// meaning the same thing are ==. It does not validate.
func (r Rules) Normalize() Rules {
	if r.OpeningPits == 2 {
		r.OpeningPits = 0
	}
	if r.MaxLaps == DefaultMaxLaps {
		r.MaxLaps = 0
	}
	return r
}

// Pits returns the number of pits each player empties in the opening
// (KI-6): OpeningPits, with 0 meaning 2.
func (r Rules) Pits() int {
	if r.OpeningPits == 0 {
		return 2
	}
	return r.OpeningPits
}

// Laps returns the lap bound of C-6: MaxLaps, with 0 meaning
// DefaultMaxLaps.
func (r Rules) Laps() int {
	if r.MaxLaps == 0 {
		return DefaultMaxLaps
	}
	return r.MaxLaps
}

// String returns r as in a position's rules= field: only the options that
// differ from the defaults, sorted by name, as Option:Value
// ("Bonus:Run,WholeLift:true"); "" for the defaults.
func (r Rules) String() string {
	r = r.Normalize()
	var opts []notation.Option
	add := func(name, value string) { opts = append(opts, notation.Option{Name: name, Value: value}) }
	if r.Setup != SixByFive {
		add("Setup", r.Setup.String())
	}
	if r.OpeningPits != 0 {
		add("OpeningPits", strconv.Itoa(r.OpeningPits))
	}
	if r.OpeningUpTo {
		add("OpeningUpTo", "true")
	}
	if r.NkiClear != AnyLift {
		add("NkiClear", r.NkiClear.String())
	}
	if r.WholeLift {
		add("WholeLift", "true")
	}
	if r.CaptureNeedsCrossing {
		add("CaptureNeedsCrossing", "true")
	}
	if r.Bonus != Three {
		add("Bonus", r.Bonus.String())
	}
	if r.Endless != Draw {
		add("Endless", r.Endless.String())
	}
	if r.MaxLaps != 0 {
		add("MaxLaps", strconv.Itoa(r.MaxLaps))
	}
	return notation.FormatRules(opts)
}

// ParseRules reads rules written as in a position's rules= field
// ("Bonus:Run,WholeLift:true"; "" for the defaults). Options may come in
// any order and may name their default value (OpeningPits:0 and MaxLaps:0
// also mean the defaults); the result is valid and normalised. Unknown
// options, bad values and repeated options give an error wrapping
// [mancala.ErrSyntax].
func ParseRules(s string) (Rules, error) {
	opts, err := notation.ParseRules(Name, s)
	if err != nil {
		return Rules{}, err
	}
	var r Rules
	for _, o := range opts {
		bad := func(err error) error {
			return &mancala.SyntaxError{Game: Name, What: "rules", Input: o.Name + ":" + o.Value, Msg: err.Error()}
		}
		var i int
		var b bool
		switch o.Name {
		case "Setup":
			i, err = notation.Enum(o.Value, setupNames)
			r.Setup = Setup(i)
		case "OpeningPits":
			i, err = notation.Number(o.Value)
			if err == nil && i > 2 {
				return Rules{}, bad(errorString("OpeningPits must be 1 or 2 (0 means 2)"))
			}
			r.OpeningPits = i
		case "OpeningUpTo":
			b, err = notation.Bool(o.Value)
			r.OpeningUpTo = b
		case "NkiClear":
			i, err = notation.Enum(o.Value, nkiClearNames)
			r.NkiClear = NkiClearRule(i)
		case "WholeLift":
			b, err = notation.Bool(o.Value)
			r.WholeLift = b
		case "CaptureNeedsCrossing":
			b, err = notation.Bool(o.Value)
			r.CaptureNeedsCrossing = b
		case "Bonus":
			i, err = notation.Enum(o.Value, bonusNames)
			r.Bonus = BonusRule(i)
		case "Endless":
			i, err = notation.Enum(o.Value, endlessNames)
			r.Endless = EndlessRule(i)
		case "MaxLaps":
			i, err = notation.Number(o.Value)
			r.MaxLaps = i
		default:
			return Rules{}, &mancala.SyntaxError{Game: Name, What: "rules", Input: o.Name + ":" + o.Value,
				Msg: "unknown option " + o.Name + " (want Setup, OpeningPits, OpeningUpTo, NkiClear, WholeLift, CaptureNeedsCrossing, Bonus, Endless, MaxLaps)"}
		}
		if err != nil {
			return Rules{}, bad(err)
		}
	}
	return r.Normalize(), nil
}

type errorString string

func (e errorString) Error() string { return string(e) }
