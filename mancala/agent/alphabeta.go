package agent

import (
	"context"
	"hash/fnv"
	"strconv"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
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

// Verdict is a game result proven for the player to move: by endgame
// tables ([Oracle]) or by a search that reached the end of every line. The
// zero Verdict, Unproven, says the value is a heuristic or a bound.
type Verdict uint8

const (
	// Unproven: no result is proven.
	Unproven Verdict = iota
	// ProvenWin: the player to move wins with best play.
	ProvenWin
	// ProvenDraw: the game is drawn with best play.
	ProvenDraw
	// ProvenLoss: the player to move loses with best play.
	ProvenLoss
)

var verdictNames = [...]string{"", "win", "draw", "loss"}

// String returns the verdict as think's answer writes it (docs/wire.md,
// "Think's answer"): "win", "draw", "loss", or "" for Unproven; out of
// range "Verdict(9)".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// verdictOf returns the verdict of a proven value.
func verdictOf(v int) Verdict {
	switch {
	case v > 0:
		return ProvenWin
	case v < 0:
		return ProvenLoss
	}
	return ProvenDraw
}

// Oracle knows the exact values of some positions, such as endgame
// tables built by retrograde analysis. [AlphaBeta] probes it (when its
// Oracle is set) at every node below the root whose game is not over,
// before its table and its evaluation.
type Oracle[P any] interface {
	// Probe returns p's value for p.ToMove() and whether the oracle knows
	// it (ok). The value is in the search's units, counted from p: a win
	// is WinValue + MarginWeight*margin - the plies to the end with best
	// play (see [WinValue]), a loss the negation, a draw 0; a heuristic
	// value the oracle knows better than the evaluation is within
	// ±[MaxEval]. outcome is the proven result for p.ToMove(), or
	// Unproven when value is not a proof. It must not change p, must be
	// cheap when it does not know (it is called at every node), and must
	// not be called by two goroutines at once unless it says so.
	Probe(p P) (value int, outcome Verdict, ok bool)
}

// AlphaBeta searches with negamax, alpha-beta pruning, principal variation
// search (PVS: the first move with the full window, the others with a null
// window, searched again when they beat it), aspiration windows around
// the previous iteration's value and iterative deepening (depth 1, 2, ...
// plies), and plays the best move of the deepest completed iteration.
// Build one with [NewAlphaBeta], then set the budget fields; the zero
// value works too (no evaluation beyond won and lost games, no history
// heuristic, no repetition rule).
//
// Values are from the point of view of the player to move at each node:
// the value of a child is negated only when the child's ToMove differs from
// the parent's, never by depth parity. Finished games are scored by
// [Terminal]; other leaves by the Oracle when it knows them, else by Eval,
// clamped to ±[MaxEval].
//
// The transposition table is a fixed-size array of hashed entries (keys:
// the position's [mancala.Hasher] hash, or a hash of its notation for
// position types without one), bounded by TableSize, kept between moves
// unless a node budget is set. Moves are searched in the game's order,
// except that the table's best move comes first, then the two killer
// moves of the ply (the last moves that cut off there), then moves with a
// higher history score (cut-offs weighted by depth squared, when Key is
// set). The principal variation is collected during the search (a
// triangular array): nodes on it never take a value from the table, so the
// line is never cut short by it.
//
// Under the repetition rule (C-10, Repetition:Three; an AlphaBeta built by
// [NewAlphaBeta]) the search ends a line where a position occurs for the
// third time, counting the game's history given to [AlphaBeta.SearchHistory]
// and the line itself, and scores it as the rules end it (EndByRepetition):
// it never walks into a lost cycle and takes a drawn or won one when that
// is best.
//
// Budgets: Depth, Nodes and Time, whichever runs out first. With a depth
// or node budget and no time budget a search is deterministic: the same
// moves on every machine. With a node budget the table and the history are
// cleared before each search, so that a move depends only on the position
// (and the history given). An AlphaBeta must not be used by two
// goroutines at once. Once its buffers and table have grown, a search
// allocates nothing per node (with an allocation-free Eval and a position
// type that implements [mancala.Hasher]).
//
// P and M are constrained as every generic tool of the module constrains
// a game's position and move: [mancala.Position] and [mancala.Move].
type AlphaBeta[P mancala.Position[P, M], M mancala.Move] struct {
	// Depth is the deepest iteration in plies; 0 (or a negative value)
	// means no depth limit (up to MaxDepth) when Time or Nodes is set or
	// the context has a deadline, and DefaultDepth otherwise: a context
	// that can be cancelled but has no deadline cuts a search short but is
	// not a budget.
	Depth int
	// Nodes bounds the positions one search visits (0: no limit). The
	// search stops when it has visited Nodes positions and plays the
	// deepest completed iteration's move, so it never visits more. Depth 1
	// is always completed.
	Nodes int64
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
	// Oracle, when set, gives exact values of the positions it knows
	// (endgame tables); see [Oracle].
	Oracle Oracle[P]

	// exactTT makes the table answer only for entries of exactly the
	// depth needed (tests: the search then returns exactly the value of a
	// plain full-width negamax).
	exactTT bool
	// off turns features off, for measurements (bits of offPVS...).
	off uint8

	d        *mancala.Descriptor[P, M] // for the repetition rule; nil: none
	hash     func(P) uint64
	stack    mancala.Stack[P, M]
	tt       *table[M]
	history  [2][historySize]int32
	killers  [][2]M
	nkillers [][2]bool
	scores   [][]int32 // per ply: the ordering scores of that ply's moves
	kids     [][]P     // per ply: the positions after that ply's moves, in their order
	pv       [][]M     // pv[ply]: the principal variation from ply
	pvLen    []int
	seen     map[uint64]int // repetition keys of the game's history: occurrences
	path     []uint64       // path[ply]: the repetition key hash of the line's position at ply
	rep      bool           // the repetition rule applies in this search
	line     []M            // the last search's principal variation
	lineRoot P
	nodes    int64
	deadline time.Time
	ctx      context.Context
	abort    bool
	horizon  bool // the iteration scored a leaf by Eval or used a table value
	err      error
}

// NewAlphaBeta returns an AlphaBeta for d's game searching to depth plies
// (see AlphaBeta.Depth), with d's evaluation ([Evaluation]), the history
// heuristic keyed by d.MoveKey, and the repetition rule (C-10) of d.
func NewAlphaBeta[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], depth int) *AlphaBeta[P, M] {
	return &AlphaBeta[P, M]{Depth: depth, Eval: Evaluation(d), Key: d.MoveKey, d: d}
}

