package kimasai

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// DefaultMaxLaps is the number of laps after which a move that has not
// ended is endless (C-6) when [Rules].MaxLaps is 0.
const DefaultMaxLaps = 1_000_000

// FirstTurn is the FreeFirstTurn option (KM-6): which opening turns are
// played without putting a reserve cow into the named pit. The zero value
// is [GameOnly].
type FirstTurn uint8

const (
	// GameOnly (default): only turn 0, South's first turn, is free (KM-6).
	GameOnly FirstTurn = iota
	// EachPlayer: turns 0 and 1, each player's first turn, are free; North
	// then places its last reserve cow on turn 49 and turn 50 is the first
	// phase-2 turn.
	EachPlayer
)

// SelfEmptied is the SelfEmptiedInnerRow option (KM-12): what happens to a
// mover whose own inner row is empty at the end of their move. The zero
// value is [Loses].
type SelfEmptied uint8

const (
	// Loses (default): the mover loses (result selfinner).
	Loses SelfEmptied = iota
	// Continues: play goes on; the game is then won only by KM-11 (or C-8).
	Continues
)

// EndlessRule is the Endless option (C-6, KM-13): what an endless move
// does. The zero value is [Draw].
type EndlessRule uint8

const (
	// Draw (default): the game ends at once as a draw by endless sowing;
	// board and reserves stay as they were before the move, the turn
	// passes.
	Draw EndlessRule = iota
	// Illegal: an endless move is not legal. A player whose every
	// candidate move is endless draws (C-6); one with no candidate at all
	// loses (C-8).
	Illegal
)

var (
	firstTurnNames   = []string{"GameOnly", "EachPlayer"}
	selfEmptiedNames = []string{"Loses", "Continues"}
	endlessNames     = []string{"Draw", "Illegal"}
)

func enumString(names []string, v uint8, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// String returns the option value's name as in the rules= field
// ("GameOnly", "EachPlayer"), or "FirstTurn(7)" out of range.
func (f FirstTurn) String() string { return enumString(firstTurnNames, uint8(f), "FirstTurn") }

// String returns "Loses" or "Continues", or "SelfEmptied(7)" out of range.
func (s SelfEmptied) String() string {
	return enumString(selfEmptiedNames, uint8(s), "SelfEmptied")
}

// String returns "Draw" or "Illegal", or "EndlessRule(7)" out of range.
func (e EndlessRule) String() string { return enumString(endlessNames, uint8(e), "EndlessRule") }

// Rules holds the rule options of rules/kimasai.md. The zero value is the
// default rule set. Positions hold validated, normalised rules (see
// [Rules.Validate] and [New]), so two positions under the same rules
// compare equal with ==.
type Rules struct {
	// FreeFirstTurn: which opening turns place no reserve cow (KM-6).
	FreeFirstTurn FirstTurn
	// SelfEmptiedInnerRow: whether a mover who empties their own inner
	// row loses (KM-12).
	SelfEmptiedInnerRow SelfEmptied
	// Endless: whether an endless move draws or is illegal (C-6, KM-13).
	Endless EndlessRule
	// MaxLaps is the number of laps after which a move that has not ended
	// is endless (C-6); every lap counts, raid laps included. 0 means
	// [DefaultMaxLaps] (1,000,000); negative is invalid.
	MaxLaps int
}

// Validate reports whether r is a valid rule set: every option within its
// range and MaxLaps not negative (rules/kimasai.md, "Options"). The error
// is a [*mancala.SyntaxError] wrapping [mancala.ErrSyntax].
func (r Rules) Validate() error {
	bad := func(input, msg string) error {
		return &mancala.SyntaxError{Game: Name, What: "rules", Input: input, Msg: msg}
	}
	switch {
	case r.FreeFirstTurn > EachPlayer:
		return bad(r.FreeFirstTurn.String(), "unknown FreeFirstTurn value")
	case r.SelfEmptiedInnerRow > Continues:
		return bad(r.SelfEmptiedInnerRow.String(), "unknown SelfEmptiedInnerRow value")
	case r.Endless > Illegal:
		return bad(r.Endless.String(), "unknown Endless value")
	case r.MaxLaps < 0:
		return bad("MaxLaps:"+strconv.Itoa(r.MaxLaps), "MaxLaps must not be negative")
	}
	return nil
}

// Normalize returns r with every explicit default written as its zero
// value (MaxLaps 1,000,000 becomes 0), so that rule sets meaning the same
// thing are ==, as positions hold them. It does not validate.
func (r Rules) Normalize() Rules {
	if r.MaxLaps == DefaultMaxLaps {
		r.MaxLaps = 0
	}
	return r
}

// Laps returns the effective lap bound of C-6: MaxLaps, or DefaultMaxLaps
// when MaxLaps is 0 (or negative, which Validate refuses).
func (r Rules) Laps() int {
	if r.MaxLaps <= 0 {
		return DefaultMaxLaps
	}
	return r.MaxLaps
}

// String returns r as in a position's rules= field: the options that differ
// from the defaults, sorted by name, with the option names of the rules file
// ("Endless:Illegal,MaxLaps:5000"); "" for the defaults.
func (r Rules) String() string {
	r = r.Normalize()
	var opts []notation.Option
	if r.Endless != Draw {
		opts = append(opts, notation.Option{Name: "Endless", Value: r.Endless.String()})
	}
	if r.FreeFirstTurn != GameOnly {
		opts = append(opts, notation.Option{Name: "FreeFirstTurn", Value: r.FreeFirstTurn.String()})
	}
	if r.MaxLaps != 0 {
		opts = append(opts, notation.Option{Name: "MaxLaps", Value: strconv.Itoa(r.MaxLaps)})
	}
	if r.SelfEmptiedInnerRow != Loses {
		opts = append(opts, notation.Option{Name: "SelfEmptiedInnerRow", Value: r.SelfEmptiedInnerRow.String()})
	}
	return notation.FormatRules(opts)
}

// ParseRules reads rules in the notation of the rules= field:
// "Option:Value" entries separated by commas, in any order, each option at
// most once, with the option names and values of the rules file
// (FreeFirstTurn:GameOnly|EachPlayer, SelfEmptiedInnerRow:Loses|Continues,
// Endless:Draw|Illegal, MaxLaps:<n>). Defaults may be written out. ""
// gives the defaults. The result is validated and normalised. Errors wrap
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
		switch o.Name {
		case "FreeFirstTurn":
			v, err := notation.Enum(o.Value, firstTurnNames)
			if err != nil {
				return Rules{}, bad(err)
			}
			r.FreeFirstTurn = FirstTurn(v)
		case "SelfEmptiedInnerRow":
			v, err := notation.Enum(o.Value, selfEmptiedNames)
			if err != nil {
				return Rules{}, bad(err)
			}
			r.SelfEmptiedInnerRow = SelfEmptied(v)
		case "Endless":
			v, err := notation.Enum(o.Value, endlessNames)
			if err != nil {
				return Rules{}, bad(err)
			}
			r.Endless = EndlessRule(v)
		case "MaxLaps":
			v, err := notation.Number(o.Value)
			if err != nil {
				return Rules{}, bad(err)
			}
			r.MaxLaps = v
		default:
			return Rules{}, &mancala.SyntaxError{Game: Name, What: "rules", Input: o.Name + ":" + o.Value,
				Msg: "unknown option " + o.Name + " (want FreeFirstTurn, SelfEmptiedInnerRow, Endless or MaxLaps)"}
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r.Normalize(), nil
}
