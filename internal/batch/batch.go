// Package batch does the work of the JSON protocol's batch commands
// (mancala/wire's perft, playouts and selfplay): counting positions and
// playing many games on several goroutines, for any game. It neither reads
// nor writes the protocol; mancala/wire checks the requests and writes the
// answers.
package batch

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/seed8ebe013a/go-mancala/internal/seed"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// ErrNodes is the error of a [Perft] that counted more positions than its
// limit.
var ErrNodes = errors.New("batch: perft: too many positions")

// Seed returns the seed of game index of a batch with seed seed: a
// SplitMix64 mix of both, so that nearby seeds and indices give unrelated
// streams (seed s game i+1 is not seed s+1 game i).
func Seed(s, index uint64) uint64 {
	return seed.Mix(seed.Mix(s) ^ index)
}

// Run calls job(i) for i in [0, n) on workers goroutines (at least one),
// chunk indices at a time, until all are done, a job fails or ctx is done
// (no job starts after that). A job that returns an error once ctx is done
// is not done, and its error is not a failure. Run returns the number of
// jobs at the start of [0, n) that are done, and the error of the failed
// job of lowest index, if any.
func Run(ctx context.Context, n, workers, chunk int, job func(i int) error) (int, error) {
	done := make([]bool, n)
	var next atomic.Int64
	var mu sync.Mutex
	var stop atomic.Bool
	failed, firstErr := n, error(nil)
	var wg sync.WaitGroup
	for range max(1, min(workers, (n+chunk-1)/chunk)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for lo := 0; lo < n; {
				lo = int(next.Add(int64(chunk))) - chunk
				for i := lo; i < min(lo+chunk, n); i++ {
					if stop.Load() || ctx.Err() != nil {
						return
					}
					if err := job(i); err != nil {
						if ctx.Err() == nil {
							mu.Lock()
							if i < failed {
								failed, firstErr = i, err
							}
							mu.Unlock()
							stop.Store(true)
						}
						return
					}
					done[i] = true
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	k := 0
	for k < n && done[k] {
		k++
	}
	return k, nil
}

// Perft returns the number of positions exactly 1, 2, ..., depth (1 or
// more) plies after start (counts[d-1] is mancala.Perft(start, d)) and the
// count below each legal move of start at depth, in the game's order. It
// stops with [ErrNodes] once it has counted more than limit positions, all
// depths together, and with ctx's error when ctx is done.
func Perft[P mancala.Game[P, M], M comparable](ctx context.Context, start P, depth int, limit uint64) ([]uint64, []mancala.DivideEntry[M], error) {
	r := &perftRun[P, M]{counts: make([]uint64, depth), limit: limit, ctx: ctx}
	moves := append([]M(nil), start.AppendLegalMoves(nil)...)
	r.counts[0], r.total = uint64(len(moves)), uint64(len(moves))
	divide := make([]mancala.DivideEntry[M], 0, len(moves))
	for _, m := range moves {
		nodes := uint64(1)
		if depth > 1 {
			q, err := start.Apply(m)
			if err != nil {
				return nil, nil, refused(err)
			}
			before := r.counts[depth-1]
			if !r.walk(q, 1, depth) {
				return nil, nil, r.err
			}
			nodes = r.counts[depth-1] - before
		}
		divide = append(divide, mancala.DivideEntry[M]{Move: m, Nodes: nodes})
	}
	return r.counts, divide, nil
}

// perftRun counts positions by depth below a root, within a budget.
type perftRun[P mancala.Game[P, M], M comparable] struct {
	stack  mancala.Stack[P, M]
	counts []uint64
	total  uint64
	limit  uint64
	ctx    context.Context
	calls  int
	err    error
}

// walk adds the positions below p, which is ply plies after the root, to
// the counts of the plies up to depth; false means stop (r.err says why).
func (r *perftRun[P, M]) walk(p P, ply, depth int) bool {
	moves := r.stack.Moves(ply, p)
	r.counts[ply] += uint64(len(moves))
	r.total += uint64(len(moves))
	if r.total > r.limit {
		r.err = ErrNodes
		return false
	}
	if r.calls++; r.calls%4096 == 0 && r.ctx.Err() != nil {
		r.err = r.ctx.Err()
		return false
	}
	if ply+1 == depth {
		return true
	}
	for i := 0; i < len(moves); i++ {
		q, err := p.Apply(moves[i])
		if err != nil {
			r.err = refused(err)
			return false
		}
		if !r.walk(q, ply+1, depth) {
			return false
		}
	}
	return true
}

// End is how one game of a batch ended, without the score (a small value:
// a batch keeps one per game).
type End struct {
	Over   bool // false: still going at its ply cap
	Status mancala.Status
	Winner mancala.Player
	Reason mancala.Reason
	Plies  int32
}

// Outcome returns e as an outcome without a score (the zero Outcome for a
// game still going).
func (e End) Outcome() mancala.Outcome {
	if !e.Over {
		return mancala.Outcome{}
	}
	return mancala.Outcome{Status: e.Status, Winner: e.Winner, Reason: e.Reason}
}

// Playouts plays the random games first, first+1, ..., first+n-1 from
// start, each of at most maxPlies plies, on workers goroutines: game i is
// mancala.NewPlayout(Seed(seed, first+i)).Run(start, maxPlies), so the
// games do not depend on the workers. It returns how the games ended up to
// the first one not played when ctx was done.
func Playouts[P mancala.Game[P, M], M comparable](ctx context.Context, start P, seed uint64, first int64, n, maxPlies, workers int) ([]End, error) {
	ends := make([]End, n)
	k, err := Run(ctx, n, workers, 64, func(i int) error {
		q, plies, err := mancala.NewPlayout[P, M](Seed(seed, uint64(first)+uint64(i))).Run(start, maxPlies)
		if err != nil {
			return err
		}
		ends[i].Plies = int32(plies)
		if o := q.Outcome(); o.Over() {
			ends[i] = End{true, o.Status, o.Winner, o.Reason, int32(plies)}
		}
		return nil
	})
	return ends[:k], err
}

// Played is one game of [Selfplay]: its moves and final position.
type Played[P, M any] struct {
	Moves []M
	Final P
}

// Selfplay plays n games from start on workers goroutines, each of at most
// maxPlies plies through a [mancala.History] (so that repetition ends a
// game under Repetition:Three), between the agents players(i) returns for
// game i, and calls done(i) (when not nil) as game i is finished. It
// returns the games up to the first one not finished when ctx was done.
func Selfplay[P mancala.Position[P, M], M mancala.Move](ctx context.Context, d *mancala.Descriptor[P, M], start P, n, maxPlies, workers int,
	players func(i int) (south, north agent.Agent[P, M], err error), done func(i int)) ([]Played[P, M], error) {
	games := make([]Played[P, M], n)
	k, err := Run(ctx, n, workers, 1, func(i int) error {
		south, north, err := players(i)
		if err != nil {
			return err
		}
		h := mancala.NewHistory(d, start)
		moves, err := agent.PlayHistory(ctx, h, south, north, maxPlies, nil)
		if ctx.Err() != nil {
			return ctx.Err() // the deadline: this game is not answered
		}
		if err != nil {
			return err
		}
		games[i] = Played[P, M]{moves, h.Position()}
		if done != nil {
			done(i)
		}
		return nil
	})
	return games[:k], err
}

// refused returns the error of a legal move that Apply refused: "batch:
// perft: legal move refused: " and err's message, wrapping err (as
// fmt.Errorf's %w, written without fmt for the WebAssembly build).
func refused(err error) error { return &refusedError{err} }

type refusedError struct{ err error }

func (e *refusedError) Error() string { return "batch: perft: legal move refused: " + e.err.Error() }

func (e *refusedError) Unwrap() error { return e.err }
