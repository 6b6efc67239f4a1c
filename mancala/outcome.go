package mancala

import (
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
)

// Status says whether a game goes on or how it ended. The zero value is
// Ongoing.
type Status uint8

const (
	Ongoing Status = iota // the game goes on; someone is to move
	Win                   // the game is over and Outcome.Winner won
	Draw                  // the game is over without a winner
)

var statusNames = [...]string{"ongoing", "win", "draw"}

// String returns "ongoing", "win" or "draw"; out of range, "Status(7)".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Reason says why a game ended. Each reason has a short notation name, used
// in a position's result= field and a record's Result header (docs/notation.md).
// The zero value, NoReason, belongs to an ongoing game.
type Reason uint8

const (
	NoReason Reason = iota // the game is not over
	// NoMove: the player to move had no legal move (KI-15 with the sweep;
	// C-8 in Kisolo and Bao la Kimasai). Notation "nomove".
	NoMove
	// InnerRowEmptied: a capture or raid emptied the opponent's inner row
	// (KS-10, KM-11). Notation "inner".
	InnerRowEmptied
	// SelfEmptiedInnerRow: the mover ended a move with their own inner row
	// empty (KS-11, KM-12). Notation "selfinner".
	SelfEmptiedInnerRow
	// OuterRowEmptied: Kisolo's Win=OuterRowEmptied option decided the
	// game (KS-11). Notation "outer".
	OuterRowEmptied
	// Endless: a move would have sown forever (C-6). Notation "endless".
	Endless
	// TurnLimit: the game was still going when turn MaxTurn was completed
	// (C-9); always a draw. Notation "turnlimit".
	TurnLimit
	// Repetition: under Repetition=Three a move produced a position for
	// the third time in the game (C-10). A draw in Kisolo and Bao la
	// Kimasai; in Kiothi the prisons decide after the warriors left on the
	// board go to the prison of the row's owner. Notation "repetition".
	// A position alone cannot know its history: only a [History] (or a
	// position written with result=) ends a game this way.
	Repetition
)

var reasonNames = [...]string{"", "nomove", "inner", "selfinner", "outer", "endless", "turnlimit", "repetition"}

// MaxTurn is the last turn number a position can have (C-9): a game still
// going when turn MaxTurn is completed ends at once as a draw (reason
// [TurnLimit]), so that Apply never writes a turn= that Parse refuses.
// Parse refuses a larger turn=.
const MaxTurn = 1_000_000_000

// String returns the reason's notation name ("nomove", "inner",
// "selfinner", "outer", "endless", "turnlimit", "repetition"), "" for NoReason, and
// "Reason(9)" out of range.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// ParseReason parses a reason's notation name. "" and unknown names give an
// error wrapping [ErrSyntax].
func ParseReason(s string) (Reason, error) {
	for i, n := range reasonNames {
		if i > 0 && n == s {
			return Reason(i), nil
		}
	}
	return NoReason, &SyntaxError{What: "result", Input: s, Msg: "unknown reason"}
}

// Outcome is the state of a game: Ongoing, or over with a winner or a draw,
// the Reason it ended, and for games that keep one (Kiothi's prisons) the
// final Score. The zero value is an ongoing game. Outcomes are comparable.
type Outcome struct {
	Status Status
	Winner Player // meaningful only when Status == Win
	Reason Reason // NoReason while Ongoing
	// HasScore reports whether Score means anything: true for a finished
	// Kiothi game (KI-16), false for games decided without counting.
	HasScore bool
	// Score holds each player's final count, indexed by Player (Kiothi:
	// warriors in prison after the sweep, KI-15, KI-16).
	Score [2]int
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Status != Ongoing }

// Margin returns the winner's score minus the loser's (0 for a draw or an
// ongoing game, when HasScore is false, or when Winner is not a player).
func (o Outcome) Margin() int {
	if !o.HasScore || o.Status != Win || o.Winner > North {
		return 0
	}
	return o.Score[o.Winner] - o.Score[o.Winner.Other()]
}

// Result returns the outcome in the notation of a position's result= field
// and a record's Result header: "S:nomove", "N:inner", "draw:endless"; "*"
// while the game is ongoing.
func (o Outcome) Result() string {
	switch o.Status {
	case Win:
		return o.Winner.Letter() + ":" + o.Reason.String()
	case Draw:
		return "draw:" + o.Reason.String()
	}
	return "*"
}

