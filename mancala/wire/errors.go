package wire

import (
	"errors"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Error codes: the Code of an [*Error] and the "code" field of an error
// response, with the HTTP status [Handler] answers with.
const (
	// CodeBadRequest (400): the request is not what the endpoint reads:
	// malformed JSON, an unknown field, a wrong type, more than one JSON
	// value, a missing or contradictory field, an unknown game or agent, a
	// think budget out of range.
	CodeBadRequest = "bad_request"
	// CodeSyntax (400): bad notation: a position, move, rules or record that
	// does not parse, or invalid rules (mancala.ErrSyntax, mancala.ErrRules).
	CodeSyntax = "syntax"
	// CodeIllegal (422): a well-formed move that the position does not
	// allow (mancala.ErrIllegalMove), also in a record.
	CodeIllegal = "illegal"
	// CodeGameOver (422): a move or a think for a finished game
	// (mancala.ErrGameOver).
	CodeGameOver = "game_over"
	// CodeTooLarge (413): a body over Limits.MaxBody, or a record of more
	// than Limits.MaxRecordMoves moves.
	CodeTooLarge = "too_large"
	// CodeMethodNotAllowed (405): a method the endpoint does not take (the
	// Allow header names the one it takes).
	CodeMethodNotAllowed = "method_not_allowed"
	// CodeNotFound (404): no such endpoint or command.
	CodeNotFound = "not_found"
	// CodeTimeout (408): the request body did not arrive within the
	// server's read timeout (HTTP only).
	CodeTimeout = "timeout"
	// CodeBusy (429): every think slot (Limits.MaxThinks) or work slot
	// stayed taken for Limits.BusyWait; try again later.
	CodeBusy = "busy"
	// CodeInternal (500): a bug in the library (a legal move refused by
	// its own game); no input gives it.
	CodeInternal = "internal"
	// CodeElsewhere (421): the request is for a game of [Elsewhere], which
	// the service names but does not play; the Error's Game names it, for
	// the program to send the request to the service that plays it (the
	// page's worker, one WebAssembly file a game). A service of only
	// NewGame's games never gives it.
	CodeElsewhere = "elsewhere"
)

// statusOf is the HTTP status of each code. The numbers are written out
// (not net/http's names) so that the protocol core does not import
// net/http: the WebAssembly build (examples/web/wasm) links no HTTP.
var statusOf = map[string]int{
	CodeBadRequest:       400, // http.StatusBadRequest
	CodeSyntax:           400, // http.StatusBadRequest
	CodeIllegal:          422, // http.StatusUnprocessableEntity
	CodeGameOver:         422, // http.StatusUnprocessableEntity
	CodeTooLarge:         413, // http.StatusRequestEntityTooLarge
	CodeMethodNotAllowed: 405, // http.StatusMethodNotAllowed
	CodeNotFound:         404, // http.StatusNotFound
	CodeTimeout:          408, // http.StatusRequestTimeout
	CodeBusy:             429, // http.StatusTooManyRequests
	CodeInternal:         500, // http.StatusInternalServerError
	CodeElsewhere:        421, // http.StatusMisdirectedRequest
}

// Error is the error of every [Service] method, and the body of every
// error response: {"error": "<message>", "code": "<code>"}. Code is one of
// the Code constants; Message says what is wrong in lower case, naming the
// package of the error ("kisolo: illegal move b3: not the mover's pit").
//
// An Error made from an error of the library unwraps to it, so that
// errors.Is(err, mancala.ErrIllegalMove) (ErrGameOver, ErrSyntax,
// ErrRules, agent.ErrSpec) holds for a [Service] method's error as it does
// for the library's own.
type Error struct {
	Message string `json:"error"`
	Code    string `json:"code"`
	// Game is the game of [Elsewhere] that a CodeElsewhere error is for,
	// "" for any other code. It is not part of the response's JSON.
	Game string `json:"-"`

	err error // the library's error, for Unwrap; nil when made here
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }

// Unwrap returns the library's error that e was made from, or nil.
func (e *Error) Unwrap() error { return e.err }

// Status returns the HTTP status of e's code (the table of the Code
// constants), 500 for an unknown code.
func (e *Error) Status() int {
	if s, ok := statusOf[e.Code]; ok {
		return s
	}
	return 500 // http.StatusInternalServerError
}

// newError returns the *Error of code with message msg. The messages are
// built with strconv and concatenation, not fmt, so that the typed
// methods the page's WebAssembly worker calls link no fmt.
func newError(code, msg string) *Error {
	return &Error{Code: code, Message: msg}
}

// fromErr maps an error of the library to an *Error: ErrGameOver ->
// game_over, ErrIllegalMove -> illegal, ErrSyntax and ErrRules -> syntax;
// an *Error is returned as it is; anything else is internal.
func fromErr(err error) *Error {
	var we *Error
	switch {
	case errors.As(err, &we):
		return we
	case errors.Is(err, mancala.ErrGameOver):
		return &Error{Code: CodeGameOver, Message: err.Error(), err: err}
	case errors.Is(err, mancala.ErrIllegalMove):
		return &Error{Code: CodeIllegal, Message: err.Error(), err: err}
	case errors.Is(err, mancala.ErrSyntax), errors.Is(err, mancala.ErrRules):
		return &Error{Code: CodeSyntax, Message: err.Error(), err: err}
	}
	return &Error{Code: CodeInternal, Message: "wire: internal error: " + err.Error(), err: err}
}
