package agent

import (
	"context"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Defaults of [MCTS].
const (
	// DefaultIterations is the number of iterations (playouts) per move
	// when neither an iteration nor a time budget is set.
	DefaultIterations = 1000
	// DefaultPlayoutPlies caps each random playout, in plies.
	DefaultPlayoutPlies = 1000
	// MaxWorkers is the largest MCTS.Workers that Search accepts.
	MaxWorkers = 1024
	// DefaultLeafScale is the MCTS.LeafScale used when it is 0: an
	// evaluation of 4 seeds scores a cut playout 0.73 (1/(1+e^-1)).
	DefaultLeafScale = 4
	// LeafPlies is the playout cap of [NewMCTSEval]'s agents.
	LeafPlies = 20
)

// MCTS is Monte Carlo tree search with the UCT rule. Each iteration walks
// down the tree, at each node taking the first child not yet visited (in
// the game's move order) or else the child maximising
//
//	wins/visits + C*sqrt(ln(parent visits)/visits),
//
// plays a uniform random game ([mancala.Playout]) from the node it reached,
// and adds the result to every node on the path: 1 for a win, 1/2 for a
// draw or a playout cut at MaxPlies, 0 for a loss, counted for the player
// who made the move into the node (the parent's ToMove, so consecutive
// moves by one player are handled). A node's children are created when it
// is reached a second time. Move plays the root child with the most visits
// (ties: more wins, then the game's order).
//
// Iterations and Time form the budget of one move; with an iteration budget
// and no time budget the search is reproducible: move k of an MCTS uses the
// random stream (Seed, k) for each worker. With Workers > 1 each worker grows its own
// tree from the root with its share of the iterations and its own stream,
// and the root visit counts are added up (root parallelism); the result is
// again reproducible. Build one with [NewMCTS]. An MCTS must not be used by
// two goroutines at once.
type MCTS[P mancala.Game[P, M], M comparable] struct {
	// Iterations is the number of playouts per move; 0 (or a negative
	// value) means no limit other than Time and the context's deadline, or
	// DefaultIterations when neither sets a limit. A context that can be
	// cancelled but has no deadline cuts a search short, but is not a
	// budget: without Time it gets DefaultIterations too.
	Iterations int
	// Time bounds the search of one move (0: no limit other than the
	// context's). At least one iteration is always made.
	Time time.Duration
	// C is the exploration constant, a finite number >= 0; 0 means
	// sqrt(2). Search refuses NaN, an infinity or a negative C with an
	// error wrapping [ErrConfig].
	C float64
	// Seed chooses the random streams.
	Seed uint64
	// Workers is the number of goroutines searching (root parallelism);
	// 0 or 1 (or a negative value) means the calling goroutine alone. Each
	// worker keeps its own tree, so Search refuses more than [MaxWorkers]
	// with an error wrapping [ErrConfig].
	Workers int
	// MaxPlies caps each playout; 0 means DefaultPlayoutPlies.
	MaxPlies int
	// Leaf, when not nil, scores the playouts that MaxPlies cuts short:
	// it returns a new evaluation function (one per worker, so an
	// evaluation with scratch state, such as [Evaluation]'s, is never
	// shared), and a cut playout ending in position q gets the reward
	// 1/(1+exp(-Eval(q, South)/LeafScale)) for South and the rest for
	// North, instead of 1/2 each. A finished playout is scored by its
	// outcome as always.
	Leaf func() Eval[P]
	// LeafScale is the evaluation, in seeds, that scores a cut playout
	// 1/(1+1/e) for the player it favours; 0 means DefaultLeafScale. It
	// must be a finite number >= 0.
	LeafScale float64

	calls uint64 // moves searched so far: the stream number of the next
	trees []*tree[P, M]
}

// NewMCTS returns an MCTS agent with the given iteration budget (playouts
// per move) and seed. Go cannot infer P and M from these, so name them:
// agent.NewMCTS[kimasai.Position, kimasai.Move](2000, 1).
func NewMCTS[P mancala.Game[P, M], M comparable](iterations int, seed uint64) *MCTS[P, M] {
	return &MCTS[P, M]{Iterations: iterations, Seed: seed}
}

// NewMCTSEval returns an MCTS agent for d's game whose playouts stop after
// [LeafPlies] plies and are then scored by d's evaluation ([Evaluation],
// through MCTS.Leaf with the default LeafScale), with the given iteration
// budget and seed. Short playouts scored by the game's heuristic are both
// cheaper and more informative than long random ones where random play
// says little about a position (docs/strength.md measures the gain).
func NewMCTSEval[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], iterations int, seed uint64) *MCTS[P, M] {
	return &MCTS[P, M]{Iterations: iterations, Seed: seed, MaxPlies: LeafPlies,
		Leaf: func() Eval[P] { return Evaluation(d) }}
}

