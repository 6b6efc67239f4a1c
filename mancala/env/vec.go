package env

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// VecOptions configures a [VecEnv]: the [Options] of every environment,
// and how they are seated, observed and stepped.
type VecOptions[P mancala.Position[P, M], M mancala.Move] struct {
	Options[P, M]
	// AlternateSeats seats the agent (with an opponent) at South in the
	// environments of even index and at North in those of odd index,
	// instead of Seat in all.
	AlternateSeats bool
	// BothSeats makes every observation two: from South's seat, then
	// from North's (2*Len values per environment), as a multi-agent
	// learner observing both players needs.
	BothSeats bool
	// Workers is the most goroutines a step uses: 0 for
	// runtime.GOMAXPROCS(0). The results do not depend on it.
	Workers int
}

// Batch holds the caller's arrays a [VecEnv] writes into: flat,
// row-major, environment i's row at [i*width, (i+1)*width). Any field may
// be nil (not written); a field that is not nil must have exactly its
// length, n the number of environments, W the observation width (Len, or
// 2*Len with BothSeats) and A the number of action ids:
//
//	Obs          n*W   each environment's observation: from the agent's seat with an
//	                   opponent, else from the seat of the player to move (South's then
//	                   North's with BothSeats)
//	Mask         n*A   the legal action ids of each environment's player to move
//	Reward       n     the step's reward for the seat that acted (self-play: the mover;
//	                   with an opponent: the agent): +1 win, -1 loss, 0 otherwise
//	Terminated   n     the game ended in this step
//	Truncated    n     the episode reached the horizon without the game ending
//	FinalObs     n*W   for an environment that ended in this step, its last
//	                   observation before the reset (Gymnasium's final_obs); other
//	                   rows are not written
//	FinalResult  n     for an environment that ended in this step, the result for
//	                   South: +1 South won, -1 North won, 0 a draw or a truncation;
//	                   0 for the others
//	ToMove       n     the player to move in each environment
//	Plies        n     the plies of each environment's episode
//	ObsU8        n*W   Obs as bytes (each value converted, as uint8(v)), for a
//	                   learner that keeps its observations so: only where every
//	                   value fits (the Observer's Low >= 0 and High <= 255), else
//	                   a step refuses the Batch with ErrConfig
//	FinalObsU8   n*W   FinalObs as bytes, likewise
//
// After a step, Obs, Mask, ToMove and Plies describe the position each
// environment continues from (a new episode's start for one that ended:
// Gymnasium's AutoresetMode.SAME_STEP); Reward, Terminated, Truncated,
// FinalObs and FinalResult the step itself. A reset writes the first four
// and clears the step's fields. ObsU8 and FinalObsU8 are written with
// Obs and FinalObs, and may be set without them.
type Batch struct {
	Obs         []float32
	Mask        []bool
	Reward      []float32
	Terminated  []bool
	Truncated   []bool
	FinalObs    []float32
	FinalResult []int8
	ToMove      []mancala.Player
	Plies       []int32
	ObsU8       []uint8
	FinalObsU8  []uint8
}

// NewBatch returns a Batch with every field allocated for v but ObsU8
// and FinalObsU8 (nil).
func (v *VecEnv[P, M]) NewBatch() *Batch {
	n := v.n
	return &Batch{Obs: make([]float32, n*v.width), Mask: make([]bool, n*v.actions),
		Reward: make([]float32, n), Terminated: make([]bool, n), Truncated: make([]bool, n),
		FinalObs: make([]float32, n*v.width), FinalResult: make([]int8, n),
		ToMove: make([]mancala.Player, n), Plies: make([]int32, n)}
}

