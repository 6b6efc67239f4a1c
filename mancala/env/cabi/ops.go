//go:build cgo

package main

import (
	"context"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// specInfo is mancala_spec.
type specInfo struct{ obsLen, actions, horizon, n, seat, both int32 }

// common is what every environment handle answers.
type common interface {
	spec() specInfo
	bounds() (low, high []float32)
	names() []string
}

// stepInfo is mancala_step_t.
type stepInfo struct {
	rewards                              [2]float32
	terminated, truncated, toMove, state uint8
	plies, legal                         int32
}

// envOps is a single environment of some game.
type envOps interface {
	common
	reset(ctx context.Context, seed *uint64) error
	step(ctx context.Context, action int) (stepInfo, error)
	// stepAll is step with the answer written into *st, then (each when
	// not nil) the observation from obsSeat into obs (exactly its width),
	// the mask and the legal ids (len Actions), whose number goes into
	// st.legal (also when count is set without ids: into scratch).
	stepAll(ctx context.Context, action int, st *stepInfo, obsSeat int32, obs []float32, mask []bool, ids []int32, count bool) error
	observe(seat int32, dst []float32) error
	mask(dst []bool)
	legal(dst []int32) int
	status() (toMove, plies, state, result int32)
	actionText(a int) (string, error)
	textAction(s string) (int, error)
	position() string
	setPosition(text string, plies int) error
}

// vecOps is a vector environment of some game.
type vecOps interface {
	common
	reset(ctx context.Context, seed *uint64, b *env.Batch) error
	step(ctx context.Context, actions []int32, b *env.Batch) error
	observe(b *env.Batch) error
	position(i int) (string, error)
}

// answer is a think's answer (mancala_think_t, the move and the line).
type answer struct {
	move, line                                  string
	value, nodes, iterations, visits, elapsedMs int64
	winRate                                     float64
	action, outcome, depth, lineMoves           int32
}

// agentOps is an agent of some game.
type agentOps interface {
	think(ctx context.Context, position string) (answer, error)
	spec() string
}

// config is what *_new asks for.
type config struct {
	rules, opponent         string
	seat                    int32
	seed                    uint64
	horizon, n, both, works int32
	vec                     bool
}

// made is what newOps makes: one of its fields.
type made struct {
	env       envOps
	vec       vecOps
	searching bool // an opponent that searches: its resets and steps can be cancelled
}

// limits are the limits every spec is checked against.
var limits = agent.DefaultLimits()

// spec reads an agent spec and checks it, resolved against d's levels,
// against the limits; it returns the spec as given (levels resolve
// again inside agent.New, to the same agent).
func checkedSpec[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], text string) (agent.Spec, agent.Spec, error) {
	s, err := agent.ParseSpec(text)
	if err != nil {
		return s, s, err
	}
	r, err := limits.CheckSpec(s, d.Levels)
	if err != nil {
		return s, r, fail(codeOf(err, errAgent), "%s: %v", d.Name, err)
	}
	return s, r, nil
}

// cancellable returns the opponent s names, whose moves fail with the
// context's error once it is done: a search that was cut short answers a
// move of a shallower search, which the environment must not play.
func cancellable[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s agent.Spec) env.Opponent[P, M] {
	base := env.SpecOpponent(d, s)
	return func(seed uint64) (agent.Agent[P, M], error) {
		a, err := base(seed)
		if err != nil {
			return nil, err
		}
		if s.Kind == agent.KindRandom {
			return a, nil
		}
		return agent.AgentFunc[P, M](func(ctx context.Context, p P) (M, error) {
			m, err := a.Move(ctx, p)
			if err == nil && ctx.Err() != nil {
				var zero M
				return zero, ctx.Err()
			}
			return m, err
		}), nil
	}
}

