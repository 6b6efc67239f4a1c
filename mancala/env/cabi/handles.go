//go:build cgo

package main

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// Status codes, seats and outcomes, as in mancala_env.h.
const (
	statusOK        = 0
	errHandle       = 1
	errArgument     = 2
	errGame         = 3
	errRules        = 4
	errSyntax       = 5
	errMismatch     = 6
	errAction       = 7
	errIllegal      = 8
	errOver         = 9
	errAgent        = 10
	errBuffer       = 11
	errInternal     = 12
	errCancelled    = 13
	errLimit        = 14
	seatSouth       = 0
	seatNorth       = 1
	seatBoth        = 2
	seatAlternate   = 3
	seatNone        = -1
	seatMover       = -2
	outcomeUnknown  = 0
	outcomeWin      = 1
	outcomeDraw     = 2
	outcomeLoss     = 3
	maxSearchEnvs   = 64
	abiErrorPrefix  = "mancala_env: "
	maxInputText    = 1 << 20
	abiVersionValue = 2
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
	case errors.Is(err, context.Canceled):
		return errCancelled
	case errors.Is(err, agent.ErrLimit):
		return errLimit
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

// kind is a handle's kind: mancala_env, mancala_vec or mancala_agent.
type kind int

const (
	envKind kind = iota + 1
	vecKind
	agentKind
)

// handle is one object behind the ABI.
type handle struct {
	kind    kind
	search  bool       // its calls can search (an agent, a searching opponent): they take a cancellable context
	mu      sync.Mutex // serialises the calls on the handle
	lastErr string
	freed   bool
	env     envOps
	vec     vecOps
	agent   agentOps
	buf     env.Batch // a vector handle's, pointed at the caller's buffers by each call
	last    *answer   // an agent's last answer
	sp      specInfo  // an env's sizes (fixed at creation; every step reads them)
	st      stepInfo  // an env's step answer (a field: on the stack it would escape through the interface call)
	id      int64     // its id (recent's check)

	cmu    sync.Mutex         // guards cancel (never held across a call)
	cancel context.CancelFunc // the call in progress's, or nil
}

var (
	tableMu sync.RWMutex
	table   = map[int64]*handle{}
	lastID  atomic.Int64
	// recent is the handle lookup found last (set and cleared under
	// tableMu, read without it): a loop stepping one environment finds
	// it without the table's lock and map. A lookup that read it just
	// before a release gets a handle marked freed, as one from the
	// table would be.
	recent atomic.Pointer[handle]
)

// register stores h and returns its new id.
func register(h *handle) int64 {
	id := lastID.Add(1)
	h.id = id
	tableMu.Lock()
	table[id] = h
	tableMu.Unlock()
	return id
}

// lookup returns the handle of kind k with id, or nil.
func lookup(id int64, k kind) *handle {
	if h := recent.Load(); h != nil && h.id == id {
		if h.kind != k {
			return nil
		}
		return h
	}
	tableMu.RLock()
	h := table[id]
	if h != nil {
		recent.Store(h) // under the lock: release's delete and clear cannot come between
	}
	tableMu.RUnlock()
	if h == nil || h.kind != k {
		return nil
	}
	return h
}

// release removes the handle of kind k with id and waits for a call in
// progress on it; it reports whether there was one.
func release(id int64, k kind) bool {
	tableMu.Lock()
	h := table[id]
	if h == nil || h.kind != k {
		tableMu.Unlock()
		return false
	}
	delete(table, id)
	recent.CompareAndSwap(h, nil)
	tableMu.Unlock()
	h.mu.Lock()
	h.freed = true
	h.env, h.vec, h.agent, h.last = nil, nil, nil, nil
	h.mu.Unlock()
	return true
}

// call runs fn on handle id of kind k under its lock, recovering a panic,
// and records the message of a failure (or "" after a success) on the
// handle. syntax is the code of an error wrapping mancala.ErrSyntax.
func call(id int64, k kind, syntax int32, fn func(h *handle) error) int32 {
	return callCtx(id, k, syntax, false, func(_ context.Context, h *handle) error { return fn(h) })
}

// callCtx is call for a call that can be cancelled (cancellable): fn gets
// a context that *_cancel cancels while it runs, when the handle can
// search (else the background context: nothing to cancel, no allocation).
func callCtx(id int64, k kind, syntax int32, cancellable bool, fn func(ctx context.Context, h *handle) error) (status int32) {
	h := lookup(id, k)
	if h == nil {
		return errHandle
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.freed {
		return errHandle // freed between lookup and the lock
	}
	ctx := context.Background()
	if cancellable && h.search {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		h.cmu.Lock()
		h.cancel = cancel
		h.cmu.Unlock()
		defer func() {
			h.cmu.Lock()
			h.cancel = nil
			h.cmu.Unlock()
			cancel()
		}()
	}
	defer func() {
		if r := recover(); r != nil {
			h.lastErr = fmt.Sprintf("%spanic: %v\n%s", abiErrorPrefix, r, debug.Stack())
			status = errInternal
		}
	}()
	if err := fn(ctx, h); err != nil {
		code := codeOf(err, syntax)
		msg := err.Error()
		if code == errCancelled {
			msg = abiErrorPrefix + "cancelled (nothing changed)"
		}
		h.lastErr = msg
		return code
	}
	h.lastErr = ""
	return statusOK
}

// cancelCall cancels the call in progress on handle id of kind k, if any.
func cancelCall(id int64, k kind) int32 {
	h := lookup(id, k)
	if h == nil {
		return errHandle
	}
	h.cmu.Lock()
	if h.cancel != nil {
		h.cancel()
	}
	h.cmu.Unlock()
	return statusOK
}

// lastError returns handle id's last message.
func lastError(id int64, k kind) (string, bool) {
	h := lookup(id, k)
	if h == nil {
		return "", false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lastErr, !h.freed
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
