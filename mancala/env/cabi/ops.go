//go:build cgo

package main

import (
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// specInfo is mancala_spec.
type specInfo struct{ obsLen, actions, horizon, n, seat, both int32 }

// common is what every handle answers.
type common interface {
	spec() specInfo
	bounds() (low, high []float32)
	names() []string
}

// envOps is a single environment of some game.
type envOps interface {
	common
	reset(seed *uint64) error
	step(action int) (env.Step, error)
	observe(seat int32, dst []float32) error
	mask(dst []bool)
	status() (toMove, plies, state, result int32)
	actionText(a int) (string, error)
	textAction(s string) (int, error)
	position() string
	setPosition(text string, plies int) error
}

// vecOps is a vector environment of some game.
type vecOps interface {
	common
	reset(seed *uint64, b *env.Batch) error
	step(actions []int32, b *env.Batch) error
	observe(b *env.Batch) error
	position(i int) (string, error)
}

// config is what *_new asks for.
type config struct {
	rules, opponent         string
	seat                    int32
	seed                    uint64
	horizon, n, both, works int32
	vec                     bool
}

// games makes the environments of each game by name.
var games = map[string]func(c config) (envOps, vecOps, error){
	kisolo.Name:  func(c config) (envOps, vecOps, error) { return newOps(&kisolo.Descriptor, c) },
	kiothi.Name:  func(c config) (envOps, vecOps, error) { return newOps(&kiothi.Descriptor, c) },
	kimasai.Name: func(c config) (envOps, vecOps, error) { return newOps(&kimasai.Descriptor, c) },
}

// newOps makes a single (c.vec false) or vector environment of d's game.
func newOps[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], c config) (envOps, vecOps, error) {
	var opt env.Options[P, M]
	opt.Seed, opt.Horizon = c.seed, int(c.horizon)
	searching := false
	if c.opponent != "" {
		s, err := agent.ParseSpec(c.opponent)
		if err != nil {
			return nil, nil, err
		}
		// A level is the agent it names (Kisolo's Beginner is random).
		r, err := s.Resolve(d.Levels)
		if err != nil {
			return nil, nil, err
		}
		searching = r.Kind != agent.KindRandom
		opt.Opponent = env.SpecOpponent(d, s)
		switch c.seat {
		case 0, 1:
			opt.Seat = mancala.Player(c.seat)
		case seatAlternate:
			if !c.vec {
				return nil, nil, fail(errArgument, "seat %d: a single environment's agent plays 0 (South) or 1 (North)", c.seat)
			}
		default:
			return nil, nil, fail(errArgument, "seat %d: want 0 (South), 1 (North) or, for a vector environment, 3 (alternate)", c.seat)
		}
	} else if c.seat != seatNone {
		return nil, nil, fail(errArgument, "seat %d without an opponent: self-play takes seat -1 (the actions play whoever is to move)", c.seat)
	}
	if !c.vec {
		e, err := env.New(d, c.rules, opt)
		if err != nil {
			return nil, nil, err
		}
		return &envImpl[P, M]{e: e}, nil, nil
	}
	if searching && c.n > maxSearchEnvs {
		return nil, nil, fail(errArgument, "n %d: at most %d environments with a searching opponent (%s)", c.n, maxSearchEnvs, c.opponent)
	}
	if c.works < 0 {
		return nil, nil, fail(errArgument, "workers %d: want 0 (the number of cores) or more", c.works)
	}
	v, err := env.NewVec(d, c.rules, int(c.n), env.VecOptions[P, M]{Options: opt,
		AlternateSeats: c.seat == seatAlternate, BothSeats: c.both != 0, Workers: int(c.works)})
	if err != nil {
		return nil, nil, err
	}
	return nil, &vecImpl[P, M]{v: v, seat: c.seat}, nil
}

type envImpl[P mancala.Position[P, M], M mancala.Move] struct {
	e *env.Env[P, M]
}

func (x *envImpl[P, M]) spec() specInfo {
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

func (x *envImpl[P, M]) reset(seed *uint64) error {
	if seed != nil {
		return x.e.ResetSeed(*seed)
	}
	return x.e.Reset()
}

func (x *envImpl[P, M]) step(a int) (env.Step, error) { return x.e.Step(a) }

// observe writes the observation from seat (0, 1, -1 the mover, 2 both)
// into dst, which has exactly the room.
func (x *envImpl[P, M]) observe(seat int32, dst []float32) error {
	l := x.e.Observer().Len()
	switch seat {
	case seatMover:
		seat = int32(x.e.Position().ToMove())
	case seatBoth:
		if _, err := x.e.AppendObservation(dst[:0:l], mancala.South); err != nil {
			return err
		}
		_, err := x.e.AppendObservation(dst[l:l:2*l], mancala.North)
		return err
	}
	_, err := x.e.AppendObservation(dst[:0:l], mancala.Player(seat))
	return err
}

func (x *envImpl[P, M]) mask(dst []bool) { x.e.AppendMask(dst[:0:x.e.Actions()]) }

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

func (x *vecImpl[P, M]) reset(seed *uint64, b *env.Batch) error {
	if seed != nil {
		return x.v.ResetSeed(*seed, b)
	}
	return x.v.Reset(b)
}

func (x *vecImpl[P, M]) step(a []int32, b *env.Batch) error { return x.v.Step(a, b) }
func (x *vecImpl[P, M]) observe(b *env.Batch) error         { return x.v.Observe(b) }

func (x *vecImpl[P, M]) position(i int) (string, error) {
	p, _, err := x.v.Position(i)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}