// VecEnv is n environments of one game under one rule set, stepped
// together by one action id each: every array is a caller's flat slice
// ([Batch]), a step allocates nothing (but what an opponent allocates),
// environments that end are reset in the same step, and a step is spread
// over Workers goroutines with results that do not depend on their
// number (its helper goroutines wait, yielding, for 200 µs after a step
// for the next one, then end). Environment i's opponent is made from a
// seed mixed from the seed and i. A VecEnv is not safe for concurrent
// use; distinct VecEnvs are independent.
type VecEnv[P mancala.Position[P, M], M mancala.Move] struct {
	d       *mancala.Descriptor[P, M]
	start   P
	rules   string
	n       int
	actions int
	horizon int
	width   int
	opt     VecOptions[P, M]
	obs     *Observer[P, M]
	// bytes says whether every observation value fits a byte (ObsU8).
	bytes bool

	pos, next  []P
	plies      []int32
	seat       []mancala.Player
	opps       []agent.Agent[P, M]
	savedPos   []P
	savedPlies []int32
	// reps counts each environment's episode for C-10 (nil entries, and
	// a nil proto, under Repetition:None); savedReps as savedPos.
	reps, savedReps []*repetition[P, M]
	proto           *repetition[P, M]

	workers []*vecWorker[P, M]
	// mu and cond park the waits of a phase: phaseStep's for every
	// check, and the caller's for the helpers inside the phase.
	mu   sync.Mutex
	cond *sync.Cond
	// the arguments of the phase in progress, read by the workers
	ctx   context.Context
	acts  []int32
	batch *Batch
	phase int
	// chunk is the environments one claim takes, chunks their number;
	// errs holds each chunk's error of the phase in progress (the first
	// of its environments that failed), written only by the worker that
	// claimed the chunk.
	chunk, chunks int
	errs          []error
	sched         vecSched
	// solo counts the phases left that the caller runs alone (see
	// soloPhases).
	solo int
}

// vecSched is the work queue of a phase: workers claim chunks of
// environments in order, so that a worker that starts late (or whose
// core is taken by another process) takes fewer, and the step waits for
// no idle worker. Its counters sit on cache lines of their own: every
// claim writes them.
type vecSched struct {
	_       [64]byte
	claim   atomic.Int32 // the next chunk to check or run
	_       [60]byte
	checked atomic.Int32 // phaseStep: the chunks checked
	_       [60]byte
	play    atomic.Int32 // phaseStep: the next chunk to play
	_       [60]byte
	failed  atomic.Bool // phaseStep: a chunk failed its check
	alone   atomic.Bool // the caller runs the phase alone: helpers end
	_       [62]byte
	// gate is the phase's generation (high 32 bits: odd while a phase is
	// open, even once it is closed) and the helpers inside it (low 32
	// bits). A helper enters the phase that is open when it starts; the
	// caller, its own share done, closes the phase once no helper is
	// inside, so that it never waits for a helper that has not started
	// yet (on a busy machine, one the kernel has not given a core): that
	// one finds the phase closed and returns without touching it.
	gate atomic.Uint64
	_    [56]byte
}

// enter lets a helper into the open phase and returns its generation,
// or reports that none is open.
func (s *vecSched) enter() (uint32, bool) {
	for {
		g := s.gate.Load()
		if g>>32&1 == 0 {
			return 0, false
		}
		if s.gate.CompareAndSwap(g, g+1) {
			return uint32(g >> 32), true
		}
	}
}

// open returns the generation of the open phase, or 0 when none is.
func (s *vecSched) open() uint32 {
	if g := uint32(s.gate.Load() >> 32); g&1 == 1 {
		return g
	}
	return 0
}

// vecWorker is one goroutine's share of a step: its observation encoder
// (an Observer writes a cell of its own), and a row for an observation
// written only as bytes.
type vecWorker[P mancala.Position[P, M], M mancala.Move] struct {
	obs *Observer[P, M]
	row []float32
	run func() // made once: a step starts it without allocating
	// alive is set while a goroutine serves as this worker (one at a
	// time: two must never share the worker's Observer). It waits for
	// the next phase for up to linger after its last one, then ends;
	// a phase that finds none starts one.
	alive atomic.Bool
	_     [56]byte // alive is read by the caller at every phase
}