// newOps makes a single (c.vec false) or vector environment of d's game.
func newOps[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], c config) (made, error) {
	var opt env.Options[P, M]
	opt.Seed, opt.Horizon = c.seed, int(c.horizon)
	searching := false
	if c.opponent != "" {
		s, r, err := checkedSpec(d, c.opponent)
		if err != nil {
			return made{}, err
		}
		searching = r.Kind != agent.KindRandom
		opt.Opponent = cancellable(d, s)
		switch c.seat {
		case seatSouth, seatNorth:
			opt.Seat = mancala.Player(c.seat)
		case seatAlternate:
			if !c.vec {
				return made{}, fail(errArgument, "seat %d: a single environment's agent plays 0 (South) or 1 (North)", c.seat)
			}
		default:
			return made{}, fail(errArgument, "seat %d: want 0 (South), 1 (North) or, for a vector environment, 3 (alternate)", c.seat)
		}
	} else if c.seat != seatNone {
		return made{}, fail(errArgument, "seat %d without an opponent: self-play takes seat -1 (MANCALA_SEAT_NONE: the actions play whoever is to move)", c.seat)
	}
	if !c.vec {
		e, err := env.New(d, c.rules, opt)
		if err != nil {
			return made{}, err
		}
		x := &envImpl[P, M]{e: e, d: d}
		x.sp = x.makeSpec()
		return made{env: x, searching: searching}, nil
	}
	if searching && c.n > maxSearchEnvs {
		return made{}, fail(errArgument, "n %d: at most %d environments with a searching opponent (%s)", c.n, maxSearchEnvs, c.opponent)
	}
	if c.works < 0 {
		return made{}, fail(errArgument, "workers %d: want 0 (the number of cores) or more", c.works)
	}
	v, err := env.NewVec(d, c.rules, int(c.n), env.VecOptions[P, M]{Options: opt,
		AlternateSeats: c.seat == seatAlternate, BothSeats: c.both != 0, Workers: int(c.works)})
	if err != nil {
		return made{}, err
	}
	return made{vec: &vecImpl[P, M]{v: v, seat: c.seat}, searching: searching}, nil
}

// opsResult is what makeOps's generic function answers.
type opsResult struct {
	m   made
	err error
}

func opsOf[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], c config) opsResult {
	m, err := newOps(d, c)
	return opsResult{m, err}
}

// makeOps makes the environment of the game named game.
func makeOps(game string, c config) (made, error) {
	r, err := games.Do(game, c, opsOf, opsOf, opsOf)
	if err != nil {
		return made{}, fail(errGame, "%v", err)
	}
	return r.m, r.err
}

// agentArg and agentResult are makeAgent's generic function's.
type agentArg struct {
	spec string
	seed uint64
}

type agentResult struct {
	a   agentOps
	err error
}

func agentOf[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], a agentArg) agentResult {
	x, err := newAgent(d, a.spec, a.seed)
	return agentResult{x, err}
}

// makeAgent makes the agent spec names for the game named game.
func makeAgent(game, spec string, seed uint64) (agentOps, error) {
	r, err := games.Do(game, agentArg{spec, seed}, agentOf, agentOf, agentOf)
	if err != nil {
		return nil, fail(errGame, "%v", err)
	}
	return r.a, r.err
}

type envImpl[P mancala.Position[P, M], M mancala.Move] struct {
	e       *env.Env[P, M]
	d       *mancala.Descriptor[P, M]
	scratch []bool   // legal's mask
	ids     []int32  // stepAll's ids when only their number is asked for
	sp      specInfo // the sizes, fixed at creation (every step reads them)
}

func (x *envImpl[P, M]) spec() specInfo { return x.sp }

func (x *envImpl[P, M]) makeSpec() specInfo {
	seat, ok := x.e.Seat()
	s := specInfo{obsLen: int32(x.e.Observer().Len()), actions: int32(x.e.Actions()), horizon: int32(x.e.Horizon()), n: 1, seat: seatNone}
	if ok {
		s.seat = int32(seat)
	}
	return s
}

func (x *envImpl[P, M]) bounds() ([]float32, []float32) {
	return x.e.Observer().Low(), x.e.Observer().High()
}
func (x *envImpl[P, M]) names() []string { return x.e.Observer().Names() }

func (x *envImpl[P, M]) reset(ctx context.Context, seed *uint64) error {
	if seed != nil {
		return x.e.ResetSeedContext(ctx, *seed)
	}
	return x.e.ResetContext(ctx)
}

func (x *envImpl[P, M]) step(ctx context.Context, a int) (stepInfo, error) {
	var st stepInfo
	err := x.stepAll(ctx, a, &st, 0, nil, nil, nil, false)
	return st, err
}

