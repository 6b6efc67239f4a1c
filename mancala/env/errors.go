package env

import "errors"

// The errors of the package: every error it returns wraps one of these or
// one of package mancala's ([mancala.ErrNoAction] for an action id
// outside the action space, [mancala.ErrIllegalMove] for an illegal one,
// [mancala.ErrSyntax] and [mancala.ErrRules] for bad text), so that
// errors.Is tells them apart.
var (
	// ErrConfig reports settings an environment cannot use: a descriptor
	// without the action functions, n, a horizon or a seat out of range,
	// a buffer of the wrong length.
	ErrConfig = errors.New("env: bad configuration")
	// ErrEpisodeOver reports a step of an [Env] whose episode has ended
	// (terminated or truncated): reset it first.
	ErrEpisodeOver = errors.New("env: the episode is over (reset first)")
	// ErrMismatch reports a position that does not belong to the
	// environment: another game, other rules, another seed total, or (with
	// an opponent) the opponent to move.
	ErrMismatch = errors.New("env: the position does not fit the environment")
	// ErrAgent reports an opponent that could not be made or that failed
	// to move.
	ErrAgent = errors.New("env: the opponent failed")
)