// linger is how long a helper goroutine waits for the next phase after
// its last one before it ends: a loop that steps again within tens of
// microseconds (the Python side's work between two steps, a cheap
// policy's) finds it there, and a helper that is already running joins
// a phase at once, where one started by the phase waits for the kernel
// to give its thread a core (on a virtual machine, the wake of an idle
// core can take longer than a step's share). It waits yielding at every
// turn, to the Go scheduler's other goroutines and to the kernel's other
// threads, so that it holds no core that other work could use; it ends
// soon after the last step, so a VecEnv that is dropped leaves no
// goroutine behind. The wait costs CPU (a core's worth while it lasts
// on an idle machine): a longer one would serve slower loops, at that
// cost after every step.
const linger = 200 * time.Microsecond

// spins bounds the busy wait of a worker for the others' last chunk
// (a few microseconds) before it parks: parking and waking a goroutine
// costs more than that, most of all one locked to a C caller's thread
// (a call through the C library), whose wake is a handoff between
// threads. The bound keeps a worker from holding a core long when the
// one it waits for has none (a machine whose cores are all taken).
const spins = 1 << 12

// settle bounds the spin (in time: a turn's length varies with the
// machine) before a worker parks. A helper that lingers is running, so
// the chunk it holds ends within a chunk's time (tens of microseconds at
// most); parking the caller's thread and waking it again would cost as
// much, and on a virtual machine whose other core is idle, more. The
// spin does not yield the thread: on a busy machine a yielded core comes
// back only after another process's time slice, where a parked thread
// that is woken comes back at once.
const settle = 50 * time.Microsecond

// slowClose and soloPhases: a caller that waited longer than slowClose
// to close a phase (a helper inside it lost its core to another process)
// runs the next soloPhases phases alone, and then tries its helpers
// again. On a machine whose cores are all taken a second thread seldom
// runs when it is needed, and one thread steps faster than two that wait
// for each other; on a machine with a free core the helper is running,
// and the close waits for a chunk at most.
const (
	slowClose  = 200 * time.Microsecond
	soloPhases = 64
)

// maxChunk is the most environments of one chunk: 64 rows of the
// narrowest Batch arrays (bools, int8) fill a cache line, so that two
// workers never write one line of a Batch.
const maxChunk = 64

// The phases of a step.
const (
	phaseStep  = iota // check every action (playing it into next), then play every environment
	phaseReset        // restart every environment and write it
	phaseWrite        // write every environment
)