// MCTSResult describes a finished MCTS search.
type MCTSResult[M comparable] struct {
	Move       M       // the chosen move
	Visits     int     // the chosen move's visits
	Iterations int     // playouts made by all workers
	WinRate    float64 // the chosen move's mean reward for the player to move, 0..1
}

// Move returns the move chosen by [MCTS.Search].
func (s *MCTS[P, M]) Move(ctx context.Context, p P) (M, error) {
	r, err := s.Search(ctx, p)
	return r.Move, err
}

// Search runs the tree search from p within the budget. For a finished game
// it returns an error wrapping [mancala.ErrGameOver]; for a C that is NaN,
// infinite or negative, or more than [MaxWorkers] workers, an error
// wrapping [ErrConfig] (before any search); a legal move that fails to
// apply (a bug in the game) is returned as an error.
func (s *MCTS[P, M]) Search(ctx context.Context, p P) (MCTSResult[M], error) {
	var res MCTSResult[M]
	if err := s.check(); err != nil {
		return res, err
	}
	workers := max(s.Workers, 1)
	for len(s.trees) < workers {
		s.trees = append(s.trees, &tree[P, M]{})
	}
	call := s.calls
	s.calls++
	iters := s.Iterations
	if _, hasDeadline := ctx.Deadline(); iters <= 0 && s.Time <= 0 && !hasDeadline {
		iters = DefaultIterations
	}
	var deadline time.Time
	if s.Time > 0 {
		deadline = now().Add(s.Time)
	}
	c := s.C
	if c == 0 {
		c = math.Sqrt2
	}
	maxPlies := s.MaxPlies
	if maxPlies <= 0 {
		maxPlies = DefaultPlayoutPlies
	}
	scale := s.LeafScale
	if scale == 0 {
		scale = DefaultLeafScale
	}
	errs := make([]error, workers)
	run := func(w int) {
		n := 0 // no limit
		if iters > 0 {
			n = iters / workers
			if w < iters%workers {
				n++
			}
			n = max(n, 1)
		}
		t := s.trees[w]
		if s.Leaf != nil && t.eval == nil {
			t.eval = s.Leaf()
		}
		if s.Leaf == nil {
			t.eval = nil
		}
		t.scale = scale
		errs[w] = t.search(ctx, p, n, deadline, c, maxPlies, s.Seed, call<<8|uint64(w))
	}
	if workers == 1 {
		run(0)
	} else {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(w)
			}()
		}
		wg.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return res, err
		}
	}
	// Add up the root children of every tree (the same moves in the same
	// order).
	t0 := s.trees[0]
	root := &t0.nodes[0]
	if root.n == 0 {
		return res, gameOver[P, M](p)
	}
	best, bestV, bestW := -1, -1.0, -1.0
	for i := range int(root.n) {
		v, wsum := 0.0, 0.0
		for _, t := range s.trees[:workers] {
			ch := &t.nodes[t.nodes[0].first+int32(i)]
			v += ch.visits
			wsum += ch.wins
		}
		res.Iterations += int(v)
		if v > bestV || (v == bestV && wsum > bestW) {
			best, bestV, bestW = i, v, wsum
		}
	}
	res.Move = t0.nodes[root.first+int32(best)].move
	res.Visits = int(bestV)
	if bestV > 0 {
		res.WinRate = bestW / bestV
	}
	return res, nil
}

// check refuses the settings that Search cannot use.
func (s *MCTS[P, M]) check() error {
	switch {
	case math.IsNaN(s.C) || math.IsInf(s.C, 0) || s.C < 0:
		return errtext.Wrap(ErrConfig.Error()+": mcts: exploration constant C is "+strconv.FormatFloat(s.C, 'g', -1, 64)+"; want a finite C >= 0 (0 means sqrt(2))", ErrConfig)
	case math.IsNaN(s.LeafScale) || math.IsInf(s.LeafScale, 0) || s.LeafScale < 0:
		return errtext.Wrap(ErrConfig.Error()+": mcts: leaf scale is "+strconv.FormatFloat(s.LeafScale, 'g', -1, 64)+"; want a finite number >= 0 (0 means "+strconv.Itoa(DefaultLeafScale)+")", ErrConfig)
	case s.Workers > MaxWorkers:
		return errtext.Wrap(ErrConfig.Error()+": mcts: "+strconv.Itoa(s.Workers)+" workers; at most "+strconv.Itoa(MaxWorkers), ErrConfig)
	}
	return nil
}