// stepAll is the step's hot path: one call from the ABI, the new
// position read once (every call on P goes through the generic
// dictionary and copies it), nothing allocated.
func (x *envImpl[P, M]) stepAll(ctx context.Context, a int, out *stepInfo, obsSeat int32, obs []float32, mask []bool, ids []int32, count bool) error {
	st, err := x.e.StepContext(ctx, a)
	if err != nil {
		return err
	}
	p := x.e.Position()
	mover := p.ToMove()
	// status()'s state, read from the step's answer (Terminated is the
	// new position's outcome, Truncated the horizon reached first): the
	// position's outcome is not worked out again.
	var state uint8
	switch {
	case st.Terminated:
		state = 1
	case st.Truncated:
		state = 2
	}
	out.rewards = st.Rewards
	out.terminated, out.truncated = b2u(st.Terminated), b2u(st.Truncated)
	out.toMove, out.state = uint8(mover), state
	out.plies = int32(x.e.Plies())
	if obs != nil {
		if err := x.observeAt(p, obsSeat, mover, obs); err != nil {
			return err
		}
	}
	if mask != nil {
		x.d.AppendMask(p, mask[:0:len(mask)])
	}
	if ids != nil || count {
		if ids == nil {
			if cap(x.ids) < x.e.Actions() {
				x.ids = make([]int32, x.e.Actions())
			}
			ids = x.ids[:x.e.Actions()]
		}
		if mask == nil {
			x.scratch = x.d.AppendMask(p, x.scratch[:0])
			mask = x.scratch
		}
		out.legal = int32(maskIDs(mask, ids)) // the mask just written: the moves made once
	}
	return nil
}

// observeAt writes the observation of p, whose player to move is mover,
// from seat (0, 1, the mover, both) into dst, which has exactly the room.
func (x *envImpl[P, M]) observeAt(p P, seat int32, mover mancala.Player, dst []float32) error {
	o := x.e.Observer()
	l := o.Len()
	switch seat {
	case seatMover:
		seat = int32(mover)
	case seatBoth:
		if _, err := o.Append(dst[:0:l], p, mancala.South); err != nil {
			return err
		}
		_, err := o.Append(dst[l:l:2*l], p, mancala.North)
		return err
	}
	_, err := o.Append(dst[:0:l], p, mancala.Player(seat))
	return err
}

// observe writes the observation from seat (0, 1, the mover, both) into
// dst, which has exactly the room.
func (x *envImpl[P, M]) observe(seat int32, dst []float32) error {
	p := x.e.Position()
	return x.observeAt(p, seat, p.ToMove(), dst)
}

func (x *envImpl[P, M]) mask(dst []bool) { x.e.AppendMask(dst[:0:x.e.Actions()]) }

// legal writes the legal ids into dst (len >= Actions) in increasing
// order and returns their number: the ids the mask allows.
func (x *envImpl[P, M]) legal(dst []int32) int {
	x.scratch = x.e.AppendMask(x.scratch[:0])
	return maskIDs(x.scratch, dst)
}

// maskIDs writes the ids mask allows into dst (len >= len(mask)) in
// increasing order and returns their number.
func maskIDs(mask []bool, dst []int32) int {
	dst = dst[:len(mask)]
	n := 0
	for a, ok := range mask {
		// Without a branch (legal and illegal ids alternate unpredictably):
		// every id is written at n, which moves on past the legal ones.
		dst[n] = int32(a)
		inc := 0
		if ok {
			inc = 1
		}
		n += inc
	}
	return n
}

func (x *envImpl[P, M]) status() (toMove, plies, state, result int32) {
	p := x.e.Position()
	toMove, plies = int32(p.ToMove()), int32(x.e.Plies())
	switch {
	case x.e.Terminated():
		state = 1
	case x.e.Truncated():
		state = 2
	}
	if o := p.Outcome(); o.Status == mancala.Win {
		result = 1
		if o.Winner == mancala.North {
			result = -1
		}
	}
	return
}

func (x *envImpl[P, M]) actionText(a int) (string, error)  { return x.e.ActionText(a) }
func (x *envImpl[P, M]) textAction(s string) (int, error)  { return x.e.ParseAction(s) }
func (x *envImpl[P, M]) position() string                  { return x.e.Position().String() }
func (x *envImpl[P, M]) setPosition(s string, n int) error { return x.e.ParsePosition(s, n) }

type vecImpl[P mancala.Position[P, M], M mancala.Move] struct {
	v    *env.VecEnv[P, M]
	seat int32
}