// NewVec returns n (1..MaxVecEnvs) environments of d's game under rules,
// each reset to the standard start. Errors as [New].
func NewVec[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], rules string, n int, opt VecOptions[P, M]) (*VecEnv[P, M], error) {
	if err := checkDescriptor(d); err != nil {
		return nil, err
	}
	start, err := d.New(rules)
	if err != nil {
		return nil, err
	}
	if n < 1 || n > MaxVecEnvs {
		return nil, fmt.Errorf("%w: n %d: want 1..%d", ErrConfig, n, MaxVecEnvs)
	}
	if opt.Opponent == nil && (opt.Seat != mancala.South || opt.AlternateSeats) {
		return nil, fmt.Errorf("%w: a seat needs an opponent (self-play plays both seats)", ErrConfig)
	}
	if opt.Seat != mancala.South && opt.Seat != mancala.North {
		return nil, fmt.Errorf("%w: seat %v: want South or North", ErrConfig, opt.Seat)
	}
	if opt.Workers < 0 {
		return nil, fmt.Errorf("%w: workers %d: want 0 (the number of cores) or more", ErrConfig, opt.Workers)
	}
	v := &VecEnv[P, M]{d: d, start: start, rules: d.Rules(start), n: n, actions: d.Actions(start), opt: opt,
		pos: make([]P, n), next: make([]P, n), plies: make([]int32, n), seat: make([]mancala.Player, n),
		savedPos: make([]P, n), savedPlies: make([]int32, n), ctx: context.Background()}
	if v.horizon, err = horizonOf(d, start, opt.Horizon); err != nil {
		return nil, err
	}
	if v.obs, err = NewObserver(d, start); err != nil {
		return nil, err
	}
	v.width = v.obs.Len()
	v.bytes = true
	for k, lo := range v.obs.Low() {
		if lo < 0 || v.obs.High()[k] > 255 {
			v.bytes = false
		}
	}
	if opt.BothSeats {
		v.width *= 2
	}
	for i := range n {
		v.seat[i] = opt.Seat
		if opt.AlternateSeats && i%2 == 1 {
			v.seat[i] = mancala.North
		} else if opt.AlternateSeats {
			v.seat[i] = mancala.South
		}
	}
	nw := opt.Workers
	if nw == 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	nw = min(nw, n)
	// Four chunks a worker at least, so that the claims even out a worker
	// that starts late; at most maxChunk environments a chunk.
	v.chunk = max(1, min(maxChunk, n/(4*nw)))
	v.chunks = (n + v.chunk - 1) / v.chunk
	v.errs = make([]error, v.chunks)
	v.cond = sync.NewCond(&v.mu)
	for k := range nw {
		w := &vecWorker[P, M]{obs: v.obs, row: make([]float32, v.width)}
		if k > 0 {
			w.obs = v.obs.Clone()
		}
		w.run = func() { v.serve(w) }
		v.workers = append(v.workers, w)
	}
	if opt.Opponent != nil {
		v.opps = make([]agent.Agent[P, M], n)
	}
	v.proto = newRepetition(d, start)
	v.reps, v.savedReps = make([]*repetition[P, M], n), make([]*repetition[P, M], n)
	if err := v.ResetSeed(opt.Seed, nil); err != nil {
		return nil, err
	}
	return v, nil
}

// N returns the number of environments.
func (v *VecEnv[P, M]) N() int { return v.n }

// Actions returns the number of action ids of each environment.
func (v *VecEnv[P, M]) Actions() int { return v.actions }

// Horizon returns the truncation ply count.
func (v *VecEnv[P, M]) Horizon() int { return v.horizon }

// Width returns the values of one environment's observation: Len, or
// 2*Len with BothSeats.
func (v *VecEnv[P, M]) Width() int { return v.width }

// Observer returns the observation encoder (its Len, Names and bounds).
// Do not use it from another goroutine while the VecEnv is in use.
func (v *VecEnv[P, M]) Observer() *Observer[P, M] { return v.obs }

// Seat returns environment i's agent seat and whether there is an
// opponent (false in self-play); i must be in 0..N()-1.
func (v *VecEnv[P, M]) Seat(i int) (mancala.Player, bool) {
	if i < 0 || i >= v.n {
		return mancala.South, false
	}
	return v.seat[i], v.opt.Opponent != nil
}

// Position returns environment i's position and episode plies; i out of
// range gives an error wrapping [ErrConfig].
func (v *VecEnv[P, M]) Position(i int) (P, int, error) {
	if i < 0 || i >= v.n {
		var zero P
		return zero, 0, fmt.Errorf("%w: environment %d: want 0..%d", ErrConfig, i, v.n-1)
	}
	return v.pos[i], int(v.plies[i]), nil
}

