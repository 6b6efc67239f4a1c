package env

import (
	"context"
	"errors"
	"fmt"

	seedpkg "github.com/seed8ebe013a/go-mancala/internal/seed"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Limits of the environments.
const (
	// MaxHorizon is the largest horizon an environment takes, in plies.
	MaxHorizon = 100_000
	// DefaultHorizon is the horizon of a game whose descriptor has no
	// Horizon function.
	DefaultHorizon = 1000
	// MaxVecEnvs is the most environments of one [VecEnv].
	MaxVecEnvs = 8192
)

// Opponent makes the opponent agent of one environment from a seed, as
// [Options].Opponent: for example
//
//	func(seed uint64) (agent.Agent[kisolo.Position, kisolo.Move], error) {
//		return agent.NewRandom[kisolo.Position, kisolo.Move](seed), nil
//	}
//
// Each environment gets an agent of its own (a [VecEnv] one per
// environment), so that its moves depend only on its environment's seed
// and history, never on which goroutine steps it.
type Opponent[P mancala.Position[P, M], M mancala.Move] func(seed uint64) (agent.Agent[P, M], error)

// Options configures an [Env] or a [VecEnv]. The zero Options is
// self-play with the game's horizon.
type Options[P mancala.Position[P, M], M mancala.Move] struct {
	// Horizon is the ply count (both players' plies since the reset, the
	// opponent's included) at which an episode whose game has not ended
	// is truncated: 0 for the game's own (the descriptor's Horizon),
	// else 1..MaxHorizon.
	Horizon int
	// Opponent, if not nil, plays every ply of the seat other than Seat
	// inside Reset and Step: the actions are the agent's. nil is
	// self-play: the actions play whoever is to move.
	Opponent Opponent[P, M]
	// Seat is the agent's seat with an opponent (South or North); it
	// must be South (the zero value) in self-play.
	Seat mancala.Player
	// Seed seeds the opponent: the same seed, rules and actions give the
	// same episodes.
	Seed uint64
}

// Step is the outcome of one [Env.Step].
type Step struct {
	// Rewards holds South's and North's reward (index by
	// [mancala.Player]): +1 for the winner and -1 for the loser of a game
	// that ended in the step, 0 otherwise (a draw, a truncation, a game
	// that goes on).
	Rewards [2]float32
	// Terminated reports that the game ended by its rules in the step.
	Terminated bool
	// Truncated reports that the episode reached the horizon without the
	// game ending. Never both.
	Truncated bool
}

// Env is one learning environment: a game of one descriptor under one
// rule set, stepped by action id (docs/design.md, "Action ids"), with an
// optional opponent. Observations come from the game's [Observer]. Env
// does not reset itself: after a step that terminated or truncated, Step
// refuses until [Env.Reset]. An Env is not safe for concurrent use;
// distinct Envs are independent.
type Env[P mancala.Position[P, M], M mancala.Move] struct {
	d       *mancala.Descriptor[P, M]
	obs     *Observer[P, M]
	start   P
	rules   string
	actions int
	horizon int
	opt     Options[P, M]
	opp     agent.Agent[P, M]

	p      P
	plies  int
	over   bool // terminated or truncated
	maskAt []bool
	rep    *repetition[P, M] // the episode's positions (C-10); nil under Repetition:None
}

// checkDescriptor reports a descriptor without the functions an
// environment needs.
func checkDescriptor[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) error {
	if d == nil || d.New == nil || d.Rules == nil || d.Parse == nil || d.ParseMove == nil || d.Layout == nil ||
		d.Counts == nil || d.Actions == nil || d.Action == nil || d.ActionMove == nil || d.AppendMask == nil {
		return fmt.Errorf("%w: the descriptor lacks New, Rules, Parse, ParseMove, Layout, Counts or the action functions", ErrConfig)
	}
	return nil
}

// horizonOf resolves Options.Horizon for start.
func horizonOf[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], start P, h int) (int, error) {
	if h == 0 {
		h = DefaultHorizon
		if d.Horizon != nil {
			h = d.Horizon(start)
		}
	}
	if h < 1 || h > MaxHorizon {
		return 0, fmt.Errorf("%w: horizon %d: want 1..%d plies (0 for the game's)", ErrConfig, h, MaxHorizon)
	}
	return h, nil
}