// Result describes a finished search.
type Result[M comparable] struct {
	Move  M     // the best move found
	Value int   // its value for the player to move (see WinValue)
	Depth int   // the depth of the deepest completed iteration, in plies
	Nodes int64 // positions visited by all iterations
	// Outcome is the result proven for the player to move: when the
	// deepest completed iteration reached the end of every line (or the
	// Oracle's proven values) with no heuristic leaf and no table answer;
	// Unproven otherwise.
	Outcome Verdict
}

// Move returns the best move of p found within the budget; see
// [AlphaBeta.Search].
func (a *AlphaBeta[P, M]) Move(ctx context.Context, p P) (M, error) {
	r, err := a.Search(ctx, p)
	return r.Move, err
}

// MoveHistory returns the best move of h's position found within the
// budget, knowing the game's history for the repetition rule; see
// [AlphaBeta.SearchHistory]. It makes AlphaBeta a [HistoryAgent].
func (a *AlphaBeta[P, M]) MoveHistory(ctx context.Context, h *mancala.History[P, M]) (M, error) {
	r, err := a.SearchHistory(ctx, h)
	return r.Move, err
}

// Search runs the iterative deepening search of p and reports the best move
// of the deepest completed iteration, its value and, when the search
// proved it, the outcome. It stops early once an iteration has seen every
// line end in a finished game (the value can then no longer change), but
// not merely because a win was found: a deeper search may find a larger
// margin. p is taken as the game's only position so far (for the
// repetition rule); [AlphaBeta.SearchHistory] takes the game's history.
// For a finished game it returns an error wrapping [mancala.ErrGameOver];
// a legal move that fails to apply (a bug in the game) is returned as an
// error.
func (a *AlphaBeta[P, M]) Search(ctx context.Context, p P) (Result[M], error) {
	return a.search(ctx, p, nil)
}