// check reports a Batch field of the wrong length.
func (v *VecEnv[P, M]) check(b *Batch) error {
	if b == nil {
		return nil
	}
	n := v.n
	for _, f := range [...]struct {
		name      string
		got, want int
		set       bool
	}{
		{"Obs", len(b.Obs), n * v.width, b.Obs != nil},
		{"Mask", len(b.Mask), n * v.actions, b.Mask != nil},
		{"Reward", len(b.Reward), n, b.Reward != nil},
		{"Terminated", len(b.Terminated), n, b.Terminated != nil},
		{"Truncated", len(b.Truncated), n, b.Truncated != nil},
		{"FinalObs", len(b.FinalObs), n * v.width, b.FinalObs != nil},
		{"FinalResult", len(b.FinalResult), n, b.FinalResult != nil},
		{"ToMove", len(b.ToMove), n, b.ToMove != nil},
		{"Plies", len(b.Plies), n, b.Plies != nil},
		{"ObsU8", len(b.ObsU8), n * v.width, b.ObsU8 != nil},
		{"FinalObsU8", len(b.FinalObsU8), n * v.width, b.FinalObsU8 != nil},
	} {
		if f.set && f.got != f.want {
			return fmt.Errorf("%w: Batch.%s has %d elements, want %d", ErrConfig, f.name, f.got, f.want)
		}
	}
	if !v.bytes && (b.ObsU8 != nil || b.FinalObsU8 != nil) {
		return fmt.Errorf("%w: Batch.ObsU8, FinalObsU8: %s observations do not fit a byte", ErrConfig, v.d.Name)
	}
	return nil
}

// Reset restarts every environment (their opponents' streams go on) and
// writes b's observation fields (b may be nil), clearing its step fields.
// On an error (a failing opponent, a bad Batch) no environment changes.
func (v *VecEnv[P, M]) Reset(b *Batch) error {
	return v.ResetContext(context.Background(), b)
}

// ResetContext is Reset with a context handed to the opponents' moves.
func (v *VecEnv[P, M]) ResetContext(ctx context.Context, b *Batch) error {
	if err := v.check(b); err != nil {
		return err
	}
	v.ctx = ctx
	defer func() { v.ctx = context.Background() }()
	return v.reset(b)
}

// ResetSeed is Reset with every opponent made afresh from seed (as
// Options.Seed; environment i's from a seed mixed from seed and i).
func (v *VecEnv[P, M]) ResetSeed(seed uint64, b *Batch) error {
	return v.ResetSeedContext(context.Background(), seed, b)
}

// ResetSeedContext is ResetSeed with a context handed to the opponents'
// moves.
func (v *VecEnv[P, M]) ResetSeedContext(ctx context.Context, seed uint64, b *Batch) error {
	v.ctx = ctx
	defer func() { v.ctx = context.Background() }()
	if err := v.check(b); err != nil {
		return err
	}
	if v.opt.Opponent != nil {
		opps := make([]agent.Agent[P, M], v.n)
		for i := range opps {
			a, err := newOpponent(v.opt.Opponent, mixSeed(seed, i))
			if err != nil {
				return fmt.Errorf("environment %d: %w", i, err)
			}
			opps[i] = a
		}
		old := v.opps
		v.opps = opps
		if err := v.reset(b); err != nil {
			v.opps = old
			return err
		}
	} else if err := v.reset(b); err != nil {
		return err
	}
	v.opt.Seed = seed
	return nil
}

func (v *VecEnv[P, M]) reset(b *Batch) error {
	copy(v.savedPos, v.pos)
	copy(v.savedPlies, v.plies)
	copy(v.savedReps, v.reps)
	if err := v.parallel(phaseReset, nil, b); err != nil {
		copy(v.pos, v.savedPos)
		copy(v.plies, v.savedPlies)
		copy(v.reps, v.savedReps) // a restart makes new counts: the old are untouched
		return err
	}
	if b != nil {
		clear(b.Reward)
		clear(b.Terminated)
		clear(b.Truncated)
		clear(b.FinalResult)
	}
	return nil
}

// Observe writes b's observation fields (Obs, Mask, ToMove, Plies) for
// the current positions without stepping.
func (v *VecEnv[P, M]) Observe(b *Batch) error {
	if err := v.check(b); err != nil {
		return err
	}
	return v.parallel(phaseWrite, nil, b)
}