// New returns an environment of d's game under rules (as in a position's
// rules= field, "" for the defaults), reset to the standard start. Bad
// rules give d.New's error (wrapping [mancala.ErrSyntax] or
// [mancala.ErrRules]); bad options an error wrapping [ErrConfig]; an
// opponent that cannot be made or fails one wrapping [ErrAgent].
func New[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], rules string, opt Options[P, M]) (*Env[P, M], error) {
	if err := checkDescriptor(d); err != nil {
		return nil, err
	}
	start, err := d.New(rules)
	if err != nil {
		return nil, err
	}
	if opt.Seat != mancala.South && (opt.Opponent == nil || opt.Seat != mancala.North) {
		return nil, fmt.Errorf("%w: seat %v: want South or North with an opponent, South in self-play", ErrConfig, opt.Seat)
	}
	e := &Env[P, M]{d: d, start: start, rules: d.Rules(start), actions: d.Actions(start), opt: opt}
	if e.horizon, err = horizonOf(d, start, opt.Horizon); err != nil {
		return nil, err
	}
	if e.obs, err = NewObserver(d, start); err != nil {
		return nil, err
	}
	e.maskAt = make([]bool, 0, e.actions)
	e.rep = newRepetition(d, start)
	if err := e.ResetSeed(opt.Seed); err != nil {
		return nil, err
	}
	return e, nil
}

// newOpponent makes an opponent from seed, refusing a nil agent.
func newOpponent[P mancala.Position[P, M], M mancala.Move](f Opponent[P, M], seed uint64) (agent.Agent[P, M], error) {
	a, err := f(seed)
	if err == nil && a == nil {
		err = errors.New("the opponent maker returned no agent")
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrAgent, err)
	}
	return a, nil
}

// Observer returns the environment's observation encoder (its Len, Names
// and bounds). Do not use it from another goroutine while the Env is in
// use; Clone it.
func (e *Env[P, M]) Observer() *Observer[P, M] { return e.obs }

// Actions returns the number of action ids: ids are 0..Actions()-1.
func (e *Env[P, M]) Actions() int { return e.actions }

// Horizon returns the truncation ply count.
func (e *Env[P, M]) Horizon() int { return e.horizon }

// Rules returns the rules as in rules= ("" for the defaults).
func (e *Env[P, M]) Rules() string { return e.rules }

// Seat returns the agent's seat and whether there is an opponent.
func (e *Env[P, M]) Seat() (mancala.Player, bool) { return e.opt.Seat, e.opt.Opponent != nil }

// Position returns the current position.
func (e *Env[P, M]) Position() P { return e.p }

// Plies returns the plies played since the reset (the opponent's
// included), or as given to SetPosition.
func (e *Env[P, M]) Plies() int { return e.plies }

// Terminated reports whether the current position's game is over.
func (e *Env[P, M]) Terminated() bool { return e.p.Outcome().Over() }

// Truncated reports whether the episode reached the horizon without the
// game ending.
func (e *Env[P, M]) Truncated() bool { return e.over && !e.Terminated() }

// Reset starts a new episode at the standard start, the opponent's first
// plies played if it moves first; the opponent's random stream goes on.
// It fails only when the opponent does (an error wrapping [ErrAgent]),
// leaving the environment as it was.
func (e *Env[P, M]) Reset() error { return e.ResetContext(context.Background()) }

// ResetContext is Reset with a context handed to the opponent's moves.
func (e *Env[P, M]) ResetContext(ctx context.Context) error {
	p, plies, rep, err := restart(ctx, e.start, e.opp, e.opt.Seat, e.opt.Opponent != nil, e.rep)
	if err != nil {
		return err
	}
	e.p, e.plies, e.over, e.rep = p, plies, false, rep
	return nil
}

// ResetSeed is Reset with the opponent made afresh from seed (as
// Options.Seed), like Gymnasium's reset(seed=...).
func (e *Env[P, M]) ResetSeed(seed uint64) error {
	return e.ResetSeedContext(context.Background(), seed)
}