// node is one tree node; children are stored contiguously in tree.nodes.
type node[P mancala.Game[P, M], M comparable] struct {
	pos      P
	move     M              // the move into this node
	mover    mancala.Player // who made it: the parent's ToMove
	parent   int32
	first, n int32 // children: nodes[first : first+n]
	expanded bool
	visits   float64
	wins     float64 // rewards for mover
}

// tree is one worker's search tree and random stream, reused across moves.
type tree[P mancala.Game[P, M], M comparable] struct {
	nodes   []node[P, M]
	buf     []M
	playout *mancala.Playout[P, M]
	eval    Eval[P] // scores cut playouts (MCTS.Leaf), or nil
	scale   float64 // MCTS.LeafScale, default filled in
}

func (t *tree[P, M]) search(ctx context.Context, root P, iters int, deadline time.Time, c float64, maxPlies int, seed, stream uint64) error {
	t.nodes = append(t.nodes[:0], node[P, M]{pos: root, parent: -1})
	t.playout = mancala.NewPlayout[P, M](seed ^ stream*0x9e3779b97f4a7c15)
	if err := t.expand(0); err != nil {
		return err
	}
	if t.nodes[0].n == 0 {
		return nil
	}
	for i := 0; iters <= 0 || i < iters; i++ {
		if i > 0 && i&15 == 0 {
			if ctx.Err() != nil || (!deadline.IsZero() && !now().Before(deadline)) {
				break
			}
		}
		if err := t.iterate(c, maxPlies); err != nil {
			return err
		}
	}
	return nil
}

// expand creates the children of node i.
func (t *tree[P, M]) expand(i int32) error {
	nd := &t.nodes[i]
	nd.expanded = true
	p := nd.pos
	t.buf = p.AppendLegalMoves(t.buf[:0])
	first := int32(len(t.nodes))
	me := p.ToMove()
	for _, m := range t.buf {
		q, err := p.Apply(m)
		if err != nil {
			return refusedMove("mcts", m, err)
		}
		t.nodes = append(t.nodes, node[P, M]{pos: q, move: m, mover: me, parent: i})
	}
	nd = &t.nodes[i] // append may have moved the nodes
	nd.first, nd.n = first, int32(len(t.buf))
	return nil
}

// iterate runs one selection, expansion, playout and backup.
func (t *tree[P, M]) iterate(c float64, maxPlies int) error {
	i := int32(0)
	for {
		nd := &t.nodes[i]
		if !nd.expanded {
			if err := t.expand(i); err != nil {
				return err
			}
			nd = &t.nodes[i]
		}
		if nd.n == 0 {
			break // a finished game
		}
		next := int32(-1)
		logN := math.Log(nd.visits)
		bestScore := math.Inf(-1)
		for k := nd.first; k < nd.first+nd.n; k++ {
			ch := &t.nodes[k]
			if ch.visits == 0 {
				next = k
				break
			}
			score := ch.wins/ch.visits + c*math.Sqrt(logN/ch.visits)
			if score > bestScore {
				bestScore, next = score, k
			}
		}
		if next < 0 {
			next = nd.first // unreachable with a finite C >= 0 (check)
		}
		i = next
		if t.nodes[i].visits == 0 {
			break
		}
	}
	final, _, err := t.playout.Run(t.nodes[i].pos, maxPlies)
	if err != nil {
		return err
	}
	var reward [2]float64
	switch o := final.Outcome(); {
	case o.Status == mancala.Win:
		reward[o.Winner&1] = 1
	case o.Status == mancala.Ongoing && t.eval != nil:
		v := float64(clampEval(t.eval(final, mancala.South)))
		south := 1 / (1 + math.Exp(-v/t.scale))
		reward[mancala.South&1], reward[mancala.North&1] = south, 1-south
	default:
		reward = [2]float64{0.5, 0.5}
	}
	for ; i >= 0; i = t.nodes[i].parent {
		nd := &t.nodes[i]
		nd.visits++
		nd.wins += reward[nd.mover&1]
	}
	return nil
}
