package cli

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"golang.org/x/term"
)

// Explain says in words how a finished game ended, for players: "North
// wins: South has no move left", "South wins 31 to 29: North has no move
// left, and the 4 warriors left on the board went into South's prison".
// toMove is the final position's player to move (the player who would have
// moved next); w gives the game's terms. An ongoing game gives "the game
// goes on".
func Explain(o mancala.Outcome, toMove mancala.Player, w mancala.Words) string {
	seed := w.Seed
	if seed == "" {
		seed = "seed"
	}
	mover := toMove.Other() // who made the last move
	winner := o.Winner
	loser := winner.Other()
	head := "draw"
	if o.Status == mancala.Win {
		head = winner.String() + " wins"
	}
	if o.HasScore {
		if o.Status == mancala.Win {
			head += fmt.Sprintf(" %d to %d", o.Score[winner&1], o.Score[loser&1])
		} else {
			head += fmt.Sprintf(", %d %ss each", o.Score[0], seed)
		}
	}
	switch o.Reason {
	case mancala.NoMove:
		s := head + ": " + toMove.String() + " has no move left"
		if w.Store != "" {
			s += ", and the " + seed + "s left on the board went into " + mover.String() + "'s " + w.Store
		}
		return s
	case mancala.InnerRowEmptied:
		capture := w.Capture
		if capture == "" {
			capture = "capture"
		}
		return head + ": a " + capture + " emptied " + loser.String() + "'s inner row"
	case mancala.SelfEmptiedInnerRow:
		return head + ": " + loser.String() + "'s own move left " + loser.String() + "'s inner row empty"
	case mancala.OuterRowEmptied:
		return head + ": " + loser.String() + "'s outer row is empty"
	case mancala.Endless:
		return head + ": " + mover.String() + "'s last move would have sown for ever, so nothing moved"
	case mancala.TurnLimit:
		return head + ": the game reached the limit of " + strconv.Itoa(mancala.MaxTurn) + " turns"
	}
	if !o.Over() {
		return "the game goes on"
	}
	return head
}

// clauseRef matches a parenthesised remark that cites a rule clause, such
// as " (KS-6)" or " (C-6, Endless=Illegal)".
var clauseRef = regexp.MustCompile(`\s*\([^()]*\b(?:C|KI|KS|KM)-\d+[^()]*\)`)

// Plain returns an error message for players: the library's reason
// without the rule clauses it cites ("a capture is compulsory (KS-6)"
// becomes "a capture is compulsory").
func Plain(reason string) string {
	return clauseRef.ReplaceAllString(reason, "")
}

// IsTerminal reports whether w is a terminal (an *os.File on one).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