// ResetSeedContext is ResetSeed with a context handed to the opponent's
// moves.
func (e *Env[P, M]) ResetSeedContext(ctx context.Context, seed uint64) error {
	opp := e.opp
	if e.opt.Opponent != nil {
		var err error
		if opp, err = newOpponent(e.opt.Opponent, seed); err != nil {
			return err
		}
	}
	p, plies, rep, err := restart(ctx, e.start, opp, e.opt.Seat, e.opt.Opponent != nil, e.rep)
	if err != nil {
		return err
	}
	e.opp, e.opt.Seed = opp, seed
	e.p, e.plies, e.over, e.rep = p, plies, false, rep
	return nil
}

// maxRestarts bounds the games an opponent may end before the agent's
// first move.
const maxRestarts = 100

// restart returns the start of an episode: start with the opponent's
// plies played until seat is to move, whatever the horizon (an episode
// always starts with the agent to move). A game the opponent ends before
// that is started again, at most maxRestarts times. With a repetition
// count (rep, of any episode: only its descriptor is used) it returns the
// new episode's, the opponent's plies counted; nil otherwise.
func restart[P mancala.Position[P, M], M mancala.Move](ctx context.Context, start P, opp agent.Agent[P, M], seat mancala.Player, hasOpp bool, rep *repetition[P, M]) (P, int, *repetition[P, M], error) {
	if !hasOpp {
		return start, 0, rep.fresh(start), nil
	}
	for range maxRestarts {
		r := rep.fresh(start)
		p, plies, err := reply(ctx, start, 0, opp, seat, MaxHorizon, r)
		if err != nil {
			return start, 0, nil, err
		}
		if !p.Outcome().Over() {
			if p.ToMove() != seat {
				return start, 0, nil, fmt.Errorf("%w: the opponent played %d plies without the agent's seat coming to move", ErrAgent, plies)
			}
			return p, plies, r, nil
		}
	}
	return start, 0, nil, fmt.Errorf("%w: the opponent ended %d games in a row before the agent's first move", ErrAgent, maxRestarts)
}

// reply plays opp's moves from p (plies played so far) while the game
// goes on, seat is not to move and plies < horizon, counting each
// position in rep (C-10; nil: none).
func reply[P mancala.Position[P, M], M mancala.Move](ctx context.Context, p P, plies int, opp agent.Agent[P, M], seat mancala.Player, horizon int, rep *repetition[P, M]) (P, int, error) {
	for plies < horizon && p.ToMove() != seat && !p.Outcome().Over() {
		m, err := opp.Move(ctx, p)
		if err != nil {
			return p, plies, fmt.Errorf("%w: %w", ErrAgent, err)
		}
		q, err := p.Apply(m)
		if err != nil {
			return p, plies, fmt.Errorf("%w: its move %v was refused: %w", ErrAgent, m, err)
		}
		p = rep.see(q)
		plies++
	}
	return p, plies, nil
}

// Step plays action (an id of the player to move; with an opponent, the
// agent's) and then the opponent's replies. An id outside 0..Actions()-1
// gives an error wrapping [mancala.ErrNoAction], an illegal one
// [mancala.ErrIllegalMove], a step after the episode ended
// [ErrEpisodeOver], a failing opponent [ErrAgent]; the environment is
// then unchanged (but for a failing opponent's own state). It allocates
// nothing (but what the opponent allocates).
func (e *Env[P, M]) Step(action int) (Step, error) {
	return e.StepContext(context.Background(), action)
}

// StepContext is Step with a context handed to the opponent's moves (an
// agent answers at once when it is done).
func (e *Env[P, M]) StepContext(ctx context.Context, action int) (Step, error) {
	var s Step
	if e.over {
		return s, ErrEpisodeOver
	}
	m, err := e.d.ActionMove(e.p, action)
	if err != nil {
		return s, err
	}
	q, err := e.p.Apply(m)
	if err != nil {
		return s, err
	}
	plies := e.plies + 1
	// Self-play without a repetition count (the common case) makes no
	// further call: every call on P goes through the generic dictionary
	// and copies the position.
	if e.rep != nil || e.opt.Opponent != nil {
		e.rep.mark()
		q = e.rep.see(q)
		if e.opt.Opponent != nil {
			if q, plies, err = reply(ctx, q, plies, e.opp, e.opt.Seat, e.horizon, e.rep); err != nil {
				e.rep.undo()
				return s, err
			}
		}
	}
	o := q.Outcome()
	if o.Status == mancala.Win {
		s.Rewards[o.Winner] = 1
		s.Rewards[o.Winner.Other()] = -1
	}
	s.Terminated = o.Over()
	s.Truncated = !s.Terminated && plies >= e.horizon
	e.p, e.plies, e.over = q, plies, s.Terminated || s.Truncated
	return s, nil
}

