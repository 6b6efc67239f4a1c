package wire

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"strconv"
	"sync"
	"time"

	seedpkg "github.com/seed8ebe013a/go-mancala/internal/seed"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
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

// Horizon returns the documented horizon of a game under rules, in plies:
// the ply count at which a learning environment truncates a game that has
// not ended (docs/engine.md, "Research commands"). Each is above the
// longest of many random games measured (2-core AMD EPYC, seeded random
// legal moves: Kisolo 200,000 games, longest 242 plies; Columns:6
// 100,000, 142; Columns:8 100,000, 310; Win:OuterRowEmptied with Outer3
// 50,000, 864; Kiothi 100,000, 129 (opening steps included); Bao la
// Kimasai 100,000, 538) and above AlphaBeta self-play (depth 2 and 4,
// longest 110, 131 and 134 plies): Kisolo 300 (Columns 6 and 7), 400
// (Columns:8), 1,000 under Win:OuterRowEmptied; Kiothi 200; Bao la Kimasai
// 600. Unknown games get 1,000.
func Horizon(game, rules string) int {
	switch game {
	case "kisolo":
		if containsOption(rules, "Win:OuterRowEmptied") {
			return 1000
		}
		if containsOption(rules, "Columns:8") {
			return 400
		}
		return 300
	case "kiothi":
		return 200
	case "kimasai":
		return 600
	}
	return 1000
}

// containsOption reports whether the rules= text rules names opt
// ("Columns:8") as one of its comma-separated options.
func containsOption(rules, opt string) bool {
	for len(rules) > 0 {
		i := 0
		for i < len(rules) && rules[i] != ',' {
			i++
		}
		if rules[:i] == opt {
			return true
		}
		if i == len(rules) {
			break
		}
		rules = rules[i+1:]
	}
	return false
}

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
// little-endian bytes (see VecResult for shapes).
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

// vecWorker is the scratch of one goroutine of a step.
type vecWorker[P mancala.Position[P, M], M mancala.Move] struct {
	view  *seatView[P, M]
	mask  []bool
	moves []M
	ab    *agent.AlphaBeta[P, M]
	err   error
	ended []int32 // environments of this worker's range that ended this step
	final []uint8 // their final observations
	res   []int8  // their results for South
	// counted logs the occurrences this step added to the environments'
	// repetition counts (Repetition:Three), so that restore takes them
	// back.
	counted []counted[P]
}

// counted is one occurrence added to an environment's repetition counts.
type counted[P comparable] struct {
	counts map[P]int
	key    P
}

type vecEnv[P mancala.Position[P, M], M mancala.Move] struct {
	d       *mancala.Descriptor[P, M]
	cfg     VecConfig
	start   P
	inf     VecInfo
	obsLen  int
	pos     []P
	next    []P
	plies   []int32
	seat    []mancala.Player // the agent's seat (opponent mode)
	rng     []pcg32
	workers []*vecWorker[P, M]
	// repetition: the rules say Repetition:Three (C-10), so each
	// environment counts the positions of its game (counts[i], by the
	// descriptor's RepetitionKey) and a position made for the third time
	// ends the game: a termination, never a truncation. nil counts
	// otherwise.
	repetition bool
	counts     []map[P]int
	saved      struct {
		pos    []P
		plies  []int32
		rng    []pcg32
		seed   uint64
		counts []map[P]int
	}
}

// seen counts q, the position a move made in environment i, and returns
// it, or under Repetition:Three when it is the third occurrence, the game
// ended by repetition (C-10). w logs the count for restore.
func (e *vecEnv[P, M]) seen(w *vecWorker[P, M], i int, q P) P {
	if !e.repetition {
		return q
	}
	k := e.d.RepetitionKey(q)
	c := e.counts[i]
	c[k]++
	w.counted = append(w.counted, counted[P]{c, k})
	if c[k] >= 3 && !q.Outcome().Over() {
		return e.d.EndByRepetition(q)
	}
	return q
}

