package agent

import (
	"context"
	"fmt"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Defaults of [AlphaBeta].
const (
	// DefaultDepth is the depth searched when neither a depth nor a time
	// budget is set.
	DefaultDepth = 6
	// MaxDepth is the deepest iteration AlphaBeta ever starts, in plies.
	MaxDepth = 100
	// DefaultTableSize is the transposition table's default bound, in
	// entries (roughly 100 bytes each).
	DefaultTableSize = 1 << 18
	// historySize bounds the move keys the history heuristic tracks.
	historySize = 1 << 14
)

// AlphaBeta searches with negamax, alpha-beta pruning and iterative
// deepening (depth 1, 2, ... plies) and plays the best move of the deepest
// completed iteration. Build one with [NewAlphaBeta], then set the budget
// fields; the zero value works too (no evaluation beyond won and lost
// games, no history heuristic).
//
// Values are from the point of view of the player to move at each node:
// the value of a child is negated only when the child's ToMove differs from
// the parent's, never by depth parity. Finished games are scored by
// [Terminal]; other leaves by Eval, clamped to ±[MaxEval].
//
// The transposition table is keyed by the position value (P is comparable)
// and survives between moves; it is bounded by TableSize. Moves are
// searched in the game's order, except that the table's best move comes
// first and then moves with a higher history score (cut-offs weighted by
// depth squared, when Key is set).
//
// With a depth budget and no time budget a search is deterministic. An
// AlphaBeta must not be used by two goroutines at once. Once its buffers
// and table have grown, a search allocates nothing per node (with an
// allocation-free Eval).
//
// P and M are constrained as every generic tool of the module constrains
// a game's position and move: [mancala.Position] and [mancala.Move].
type AlphaBeta[P mancala.Position[P, M], M mancala.Move] struct {
	// Depth is the deepest iteration in plies; 0 (or a negative value)
	// means no depth limit (up to MaxDepth) when Time is set or the
	// context has a deadline, and DefaultDepth otherwise: a context that
	// can be cancelled but has no deadline cuts a search short but is not
	// a budget.
	Depth int
	// Time bounds the search of one move (0: no limit other than the
	// context's). Depth 1 is always completed.
	Time time.Duration
	// Eval scores positions whose game is not over, for the player given;
	// nil scores them 0.
	Eval Eval[P]
	// Key maps a move of a position to a small non-negative integer for the
	// history heuristic (a game descriptor's MoveKey); nil turns the
	// heuristic off. Keys outside [0, 16384) are not tracked.
	Key func(p P, m M) int
	// TableSize bounds the transposition table in entries; 0 means
	// DefaultTableSize, a negative value turns the table off.
	TableSize int

	// exactTT makes the table answer only for entries of exactly the
	// depth needed (tests: the search then returns exactly the value of a
	// plain full-width negamax).
	exactTT bool

	stack    mancala.Stack[P, M]
	tt       *table[P, M]
	history  [2][historySize]int32
	scores   [][]int32 // per ply: the history scores of that ply's moves
	nodes    int64
	deadline time.Time
	ctx      context.Context
	abort    bool
	horizon  bool // the iteration scored a leaf by Eval or used a table value
	err      error
	rootBest M
}

// NewAlphaBeta returns an AlphaBeta for d's game searching to depth plies
// (see AlphaBeta.Depth), with d's evaluation ([Evaluation]) and the
// history heuristic keyed by d.MoveKey.
func NewAlphaBeta[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], depth int) *AlphaBeta[P, M] {
	return &AlphaBeta[P, M]{Depth: depth, Eval: Evaluation(d), Key: d.MoveKey}
}

// Result describes a finished search.
type Result[M comparable] struct {
	Move  M     // the best move found
	Value int   // its value for the player to move (see WinValue)
	Depth int   // the depth of the deepest completed iteration, in plies
	Nodes int64 // positions visited by all iterations
}

// Move returns the best move of p found within the budget; see
// [AlphaBeta.Search].
func (a *AlphaBeta[P, M]) Move(ctx context.Context, p P) (M, error) {
	r, err := a.Search(ctx, p)
	return r.Move, err
}

