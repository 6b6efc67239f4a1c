// Package errtext builds error values without package fmt, so that the
// rules, the notation and the agents link neither fmt nor, through it,
// reflect and os (the page's WebAssembly build carries every package it
// imports). Callers write the message out with strconv and string
// concatenation; the text is the one fmt.Errorf gave.
package errtext

import "strconv"

// wrapped is an error with its own text that wraps a cause, as the error
// fmt.Errorf returns for a format with one %w.
type wrapped struct {
	text  string
	cause error
}

func (e *wrapped) Error() string { return e.text }
func (e *wrapped) Unwrap() error { return e.cause }

// Wrap returns an error whose Error is text and which unwraps to cause, so
// that errors.Is and errors.As see cause: fmt.Errorf(format, ...) for a
// format with one %w, with the whole text (cause's included) written out
// by the caller. A nil cause gives an error that unwraps to nil.
func Wrap(text string, cause error) error {
	return &wrapped{text: text, cause: cause}
}

// Prefix returns an error reading prefix + ": " + cause.Error() that
// unwraps to cause: fmt.Errorf(prefix+": %w", cause). cause must not be
// nil.
func Prefix(prefix string, cause error) error {
	return &wrapped{text: prefix + ": " + cause.Error(), cause: cause}
}

// Value returns v as fmt's %v writes it, for the values a move or a game's
// enumeration can be: nil as "<nil>", an error by its Error, a value with
// a String method by it, strings, booleans, integers and floating-point
// numbers as %v does. Any other value (a struct or a pointer without a
// String method, say) is written "?", where fmt wrote its fields or its
// address: the moves of this module's games all have a String method
// ([mancala.Move]), but a [mancala.Game]'s move type need only be
// comparable, so the "legal move ... refused" errors of mancala.Perft,
// Divide and Playout and of agent.MCTS write such a move "?".
func Value(v any) string {
	switch v := v.(type) {
	case nil:
		return "<nil>"
	case error:
		return v.Error()
	case interface{ String() string }:
		return v.String()
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case int:
		return strconv.Itoa(v)
	case int8:
		return strconv.Itoa(int(v))
	case int16:
		return strconv.Itoa(int(v))
	case int32:
		return strconv.Itoa(int(v))
	case int64:
		return strconv.FormatInt(v, 10)
	case uint:
		return strconv.FormatUint(uint64(v), 10)
	case uint8:
		return strconv.FormatUint(uint64(v), 10)
	case uint16:
		return strconv.FormatUint(uint64(v), 10)
	case uint32:
		return strconv.FormatUint(uint64(v), 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case uintptr:
		return strconv.FormatUint(uint64(v), 10)
	case float32:
		return strconv.FormatFloat(float64(v), 'g', -1, 32)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return "?"
}