// pcg32 is a small seeded generator per environment (PCG-XSH-RR 64/32).
type pcg32 struct{ state, inc uint64 }

func newPCG(seed, stream uint64) pcg32 {
	r := pcg32{inc: stream<<1 | 1}
	r.next()
	r.state += seed
	r.next()
	return r
}

func (r *pcg32) next() uint32 {
	old := r.state
	r.state = old*6364136223846793005 + r.inc
	x := uint32(((old >> 18) ^ old) >> 27)
	return bits.RotateLeft32(x, -int(old>>59))
}

// intN returns a uniform number in [0, n), n > 0 (Lemire's method).
func (r *pcg32) intN(n int) int {
	m := uint64(r.next()) * uint64(n)
	if lo := uint32(m); lo < uint32(n) {
		t := uint32(-n) % uint32(n)
		for lo < t {
			m = uint64(r.next()) * uint64(n)
			lo = uint32(m)
		}
	}
	return int(m >> 32)
}

func vecErr(msg string) error { return errorf(CodeBadRequest, msg) }

func (a *adapter[P, M]) newVec(cfg VecConfig) (vecOps, error) {
	d := a.d
	start, err := d.New(cfg.Rules)
	if err != nil {
		return nil, fromErr(err)
	}
	maxN := MaxVecEnvs
	if cfg.Opponent != nil {
		switch cfg.Opponent.Agent {
		case "random":
			if cfg.Opponent.Depth != 0 {
				return nil, vecErr("wire: a random opponent takes no depth")
			}
		case "alphabeta":
			if cfg.Opponent.Depth < 1 || cfg.Opponent.Depth > MaxVecOpponentDepth {
				return nil, vecErr("wire: an alphabeta opponent's depth must be 1.." + strconv.Itoa(MaxVecOpponentDepth))
			}
			maxN = MaxVecEnvsSearch
		default:
			return nil, vecErr("wire: unknown opponent agent " + quote(cfg.Opponent.Agent) + ": want random or alphabeta")
		}
		switch cfg.Seat {
		case "":
			cfg.Seat = "S"
		case "S", "N", "alternate":
		default:
			return nil, vecErr("wire: bad seat " + quote(cfg.Seat) + ": want S, N or alternate")
		}
	} else if cfg.Seat != "" {
		return nil, vecErr("wire: a seat needs an opponent (self-play plays both seats)")
	}
	if cfg.N < 1 || cfg.N > maxN {
		return nil, vecErr("wire: n must be 1.." + strconv.Itoa(maxN) + ", got " + strconv.Itoa(cfg.N))
	}
	if cfg.Horizon == 0 {
		cfg.Horizon = Horizon(d.Name, d.Rules(start))
	}
	if cfg.Horizon < 1 || cfg.Horizon > MaxHorizon {
		return nil, vecErr("wire: horizon must be 1.." + strconv.Itoa(MaxHorizon) + " plies (0 for the game's), got " + strconv.Itoa(cfg.Horizon))
	}
	n := cfg.N
	e := &vecEnv[P, M]{d: d, cfg: cfg, start: start,
		pos: make([]P, n), next: make([]P, n), plies: make([]int32, n),
		seat: make([]mancala.Player, n), rng: make([]pcg32, n)}
	if d.Repetition(start) == mancala.RepetitionThree {
		e.repetition, e.counts = true, make([]map[P]int, n)
	}
	actions := d.Actions(start)
	v := newSeatView(d, start, true)
	e.obsLen = v.spec.Len
	if cfg.BothSeats {
		e.obsLen *= 2
	}
	e.inf = VecInfo{N: n, Actions: actions, MaskBytes: (actions + 7) / 8, Observation: v.spec, Horizon: cfg.Horizon}
	if cfg.Opponent != nil {
		seats := make([]byte, n)
		for i := range n {
			switch {
			case cfg.Seat == "N", cfg.Seat == "alternate" && i%2 == 1:
				e.seat[i] = mancala.North
			}
			seats[i] = e.seat[i].Letter()[0]
		}
		e.inf.Seats = string(seats)
	}
	nw := 1
	if n >= 128 {
		nw = min(2, runtime.GOMAXPROCS(0))
	}
	for w := range nw {
		wk := &vecWorker[P, M]{view: v, mask: make([]bool, 0, actions), moves: make([]M, 0, 64)}
		if w > 0 {
			wk.view = newSeatView(d, start, false)
		}
		if cfg.Opponent != nil && cfg.Opponent.Agent == "alphabeta" {
			wk.ab = agent.NewAlphaBeta(d, cfg.Opponent.Depth)
			wk.ab.TableSize = 1 << 12
		}
		e.workers = append(e.workers, wk)
	}
	return e, nil
}

