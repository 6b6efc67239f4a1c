package wire

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// Limits of the vector environments (docs/engine.md, "Research commands").
const (
	// MaxVecEnvs is the most environments of one vector environment.
	MaxVecEnvs = 8192
	// MaxVecEnvsSearch is the most environments of one vector environment
	// whose opponent searches (alphabeta).
	MaxVecEnvsSearch = 64
	// MaxVecOpponentDepth is the deepest alphabeta opponent, in plies.
	MaxVecOpponentDepth = 3
	// MaxVecStepTime bounds one vec_step or vec_reset (an alphabeta
	// opponent's searches): a step not done by then is refused with
	// too_large and every environment is left as it was.
	MaxVecStepTime = 10 * time.Second
	// MaxVecPerSession is the most vector environments one line session
	// holds at once.
	MaxVecPerSession = 16
	// MaxHorizon is the largest horizon a vector environment takes, in
	// plies.
	MaxHorizon = 100_000
)

// VecConfig configures a vector environment (the vec_create command).
type VecConfig struct {
	// Game and Rules choose the game and its rules (as in rules=; "" for
	// the defaults); every environment starts from the standard start.
	Game  string `json:"game"`
	Rules string `json:"rules,omitempty"`
	// N is the number of environments, 1..MaxVecEnvs (MaxVecEnvsSearch
	// with an alphabeta opponent).
	N int `json:"n"`
	// Seed fixes every random choice (the random opponent's moves): the
	// same seed and actions give the same answers.
	Seed uint64 `json:"seed,omitempty"`
	// Horizon is the ply count (both players' plies, opponent's
	// included) at which a game that has not ended is truncated: 0 for
	// the game's documented [Horizon], else 1..MaxHorizon.
	Horizon int `json:"horizon,omitempty"`
	// Opponent, if set, plays the other seat: the actions are the
	// agent's, the opponent's moves are played inside the step. nil for
	// self-play (the actions play whoever is to move).
	Opponent *VecOpponent `json:"opponent,omitempty"`
	// Seat is the agent's seat with an opponent: "S" (default), "N", or
	// "alternate" (environment i plays South for even i, North for odd).
	// It must be empty without an opponent.
	Seat string `json:"seat,omitempty"`
	// BothSeats makes every observation two: from South's seat, then
	// from North's (obs of shape (n, 2, L), finalObs (k, 2, L)), as a
	// multi-agent environment that observes both players needs.
	BothSeats bool `json:"bothSeats,omitempty"`
}

// VecOpponent is a vector environment's built-in opponent: "random"
// (uniform legal moves from the environment's own seeded stream) or
// "alphabeta" with Depth 1..MaxVecOpponentDepth plies (a fresh table per
// move, so its moves depend only on the position).
type VecOpponent struct {
	Agent string `json:"agent"`
	Depth int    `json:"depth,omitempty"`
}

// VecInfo describes a vector environment: its size, action count, the
// bytes of one environment's packed mask, the observation, the horizon
// and each environment's agent seat ("S" or "N" per environment with an
// opponent; empty in self-play).
type VecInfo struct {
	N           int             `json:"n"`
	Actions     int             `json:"actions"`
	MaskBytes   int             `json:"maskBytes"`
	Observation SeatObservation `json:"observation"`
	Horizon     int             `json:"horizon"`
	Seats       string          `json:"seats,omitempty"`
}

// vecArrays are the arrays of a vector environment's answer, as raw
// little-endian bytes (see VecState for shapes).
type vecArrays struct {
	obs, mask, reward, terminated, truncated, toMove, plies []byte
	ended, finalObs, finalResult                            []byte
}

// vecOps is a vector environment of one game.
type vecOps interface {
	info() VecInfo
	seed() uint64
	reset(ctx context.Context, seed uint64, out *vecArrays) error
	step(ctx context.Context, actions []int32, out *vecArrays) error
}

// vecMaker is what a game's adapter offers to make vector environments.
type vecMaker interface {
	newVec(cfg VecConfig) (vecOps, error)
}

// vecEnv is a vector environment of the line protocol: an env.VecEnv
// and the answer's arrays packed from its batch.
type vecEnv[P mancala.Position[P, M], M mancala.Move] struct {
	v     *env.VecEnv[P, M]
	inf   VecInfo
	cfg   VecConfig
	batch *env.Batch
}