// Step plays actions[i] (len N()) in environment i, then its opponent's
// replies, resets each environment whose episode ended, and writes b (may
// be nil). An id out of range (an error wrapping [mancala.ErrNoAction]) or
// illegal ([mancala.ErrIllegalMove]) in any environment refuses the whole
// step, naming the first such environment, with every environment
// unchanged; so does a Batch field of the wrong length or a failing
// opponent ([ErrAgent]; its own state may have moved on). It allocates
// nothing but what the opponents allocate.
func (v *VecEnv[P, M]) Step(actions []int32, b *Batch) error {
	return v.StepContext(context.Background(), actions, b)
}

// StepContext is Step with a context handed to the opponents' moves.
func (v *VecEnv[P, M]) StepContext(ctx context.Context, actions []int32, b *Batch) error {
	if len(actions) != v.n {
		return fmt.Errorf("%w: %d actions for %d environments", ErrConfig, len(actions), v.n)
	}
	if err := v.check(b); err != nil {
		return err
	}
	if v.opt.Opponent != nil {
		copy(v.savedPos, v.pos)
		copy(v.savedPlies, v.plies)
	}
	if v.proto != nil {
		copy(v.savedReps, v.reps)
		for _, r := range v.reps {
			r.mark()
		}
	}
	v.ctx = ctx
	err := v.parallel(phaseStep, actions, b)
	v.ctx = context.Background()
	if err != nil && !v.sched.failed.Load() { // a check that failed changed nothing
		copy(v.pos, v.savedPos)
		copy(v.plies, v.savedPlies)
		if v.proto != nil {
			// Ended episodes got new counts; the old ones lose what this
			// step counted in them.
			copy(v.reps, v.savedReps)
			for _, r := range v.reps {
				r.undo()
			}
		}
	}
	return err
}