func (e *vecEnv[P, M]) info() VecInfo { return e.inf }

// size sets out's arrays to their lengths for n environments and k ended.
func (e *vecEnv[P, M]) size(out *vecArrays) {
	n := e.inf.N
	grow := func(b []byte, size int) []byte {
		if cap(b) < size {
			return make([]byte, size)
		}
		return b[:size]
	}
	out.obs = grow(out.obs, n*e.obsLen)
	out.mask = grow(out.mask, n*e.inf.MaskBytes)
	out.reward = grow(out.reward, 4*n)
	out.terminated = grow(out.terminated, n)
	out.truncated = grow(out.truncated, n)
	out.toMove = grow(out.toMove, n)
	out.plies = grow(out.plies, 4*n)
	out.ended = out.ended[:0]
	out.finalObs = out.finalObs[:0]
	out.finalResult = out.finalResult[:0]
}

// parallel runs fn(w, lo, hi) on each worker's contiguous range of
// environments and waits.
func (e *vecEnv[P, M]) parallel(fn func(w *vecWorker[P, M], lo, hi int)) {
	n, nw := e.inf.N, len(e.workers)
	if nw == 1 {
		fn(e.workers[0], 0, n)
		return
	}
	var wg sync.WaitGroup
	for w := 1; w < nw; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(e.workers[w], w*n/nw, (w+1)*n/nw)
		}()
	}
	fn(e.workers[0], 0, n/nw)
	wg.Wait()
}

// reset restarts every environment (reseeding the opponent's streams
// with seed) and writes the answer arrays.
func (e *vecEnv[P, M]) reset(ctx context.Context, seed uint64, out *vecArrays) error {
	ctx, cancel := context.WithTimeout(ctx, MaxVecStepTime)
	defer cancel()
	e.save()
	e.cfg.Seed = seed
	e.size(out)
	e.parallel(func(w *vecWorker[P, M], lo, hi int) {
		w.err, w.counted = nil, w.counted[:0]
		for i := lo; i < hi; i++ {
			// Each environment's own state and increment, both mixed from
			// the seed and its index: PCG streams that differ only in
			// their increment are correlated.
			e.rng[i] = newPCG(seedpkg.Mix(seed^seedpkg.Mix(uint64(i))), uint64(i))
			if err := e.restart(ctx, w, i); err != nil && w.err == nil {
				w.err = err
			}
			e.write(w, i, out)
		}
	})
	clear(out.reward)
	clear(out.terminated)
	clear(out.truncated)
	if err := e.firstErr(); err != nil {
		e.restore()
		return err
	}
	return nil
}

// save keeps the environments' state, for restore.
func (e *vecEnv[P, M]) save() {
	e.saved.pos = append(e.saved.pos[:0], e.pos...)
	e.saved.plies = append(e.saved.plies[:0], e.plies...)
	e.saved.rng = append(e.saved.rng[:0], e.rng...)
	e.saved.seed = e.cfg.Seed
	e.saved.counts = append(e.saved.counts[:0], e.counts...)
	for _, w := range e.workers {
		w.counted = w.counted[:0]
	}
}

