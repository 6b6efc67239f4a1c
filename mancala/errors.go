package mancala

import (
	"errors"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
)

// Sentinel errors. Every error returned by this module for a bad move or bad
// text wraps one of them, so callers test with [errors.Is].
var (
	// ErrIllegalMove reports a move that the rules do not allow in the
	// position it was applied to (wrong pit, empty pit, a sowing move while a
	// capture is compulsory, ...). The position is left unchanged.
	ErrIllegalMove = errors.New("mancala: illegal move")

	// ErrGameOver reports a move applied to a finished game. It wraps
	// ErrIllegalMove, so errors.Is(err, ErrIllegalMove) also holds for it.
	ErrGameOver error = &gameOverError{}

	// ErrSyntax reports malformed text: a position, a move, a pit name, a
	// rules string or a game record.
	ErrSyntax = errors.New("mancala: syntax error")

	// ErrRules reports an invalid rule set: an option value out of range or
	// a combination the rules file forbids (each game's Rules.Validate).
	// Rules read from text ([SyntaxError] from a game's ParseRules) match
	// both ErrRules and ErrSyntax.
	ErrRules = errors.New("mancala: invalid rules")
)

type gameOverError struct{}

func (*gameOverError) Error() string { return "mancala: game is over" }
func (*gameOverError) Unwrap() error { return ErrIllegalMove }

// MoveError describes a refused move. It unwraps to Err, which is
// [ErrIllegalMove] or [ErrGameOver] (which in turn matches ErrIllegalMove).
type MoveError struct {
	Game   string // the game's notation name: "kiothi", "kisolo" or "kimasai"
	Move   string // the move in the game's notation, as given
	Reason string // why it was refused, lower case, no trailing period
	Err    error  // ErrIllegalMove or ErrGameOver; nil means ErrIllegalMove
}

// Error formats as "kisolo: illegal move b3: pit is empty".
func (e *MoveError) Error() string {
	kind := "illegal move"
	if errors.Is(e.Unwrap(), ErrGameOver) {
		kind = "move after game over"
	}
	s := e.Game
	if s == "" {
		s = "mancala"
	}
	s += ": " + kind
	if e.Move != "" {
		s += " " + e.Move
	}
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	return s
}

// Unwrap returns Err, or ErrIllegalMove when Err is nil.
func (e *MoveError) Unwrap() error {
	if e.Err == nil {
		return ErrIllegalMove
	}
	return e.Err
}

// SyntaxError describes malformed text. It always unwraps to [ErrSyntax],
// and also to Err when Err is set (rules text that parses but names an
// invalid rule set carries an error wrapping [ErrRules]).
type SyntaxError struct {
	Game  string // the game's notation name, or "" when not known yet
	What  string // what was being parsed: "position", "move", "pit", "rules", "record", a field name
	Input string // the offending text (a token or the whole input); Error quotes at most 64 bytes of it
	Line  int    // 1-based line number in a multi-line input (game records); 0 if not applicable
	Msg   string // why it is malformed, lower case
	Err   error  // a further cause that errors.Is and errors.As also see, or nil
}

// Error formats as `kisolo: bad position: row 3: "3,x": count is not a number`.
func (e *SyntaxError) Error() string {
	s := e.Game
	if s == "" {
		s = "mancala"
	}
	s += ": bad " + e.What
	if e.Line > 0 {
		s += ": line " + strconv.Itoa(e.Line)
	}
	if e.Input != "" {
		s += ": " + quote.String(e.Input)
	}
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	return s
}

// Unwrap returns ErrSyntax, and Err when it is set.
func (e *SyntaxError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrSyntax, e.Err}
	}
	return []error{ErrSyntax}
}

// RulesError describes an invalid rule set (see [ErrRules]). It unwraps to
// ErrRules.
type RulesError struct {
	Game  string // the game's notation name
	Rules string // the rule set as in a rules= field (its String), or the option at fault
	Msg   string // what is wrong, lower case
}

// Error formats as `kisolo: invalid rules "Columns:9": Columns must be 6, 7
// or 8 (0 means 7)`.
func (e *RulesError) Error() string {
	s := e.Game
	if s == "" {
		s = "mancala"
	}
	s += ": invalid rules"
	if e.Rules != "" {
		s += " " + quote.String(e.Rules)
	}
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	return s
}

// Unwrap returns ErrRules.
func (e *RulesError) Unwrap() error { return ErrRules }
