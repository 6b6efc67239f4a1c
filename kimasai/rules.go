package kimasai

import (
	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// DefaultMaxLaps is the number of laps after which a move that has not
// ended is endless (C-6) when [Rules].MaxLaps is 0: [mancala.DefaultMaxLaps].
const DefaultMaxLaps = mancala.DefaultMaxLaps

// FirstTurnRule is the FreeFirstTurn option (KM-6): which opening turns are
// played without putting a reserve cow into the named pit. The zero value
// is [GameOnly].
type FirstTurnRule uint8

const (
	// GameOnly (default): only turn 0, South's first turn, is free (KM-6).
	GameOnly FirstTurnRule = iota
	// EachPlayer: turns 0 and 1, each player's first turn, are free; North
	// then places its last reserve cow on turn 49 and turn 50 is the first
	// phase-2 turn.
	EachPlayer
)

// SelfEmptiedRule is the SelfEmptiedInnerRow option (KM-12): what happens
// to a mover whose own inner row is empty at the end of their move, the
// common [mancala.SelfEmptiedRule]. The zero value is [Loses].
type SelfEmptiedRule = mancala.SelfEmptiedRule

const (
	// Loses (default): the mover loses (result selfinner).
	Loses = mancala.SelfEmptiedLoses
	// Continues: play goes on; the game is then won only by KM-11 (or C-8).
	Continues = mancala.SelfEmptiedContinues
)

// EndlessRule is the Endless option (C-6, KM-13): what an endless move
// does, the common [mancala.EndlessRule]. The zero value is [Draw].
type EndlessRule = mancala.EndlessRule

const (
	// Draw (default): the game ends at once as a draw by endless sowing;
	// board and reserves stay as they were before the move, the turn
	// passes.
	Draw = mancala.EndlessDraw
	// Illegal: an endless move is not legal. A player whose every
	// candidate move is endless draws (C-6); one with no candidate at all
	// loses (C-8).
	Illegal = mancala.EndlessIllegal
)

var (
	firstTurnNames = []string{"GameOnly", "EachPlayer"}
)

// String returns the option value's name as in the rules= field
// ("GameOnly", "EachPlayer"), or "FirstTurnRule(7)" out of range.
func (f FirstTurnRule) String() string { return notation.EnumName(firstTurnNames, f, "FirstTurnRule") }

// Rules holds the rule options of docs/rules/kimasai.md. The zero value is
// the default rule set. Positions hold validated, normalised rules (see
// [Rules.Validate] and [New]), so two positions under the same rules
// compare equal with ==.
type Rules struct {
	// FreeFirstTurn: which opening turns place no reserve cow (KM-6).
	FreeFirstTurn FirstTurnRule
	// SelfEmptiedInnerRow: whether a mover who empties their own inner
	// row loses (KM-12).
	SelfEmptiedInnerRow SelfEmptiedRule
	// Endless: whether an endless move draws or is illegal (C-6, KM-13).
	Endless EndlessRule
	// MaxLaps is the number of laps after which a move that has not ended
	// is endless (C-6); every lap counts, raid laps included. 0 means
	// [DefaultMaxLaps] (1,000,000); at most [mancala.MaxLapsLimit];
	// negative is invalid.
	MaxLaps int
	// Repetition says whether a position made for the third time ends the
	// game as a draw (C-10). A [mancala.History] applies it, not a
	// position alone.
	Repetition mancala.RepetitionRule
}

// options is the table of Bao la Kimasai's rule options: rules= names,
// values and defaults (KM-6, KM-12, C-6).
var options = notation.NewOptions(Name,
	notation.Enum("FreeFirstTurn", "KM-6", "which first turns place no reserve cow", firstTurnNames,
		func(r *Rules) *FirstTurnRule { return &r.FreeFirstTurn }),
	notation.Enum("SelfEmptiedInnerRow", "KM-12", "whether a mover who empties their own inner row loses", notation.Names[SelfEmptiedRule](2),
		func(r *Rules) *SelfEmptiedRule { return &r.SelfEmptiedInnerRow }),
	notation.Enum("Endless", "C-6", "whether an endless move draws or is illegal", notation.Names[mancala.EndlessRule](2),
		func(r *Rules) *EndlessRule { return &r.Endless }),
	notation.Int("MaxLaps", "C-6", "laps after which an unfinished move is endless", 1, mancala.MaxLapsLimit, mancala.DefaultMaxLaps,
		func(r *Rules) *int { return &r.MaxLaps }),
	notation.Enum("Repetition", "C-10", "whether a position made for the third time ends the game", notation.Names[mancala.RepetitionRule](2),
		func(r *Rules) *mancala.RepetitionRule { return &r.Repetition }),
)

// Validate reports whether r is a valid rule set: every option within its
// range and MaxLaps 0..[mancala.MaxLapsLimit] (docs/rules/kimasai.md,
// "Options: zero values and invalid combinations"). The error is a
// [*mancala.RulesError] wrapping [mancala.ErrRules].
func (r Rules) Validate() error { return options.Check(r) }

// Normalize returns r with every explicit default written as its zero
// value (MaxLaps 1,000,000 becomes 0), so that rule sets meaning the same
// thing are ==, as positions hold them. It does not validate.
func (r Rules) Normalize() Rules { return options.Normalize(r) }

// Laps returns the effective lap bound of C-6: MaxLaps, or DefaultMaxLaps
// when MaxLaps is 0 ([mancala.Laps]).
func (r Rules) Laps() int { return mancala.Laps(r.MaxLaps) }

// Layout returns the board topology of Bao la Kimasai (KM-1..KM-4), the
// same for every rule set: four rows of eight pits, South's pits 0..7 =
// b1..b8 and 8..15 = a8..a1, North's 16..23 = c8..c1 and 24..31 = d1..d8,
// each player sowing clockwise round their own 16 pits, inner pit p facing
// 23-p. The value is shared and immutable.
func (r Rules) Layout() *mancala.Layout { return layout }

// String returns r as in a position's rules= field: the options that differ
// from the defaults, sorted by name, with the option names of the rules file
// ("Endless:Illegal,MaxLaps:5000"); "" for the defaults.
func (r Rules) String() string { return options.Format(r) }

// ParseRules reads rules in the notation of the rules= field:
// "Option:Value" entries separated by commas, in any order, each option at
// most once, with the option names and values of the rules file
// (Endless:Draw|Illegal, FreeFirstTurn:GameOnly|EachPlayer, MaxLaps:<n>
// with 0 meaning 1,000,000 and at most 2,000,000, Repetition:None|Three,
// SelfEmptiedInnerRow:Loses|Continues). Defaults may be written out. ""
// gives the defaults. The result is validated and normalised. Errors are
// [*mancala.SyntaxError] values wrapping [mancala.ErrSyntax].
func ParseRules(s string) (Rules, error) { return options.Parse(s, nil) }

// ruleBits is a validated, normalised [Rules] packed into one word, as a
// position holds it: a smaller position copies faster, and the sowing core
// tests an option with one AND. The zero value is the default rule set, so
// == on ruleBits is == on the rules.
type ruleBits uint32

const (
	eachPlayerBit ruleBits = 1 << 0               // FreeFirstTurn: EachPlayer
	continuesBit  ruleBits = 1 << 1               // SelfEmptiedInnerRow: Continues
	illegalBit    ruleBits = sowing.IllegalBit    // Endless: Illegal; MaxLaps from sowing.LapsShift on
	repetitionBit ruleBits = sowing.RepetitionBit // Repetition: Three
)

// packRules packs r, which must be validated and normalised.
func packRules(r Rules) ruleBits {
	b := ruleBits(sowing.PackC6(r.Endless == Illegal, r.MaxLaps))
	if r.FreeFirstTurn == EachPlayer {
		b |= eachPlayerBit
	}
	if r.SelfEmptiedInnerRow == Continues {
		b |= continuesBit
	}
	if r.Repetition == mancala.RepetitionThree {
		b |= repetitionBit
	}
	return b
}

// Rules returns the rules b packs.
func (b ruleBits) Rules() Rules {
	var r Rules
	if b&eachPlayerBit != 0 {
		r.FreeFirstTurn = EachPlayer
	}
	if b&continuesBit != 0 {
		r.SelfEmptiedInnerRow = Continues
	}
	illegal, maxLaps := sowing.UnpackC6(uint32(b))
	if illegal {
		r.Endless = Illegal
	}
	r.MaxLaps = maxLaps
	if b&repetitionBit != 0 {
		r.Repetition = mancala.RepetitionThree
	}
	return r
}

// String returns the rules as in the rules= field ([Rules.String]).
func (b ruleBits) String() string { return b.Rules().String() }

// illegal reports whether endless moves are illegal (Endless=Illegal, C-6).
func (b ruleBits) illegal() bool { return b&illegalBit != 0 }

// laps returns the lap bound of C-6 ([Rules.Laps]).
func (b ruleBits) laps() uint { return sowing.Laps(uint32(b)) }