func vecErr(format string, args ...any) error { return errorf(CodeBadRequest, format, args...) }

// vecOpponent returns the env.Opponent of o: agent.Random, or an
// AlphaBeta whose table is cleared before every move, so that its moves
// depend only on the position; a search cut by the step's deadline is an
// error (too_large), which leaves every environment as it was.
func vecOpponent[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], o VecOpponent) env.Opponent[P, M] {
	if o.Agent == "random" {
		return func(seed uint64) (agent.Agent[P, M], error) { return agent.NewRandom[P, M](seed), nil }
	}
	return func(uint64) (agent.Agent[P, M], error) {
		ab := agent.NewAlphaBeta(d, o.Depth)
		ab.TableSize = 1 << 12
		return agent.AgentFunc[P, M](func(ctx context.Context, p P) (M, error) {
			ab.ClearTable()
			r, err := ab.Search(ctx, p)
			if ctx.Err() != nil {
				return r.Move, errorf(CodeTooLarge, "wire: the opponent's searches did not finish before the deadline (at most %s a step); nothing changed: ask for fewer environments or a shallower opponent", MaxVecStepTime.String())
			}
			return r.Move, err
		}), nil
	}
}

func (a *adapter[P, M]) newVec(cfg VecConfig) (vecOps, error) {
	d := a.d
	start, err := d.New(cfg.Rules)
	if err != nil {
		return nil, fromErr(err)
	}
	maxN := MaxVecEnvs
	var opt env.VecOptions[P, M]
	if cfg.Opponent != nil {
		switch cfg.Opponent.Agent {
		case "random":
			if cfg.Opponent.Depth != 0 {
				return nil, vecErr("wire: a random opponent takes no depth")
			}
		case "alphabeta":
			if cfg.Opponent.Depth < 1 || cfg.Opponent.Depth > MaxVecOpponentDepth {
				return nil, vecErr("wire: an alphabeta opponent's depth must be 1..%d", MaxVecOpponentDepth)
			}
			maxN = MaxVecEnvsSearch
		default:
			return nil, vecErr("wire: unknown opponent agent %s: want random or alphabeta", quote(cfg.Opponent.Agent))
		}
		switch cfg.Seat {
		case "", "S":
			cfg.Seat = "S"
		case "N":
			opt.Seat = mancala.North
		case "alternate":
			opt.AlternateSeats = true
		default:
			return nil, vecErr("wire: bad seat %s: want S, N or alternate", quote(cfg.Seat))
		}
		opt.Opponent = vecOpponent(d, *cfg.Opponent)
	} else if cfg.Seat != "" {
		return nil, vecErr("wire: a seat needs an opponent (self-play plays both seats)")
	}
	if cfg.N < 1 || cfg.N > maxN {
		return nil, vecErr("wire: n must be 1..%d, got %d", maxN, cfg.N)
	}
	if cfg.Horizon == 0 {
		cfg.Horizon = d.Horizon(start)
	}
	if cfg.Horizon < 1 || cfg.Horizon > MaxHorizon {
		return nil, vecErr("wire: horizon must be 1..%d plies (0 for the game's), got %d", MaxHorizon, cfg.Horizon)
	}
	opt.Horizon, opt.Seed, opt.BothSeats = cfg.Horizon, cfg.Seed, cfg.BothSeats
	if cfg.N < 128 {
		opt.Workers = 1 // a step of a few environments is faster on one goroutine
	}
	v, err := env.NewVec(d, cfg.Rules, cfg.N, opt)
	if err != nil {
		return nil, vecFail(err)
	}
	actions := v.Actions()
	e := &vecEnv[P, M]{v: v, cfg: cfg, batch: v.NewBatch(),
		inf: VecInfo{N: cfg.N, Actions: actions, MaskBytes: (actions + 7) / 8, Observation: seatSpec(v.Observer()), Horizon: cfg.Horizon}}
	if cfg.Opponent != nil {
		seats := make([]byte, cfg.N)
		for i := range seats {
			s, _ := v.Seat(i)
			seats[i] = s.Letter()[0]
		}
		e.inf.Seats = string(seats)
	}
	return e, nil
}