// String returns a short human description: "ongoing", "South wins
// (nomove) 5-0", "draw (endless)".
func (o Outcome) String() string {
	var b strings.Builder
	switch o.Status {
	case Ongoing:
		return "ongoing"
	case Win:
		b.WriteString(o.Winner.String() + " wins (" + o.Reason.String() + ")")
	case Draw:
		b.WriteString("draw (" + o.Reason.String() + ")")
	default:
		return o.Status.String()
	}
	if o.HasScore {
		b.WriteString(" " + strconv.Itoa(o.Score[South]) + "-" + strconv.Itoa(o.Score[North]))
	}
	return b.String()
}

// ParseResult parses a result in the notation of a position's result= field
// ("S:nomove", "N:inner", "draw:endless") into an Outcome without a score.
// It refuses what the common clauses forbid: an endless move never has a
// winner (C-6: it is always a draw), so "S:endless" is refused, and
// neither does the turn limit (C-9: "S:turnlimit" is refused). Which
// results a game can reach (Kisolo is never drawn but by endless sowing
// or the turn limit, Kiothi is drawn by equal prisons) is that game's own
// check, made by its Parse. Malformed text, "*", "S:endless" and
// "S:turnlimit" give a [*SyntaxError] wrapping [ErrSyntax].
func ParseResult(s string) (Outcome, error) {
	bad := func(msg string) (Outcome, error) {
		return Outcome{}, &SyntaxError{What: "result", Input: s, Msg: msg}
	}
	side, reason, ok := strings.Cut(s, ":")
	if !ok {
		return bad("want <S|N|draw>:<reason>")
	}
	r, err := ParseReason(reason)
	if err != nil {
		return bad("unknown reason " + quote.String(reason) + " (want nomove, inner, selfinner, outer, endless, turnlimit or repetition)")
	}
	switch side {
	case "S", "N":
		switch r {
		case Endless:
			return bad("an endless move is a draw (C-6), not a win")
		case TurnLimit:
			return bad("the turn limit ends a game as a draw (C-9), not a win")
		}
		pl, _ := ParsePlayer(side)
		return Outcome{Status: Win, Winner: pl, Reason: r}, nil
	case "draw":
		return Outcome{Status: Draw, Reason: r}, nil
	}
	return bad("side must be S, N or draw")
}

// Explain says in words how a finished game ended, for players and front
// ends: "North wins: South has no move left", "South wins 31 to 29: North
// has no move left, and the warriors left on the board went into South's
// prison", "South wins: North's inner row is empty". toMove is the
// final position's player to move (the player who would have moved next);
// w gives the game's terms (see [Words]). An ongoing game gives "the game
// goes on".
func (o Outcome) Explain(toMove Player, w Words) string {
	seed := w.Seed
	if seed == "" {
		seed = "seed"
	}
	mover := toMove.Other() // who made the last move
	winner := o.Winner
	loser := winner.Other()
	head := "Draw"
	if o.Status == Win {
		head = winner.String() + " wins"
	}
	if o.HasScore {
		if o.Status == Win {
			head += " " + strconv.Itoa(o.Score[winner&1]) + " to " + strconv.Itoa(o.Score[loser&1])
		} else {
			head += ", " + strconv.Itoa(o.Score[0]) + " " + seed + "s each"
		}
	}
	switch o.Reason {
	case NoMove:
		s := head + ": " + toMove.String() + " has no move left"
		if w.Store != "" {
			s += ", and the " + seed + "s left on the board went into " + mover.String() + "'s " + w.Store
		}
		return s
	case InnerRowEmptied:
		return head + ": " + loser.String() + "'s inner row is empty"
	case SelfEmptiedInnerRow:
		return head + ": " + loser.String() + "'s own move left " + loser.String() + "'s inner row empty"
	case OuterRowEmptied:
		return head + ": " + loser.String() + "'s outer row is empty"
	case Endless:
		return head + ": a move would sow for ever (endless sowing)"
	case TurnLimit:
		return head + ": the game reached the limit of " + strconv.Itoa(MaxTurn) + " turns"
	case Repetition:
		s := head + ": the same position came for the third time (repetition)"
		if w.Store != "" {
			s += ", and the " + seed + "s left on the board went into the " + w.Store + " of the row's owner"
		}
		return s
	}
	if !o.Over() {
		return "the game goes on"
	}
	return head
}
