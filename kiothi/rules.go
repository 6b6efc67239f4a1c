package kiothi

import (
	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// SetupRule is the Setup option: the start position (KI-5). The zero value
// is SixByFive.
type SetupRule uint8

const (
	// SixByFive puts 5 warriors in each player's six rightmost pits: South
	// a5..a10 (pits 4..9), North b6..b1 (pits 14..19); 30 each (the seed
	// description, default).
	SixByFive SetupRule = iota
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
// ("SixByFive"), or "SetupRule(7)" out of range.
func (s SetupRule) String() string { return notation.EnumName(setupNames, s, "SetupRule") }

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
func (n NkiClearRule) String() string { return notation.EnumName(nkiClearNames, n, "NkiClearRule") }

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
func (b BonusRule) String() string { return notation.EnumName(bonusNames, b, "BonusRule") }

// EndlessRule says what an endless move is (C-6, KI-17): the common
// [mancala.EndlessRule]. The zero value is Draw.
type EndlessRule = mancala.EndlessRule

const (
	// Draw: an endless move is legal and ends the game at once as a draw;
	// the board stays as before the move and the turn passes (default).
	Draw = mancala.EndlessDraw
	// Illegal: an endless move is not legal; a player whose every
	// candidate move is endless draws.
	Illegal = mancala.EndlessIllegal
)

// DefaultMaxLaps is the number of laps after which a move that has not ended
// is endless when Rules.MaxLaps is 0 (C-6): [mancala.DefaultMaxLaps].
const DefaultMaxLaps = mancala.DefaultMaxLaps

// DefaultOpeningPits is the number of pits each player empties in the
// opening when Rules.OpeningPits is 0 (KI-6).
const DefaultOpeningPits = 2

// Rules holds Kiothi's rule options (docs/rules/kiothi.md, "Options: zero values and invalid combinations"). The
// zero value is the default rule set. Rules is comparable; positions hold
// validated, normalised rules ([Rules.Normalize]) so that == on positions
// never differs for equal rules. In the rules= field each option is
// written by its field name, e.g. "Bonus:Run,WholeLift:true".
type Rules struct {
	// Setup is the start position (KI-5).
	Setup SetupRule
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
	// is endless (C-6); 0 means DefaultMaxLaps (1,000,000); at most
	// [mancala.MaxLapsLimit]. Negative values are invalid.
	MaxLaps int
	// Repetition says whether a position made for the third time ends the
	// game (C-10, KI-18): under [mancala.RepetitionThree] the warriors on
	// the board go to the prison of their row's owner and the prisons
	// decide (KI-16). A [mancala.History] applies it, not a position
	// alone.
	Repetition mancala.RepetitionRule
}

// options is the table of Kiothi's rule options: rules= names, values and
// defaults (KI-5..KI-14, C-6).
var options = notation.NewOptions(Name,
	notation.Enum("Setup", "KI-5", "the start position", setupNames,
		func(r *Rules) *SetupRule { return &r.Setup }),
	notation.Int("OpeningPits", "KI-6", "pits each player empties in the opening", 1, 2, DefaultOpeningPits,
		func(r *Rules) *int { return &r.OpeningPits }),
	notation.Bool("OpeningUpTo", "KI-6", "empty up to OpeningPits pits in the opening, stopping early with =",
		func(r *Rules) *bool { return &r.OpeningUpTo }),
	notation.Enum("NkiClear", "KI-8", "whose lifts clear an nki mark", nkiClearNames,
		func(r *Rules) *NkiClearRule { return &r.NkiClear }),
	notation.Bool("WholeLift", "KI-9", "every move lifts the whole pit",
		func(r *Rules) *bool { return &r.WholeLift }),
	notation.Bool("CaptureNeedsCrossing", "KI-13", "a capture needs a warrior of the move dropped in the enemy row",
		func(r *Rules) *bool { return &r.CaptureNeedsCrossing }),
	notation.Enum("Bonus", "KI-14", "the leftmost-pit bonus capture", bonusNames,
		func(r *Rules) *BonusRule { return &r.Bonus }),
	notation.Enum("Endless", "C-6", "whether an endless move draws or is illegal", notation.Names[mancala.EndlessRule](2),
		func(r *Rules) *EndlessRule { return &r.Endless }),
	notation.Int("MaxLaps", "C-6", "laps after which an unfinished move is endless", 1, mancala.MaxLapsLimit, mancala.DefaultMaxLaps,
		func(r *Rules) *int { return &r.MaxLaps }),
	notation.Enum("Repetition", "C-10", "whether a position made for the third time ends the game", notation.Names[mancala.RepetitionRule](2),
		func(r *Rules) *mancala.RepetitionRule { return &r.Repetition }),
)

// Validate reports whether r is a valid rule set: every enum in range,
// OpeningPits 0, 1 or 2, MaxLaps 0..[mancala.MaxLapsLimit]
// (docs/rules/kiothi.md, "Options: zero values and invalid combinations").
// The error is a [*mancala.RulesError] wrapping [mancala.ErrRules].
func (r Rules) Validate() error { return options.Check(r) }

// Normalize returns r with every explicit default written as its zero value
// (OpeningPits 2 becomes 0, MaxLaps 1,000,000 becomes 0), so that rule sets
// meaning the same thing are ==. It does not validate.
func (r Rules) Normalize() Rules { return options.Normalize(r) }

// EmptiedInOpening returns the number of pits each player empties in the
// opening (KI-6): OpeningPits, with 0 meaning 2 (with OpeningUpTo, the most
// they may empty).
func (r Rules) EmptiedInOpening() int {
	if r.OpeningPits == 0 {
		return DefaultOpeningPits
	}
	return r.OpeningPits
}

// Laps returns the lap bound of C-6: MaxLaps, with 0 meaning
// DefaultMaxLaps ([mancala.Laps]).
func (r Rules) Laps() int { return mancala.Laps(r.MaxLaps) }

// Layout returns the board topology (KI-1..KI-4), the same for every rule
// set: pits 0..9 = a1..a10 (South), 10..19 = b10..b1 (North), one
// counter-clockwise ring p -> p+1 mod 20, pit p facing 19-p, a prison per
// player. It is immutable and safe for concurrent use.
func (r Rules) Layout() *mancala.Layout { return layout }

// String returns r as in a position's rules= field: only the options that
// differ from the defaults, sorted by name, as Option:Value
// ("Bonus:Run,WholeLift:true"); "" for the defaults.
func (r Rules) String() string { return options.Format(r) }

// ParseRules reads rules written as in a position's rules= field
// ("Bonus:Run,WholeLift:true"; "" for the defaults): Bonus (Three, Run,
// None), CaptureNeedsCrossing (true, false), Endless (Draw, Illegal),
// MaxLaps (0 meaning 1,000,000, or 1..2,000,000), NkiClear (AnyLift,
// OwnerLift), OpeningPits (0 meaning 2, 1 or 2), OpeningUpTo (true,
// false), Repetition (None, Three), Setup (SixByFive, FiveByFive, FiveBySix), WholeLift (true,
// false). Options may come in any order and may name their default value;
// the result is valid and normalised. Unknown options, bad values and
// repeated options give a [*mancala.SyntaxError] wrapping
// [mancala.ErrSyntax].
func ParseRules(s string) (Rules, error) { return options.Parse(s, nil) }

// ruleBits is a validated, normalised [Rules] packed into one word, as a
// position holds it: a smaller position copies faster, and the sowing core
// tests an option with one AND. The zero value is the default rule set, so
// == on ruleBits is == on the rules.
type ruleBits uint32

const (
	setupMask     ruleBits = 3                    // Setup
	ownerLiftBit  ruleBits = 1 << 2               // NkiClear: OwnerLift
	bonusShift             = 3                    // Bonus, two bits
	onePitBit     ruleBits = 1 << 5               // OpeningPits: 1
	upToBit       ruleBits = 1 << 6               // OpeningUpTo
	wholeLiftBit  ruleBits = 1 << 7               // WholeLift
	needsCrossBit ruleBits = 1 << 8               // CaptureNeedsCrossing
	illegalBit    ruleBits = sowing.IllegalBit    // Endless: Illegal; MaxLaps from sowing.LapsShift on
	repetitionBit ruleBits = sowing.RepetitionBit // Repetition: Three
)

// packRules packs r, which must be validated and normalised.
func packRules(r Rules) ruleBits {
	b := ruleBits(r.Setup) | ruleBits(r.Bonus)<<bonusShift | ruleBits(sowing.PackC6(r.Endless == Illegal, r.MaxLaps))
	for _, o := range []struct {
		on  bool
		bit ruleBits
	}{
		{r.NkiClear == OwnerLift, ownerLiftBit}, {r.OpeningUpTo, upToBit},
		{r.WholeLift, wholeLiftBit}, {r.CaptureNeedsCrossing, needsCrossBit}, {r.OpeningPits == 1, onePitBit},
		{r.Repetition == mancala.RepetitionThree, repetitionBit},
	} {
		if o.on {
			b |= o.bit
		}
	}
	return b
}

// Rules returns the rules b packs.
func (b ruleBits) Rules() Rules {
	r := Rules{
		Setup:                SetupRule(b & setupMask),
		Bonus:                BonusRule(b >> bonusShift & 3),
		OpeningUpTo:          b&upToBit != 0,
		WholeLift:            b&wholeLiftBit != 0,
		CaptureNeedsCrossing: b&needsCrossBit != 0,
	}
	illegal, maxLaps := sowing.UnpackC6(uint32(b))
	r.MaxLaps = maxLaps
	if b&ownerLiftBit != 0 {
		r.NkiClear = OwnerLift
	}
	if illegal {
		r.Endless = Illegal
	}
	if b&onePitBit != 0 {
		r.OpeningPits = 1
	}
	if b&repetitionBit != 0 {
		r.Repetition = mancala.RepetitionThree
	}
	return r
}

// String returns the rules as in the rules= field ([Rules.String]).
func (b ruleBits) String() string { return b.Rules().String() }

// illegal reports whether endless moves are illegal (Endless=Illegal, C-6).
func (b ruleBits) illegal() bool { return b&illegalBit != 0 }

// bonus returns the Bonus option (KI-14).
func (b ruleBits) bonus() BonusRule { return BonusRule(b >> bonusShift & 3) }

// emptied returns the number of pits each player empties in the opening
// ([Rules.EmptiedInOpening]).
func (b ruleBits) emptied() int {
	if b&onePitBit != 0 {
		return 1
	}
	return DefaultOpeningPits
}

// laps returns the lap bound of C-6 ([Rules.Laps]).
func (b ruleBits) laps() uint { return sowing.Laps(uint32(b)) }