// parallel runs a phase over every chunk of environments, on the calling
// goroutine and the other workers', and returns the error of the lowest
// environment that failed.
func (v *VecEnv[P, M]) parallel(phase int, actions []int32, b *Batch) error {
	v.phase, v.acts, v.batch = phase, actions, b
	clear(v.errs)
	v.sched.claim.Store(0)
	v.sched.checked.Store(0)
	v.sched.play.Store(0)
	v.sched.failed.Store(false)
	alone := v.solo > 0
	if alone {
		v.solo--
	}
	v.sched.alone.Store(alone)
	gate := &v.sched.gate
	gen := uint32(gate.Load()>>32) + 1 // odd: open
	gate.Store(uint64(gen) << 32)
	if !alone {
		for _, w := range v.workers[1:] {
			if !w.alive.Load() && w.alive.CompareAndSwap(false, true) {
				go w.run()
			}
		}
	}
	v.work(v.workers[0])
	// Close the phase once no helper is inside it.
	closed := uint64(gen+1) << 32
	t := time.Now()
	for i := 0; gate.Load() != uint64(gen)<<32 && (i < spins || time.Since(t) < settle); i++ {
	}
	if !gate.CompareAndSwap(uint64(gen)<<32, closed) {
		v.mu.Lock()
		for !gate.CompareAndSwap(uint64(gen)<<32, closed) {
			v.cond.Wait()
		}
		v.mu.Unlock()
		if !alone && time.Since(t) > slowClose {
			v.solo = soloPhases
		}
	}
	v.acts, v.batch = nil, nil
	for _, err := range v.errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// serve works as w in every phase that opens until none has opened for
// linger; w.alive is set (by the phase that started it) while it runs.
// The caller never waits for it to start (see vecSched.gate): a phase it
// finds closed is one the other workers finished.
func (v *VecEnv[P, M]) serve(w *vecWorker[P, M]) {
	s := &v.sched
	var done uint32 // the generation of the last phase seen
	until := time.Now().Add(linger)
	for turn := 0; ; turn++ {
		if s.alone.Load() {
			// The caller runs alone for a while: a phase that needs a
			// helper again starts one.
			w.alive.Store(false)
			return
		}
		if g := s.open(); g != 0 && g != done {
			if g, ok := s.enter(); ok {
				done = g
				v.work(w)
				s.gate.Add(^uint64(0)) // leave
				v.mu.Lock()            // wake the caller if it waits to close
				v.cond.Broadcast()
				v.mu.Unlock()
			}
			until = time.Now().Add(linger)
			continue
		}
		if turn%16 == 0 && time.Now().After(until) {
			w.alive.Store(false)
			// A phase that opened before alive was cleared may have seen
			// it set and started no goroutine: serve it. (The caller sets
			// the gate before it reads alive, this goroutine clears alive
			// before it reads the gate: one of the two sees the other.)
			if g := s.open(); g != 0 && g != done && w.alive.CompareAndSwap(false, true) {
				continue
			}
			return
		}
		runtime.Gosched()
		yieldThread()
	}
}

// work runs the current phase over the chunks w claims. In phaseStep, a
// worker that finds no chunk left to check waits until every chunk is
// checked (the others' last chunks: a few microseconds) before it claims
// chunks to play, and plays none if a check failed.
func (v *VecEnv[P, M]) work(w *vecWorker[P, M]) {
	s := &v.sched
	n := int32(v.chunks)
	for k := s.claim.Add(1) - 1; k < n; k = s.claim.Add(1) - 1 {
		lo, hi := int(k)*v.chunk, min(int(k+1)*v.chunk, v.n)
		var err error
		switch v.phase {
		case phaseStep:
			if err = v.checkRange(lo, hi); err != nil {
				s.failed.Store(true)
			}
		case phaseReset:
			err = v.restartRange(w, lo, hi)
		case phaseWrite:
			for i := lo; i < hi; i++ {
				v.write(w, i)
			}
		}
		v.errs[k] = err
		if v.phase == phaseStep && s.checked.Add(1) == n {
			v.mu.Lock() // wake the workers waiting below
			v.cond.Broadcast()
			v.mu.Unlock()
		}
	}
	if v.phase != phaseStep {
		return
	}
	for t, i := time.Now(), 0; s.checked.Load() < n && (i < spins || time.Since(t) < settle); i++ {
	}
	if s.checked.Load() < n {
		v.mu.Lock()
		for s.checked.Load() < n {
			v.cond.Wait()
		}
		v.mu.Unlock()
	}
	if s.failed.Load() {
		return
	}
	for k := s.play.Add(1) - 1; k < n; k = s.play.Add(1) - 1 {
		lo, hi := int(k)*v.chunk, min(int(k+1)*v.chunk, v.n)
		for i := lo; i < hi; i++ {
			if err := v.play(w, i); err != nil {
				v.errs[k] = err
				break
			}
		}
	}
}

// checkRange plays the actions of environments [lo, hi) into next and
// returns the error of the first that has a bad one.
func (v *VecEnv[P, M]) checkRange(lo, hi int) error {
	for i := lo; i < hi; i++ {
		p := v.pos[i]
		m, err := v.d.ActionMove(p, int(v.acts[i]))
		if err == nil {
			v.next[i], err = p.Apply(m)
		}
		if err != nil {
			return fmt.Errorf("environment %d: action %d: %w", i, v.acts[i], err)
		}
	}
	return nil
}

// restartRange restarts environments [lo, hi) and writes them, stopping
// at the first whose opponent fails.
func (v *VecEnv[P, M]) restartRange(w *vecWorker[P, M], lo, hi int) error {
	for i := lo; i < hi; i++ {
		p, plies, rep, err := restart(v.ctx, v.start, v.opp(i), v.seat[i], v.opt.Opponent != nil, v.proto)
		if err != nil {
			return fmt.Errorf("environment %d: %w", i, err)
		}
		v.pos[i], v.plies[i], v.reps[i] = p, int32(plies), rep
		v.write(w, i)
	}
	return nil
}

// opp returns environment i's opponent (nil in self-play).
func (v *VecEnv[P, M]) opp(i int) agent.Agent[P, M] {
	if v.opps == nil {
		return nil
	}
	return v.opps[i]
}

// play finishes environment i's step from v.next[i].
func (v *VecEnv[P, M]) play(w *vecWorker[P, M], i int) error {
	b := v.batch
	hasOpp := v.opps != nil
	var actor mancala.Player
	if hasOpp {
		actor = v.seat[i]
	} else {
		actor = v.pos[i].ToMove()
	}
	q, plies, err := v.reps[i].see(v.next[i]), int(v.plies[i])+1, error(nil)
	if hasOpp {
		if q, plies, err = reply(v.ctx, q, plies, v.opps[i], actor, v.horizon, v.reps[i]); err != nil {
			return fmt.Errorf("environment %d: %w", i, err)
		}
	}
	o := q.Outcome()
	var reward float32
	if o.Status == mancala.Win {
		reward = -1
		if o.Winner == actor {
			reward = 1
		}
	}
	term := o.Over()
	trunc := !term && plies >= v.horizon
	if b != nil {
		if b.Reward != nil {
			b.Reward[i] = reward
		}
		if b.Terminated != nil {
			b.Terminated[i] = term
		}
		if b.Truncated != nil {
			b.Truncated[i] = trunc
		}
		if b.FinalResult != nil {
			var r int8
			if o.Status == mancala.Win {
				r = 1
				if o.Winner == mancala.North {
					r = -1
				}
			}
			b.FinalResult[i] = r
		}
	}
	v.pos[i], v.plies[i] = q, int32(plies)
	if term || trunc {
		if b != nil && (b.FinalObs != nil || b.FinalObsU8 != nil) {
			v.encodeRow(w, b.FinalObs, b.FinalObsU8, i, q, q.ToMove())
		}
		p, plies, rep, err := restart(v.ctx, v.start, v.opp(i), v.seat[i], hasOpp, v.proto)
		if err != nil {
			return fmt.Errorf("environment %d: %w", i, err)
		}
		v.pos[i], v.plies[i], v.reps[i] = p, int32(plies), rep
	}
	v.write(w, i)
	return nil
}

// encode writes environment i's observation of p, whose player to move
// is mover, into dst (len width).
func (v *VecEnv[P, M]) encode(w *vecWorker[P, M], dst []float32, i int, p P, mover mancala.Player) {
	if v.opt.BothSeats {
		l := v.width / 2
		w.obs.encode(dst[:l], p, mancala.South, mover)
		w.obs.encode(dst[l:], p, mancala.North, mover)
		return
	}
	seat := mover
	if v.opps != nil {
		seat = v.seat[i]
	}
	w.obs.encode(dst, p, seat, mover)
}

// encodeRow writes environment i's observation of p, whose player to
// move is mover, into row i of f (if not nil) and of u8 (if not nil).
func (v *VecEnv[P, M]) encodeRow(w *vecWorker[P, M], f []float32, u8 []uint8, i int, p P, mover mancala.Player) {
	lo, hi := i*v.width, (i+1)*v.width
	row := w.row
	if f != nil {
		row = f[lo:hi]
	}
	v.encode(w, row, i, p, mover)
	if u8 != nil {
		d := u8[lo:hi]
		row = row[:len(d)]
		for k, x := range row {
			d[k] = uint8(x)
		}
	}
}

// write writes environment i's observation, mask, player to move and
// plies into the batch.
func (v *VecEnv[P, M]) write(w *vecWorker[P, M], i int) {
	b := v.batch
	if b == nil {
		return
	}
	p := &v.pos[i]
	mover := (*p).ToMove()
	if b.Obs != nil || b.ObsU8 != nil {
		v.encodeRow(w, b.Obs, b.ObsU8, i, *p, mover)
	}
	if b.Mask != nil {
		a := v.actions
		v.d.AppendMask(*p, b.Mask[i*a:i*a:(i+1)*a])
	}
	if b.ToMove != nil {
		b.ToMove[i] = mover
	}
	if b.Plies != nil {
		b.Plies[i] = v.plies[i]
	}
}
