package agent

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// now is the clock that time budgets (AlphaBeta.Time, MCTS.Time) are read
// from: time.Now, which tests replace with a clock that advances one step
// per reading, so that a budget's effect does not depend on the
// machine's speed.
var now = time.Now

// Agent chooses moves. P is the game's position type, M its move type.
type Agent[P mancala.Game[P, M], M comparable] interface {
	// Move returns a legal move for p, chosen for the player p.ToMove().
	// ctx bounds the time spent: when it is done the agent answers at once
	// with the best move found so far (a human front end may instead return
	// ctx.Err()). Move returns a legal move whenever p has one; for a
	// finished game it returns an error wrapping [mancala.ErrGameOver].
	Move(ctx context.Context, p P) (M, error)
}

// HistoryAgent is the optional interface of an agent that reads the
// game's history, for the repetition rule (C-10): MoveHistory is Move of
// h.Position() knowing every position played before it. [PlayHistory]
// uses it when an agent has it; [AlphaBeta] has it. It must not change h.
type HistoryAgent[P mancala.Position[P, M], M mancala.Move] interface {
	MoveHistory(ctx context.Context, h *mancala.History[P, M]) (M, error)
}

// AgentFunc adapts a function to the [Agent] interface.
type AgentFunc[P mancala.Game[P, M], M comparable] func(ctx context.Context, p P) (M, error)

// Move returns f(ctx, p).
func (f AgentFunc[P, M]) Move(ctx context.Context, p P) (M, error) { return f(ctx, p) }

// ErrConfig reports agent settings that a search cannot use, such as an
// MCTS exploration constant that is not a finite number >= 0. The agent
// searches nothing and returns the zero move with an error wrapping it.
var ErrConfig = errors.New("agent: invalid settings")

// gameOver returns the error for a position without legal moves.
func gameOver[P mancala.Game[P, M], M comparable](p P) error {
	return &mancala.MoveError{Reason: "no legal move: " + p.Outcome().String(), Err: mancala.ErrGameOver}
}

// Random plays a legal move chosen uniformly at random from a seeded PCG
// stream: the same seed and positions give the same moves. Use [NewRandom].
// It ignores the context and allocates nothing per move once its buffer
// has grown.
type Random[P mancala.Game[P, M], M comparable] struct {
	rng *rand.Rand
	buf []M
}

// NewRandom returns a Random agent whose choices follow seed. Go cannot
// infer P and M from a seed, so name them:
// agent.NewRandom[kisolo.Position, kisolo.Move](1).
func NewRandom[P mancala.Game[P, M], M comparable](seed uint64) *Random[P, M] {
	return &Random[P, M]{rng: rand.New(rand.NewPCG(seed, 0x72616e646f6d))}
}

// Move returns a uniformly random legal move of p, or an error wrapping
// [mancala.ErrGameOver] when p has none.
func (r *Random[P, M]) Move(_ context.Context, p P) (M, error) {
	r.buf = p.AppendLegalMoves(r.buf[:0])
	if len(r.buf) == 0 {
		var zero M
		return zero, gameOver[P, M](p)
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}

// Play plays a game from start, asking south for South's moves and north
// for North's (whoever [mancala.Game.ToMove] names, so one agent may move
// several plies in a row), until the game is over or maxPlies plies have
// been played (maxPlies <= 0: no cap). After each ply it calls onMove (if
// not nil) with the ply number from 0, the position before, the move and
// the position after. It returns the moves played and the final position;
// check final.Outcome() to see whether the game ended. Play stops with an
// error, returning what was played so far, when ctx is done before a move
// (ctx.Err()), when an agent fails, or when an agent's move is refused by
// Apply (wrapping [mancala.ErrIllegalMove]).
func Play[P mancala.Game[P, M], M comparable](ctx context.Context, start P, south, north Agent[P, M], maxPlies int, onMove func(ply int, before P, m M, after P)) ([]M, P, error) {
	var moves []M
	p := start
	for ply := 0; maxPlies <= 0 || ply < maxPlies; ply++ {
		if p.Outcome().Over() {
			break
		}
		if err := ctx.Err(); err != nil {
			return moves, p, err
		}
		a := south
		if p.ToMove() == mancala.North {
			a = north
		}
		m, err := a.Move(ctx, p)
		if err != nil {
			return moves, p, errtext.Prefix("agent: ply "+strconv.Itoa(ply)+", "+p.ToMove().String()+" to move", err)
		}
		q, err := p.Apply(m)
		if err != nil {
			return moves, p, errtext.Prefix("agent: ply "+strconv.Itoa(ply)+", "+p.ToMove().String()+" played a refused move", err)
		}
		moves = append(moves, m)
		if onMove != nil {
			onMove(ply, p, m, q)
		}
		p = q
	}
	return moves, p, nil
}

// PlayHistory is [Play] through a game's history: each move is applied by
// h.Apply, so the repetition rule (C-10) ends the game when the rules ask
// for it, and h holds every move played. An agent that is a
// [HistoryAgent] is asked through MoveHistory, so that it sees the
// history. It plays from h's current
// position until the game is over or maxPlies plies have been played
// (maxPlies <= 0: no cap), calls onMove (if not nil) after each ply as
// Play does, and returns the moves it played. It stops with an error as
// Play does, h holding what was played so far.
func PlayHistory[P mancala.Position[P, M], M mancala.Move](ctx context.Context, h *mancala.History[P, M], south, north Agent[P, M], maxPlies int, onMove func(ply int, before P, m M, after P)) ([]M, error) {
	var moves []M
	for ply := 0; maxPlies <= 0 || ply < maxPlies; ply++ {
		p := h.Position()
		if p.Outcome().Over() {
			break
		}
		if err := ctx.Err(); err != nil {
			return moves, err
		}
		a := south
		if p.ToMove() == mancala.North {
			a = north
		}
		var m M
		var err error
		if ha, ok := a.(HistoryAgent[P, M]); ok {
			m, err = ha.MoveHistory(ctx, h)
		} else {
			m, err = a.Move(ctx, p)
		}
		if err != nil {
			return moves, errtext.Prefix("agent: ply "+strconv.Itoa(ply)+", "+p.ToMove().String()+" to move", err)
		}
		q, err := h.Apply(m)
		if err != nil {
			return moves, errtext.Prefix("agent: ply "+strconv.Itoa(ply)+", "+p.ToMove().String()+" played a refused move", err)
		}
		moves = append(moves, m)
		if onMove != nil {
			onMove(ply, p, m, q)
		}
	}
	return moves, nil
}
