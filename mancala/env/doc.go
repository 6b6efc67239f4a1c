// Package env is learning environments over any game's
// [mancala.Descriptor]: [Env], one game stepped by action id, and
// [VecEnv], n games stepped together into the caller's flat arrays, with
// the one observation encoder [Observer]. It names no game: a program
// passes the descriptor (kisolo.Descriptor and so on). docs/env.md is
// the full description; mancala/env/cabi is its C ABI, for other
// languages.
//
// # Actions, observations, rewards
//
// Action ids are those of docs/design.md ("Action ids"): 0..Actions()-1,
// relative to the player to move, fixed for a whole game; the mask tells
// which are legal. An observation is a position seen from one seat as
// float32 values (the layout is [Observer]'s); the mover's view is the
// seat view of the side to move. A step's reward is +1 for the winner
// and -1 for the loser of a game that ended in it, 0 otherwise.
// Terminated means the game ended by its rules, truncated that the
// episode reached the horizon (the descriptor's Horizon unless the
// options give one) first.
//
// # Opponents
//
// With [Options].Opponent set, the environment plays the other seat
// itself, inside Reset and Step, with an agent made per environment from
// a seed ([SpecOpponent] makes one from an agent spec such as "random" or
// "alphabeta:2"); every episode starts, and continues, with the agent to
// move, whatever the horizon.
//
// # Vector environments
//
// A [VecEnv] writes into a [Batch] of caller-owned slices, allocates
// nothing per step (but what the opponents allocate), resets each
// environment that ended in the same step (Gymnasium's
// AutoresetMode.SAME_STEP, the last observation in FinalObs), and spreads
// a step over Workers goroutines; environment i depends only on its own
// actions and its opponent's seed, so the results do not depend on the
// number of workers.
//
// # Errors
//
// Bad input never panics and never changes an environment: ids out of
// range wrap [mancala.ErrNoAction], illegal ones [mancala.ErrIllegalMove],
// bad settings [ErrConfig], foreign positions [ErrMismatch], a step after
// the episode ended [ErrEpisodeOver], an opponent's failure [ErrAgent].
//
// # Stability
//
// This package is experimental: it may change in any release, named in the
// CHANGELOG but without a deprecation period. Its C library
// (mancala/env/cabi) is versioned apart, by MANCALA_ABI_VERSION in its
// header: an incompatible change of the C ABI raises that number and the
// library's SONAME.
package env