// SetPosition puts the environment at p with plies plies of the episode
// played (0..Horizon()), for clone, undo and history. p must be of the
// environment's rules and seed total (else an error wrapping
// [ErrMismatch]); with an opponent the agent must be to move unless the
// game is over. The episode is over if p's game is or plies reaches the
// horizon. On an error nothing changes.
func (e *Env[P, M]) SetPosition(p P, plies int) error {
	if plies < 0 || plies > e.horizon {
		return fmt.Errorf("%w: plies %d: want 0..%d (the horizon)", ErrConfig, plies, e.horizon)
	}
	if r := e.d.Rules(p); r != e.rules {
		return fmt.Errorf("%w: rules %q, the environment's are %q", ErrMismatch, r, e.rules)
	}
	if !e.obs.Fits(p) || e.d.Actions(p) != e.actions {
		return fmt.Errorf("%w: a position with %d seeds in all, the environment's game has %d", ErrMismatch, e.d.SeedTotal(p), e.obs.total)
	}
	over := p.Outcome().Over()
	if e.opt.Opponent != nil && !over && p.ToMove() != e.opt.Seat {
		return fmt.Errorf("%w: the opponent (%v) is to move; the agent plays %v", ErrMismatch, p.ToMove(), e.opt.Seat)
	}
	e.p, e.plies, e.over = p, plies, over || plies >= e.horizon
	e.rep = e.rep.fresh(p) // the history starts again at p (C-10)
	return nil
}

// ParsePosition reads a position in the notation of docs/notation.md and
// puts the environment there, as SetPosition. Bad text gives an error
// wrapping [mancala.ErrSyntax]; a position of another game, one wrapping
// it too (the game's name does not parse).
func (e *Env[P, M]) ParsePosition(text string, plies int) error {
	p, err := e.d.Parse(text)
	if err != nil {
		return err
	}
	return e.SetPosition(p, plies)
}

// AppendObservation appends the observation of the current position from
// seat (South or North) to dst; see [Observer.Append].
func (e *Env[P, M]) AppendObservation(dst []float32, seat mancala.Player) ([]float32, error) {
	return e.obs.Append(dst, e.p, seat)
}

// AppendMask appends Actions() flags to dst, flag a true exactly when
// action id a is legal for the player to move (all false once the game is
// over), and returns the extended slice. It allocates nothing when dst
// has room.
func (e *Env[P, M]) AppendMask(dst []bool) []bool { return e.d.AppendMask(e.p, dst) }

// ActionText returns the move text of action id a in the current position
// ("b3", "xb3", "a5:3"), legal or not; an id outside 0..Actions()-1 gives
// an error wrapping [mancala.ErrNoAction].
func (e *Env[P, M]) ActionText(a int) (string, error) {
	m, err := e.d.ActionMove(e.p, a)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// ParseAction returns the action id of move text in the current position.
// Bad text gives an error wrapping [mancala.ErrSyntax], a move without an
// id (not the mover's pit) one wrapping [mancala.ErrNoAction]. It does not
// check legality (the mask tells).
func (e *Env[P, M]) ParseAction(text string) (int, error) {
	m, err := e.d.ParseMove(text)
	if err != nil {
		return 0, err
	}
	return e.d.Action(e.p, m)
}

// mixSeed derives environment i's opponent seed from a vector
// environment's seed.
func mixSeed(seed uint64, i int) uint64 { return seedpkg.Mix(seed ^ seedpkg.Mix(uint64(i))) }

// SpecOpponent returns the Opponent that makes the agent s names for d's
// game ([agent.New]), its seed s.Seed plus the environment's: the one
// way a program or a binding turns an agent spec ("random",
// "alphabeta:2", "mcts:200") into an opponent. A spec that names no
// agent of d's game gives an error wrapping [ErrAgent] (and
// [agent.ErrSpec]) when the environment is made.
func SpecOpponent[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s agent.Spec) Opponent[P, M] {
	return func(seed uint64) (agent.Agent[P, M], error) {
		t := s
		t.Seed += seed
		return agent.New(d, t)
	}
}
