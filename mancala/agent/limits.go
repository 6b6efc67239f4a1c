package agent

import (
	"strconv"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Limits bound the work one move of an agent may ask for when a spec
// comes from outside a program (a request, a flag, a binding's caller):
// the one set of service limits that the C library, the JSON service
// (mancala/wire), the engine and the tournament program apply. A zero
// field means no limit beyond the spec grammar's own bounds ([MaxDepth],
// [MaxIterations], [MaxTime], [MaxWorkers]).
type Limits struct {
	// MaxDepth is the deepest alphabeta search, in plies.
	MaxDepth int
	// MaxIterations is the most MCTS iterations (playouts) a move.
	MaxIterations int
	// MaxWorkers is the most MCTS workers (goroutines) a move.
	MaxWorkers int
	// MaxTime is the longest time budget a move.
	MaxTime time.Duration
}

// Default service limits ([DefaultLimits]).
const (
	// DefaultMaxDepth is the default deepest alphabeta search, in plies.
	DefaultMaxDepth = 10
	// DefaultMaxIterations is the default most MCTS iterations a move.
	DefaultMaxIterations = 100_000
	// DefaultMaxWorkers is the default most MCTS workers a move.
	DefaultMaxWorkers = 8
	// DefaultMaxTime is the default longest time budget a move.
	DefaultMaxTime = 2 * time.Second
)

// DefaultLimits returns the service limits: alphabeta depth at most 10
// plies, at most 100,000 MCTS iterations and 8 workers, a time budget
// of at most 2 s a move. Every level of the three games fits them.
func DefaultLimits() Limits {
	return Limits{MaxDepth: DefaultMaxDepth, MaxIterations: DefaultMaxIterations,
		MaxWorkers: DefaultMaxWorkers, MaxTime: DefaultMaxTime}
}

// LimitError is a spec over a [Limits]: the Limit's name ("depth",
// "iterations", "workers", "time"), the spec's Value and the limit Max,
// as text. It unwraps to [ErrSpec] (and [ErrLimit]).
type LimitError struct {
	Limit string
	Value string
	Max   string
}

// ErrLimit reports a spec over the service limits; a [*LimitError]
// wraps it.
var ErrLimit = errtext.Wrap(ErrSpec.Error()+": over the limits", ErrSpec)

// Error returns "agent: depth 12 is over the limit 10".
func (e *LimitError) Error() string {
	return "agent: " + e.Limit + " " + e.Value + " is over the limit " + e.Max
}

// Unwrap returns [ErrLimit], which wraps [ErrSpec].
func (e *LimitError) Unwrap() error { return ErrLimit }

// Check returns a [*LimitError] naming the first limit s is over (depth,
// iterations, workers, then time), or nil. s must be resolved
// ([Spec.Resolve]): a level is checked as the agent it names, so a level
// spec itself gives a [*SpecError]. A spec with a time budget and no
// depth or iterations is bounded by its time.
func (l Limits) Check(s Spec) error {
	if s.Kind == KindLevel {
		return &SpecError{Text: s.String(), Reason: "a level is checked against the limits as the agent it names (resolve it first)"}
	}
	s = s.normalize()
	over := func(limit string, v, m int64) error {
		return &LimitError{Limit: limit, Value: strconv.FormatInt(v, 10), Max: strconv.FormatInt(m, 10)}
	}
	switch {
	case l.MaxDepth > 0 && s.Depth > l.MaxDepth:
		return over("depth", int64(s.Depth), int64(l.MaxDepth))
	case l.MaxIterations > 0 && s.Iterations > l.MaxIterations:
		return over("iterations", int64(s.Iterations), int64(l.MaxIterations))
	case l.MaxWorkers > 0 && s.Workers > l.MaxWorkers:
		return over("workers", int64(s.Workers), int64(l.MaxWorkers))
	case l.MaxTime > 0 && s.Time > l.MaxTime:
		return &LimitError{Limit: "time", Value: s.Time.String(), Max: l.MaxTime.String()}
	}
	return nil
}

// CheckSpec resolves s against levels (a game's Descriptor.Levels) and
// checks the result against l: the resolved spec, or the error of
// [Spec.Resolve] or [Limits.Check].
func (l Limits) CheckSpec(s Spec, levels []mancala.Level) (Spec, error) {
	r, err := s.Resolve(levels)
	if err != nil {
		return Spec{}, err
	}
	if err := l.Check(r); err != nil {
		return Spec{}, err
	}
	return r, nil
}