// vecFail turns an error of env into the protocol's.
func vecFail(err error) error {
	var we *Error
	switch {
	case errors.As(err, &we):
		return we
	case errors.Is(err, mancala.ErrNoAction), errors.Is(err, env.ErrConfig):
		return errorf(CodeBadRequest, "wire: %s", err.Error())
	case errors.Is(err, mancala.ErrGameOver):
		return errorf(CodeGameOver, "wire: %s", err.Error())
	case errors.Is(err, mancala.ErrIllegalMove):
		return errorf(CodeIllegal, "wire: %s", err.Error())
	}
	return errorf(CodeInternal, "wire: %s", err.Error())
}

func (e *vecEnv[P, M]) info() VecInfo { return e.inf }
func (e *vecEnv[P, M]) seed() uint64  { return e.cfg.Seed }

// reset restarts every environment with the opponents' streams seeded
// from seed (the same seed replays the same games) and writes the answer.
func (e *vecEnv[P, M]) reset(ctx context.Context, seed uint64, out *vecArrays) error {
	ctx, cancel := context.WithTimeout(ctx, MaxVecStepTime)
	defer cancel()
	if err := e.v.ResetSeedContext(ctx, seed, e.batch); err != nil {
		return vecFail(err)
	}
	e.cfg.Seed = seed
	e.pack(out)
	return nil
}

// step plays actions[i] in environment i, then the opponent's replies,
// and resets the environments whose game ended (Gymnasium's same-step
// autoreset). An action out of range or illegal refuses the whole step,
// naming the first such environment, with every environment unchanged;
// so does an opponent's search cut by the deadline (MaxVecStepTime).
func (e *vecEnv[P, M]) step(ctx context.Context, actions []int32, out *vecArrays) error {
	if len(actions) != e.inf.N {
		return vecErr("wire: want %d actions, got %d", e.inf.N, len(actions))
	}
	ctx, cancel := context.WithTimeout(ctx, MaxVecStepTime)
	defer cancel()
	if err := e.v.StepContext(ctx, actions, e.batch); err != nil {
		return vecFail(err)
	}
	e.pack(out)
	return nil
}

// pack writes the batch into out's little-endian arrays.
func (e *vecEnv[P, M]) pack(out *vecArrays) {
	b, n, mb, A, W := e.batch, e.inf.N, e.inf.MaskBytes, e.inf.Actions, e.v.Width()
	grow := func(s []byte, size int) []byte {
		if cap(s) < size {
			return make([]byte, size)
		}
		return s[:size]
	}
	out.obs = grow(out.obs, n*W)
	for i, x := range b.Obs {
		out.obs[i] = uint8(x)
	}
	out.mask = grow(out.mask, n*mb)
	clear(out.mask)
	for i := range n {
		for a, f := range b.Mask[i*A : (i+1)*A] {
			if f {
				out.mask[i*mb+a>>3] |= 1 << (a & 7)
			}
		}
	}
	out.reward = grow(out.reward, 4*n)
	out.terminated = grow(out.terminated, n)
	out.truncated = grow(out.truncated, n)
	out.toMove = grow(out.toMove, n)
	out.plies = grow(out.plies, 4*n)
	out.ended, out.finalObs, out.finalResult = out.ended[:0], out.finalObs[:0], out.finalResult[:0]
	for i := range n {
		binary.LittleEndian.PutUint32(out.reward[4*i:], math.Float32bits(b.Reward[i]))
		out.terminated[i], out.truncated[i] = bit(b.Terminated[i]), bit(b.Truncated[i])
		out.toMove[i] = uint8(b.ToMove[i])
		binary.LittleEndian.PutUint32(out.plies[4*i:], uint32(b.Plies[i]))
		if b.Terminated[i] || b.Truncated[i] {
			out.ended = binary.LittleEndian.AppendUint32(out.ended, uint32(i))
			for _, x := range b.FinalObs[i*W : (i+1)*W] {
				out.finalObs = append(out.finalObs, uint8(x))
			}
			out.finalResult = append(out.finalResult, byte(b.FinalResult[i]))
		}
	}
}

func bit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