// SearchHistory is [AlphaBeta.Search] of h's position, counting the
// positions of h (the game so far, from its start) for the repetition
// rule: a line that makes a position for the third time ends there as the
// rules end it. h is not changed.
func (a *AlphaBeta[P, M]) SearchHistory(ctx context.Context, h *mancala.History[P, M]) (Result[M], error) {
	return a.search(ctx, h.Position(), h)
}

func (a *AlphaBeta[P, M]) search(ctx context.Context, p P, h *mancala.History[P, M]) (Result[M], error) {
	var res Result[M]
	moves := a.stack.Moves(0, p)
	if len(moves) == 0 {
		return res, gameOver[P, M](p)
	}
	res.Move = moves[0]
	if a.hash == nil {
		a.hash = hasher[P]()
	}
	if a.TableSize >= 0 && a.tt == nil {
		size := a.TableSize
		if size == 0 {
			size = DefaultTableSize
		}
		a.tt = newTable[M](size)
	}
	a.ctx, a.deadline, a.abort, a.err, a.nodes = ctx, time.Time{}, false, nil, 0
	a.line = a.line[:0]
	if a.Nodes > 0 {
		a.ClearTable()
	} else {
		for i := range a.history {
			for k := range a.history[i] {
				a.history[i][k] >>= 1 // age the history of earlier searches
			}
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
		if a.deadline.IsZero() && a.Nodes <= 0 {
			maxDepth = DefaultDepth
		}
	}
	maxDepth = min(maxDepth, MaxDepth)
	a.grow(maxDepth + 1)
	a.setRepetition(p, h)
	for i := range a.killers {
		a.nkillers[i] = [2]bool{}
	}
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		alpha, beta := -WinValue*2, WinValue*2
		if depth >= 4 && prev < decided && prev > -decided && a.off&offAspiration == 0 {
			alpha, beta = prev-aspiration, prev+aspiration
		}
		var v int
		for {
			a.horizon = false
			v = a.negamax(p, depth, 0, alpha, beta, depth > 1)
			if a.err != nil || a.abort {
				break
			}
			// Outside the aspiration window the value is a bound: search
			// again with that side open.
			if v <= alpha && alpha > -WinValue*2 {
				alpha = -WinValue * 2
				continue
			}
			if v >= beta && beta < WinValue*2 {
				beta = WinValue * 2
				continue
			}
			break
		}
		if a.err != nil {
			return res, a.err
		}
		if a.abort {
			break
		}
		prev = v
		res.Value, res.Depth = v, depth
		a.line = append(a.line[:0], a.pv[0][:a.pvLen[0]]...)
		a.lineRoot = p
		if len(a.line) > 0 {
			res.Move = a.line[0]
		}
		if !a.horizon {
			// Every line ended in a finished game within depth plies
			// (no heuristic leaf, no table answer): deeper iterations
			// would find the same value.
			res.Outcome = verdictOf(v)
			break
		}
	}
	res.Nodes = a.nodes
	a.ctx = nil
	return res, nil
}

// Features that measurements can turn off (AlphaBeta.off).
const (
	offPVS = 1 << iota
	offAspiration
	offKillers
	offEvalOrder
)

// aspiration is the half-width of the aspiration window around the
// previous iteration's value, in evaluation units.
const aspiration = 3

// grow sizes the per-ply buffers for plies 0..n.
func (a *AlphaBeta[P, M]) grow(n int) {
	n++
	for len(a.pv) < n {
		a.pv = append(a.pv, make([]M, MaxDepth+1))
		a.pvLen = append(a.pvLen, 0)
		a.killers = append(a.killers, [2]M{})
		a.nkillers = append(a.nkillers, [2]bool{})
		a.scores = append(a.scores, make([]int32, 0, 64))
		a.kids = append(a.kids, make([]P, 0, 64))
		a.path = append(a.path, 0)
	}
}

