package mancala

import (
	"strconv"
	"strings"
)

// EndlessRule is the common rule option Endless of clause C-6: what an
// endless move is. Every game's Rules has an Endless field of this type
// (each game package also names it EndlessRule, with the constants Draw and
// Illegal). The zero value is EndlessDraw.
type EndlessRule uint8

const (
	// EndlessDraw (rules= value "Draw", the default): playing an endless
	// move ends the game at once as a draw by endless sowing; the move is
	// never completed, so the board, stores and reserves stay as they were
	// before it, and the turn passes (C-6).
	EndlessDraw EndlessRule = iota
	// EndlessIllegal (rules= value "Illegal"): an endless move is not
	// legal. A player whose every candidate move is endless draws (C-6);
	// move generation plays each candidate out.
	EndlessIllegal
)

// endlessNames are the rules= values of [EndlessRule], indexed by value.
var endlessNames = [...]string{"Draw", "Illegal"}

// String returns the rules= value, "Draw" or "Illegal", or
// "EndlessRule(7)" out of range.
func (e EndlessRule) String() string { return enumName(endlessNames[:], e, "EndlessRule") }

// SelfEmptiedRule is the rule option SelfEmptiedInnerRow of the four-row
// games (Kisolo KS-11, Bao la Kimasai KM-12): what happens to a mover who
// ends a move with their own inner row empty. Each of those game packages
// also names it SelfEmptiedRule, with the constants Loses and Continues.
// The zero value is SelfEmptiedLoses.
type SelfEmptiedRule uint8

const (
	// SelfEmptiedLoses (rules= value "Loses", the default): the mover
	// loses at once (result selfinner).
	SelfEmptiedLoses SelfEmptiedRule = iota
	// SelfEmptiedContinues (rules= value "Continues"): play goes on; the
	// game is then won only by emptying the opponent's inner row (KS-10,
	// KM-11) or by C-8.
	SelfEmptiedContinues
)

// selfEmptiedNames are the rules= values of [SelfEmptiedRule], indexed by
// value.
var selfEmptiedNames = [...]string{"Loses", "Continues"}

// String returns the rules= value, "Loses" or "Continues", or
// "SelfEmptiedRule(7)" out of range.
func (s SelfEmptiedRule) String() string { return enumName(selfEmptiedNames[:], s, "SelfEmptiedRule") }

// enumName returns names[v], or typ(v) for v out of range.
func enumName[E ~uint8](names []string, v E, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// Lap bounds of C-6, in laps.
const (
	// DefaultMaxLaps is the number of laps after which a move that has not
	// ended is endless when a game's Rules.MaxLaps is 0 (C-6). A move that
	// ends on exactly this lap is finite.
	DefaultMaxLaps = 1_000_000
	// MaxLapsLimit is the largest MaxLaps any game accepts: Rules.Validate,
	// New, ParseRules and so Parse refuse more. It bounds the work of one
	// call: a move not proved endless by the cycle check sows at most this
	// many laps, and move generation under EndlessIllegal plays each
	// candidate out to it at worst (docs/rules/common.md, C-6, gives the
	// measured times of the slowest cases known).
	MaxLapsLimit = 2_000_000
)

// Laps returns the lap bound of C-6 for a MaxLaps option value: maxLaps
// itself when it is positive, and [DefaultMaxLaps] for 0 (or a negative
// value, which every game's Rules.Validate refuses). Every game's
// Rules.Laps is Laps(r.MaxLaps).
func Laps(maxLaps int) int {
	if maxLaps <= 0 {
		return DefaultMaxLaps
	}
	return maxLaps
}

// CostlyRules reports whether text (a rules text, a position's notation or
// a record) names rules of clause C-6 that can make one call slow:
// Endless:Illegal, under which listing a position's moves, and so reading
// a position, plays every candidate out, or a MaxLaps above
// [DefaultMaxLaps], which lets a move sow longer than the default bound.
// It looks for the options' text anywhere, without parsing, so it errs on
// the side of costly (a player named "Endless:Illegal" is costly too). It
// is the [Descriptor.Costly] of every game. The cost of a move under the
// default rules (a loop sown to the default bound) is not in the text: a
// server meters that as it plays (package mancala/wire).
func CostlyRules(text string) bool {
	if strings.Contains(text, "Endless:Illegal") {
		return true
	}
	for {
		_, after, ok := strings.Cut(text, "MaxLaps:")
		if !ok {
			return false
		}
		n := 0
		for n < len(after) && after[n] >= '0' && after[n] <= '9' {
			n++
		}
		if v, err := strconv.ParseInt(after[:n], 10, 64); n > 0 && (err != nil || v > DefaultMaxLaps) {
			return true
		}
		text = after
	}
}
