package kisolo

import (
	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/internal/sowing"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// DefaultFiles is the number of files (pits per row) when Rules.Files is 0
// (the rules= option Columns, KS-1).
const DefaultFiles = 7

// DefaultMaxLaps is the lap bound of an endless move when Rules.MaxLaps is
// 0 (C-6): [mancala.DefaultMaxLaps].
const DefaultMaxLaps = mancala.DefaultMaxLaps

// SetupRule is the Setup option: the start position (KS-5). The zero value
// is All3.
type SetupRule uint8

const (
	// All3 puts three seeds in every pit: 84 on 4 x 7 (KS-5, default).
	All3 SetupRule = iota
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
// "Townshend1", "Townshend2"), or "SetupRule(9)" out of range.
func (s SetupRule) String() string { return notation.EnumName(setupNames, s, "SetupRule") }

// SelfEmptiedRule is the SelfEmptiedInnerRow option (KS-11): what happens
// to a mover who ends a move with their own inner row empty, the common
// [mancala.SelfEmptiedRule]. The zero value is Loses.
type SelfEmptiedRule = mancala.SelfEmptiedRule

const (
	// Loses: the mover loses at once (KS-11, default).
	Loses = mancala.SelfEmptiedLoses
	// Continues: play goes on; the game is then won only by KS-10.
	Continues = mancala.SelfEmptiedContinues
)

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
func (w WinRule) String() string { return notation.EnumName(winNames, w, "WinRule") }

// EndlessRule says what an endless move is (C-6, KS-12): the common
// [mancala.EndlessRule]. The zero value is Draw.
type EndlessRule = mancala.EndlessRule

const (
	// Draw: playing an endless move ends the game at once as a draw by
	// endless sowing; the board stays as before the move and the turn
	// passes (C-6, KS-12, default).
	Draw = mancala.EndlessDraw
	// Illegal: an endless move is not legal. A player whose every
	// candidate move is endless draws (C-6), even when the candidates are
	// compulsory captures (sowing stays forbidden).
	Illegal = mancala.EndlessIllegal
)

// Rules holds the rule options of docs/rules/kisolo.md. The zero value is
// the default rule set; each field's zero value is its default. Rules
// values are comparable; positions hold them normalised (see
// [Rules.Normalize]), so equal rule sets compare equal with ==.
//
// Setup only chooses the start position, and SelfEmptiedInnerRow has no
// effect under Win = OuterRowEmptied; both are nevertheless kept as given,
// so that a position's rules= field writes back what was stated.
type Rules struct {
	// Files is the number of files, pits per row, written Columns in
	// rules= (KS-1): 0 (meaning DefaultFiles, 7), 6, 7 or 8. The board a
	// rule set plays on is [Rules.Layout]; its Files() is never 0.
	Files int
	// Setup chooses the start position (KS-5).
	Setup SetupRule
	// CaptureOnAnyLanding drops KS-8.3's condition that the pit receiving
	// a lap's last seed was occupied (Ludii's trigger). Default false.
	CaptureOnAnyLanding bool
	// SelfEmptiedInnerRow says whether a mover who empties their own
	// inner row loses (KS-11).
	SelfEmptiedInnerRow SelfEmptiedRule
	// Win chooses the winning condition (KS-10, KS-11).
	Win WinRule
	// Endless says what an endless move is (C-6, KS-12).
	Endless EndlessRule
	// MaxLaps is the number of laps after which an unfinished move is
	// endless (C-6): 0 means 1,000,000; at most
	// [mancala.MaxLapsLimit]; negative is invalid.
	MaxLaps int
	// Repetition says whether a position made for the third time ends the
	// game as a draw (C-10). A [mancala.History] applies it, not a
	// position alone.
	Repetition mancala.RepetitionRule
}

// options is the table of Kisolo's rule options: rules= names, values and
// defaults (KS-1, KS-5, KS-8, KS-11, C-6).
var options = notation.NewOptions(Name,
	notation.Int("Columns", "KS-1", "pits per row", 6, 8, DefaultFiles,
		func(r *Rules) *int { return &r.Files }),
	notation.Enum("Setup", "KS-5", "the start position", setupNames,
		func(r *Rules) *SetupRule { return &r.Setup }),
	notation.Bool("CaptureOnAnyLanding", "KS-8", "capture through the next pit also after a landing in an empty pit (Ludii)",
		func(r *Rules) *bool { return &r.CaptureOnAnyLanding }),
	notation.Enum("SelfEmptiedInnerRow", "KS-11", "whether a mover who empties their own inner row loses", notation.Names[SelfEmptiedRule](2),
		func(r *Rules) *SelfEmptiedRule { return &r.SelfEmptiedInnerRow }),
	notation.Enum("Win", "KS-10", "how the game is won", winNames,
		func(r *Rules) *WinRule { return &r.Win }),
	notation.Enum("Endless", "C-6", "whether an endless move draws or is illegal", notation.Names[mancala.EndlessRule](2),
		func(r *Rules) *EndlessRule { return &r.Endless }),
	notation.Int("MaxLaps", "C-6", "laps after which an unfinished move is endless", 1, mancala.MaxLapsLimit, mancala.DefaultMaxLaps,
		func(r *Rules) *int { return &r.MaxLaps }),
	notation.Enum("Repetition", "C-10", "whether a position made for the third time ends the game", notation.Names[mancala.RepetitionRule](2),
		func(r *Rules) *mancala.RepetitionRule { return &r.Repetition }),
)

// Validate reports whether r is a valid rule set. It returns a
// [*mancala.RulesError] (wrapping [mancala.ErrRules]) for an option out of
// its range (Files other than 0, 6, 7, 8; MaxLaps negative or above
// [mancala.MaxLapsLimit]; an enum value without a name) and for the
// invalid combinations of docs/rules/kisolo.md: Townshend1/Townshend2 with
// Columns other than 7; Outer3 with Win = InnerRowEmptied.
func (r Rules) Validate() error {
	if err := options.Check(r); err != nil {
		return err
	}
	return r.combine()
}

// combine checks the combinations of options that the rules file forbids.
func (r Rules) combine() error {
	if (r.Setup == Townshend1 || r.Setup == Townshend2) && r.files() != DefaultFiles {
		return options.Invalid(r, r.Setup.String()+" needs Columns 7")
	}
	if r.Setup == Outer3 && r.Win == InnerRowEmptied {
		return options.Invalid(r, "Outer3 needs Win OuterRowEmptied (the inner rows start empty)")
	}
	return nil
}

// Normalize returns r with the defaults spelled as zero values (Files 7
// becomes 0, MaxLaps 1,000,000 becomes 0), so that equal rule sets are
// ==. It does not validate.
func (r Rules) Normalize() Rules { return options.Normalize(r) }

// files returns the number of files (pits per row) r plays on: Files, or 7
// when Files is 0 (KS-1).
func (r Rules) files() int {
	if r.Files == 0 {
		return DefaultFiles
	}
	return r.Files
}

// Laps returns the lap bound of an endless move: MaxLaps, or 1,000,000
// when MaxLaps is 0 (C-6; [mancala.Laps]).
func (r Rules) Laps() int { return mancala.Laps(r.MaxLaps) }

// Layout returns the board topology r plays on (KS-1..KS-4): 4 x Files()
// pits, shared and immutable; nil if Files is not 0, 6, 7 or 8.
func (r Rules) Layout() *mancala.Layout {
	if g := geomOf(r.files()); g != nil {
		return g.layout
	}
	return nil
}

// String returns r in the notation of a position's rules= field: the
// options that differ from the defaults as Option:Value, sorted by name
// and comma-separated ("CaptureOnAnyLanding:true,Columns:6"); "" for the
// defaults. Values out of range print as in their type's String ("WinRule(9)").
func (r Rules) String() string { return options.Format(r) }

// ParseRules reads a rules= value ("Columns:6,Endless:Illegal"; "" for
// the defaults) with the option names and values of docs/rules/kisolo.md:
// CaptureOnAnyLanding (true, false), Columns (0, 6, 7, 8), Endless (Draw,
// Illegal), MaxLaps (0 meaning 1,000,000, or 1..2,000,000), Repetition
// (None, Three), SelfEmptiedInnerRow (Loses, Continues), Setup (All3, Outer3, Townshend1,
// Townshend2), Win (InnerRowEmptied, OuterRowEmptied). Options may come in
// any order and may restate a default. The result is validated and
// normalised. Unknown or repeated options and bad values give a
// [*mancala.SyntaxError] wrapping [mancala.ErrSyntax]; an invalid
// combination also wraps [mancala.ErrRules].
func ParseRules(s string) (Rules, error) { return options.Parse(s, Rules.combine) }

// ruleBits is a validated, normalised [Rules] packed into one word, as a
// position holds it: a smaller position copies faster, and the sowing core
// tests an option with one AND. The zero value is the default rule set, so
// == on ruleBits is == on the rules.
type ruleBits uint32

const (
	filesMask     ruleBits = 0xf                  // Files as given: 0 (meaning 7), 6 or 8
	setupShift             = 4                    // Setup, two bits
	anyLandingBit ruleBits = 1 << 6               // CaptureOnAnyLanding
	continuesBit  ruleBits = 1 << 7               // SelfEmptiedInnerRow: Continues
	outerWinBit   ruleBits = 1 << 8               // Win: OuterRowEmptied
	illegalBit    ruleBits = sowing.IllegalBit    // Endless: Illegal; MaxLaps from sowing.LapsShift on
	repetitionBit ruleBits = sowing.RepetitionBit // Repetition: Three
)

// packRules packs r, which must be validated and normalised.
func packRules(r Rules) ruleBits {
	b := ruleBits(r.Files) | ruleBits(r.Setup)<<setupShift | ruleBits(sowing.PackC6(r.Endless == Illegal, r.MaxLaps))
	if r.CaptureOnAnyLanding {
		b |= anyLandingBit
	}
	if r.SelfEmptiedInnerRow == Continues {
		b |= continuesBit
	}
	if r.Win == OuterRowEmptied {
		b |= outerWinBit
	}
	if r.Repetition == mancala.RepetitionThree {
		b |= repetitionBit
	}
	return b
}

// Rules returns the rules b packs.
func (b ruleBits) Rules() Rules {
	illegal, maxLaps := sowing.UnpackC6(uint32(b))
	r := Rules{Files: int(b & filesMask), Setup: SetupRule(b >> setupShift & 3), CaptureOnAnyLanding: b&anyLandingBit != 0, MaxLaps: maxLaps}
	if b&continuesBit != 0 {
		r.SelfEmptiedInnerRow = Continues
	}
	if b&outerWinBit != 0 {
		r.Win = OuterRowEmptied
	}
	if illegal {
		r.Endless = Illegal
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

// laps returns the lap bound of C-6 ([Rules.Laps]).
func (b ruleBits) laps() uint { return sowing.Laps(uint32(b)) }