// hasher returns the hash of P's transposition table keys: the position's
// own Hash when P implements [mancala.Hasher] (through one scratch copy, so
// that no call allocates), else FNV-1a of its notation.
func hasher[P mancala.Position[P, M], M mancala.Move]() func(P) uint64 {
	slot := new(P)
	if h, ok := any(slot).(mancala.Hasher); ok {
		return func(p P) uint64 {
			*slot = p
			return h.Hash()
		}
	}
	return func(p P) uint64 {
		f := fnv.New64a()
		f.Write([]byte(p.String()))
		return f.Sum64()
	}
}

// setRepetition prepares the repetition rule's counts for a search of p:
// the occurrences of each repetition key in h (p alone without h).
func (a *AlphaBeta[P, M]) setRepetition(p P, h *mancala.History[P, M]) {
	a.rep = a.d != nil && a.d.Repetition != nil && a.d.RepetitionKey != nil && a.d.EndByRepetition != nil &&
		a.d.Repetition(p) == mancala.RepetitionThree
	if !a.rep {
		return
	}
	if a.seen == nil {
		a.seen = make(map[uint64]int)
	}
	clear(a.seen)
	if h == nil {
		a.seen[a.hash(a.d.RepetitionKey(p))] = 1
		return
	}
	for i := 0; ; i++ {
		q, ok := h.At(i)
		if !ok {
			break
		}
		a.seen[a.hash(a.d.RepetitionKey(q))]++
	}
}

// repeat returns q, the position at ply of the line searched, ended by the
// repetition rule when it occurs there for the third time.
func (a *AlphaBeta[P, M]) repeat(q P, ply int) P {
	k := a.hash(a.d.RepetitionKey(q))
	a.path[ply] = k
	n := a.seen[k] + 1
	for i := 1; i < ply; i++ {
		if a.path[i] == k {
			n++
		}
	}
	if n >= 3 && !q.Outcome().Over() && a.d.Repetition(q) == mancala.RepetitionThree {
		return a.d.EndByRepetition(q)
	}
	return q
}