func (x *vecImpl[P, M]) spec() specInfo {
	s := specInfo{obsLen: int32(x.v.Observer().Len()), actions: int32(x.v.Actions()), horizon: int32(x.v.Horizon()), n: int32(x.v.N()), seat: x.seat}
	if x.v.Width() != x.v.Observer().Len() {
		s.both = 1
	}
	return s
}

func (x *vecImpl[P, M]) bounds() ([]float32, []float32) {
	return x.v.Observer().Low(), x.v.Observer().High()
}
func (x *vecImpl[P, M]) names() []string { return x.v.Observer().Names() }

func (x *vecImpl[P, M]) reset(ctx context.Context, seed *uint64, b *env.Batch) error {
	if seed != nil {
		return x.v.ResetSeedContext(ctx, *seed, b)
	}
	return x.v.ResetContext(ctx, b)
}

func (x *vecImpl[P, M]) step(ctx context.Context, a []int32, b *env.Batch) error {
	return x.v.StepContext(ctx, a, b)
}
func (x *vecImpl[P, M]) observe(b *env.Batch) error { return x.v.Observe(b) }

func (x *vecImpl[P, M]) position(i int) (string, error) {
	if i < 0 || i >= x.v.N() {
		return "", fail(errArgument, "environment %d: want 0..%d", i, x.v.N()-1)
	}
	p, _, err := x.v.Position(i)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

// agentImpl is an agent of d's game.
type agentImpl[P mancala.Position[P, M], M mancala.Move] struct {
	d    *mancala.Descriptor[P, M]
	a    agent.Agent[P, M]
	text string // the resolved spec
	line []M
}

func newAgent[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], text string, seed uint64) (agentOps, error) {
	s, r, err := checkedSpec(d, text)
	if err != nil {
		return nil, err
	}
	s.Seed += seed
	r.Seed += seed
	a, err := agent.New(d, s)
	if err != nil {
		return nil, err
	}
	return &agentImpl[P, M]{d: d, a: a, text: r.String()}, nil
}

func (x *agentImpl[P, M]) spec() string { return x.text }

// think searches the position text and answers as the header says.
func (x *agentImpl[P, M]) think(ctx context.Context, position string) (answer, error) {
	var ans answer
	p, err := x.d.Parse(position)
	if err != nil {
		return ans, err
	}
	if p.Outcome().Over() {
		return ans, fail(errOver, "the game of %q is over: nothing to think", position)
	}
	start := time.Now()
	var m M
	x.line = x.line[:0]
	switch a := x.a.(type) {
	case *agent.AlphaBeta[P, M]:
		r, err := a.Search(ctx, p)
		if err != nil {
			return ans, err
		}
		m = r.Move
		x.line = a.AppendLine(x.line, p, r)
		ans.value, ans.nodes, ans.depth = int64(r.Value), r.Nodes, int32(r.Depth)
		ans.outcome = outcomeOf(r.Value, r.Depth < a.Depth && a.Time == 0)
	case *agent.MCTS[P, M]:
		r, err := a.Search(ctx, p)
		if err != nil {
			return ans, err
		}
		m = r.Move
		ans.iterations, ans.visits, ans.winRate = int64(r.Iterations), int64(r.Visits), r.WinRate
	default:
		if m, err = a.Move(ctx, p); err != nil {
			return ans, err
		}
	}
	if err := ctx.Err(); err != nil {
		return answer{}, err // cut short: its move is a shallower search's
	}
	if len(x.line) == 0 {
		x.line = append(x.line, m)
	}
	ans.elapsedMs = time.Since(start).Milliseconds()
	id, err := x.d.Action(p, m)
	if err != nil {
		return answer{}, err
	}
	ans.action, ans.move, ans.lineMoves = int32(id), m.String(), int32(len(x.line))
	var b strings.Builder
	for i, lm := range x.line {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(lm.String())
	}
	ans.line = b.String()
	return ans, nil
}

// outcomeOf reads an alphabeta value: a forced win or loss; with exact
// (the search stopped before its depth without a time budget: every line
// reached a finished game, so the value is the game's) also a draw; else
// unknown.
func outcomeOf(v int, exact bool) int32 {
	switch {
	case v >= agent.WinValue/2 || exact && v > 0:
		return outcomeWin
	case v <= -agent.WinValue/2 || exact && v < 0:
		return outcomeLoss
	case exact:
		return outcomeDraw
	}
	return outcomeUnknown
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
