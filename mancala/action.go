package mancala

import (
	"errors"
	"strconv"
)

// ErrNoAction reports an action id outside a position's action space, or a
// move that has no action id in a position (docs/design.md, "Action ids").
var ErrNoAction = errors.New("mancala: no such action")

// ActionError describes an action id or a move that the action space of a
// position does not cover (the Descriptor's Action and Move functions). It
// unwraps to [ErrNoAction].
type ActionError struct {
	Game    string // the game's notation name
	Action  int    // the id asked for, or -1 when a move was asked for
	Actions int    // the number of ids of the position: ids are 0..Actions-1
	Move    string // the move asked for, in the game's notation, or ""
	Msg     string // why, lower case, no trailing period
}

// Error formats as "kisolo: action 25 out of range 0..20" or
// "kisolo: move d3 has no action id: not a pit of the mover (South)".
func (e *ActionError) Error() string {
	s := e.Game
	if s == "" {
		s = "mancala"
	}
	if e.Move != "" {
		s += ": move " + e.Move + " has no action id"
	} else {
		s += ": action " + strconv.Itoa(e.Action)
	}
	if e.Msg != "" {
		if e.Move != "" {
			s += ":"
		}
		s += " " + e.Msg
	}
	return s
}

// Unwrap returns [ErrNoAction].
func (e *ActionError) Unwrap() error { return ErrNoAction }