// AppendLine appends to dst the principal line of r, a search of p that
// this AlphaBeta returned: the principal variation collected during the
// deepest completed iteration, r.Move first, then the replies each side
// is expected to play, r.Depth moves (plies, opening steps included), or
// fewer when the game ends or the Oracle decides the value within them.
// For a Result of another search (not the last one of p) it gives r.Move,
// then the moves the transposition table holds as the best, while they
// are legal and the game goes on, at most r.Depth moves in all. If r.Move
// is not a legal move of p (a failed search's zero Result) it returns dst
// unchanged. It allocates only to grow dst.
func (a *AlphaBeta[P, M]) AppendLine(dst []M, p P, r Result[M]) []M {
	q, err := p.Apply(r.Move)
	if err != nil {
		return dst
	}
	if len(a.line) > 0 && a.line[0] == r.Move && a.lineRoot == p && len(a.line) <= max(r.Depth, 1) {
		return append(dst, a.line...)
	}
	dst = append(dst, r.Move)
	if a.hash == nil {
		return dst
	}
	for n := 1; n < r.Depth && a.tt != nil && !q.Outcome().Over(); n++ {
		e, ok := a.tt.get(a.hash(q))
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

// stop reports whether the time budget has run out; it is polled every
// 1024 nodes.
func (a *AlphaBeta[P, M]) stop() bool {
	if a.ctx.Err() != nil || (!a.deadline.IsZero() && !now().Before(a.deadline)) {
		a.abort = true
	}
	return a.abort
}

// negamax returns the value of p for p.ToMove(), searched depth plies deep
// with the window (alpha, beta); ply is the distance from the root. It
// fails soft. With canStop it gives up (setting a.abort) when the budget
// runs out. It leaves in a.pv[ply] the principal variation from p when
// its value is inside the window.
func (a *AlphaBeta[P, M]) negamax(p P, depth, ply, alpha, beta int, canStop bool) int {
	a.nodes++
	a.pvLen[ply] = 0
	if canStop {
		if a.Nodes > 0 && a.nodes > a.Nodes {
			a.nodes-- // this node is not visited
			a.abort = true
			return 0
		}
		if a.nodes&1023 == 0 && a.stop() {
			return 0
		}
	}
	if ply > 0 && a.Oracle != nil && !p.Outcome().Over() {
		if v, o, ok := a.Oracle.Probe(p); ok {
			if o == Unproven {
				a.horizon = true
				return clampEval(v)
			}
			return fromTable(v, ply)
		}
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
	var key uint64
	if a.tt != nil {
		key = a.hash(p)
		if e, ok := a.tt.get(key); ok {
			ttMove, hasTT = e.move, e.has
			if ply > 0 && beta-alpha == 1 && (int(e.depth) == depth || (!a.exactTT && int(e.depth) > depth)) {
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
	kids := depth >= 2 && a.Eval != nil && a.off&offEvalOrder == 0 && len(moves) > 1
	if kids {
		if !a.orderKids(p, me, ply, moves, ttMove, hasTT) {
			return 0
		}
	} else {
		a.order(p, me, ply, moves, ttMove, hasTT)
	}
	best, bestMove := -WinValue*2, moves[0]
	alpha0 := alpha
	for i := 0; i < len(moves); i++ {
		m := moves[i]
		var q P
		if kids {
			q = a.kids[ply][i]
		} else {
			var err error
			if q, err = p.Apply(m); err != nil {
				a.err = refusedMove("alpha-beta", m, err)
				a.abort = true
				return 0
			}
		}
		if a.rep {
			q = a.repeat(q, ply+1)
		}
		same := q.ToMove() == me
		var v int
		if i == 0 || beta-alpha == 1 || a.off&offPVS != 0 {
			v = a.child(q, same, depth-1, ply+1, alpha, beta, canStop)
		} else {
			v = a.child(q, same, depth-1, ply+1, alpha, alpha+1, canStop)
			if v > alpha && v < beta && !a.abort {
				v = a.child(q, same, depth-1, ply+1, alpha, beta, canStop)
			}
		}
		if a.abort {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				n := a.pvLen[ply+1]
				a.pv[ply][0] = m
				copy(a.pv[ply][1:1+n], a.pv[ply+1][:n])
				a.pvLen[ply] = n + 1
				if alpha >= beta {
					a.cutoff(p, me, ply, depth, m)
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
		a.tt.put(entry[M]{key: key, move: bestMove, value: int32(toTable(best, ply)), depth: int16(depth), bound: b, has: true})
	}
	return best
}

// child searches q, a child at ply, for the player who moved there: the
// window as it is when the same player moves again, negated otherwise.
func (a *AlphaBeta[P, M]) child(q P, same bool, depth, ply, alpha, beta int, canStop bool) int {
	if same {
		return a.negamax(q, depth, ply, alpha, beta, canStop)
	}
	return -a.negamax(q, depth, ply, -beta, -alpha, canStop)
}

// cutoff records m, which cut off at ply, as a killer and in the history.
func (a *AlphaBeta[P, M]) cutoff(p P, me mancala.Player, ply, depth int, m M) {
	k, nk := &a.killers[ply], &a.nkillers[ply]
	if a.off&offKillers == 0 && (!nk[0] || k[0] != m) {
		k[1], nk[1] = k[0], nk[0]
		k[0], nk[0] = m, true
	}
	if a.Key != nil {
		if key := a.Key(p, m); key >= 0 && key < historySize {
			a.history[me&1][key] += int32(depth * depth)
		}
	}
}

// Ordering scores above every history score.
const (
	scoreTT     = 1 << 30
	scoreKiller = 1 << 29
)

// order sorts moves by descending score: the table move, the ply's
// killers, then the history score, keeping the game's order among equals
// (insertion sort: the lists are short).
func (a *AlphaBeta[P, M]) order(p P, me mancala.Player, ply int, moves []M, ttMove M, hasTT bool) {
	if len(moves) < 2 {
		return
	}
	h := &a.history[me&1]
	k, nk := a.killers[ply], a.nkillers[ply]
	sc := a.scores[ply][:0]
	for _, m := range moves {
		var s int32
		switch {
		case hasTT && m == ttMove:
			s = scoreTT
		case nk[0] && m == k[0]:
			s = scoreKiller + 1
		case nk[1] && m == k[1]:
			s = scoreKiller
		case a.Key != nil:
			if key := a.Key(p, m); key >= 0 && key < historySize {
				s = min(h[key], scoreKiller-1)
			}
		}
		sc = append(sc, s)
	}
	a.scores[ply] = sc
	for i := 1; i < len(moves); i++ {
		m, s := moves[i], sc[i]
		j := i
		for j > 0 && sc[j-1] < s {
			moves[j], sc[j] = moves[j-1], sc[j-1]
			j--
		}
		moves[j], sc[j] = m, s
	}
}

// Ordering scores of orderKids, above every history score: the table
// move, then moves that gain material by the evaluation or keep the turn
// (by how much they gain), then the killers.
const (
	scoreGain    = 1 << 28
	scoreKiller2 = 1 << 27
	turnBonus    = 2
)

// orderKids is order for nodes with depth to go: it applies every move,
// keeping the positions in a.kids[ply] in the moves' new order, and puts
// moves that gain material by the evaluation or keep the turn (captures,
// relays that end in the mover's own pits) before the killers and the
// history. It returns false (a.err and a.abort set) when a legal move is
// refused.
func (a *AlphaBeta[P, M]) orderKids(p P, me mancala.Player, ply int, moves []M, ttMove M, hasTT bool) bool {
	h := &a.history[me&1]
	k, nk := a.killers[ply], a.nkillers[ply]
	sc := a.scores[ply][:0]
	kids := a.kids[ply][:0]
	base := a.Eval(p, me)
	for _, m := range moves {
		q, err := p.Apply(m)
		if err != nil {
			a.err = refusedMove("alpha-beta", m, err)
			a.abort = true
			return false
		}
		kids = append(kids, q)
		gain := 0
		if o := q.Outcome(); o.Over() {
			if t := Terminal(o, me, 0); t > 0 {
				gain = 1 << 10
			} else if t == 0 {
				gain = 0
			} else {
				gain = -1 << 10
			}
		} else {
			gain = min(max(a.Eval(q, me)-base, -1<<10), 1<<10)
		}
		if q.ToMove() == me {
			gain += turnBonus
		}
		var s int32
		switch {
		case hasTT && m == ttMove:
			s = scoreTT
		case gain > 0:
			s = scoreGain + int32(gain)<<12
		case nk[0] && m == k[0]:
			s = scoreKiller2 + 1
		case nk[1] && m == k[1]:
			s = scoreKiller2
		case a.Key != nil:
			if key := a.Key(p, m); key >= 0 && key < historySize {
				s = min(h[key], scoreKiller2-1)
			}
		}
		sc = append(sc, s)
	}
	a.scores[ply], a.kids[ply] = sc, kids
	for i := 1; i < len(moves); i++ {
		m, s, q := moves[i], sc[i], kids[i]
		j := i
		for j > 0 && sc[j-1] < s {
			moves[j], sc[j], kids[j] = moves[j-1], sc[j-1], kids[j-1]
			j--
		}
		moves[j], sc[j], kids[j] = m, s, q
	}
	return true
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

// ClearTable empties the transposition table, the history scores and the
// killer moves.
func (a *AlphaBeta[P, M]) ClearTable() {
	if a.tt != nil {
		a.tt.reset()
	}
	a.history = [2][historySize]int32{}
	for i := range a.nkillers {
		a.nkillers[i] = [2]bool{}
	}
}

// refusedMove returns the error of a search whose game refused one of its
// own legal moves m with err (a bug in the game): "agent: <search>: legal
// move <m> refused: <err>", wrapping err. It is built here, not inline in
// the searches' loops, to keep their frames as small as they were.
//
//go:noinline
func refusedMove[M comparable](search string, m M, err error) error {
	return errtext.Prefix("agent: "+search+": legal move "+errtext.Value(m)+" refused", err)
}
