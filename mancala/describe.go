package mancala

// MoveKind says what a move does, as a front end shows it
// ([MoveInfo], [Descriptor].DescribeMove). The zero value, MoveUnknown,
// is the kind of a move the game cannot describe (the zero Move).
type MoveKind uint8

const (
	// MoveUnknown is no known kind: the zero Move.
	MoveUnknown MoveKind = iota
	// MoveSow lifts a pit's seeds and sows them (every game; Kiothi from
	// turn 2, KI-9).
	MoveSow
	// MoveCapture captures through one of the mover's inner pits (Kisolo,
	// KS-6, KS-7).
	MoveCapture
	// MoveLift empties a pit into the hand: a Kiothi opening step (KI-7).
	MoveLift
	// MoveDrop drops one warrior from the hand into a pit: a Kiothi
	// opening step (KI-7).
	MoveDrop
	// MoveStop ends Kiothi's opening lifts early (KI-7); it has no pit.
	MoveStop
)

var moveKindNames = [...]string{"move", "sow", "capture", "lift", "drop", "stop"}

// String returns the kind as the JSON API writes it: "sow", "capture",
// "lift", "drop", "stop", or "move" for MoveUnknown and a kind out of
// range.
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) {
		return moveKindNames[k]
	}
	return "move"
}

// MoveInfo describes one move for front ends, from the move itself and not
// its text: its Kind, the Index of its pit on the board (the numbering of
// [Layout], as Layout.PitName takes it; -1 for Stop and the zero Move) and
// its Count (the warriors a Kiothi sowing lifts; 0 for every other move).
type MoveInfo struct {
	Kind  MoveKind
	Index int
	Count int
}

// Phased is a position of a game played in phases: Bao la Kimasai's
// Position, whose Phase is 1 while a reserve holds cows (KM-6) and 2 once
// both are empty (KM-8). Front ends (mancala/wire's state "phase") assert
// it; the game asserts that its Position implements it, so that renaming
// the method is a compile error.
type Phased interface {
	Phase() int
}

// Opener is a position of a game with an opening played in steps: Kiothi's
// Position (KI-6, KI-7). InOpening reports whether the position is in the
// opening; Hand is the warriors in the mover's hand; Lifted reports
// whether the pit at board index pit was emptied by a Lift step of the turn
// in progress; DropFrom gives the lowest pit (board index) in the mover's
// ring order the next Drop may use, and false when the turn is not
// dropping. Front ends (mancala/wire's state "opening") assert it; the
// game asserts that its Position implements it.
type Opener interface {
	InOpening() bool
	Hand() int
	Lifted(pit int) bool
	DropFrom() (int, bool)
}