// Search runs the iterative deepening search of p and reports the best move
// of the deepest completed iteration and its value. It stops early once an
// iteration has seen every line end in a finished game (the value can then
// no longer change), but not merely because a win was found: a deeper
// search may find a larger margin. For a finished game it returns an
// error wrapping [mancala.ErrGameOver]; a legal move that fails to apply (a
// bug in the game) is returned as an error.
func (a *AlphaBeta[P, M]) Search(ctx context.Context, p P) (Result[M], error) {
	var res Result[M]
	moves := a.stack.Moves(0, p)
	if len(moves) == 0 {
		return res, gameOver[P, M](p)
	}
	res.Move = moves[0]
	if a.TableSize >= 0 && a.tt == nil {
		size := a.TableSize
		if size == 0 {
			size = DefaultTableSize
		}
		a.tt = newTable[P, M](size)
	}
	a.ctx, a.deadline, a.abort, a.err, a.nodes = ctx, time.Time{}, false, nil, 0
	for i := range a.history {
		for k := range a.history[i] {
			a.history[i][k] >>= 1 // age the history of earlier searches
		}
	}
	if a.Time > 0 {
		a.deadline = now().Add(a.Time)
	}
	if d, ok := ctx.Deadline(); ok && (a.deadline.IsZero() || d.Before(a.deadline)) {
		a.deadline = d
	}
	maxDepth := a.Depth
	if maxDepth <= 0 {
		maxDepth = MaxDepth
		if a.deadline.IsZero() {
			maxDepth = DefaultDepth
		}
	}
	maxDepth = min(maxDepth, MaxDepth)
	for depth := 1; depth <= maxDepth; depth++ {
		a.horizon = false
		v := a.negamax(p, depth, 0, -WinValue*2, WinValue*2, depth > 1)
		if a.err != nil {
			return res, a.err
		}
		if a.abort {
			break
		}
		res.Move, res.Value, res.Depth = a.rootBest, v, depth
		if !a.horizon {
			// Every line ended in a finished game within depth plies
			// (no heuristic leaf, no table answer): deeper iterations
			// would find the same value.
			break
		}
	}
	res.Nodes = a.nodes
	a.ctx = nil
	return res, nil
}

// AppendLine appends to dst the principal line of r, a search of p that
// this AlphaBeta returned: r.Move, then from each position reached the
// move the transposition table holds as the best there, while that move is
// legal and the game goes on, at most r.Depth moves in all (plies, opening
// steps included). The table is bounded (TableSize) and kept between
// searches, so the moves after the first are the search's expected
// replies, not a proof; without a table (TableSize < 0) the line is r.Move
// alone. If r.Move is not a legal move of p (a failed search's zero
// Result) it returns dst unchanged. It allocates only to grow dst.
func (a *AlphaBeta[P, M]) AppendLine(dst []M, p P, r Result[M]) []M {
	q, err := p.Apply(r.Move)
	if err != nil {
		return dst
	}
	dst = append(dst, r.Move)
	for n := 1; n < r.Depth && a.tt != nil && !q.Outcome().Over(); n++ {
		e, ok := a.tt.get(q)
		if !ok || !e.has {
			break
		}
		next, err := q.Apply(e.move)
		if err != nil {
			break
		}
		dst, q = append(dst, e.move), next
	}
	return dst
}

// stop reports whether the budget has run out; it is polled every 1024
// nodes.
func (a *AlphaBeta[P, M]) stop() bool {
	if a.ctx.Err() != nil || (!a.deadline.IsZero() && !now().Before(a.deadline)) {
		a.abort = true
	}
	return a.abort
}

