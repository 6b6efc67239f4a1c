//go:build cgo

package main

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// Status codes, as in mancala_env.h.
const (
	statusOK       = 0
	errHandle      = 1
	errArgument    = 2
	errGame        = 3
	errRules       = 4
	errSyntax      = 5
	errMismatch    = 6
	errAction      = 7
	errIllegal     = 8
	errOver        = 9
	errAgent       = 10
	errBuffer      = 11
	errInternal    = 12
	seatNone       = -1
	seatMover      = -1
	seatBoth       = 2
	seatAlternate  = 3
	maxSearchEnvs  = 64
	abiErrorPrefix = "mancala_env: "
)

// callError is an error with its status code.
type callError struct {
	code int32
	msg  string
}

func (e *callError) Error() string { return e.msg }

// fail returns a callError with code and a formatted message.
func fail(code int32, format string, args ...any) error {
	return &callError{code, abiErrorPrefix + fmt.Sprintf(format, args...)}
}

// codeOf maps an error to its status code; syntax is the code of an error
// wrapping mancala.ErrSyntax (bad rules at creation, bad text later).
func codeOf(err error, syntax int32) int32 {
	var ce *callError
	switch {
	case errors.As(err, &ce):
		return ce.code
	case errors.Is(err, env.ErrAgent), errors.Is(err, agent.ErrSpec):
		return errAgent
	case errors.Is(err, env.ErrConfig):
		return errArgument
	case errors.Is(err, env.ErrMismatch):
		return errMismatch
	case errors.Is(err, env.ErrEpisodeOver), errors.Is(err, mancala.ErrGameOver):
		return errOver
	case errors.Is(err, mancala.ErrNoAction):
		return errAction
	case errors.Is(err, mancala.ErrIllegalMove):
		return errIllegal
	case errors.Is(err, mancala.ErrRules):
		return errRules
	case errors.Is(err, mancala.ErrSyntax):
		return syntax
	}
	return errInternal
}

// handle is one environment behind the ABI: single or vector.
type handle struct {
	mu      sync.Mutex
	lastErr string
	env     envOps
	vec     vecOps
	buf     env.Batch // a vector handle's, pointed at the caller's buffers by each call
}

var (
	tableMu sync.RWMutex
	table   = map[int64]*handle{}
	lastID  atomic.Int64
)

// register stores h and returns its new id.
func register(h *handle) int64 {
	id := lastID.Add(1)
	tableMu.Lock()
	table[id] = h
	tableMu.Unlock()
	return id
}

// lookup returns the handle with id, or nil.
func lookup(id int64) *handle {
	tableMu.RLock()
	defer tableMu.RUnlock()
	return table[id]
}

// release removes id and returns its handle, or nil.
func release(id int64) *handle {
	tableMu.Lock()
	defer tableMu.Unlock()
	h := table[id]
	delete(table, id)
	return h
}

// kind says which handles a call takes.
type kind int

const (
	anyKind kind = iota
	envKind
	vecKind
)

// call runs fn on handle id's environment under its lock, recovering a
// panic, and records a failure's message on the handle. syntax is the
// code of an error wrapping mancala.ErrSyntax.
func call(id int64, k kind, syntax int32, fn func(h *handle) error) (status int32) {
	h := lookup(id)
	if h == nil || k == envKind && h.env == nil || k == vecKind && h.vec == nil {
		return errHandle
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.env == nil && h.vec == nil {
		return errHandle // freed between lookup and the lock
	}
	defer func() {
		if r := recover(); r != nil {
			h.lastErr = fmt.Sprintf("%spanic: %v\n%s", abiErrorPrefix, r, debug.Stack())
			status = errInternal
		}
	}()
	if err := fn(h); err != nil {
		h.lastErr = err.Error()
		return codeOf(err, syntax)
	}
	return statusOK
}

// guard runs fn recovering a panic, for the calls without a handle.
func guard(fn func() error, syntax int32) (status int32, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%spanic: %v\n%s", abiErrorPrefix, r, debug.Stack())
			status = errInternal
		}
	}()
	if err := fn(); err != nil {
		return codeOf(err, syntax), err
	}
	return statusOK, nil
}