// restore puts back the state save kept: a step or reset that failed
// half-way leaves every environment as it was.
func (e *vecEnv[P, M]) restore() {
	copy(e.pos, e.saved.pos)
	copy(e.plies, e.saved.plies)
	copy(e.rng, e.saved.rng)
	e.cfg.Seed = e.saved.seed
	// A restart makes a new map, so the saved maps hold the games as
	// they were but for the occurrences this step counted in them.
	for _, w := range e.workers {
		for _, c := range w.counted {
			if c.counts[c.key]--; c.counts[c.key] <= 0 {
				delete(c.counts, c.key)
			}
		}
		w.counted = w.counted[:0]
	}
	copy(e.counts, e.saved.counts)
}

func (e *vecEnv[P, M]) firstErr() error {
	for _, w := range e.workers {
		if w.err != nil {
			return w.err
		}
	}
	return nil
}

// restart puts environment i at the start, with the opponent's moves
// played until the agent is to move (a game the opponent's opening moves
// end is started again, at most 100 times).
func (e *vecEnv[P, M]) restart(ctx context.Context, w *vecWorker[P, M], i int) error {
	for range 100 {
		if e.repetition {
			e.counts[i] = map[P]int{e.d.RepetitionKey(e.start): 1}
		}
		p, plies, err := e.opponent(ctx, w, i, e.start, 0)
		if err != nil {
			return err
		}
		if !p.Outcome().Over() {
			e.pos[i], e.plies[i] = p, int32(plies)
			return nil
		}
	}
	return errorf(CodeInternal, fmt.Sprintf("wire: environment %d: the opponent ended 100 games in a row before the agent's first move", i))
}

// opponent plays the opponent's moves from p (plies played so far) until
// the agent of environment i is to move or the game is over. Without an
// opponent it returns p.
func (e *vecEnv[P, M]) opponent(ctx context.Context, w *vecWorker[P, M], i int, p P, plies int) (P, int, error) {
	if e.cfg.Opponent == nil {
		return p, plies, nil
	}
	for !p.Outcome().Over() && p.ToMove() != e.seat[i] && plies < e.cfg.Horizon {
		var m M
		if w.ab != nil {
			w.ab.ClearTable()
			r, err := w.ab.Search(ctx, p)
			if ctx.Err() != nil {
				return p, plies, errorf(CodeTooLarge, "wire: the opponent's searches did not finish before the deadline (at most "+MaxVecStepTime.String()+" a step); nothing changed: ask for fewer environments or a shallower opponent")
			}
			if err != nil {
				return p, plies, errorf(CodeInternal, fmt.Sprintf("wire: environment %d: opponent: %v", i, err))
			}
			m = r.Move
		} else {
			w.moves = p.AppendLegalMoves(w.moves[:0])
			m = w.moves[e.rng[i].intN(len(w.moves))]
		}
		q, err := p.Apply(m)
		if err != nil {
			return p, plies, errorf(CodeInternal, fmt.Sprintf("wire: environment %d: the opponent's legal move %v refused: %v", i, m, err))
		}
		p = e.seen(w, i, q)
		plies++
	}
	return p, plies, nil
}

// obsSeat is the seat environment i is observed from in p.
func (e *vecEnv[P, M]) obsSeat(i int, p P) mancala.Player {
	if e.cfg.Opponent != nil {
		return e.seat[i]
	}
	return p.ToMove()
}

// encode writes environment i's observation of p (both seats' with
// BothSeats) into dst.
func (e *vecEnv[P, M]) encode(w *vecWorker[P, M], dst []uint8, i int, p P) {
	if e.cfg.BothSeats {
		l := e.obsLen / 2
		w.view.encode(dst, p, mancala.South)
		w.view.encode(dst[l:], p, mancala.North)
		return
	}
	w.view.encode(dst, p, e.obsSeat(i, p))
}

// write writes environment i's observation, mask, player to move and
// plies into out.
func (e *vecEnv[P, M]) write(w *vecWorker[P, M], i int, out *vecArrays) {
	p := e.pos[i]
	e.encode(w, out.obs[i*e.obsLen:], i, p)
	mb := e.inf.MaskBytes
	dst := out.mask[i*mb : (i+1)*mb]
	clear(dst)
	w.mask = e.d.AppendMask(p, w.mask[:0])
	for a, f := range w.mask {
		if f {
			dst[a>>3] |= 1 << (a & 7)
		}
	}
	out.toMove[i] = uint8(p.ToMove())
	binary.LittleEndian.PutUint32(out.plies[4*i:], uint32(e.plies[i]))
}