// negamax returns the value of p for p.ToMove(), searched depth plies deep
// with the window (alpha, beta); ply is the distance from the root. It
// fails soft. With canStop it gives up (setting a.abort) when the budget
// runs out.
func (a *AlphaBeta[P, M]) negamax(p P, depth, ply, alpha, beta int, canStop bool) int {
	a.nodes++
	if canStop && a.nodes&1023 == 0 && a.stop() {
		return 0
	}
	if depth == 0 {
		if o := p.Outcome(); o.Over() {
			return Terminal(o, p.ToMove(), ply)
		}
		a.horizon = true
		if a.Eval == nil {
			return 0
		}
		return clampEval(a.Eval(p, p.ToMove()))
	}
	var ttMove M
	hasTT := false
	if a.tt != nil {
		if e, ok := a.tt.get(p); ok {
			ttMove, hasTT = e.move, e.has
			if ply > 0 && (int(e.depth) == depth || (!a.exactTT && int(e.depth) > depth)) {
				v := fromTable(int(e.value), ply)
				switch {
				case e.bound == exact,
					e.bound == lower && v >= beta,
					e.bound == upper && v <= alpha:
					a.horizon = true
					return v
				}
			}
		}
	}
	moves := a.stack.Moves(ply, p)
	if len(moves) == 0 {
		return Terminal(p.Outcome(), p.ToMove(), ply)
	}
	me := p.ToMove()
	a.order(p, me, ply, moves, ttMove, hasTT)
	best, bestMove := -WinValue*2, moves[0]
	alpha0 := alpha
	for i := 0; i < len(moves); i++ {
		m := moves[i]
		q, err := p.Apply(m)
		if err != nil {
			a.err = fmt.Errorf("agent: alpha-beta: legal move %v refused: %w", m, err)
			a.abort = true
			return 0
		}
		var v int
		if q.ToMove() == me {
			v = a.negamax(q, depth-1, ply+1, alpha, beta, canStop)
		} else {
			v = -a.negamax(q, depth-1, ply+1, -beta, -alpha, canStop)
		}
		if a.abort {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if ply == 0 {
				a.rootBest = m
			}
			if v > alpha {
				alpha = v
				if alpha >= beta {
					if a.Key != nil {
						if k := a.Key(p, m); k >= 0 && k < historySize {
							a.history[me&1][k] += int32(depth * depth)
						}
					}
					break
				}
			}
		}
	}
	if a.tt != nil {
		b := exact
		switch {
		case best <= alpha0:
			b = upper
		case best >= beta:
			b = lower
		}
		a.tt.put(p, entry[M]{move: bestMove, value: int32(toTable(best, ply)), depth: int16(depth), bound: b, has: true})
	}
	return best
}

// order moves the table move to the front and sorts the rest by descending
// history score, keeping the game's order among equals (insertion sort:
// the lists are short).
func (a *AlphaBeta[P, M]) order(p P, me mancala.Player, ply int, moves []M, ttMove M, hasTT bool) {
	start := 0
	if hasTT {
		for i, m := range moves {
			if m == ttMove {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				start = 1
				break
			}
		}
	}
	if a.Key == nil || len(moves)-start < 2 {
		return
	}
	for len(a.scores) <= ply {
		a.scores = append(a.scores, make([]int32, 0, 64))
	}
	h := &a.history[me&1]
	sc := a.scores[ply][:0]
	for _, m := range moves {
		var s int32
		if k := a.Key(p, m); k >= 0 && k < historySize {
			s = h[k]
		}
		sc = append(sc, s)
	}
	a.scores[ply] = sc
	for i := start + 1; i < len(moves); i++ {
		m, s := moves[i], sc[i]
		j := i
		for j > start && sc[j-1] < s {
			moves[j], sc[j] = moves[j-1], sc[j-1]
			j--
		}
		moves[j], sc[j] = m, s
	}
}

// toTable converts a value found ply plies from the root to one relative to
// its own position, for the table; fromTable converts back.
func toTable(v, ply int) int {
	switch {
	case v >= decided:
		return v + ply
	case v <= -decided:
		return v - ply
	}
	return v
}

func fromTable(v, ply int) int {
	switch {
	case v >= decided:
		return v - ply
	case v <= -decided:
		return v + ply
	}
	return v
}

// ClearTable empties the transposition table and the history scores.
func (a *AlphaBeta[P, M]) ClearTable() {
	if a.tt != nil {
		a.tt.reset()
	}
	a.history = [2][historySize]int32{}
}