// step plays actions[i] in environment i, then the opponent's replies,
// and resets the environments whose game ended (Gymnasium's same-step
// autoreset). An action out of range or illegal refuses the whole step,
// naming the first such environment, with every environment unchanged.
func (e *vecEnv[P, M]) step(ctx context.Context, actions []int32, out *vecArrays) error {
	n := e.inf.N
	if len(actions) != n {
		return vecErr("wire: want " + strconv.Itoa(n) + " actions, got " + strconv.Itoa(len(actions)))
	}
	// Check and play every action first, so that a bad one changes
	// nothing.
	e.parallel(func(w *vecWorker[P, M], lo, hi int) {
		w.err = nil
		for i := lo; i < hi; i++ {
			p := e.pos[i]
			m, err := e.d.ActionMove(p, int(actions[i]))
			if err == nil {
				e.next[i], err = p.Apply(m)
			}
			if err != nil {
				code := CodeIllegal
				if p.Outcome().Over() {
					code = CodeGameOver
				} else if _, ok := err.(*mancala.ActionError); ok {
					code = CodeBadRequest
				}
				w.err = errorf(code, fmt.Sprintf("wire: environment %d: action %d: %v", i, actions[i], err))
				return
			}
		}
	})
	if err := e.firstErr(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, MaxVecStepTime)
	defer cancel()
	if e.cfg.Opponent != nil {
		e.save() // the opponent's searches may reach the deadline
	}
	e.size(out)
	e.parallel(func(w *vecWorker[P, M], lo, hi int) {
		w.ended, w.final, w.res, w.counted = w.ended[:0], w.final[:0], w.res[:0], w.counted[:0]
		for i := lo; i < hi; i++ {
			mover := e.pos[i].ToMove()
			seat := mover
			if e.cfg.Opponent != nil {
				seat = e.seat[i]
			}
			q, plies, err := e.opponent(ctx, w, i, e.seen(w, i, e.next[i]), int(e.plies[i])+1)
			if err != nil && w.err == nil {
				w.err = err
			}
			o := q.Outcome()
			var reward float32
			term, trunc := o.Over(), false
			if o.Status == mancala.Win {
				reward = -1
				if o.Winner == seat {
					reward = 1
				}
			}
			if !term && plies >= e.cfg.Horizon {
				trunc = true
			}
			e.pos[i], e.plies[i] = q, int32(plies)
			binary.LittleEndian.PutUint32(out.reward[4*i:], math.Float32bits(reward))
			out.terminated[i], out.truncated[i] = bit(term), bit(trunc)
			if term || trunc {
				w.ended = append(w.ended, int32(i))
				k := len(w.final)
				w.final = append(w.final, make([]uint8, e.obsLen)...)
				e.encode(w, w.final[k:], i, q)
				var r int8
				if o.Status == mancala.Win {
					r = 1
					if o.Winner == mancala.North {
						r = -1
					}
				}
				w.res = append(w.res, r)
				if err := e.restart(ctx, w, i); err != nil && w.err == nil {
					w.err = err
				}
			}
			e.write(w, i, out)
		}
	})
	for _, w := range e.workers {
		for _, i := range w.ended {
			out.ended = binary.LittleEndian.AppendUint32(out.ended, uint32(i))
		}
		out.finalObs = append(out.finalObs, w.final...)
		for _, r := range w.res {
			out.finalResult = append(out.finalResult, byte(r))
		}
	}
	if err := e.firstErr(); err != nil {
		if e.cfg.Opponent != nil {
			e.restore()
		}
		return err
	}
	return nil
}

func (e *vecEnv[P, M]) seed() uint64 { return e.cfg.Seed }
