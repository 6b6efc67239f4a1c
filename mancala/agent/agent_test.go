package agent

import (
	"context"
	"errors"
	"math"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"pgregory.net/rapid"
)

var toyD = toy.Descriptor(toy.None)

func mustToy(t testing.TB, s string) toy.Position {
	t.Helper()
	p, err := toy.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// pile is a test game in which a player may move twice in a row: a pile of
// stones, a move takes 1 or 2; taking 2 from a pile whose size is a
// multiple of 3 keeps the turn. Who takes the last stone wins. It checks that the search follows
// ToMove rather than depth parity.
type pile struct {
	stones int8
	side   mancala.Player
	turn   int16
}

type pileMove int8

func (m pileMove) String() string { return strconv.Itoa(int(m)) }

func (p pile) ToMove() mancala.Player { return p.side }

func (p pile) AppendLegalMoves(dst []pileMove) []pileMove {
	for k := pileMove(1); k <= 2 && int8(k) <= p.stones; k++ {
		dst = append(dst, k)
	}
	return dst
}

func (p pile) Apply(m pileMove) (pile, error) {
	if m < 1 || m > 2 || int8(m) > p.stones {
		return p, &mancala.MoveError{Game: "pile", Move: m.String(), Err: mancala.ErrIllegalMove}
	}
	q := p
	q.stones -= int8(m)
	q.turn++
	if !(m == 2 && p.stones%3 == 0) {
		q.side = p.side.Other()
	}
	return q, nil
}

func (p pile) Outcome() mancala.Outcome {
	if p.stones > 0 {
		return mancala.Outcome{}
	}
	// The player who took the last stone is the one not to move.
	return mancala.Outcome{Status: mancala.Win, Winner: p.side.Other(), Reason: mancala.NoMove}
}

func (p pile) String() string { return "pile " + strconv.Itoa(int(p.stones)) }
func (p pile) Turn() int      { return int(p.turn) }

// minimax is the plain full-width reference: the value for South of p
// searched depth plies deep, max where South moves and min where North
// moves; no negation anywhere.
func minimax[P mancala.Game[P, M], M comparable](t interface{ Fatalf(string, ...any) }, p P, eval Eval[P], depth, ply int) int {
	if o := p.Outcome(); o.Over() {
		return Terminal(o, mancala.South, ply)
	}
	if depth == 0 {
		if eval == nil {
			return 0
		}
		return clampEval(eval(p, mancala.South))
	}
	var best int
	for i, m := range p.AppendLegalMoves(nil) {
		q, err := p.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v refused: %v", m, err)
		}
		v := minimax(t, q, eval, depth-1, ply+1)
		if i == 0 || (p.ToMove() == mancala.South && v > best) || (p.ToMove() == mancala.North && v < best) {
			best = v
		}
	}
	return best
}

func forSide(v int, pl mancala.Player) int {
	if pl == mancala.North {
		return -v
	}
	return v
}

func TestTerminal(t *testing.T) {
	win := mancala.Outcome{Status: mancala.Win, Winner: mancala.North, Reason: mancala.NoMove, HasScore: true, Score: [2]int{2, 6}}
	tests := []struct {
		o     mancala.Outcome
		pl    mancala.Player
		plies int
		want  int
	}{
		{win, mancala.North, 3, WinValue + 4*MarginWeight - 3},
		{win, mancala.South, 3, -(WinValue + 4*MarginWeight - 3)},
		{mancala.Outcome{Status: mancala.Win, Winner: mancala.South, Reason: mancala.InnerRowEmptied}, mancala.South, 0, WinValue},
		{mancala.Outcome{Status: mancala.Draw, Reason: mancala.Endless}, mancala.South, 5, 0},
		{mancala.Outcome{}, mancala.North, 1, 0},
	}
	for _, tt := range tests {
		if got := Terminal(tt.o, tt.pl, tt.plies); got != tt.want {
			t.Errorf("Terminal(%v, %v, %d) = %d, want %d", tt.o, tt.pl, tt.plies, got, tt.want)
		}
	}
}

func TestMaterial(t *testing.T) {
	p := mustToy(t, "toy 0,3,1/1,0,2 S turn=4 stores=2,5")
	ev := Material(toyD)
	// South: pits 1+0+2, store 2 = 5; North: 1+3+0, store 5 = 9.
	if got := ev(p, mancala.South); got != -4 {
		t.Errorf("Material(South) = %d, want -4", got)
	}
	if got := ev(p, mancala.North); got != 4 {
		t.Errorf("Material(North) = %d, want 4", got)
	}
	if got := Evaluation(toyD)(p, mancala.South); got != -4 {
		t.Errorf("Evaluation falls back to Material: got %d, want -4", got)
	}
}

// Evaluate is pile's heuristic for TestEvaluationUsesEvaluator: 1 for the
// mover when the pile is a multiple of 3 plus 1, else -1.
func (p pile) Evaluate(pl mancala.Player) int {
	v := -1
	if p.stones%3 == 1 {
		v = 1
	}
	if pl != p.side {
		v = -v
	}
	return v
}

func TestEvaluationUsesEvaluator(t *testing.T) {
	d := &mancala.Descriptor[pile, pileMove]{Name: "pile"} // Counts is not needed
	ev := Evaluation(d)
	for n := int8(1); n < 8; n++ {
		p := pile{stones: n, side: mancala.North}
		for _, pl := range []mancala.Player{mancala.South, mancala.North} {
			if got, want := ev(p, pl), p.Evaluate(pl); got != want {
				t.Errorf("pile %d for %v: %d, want %d", n, pl, got, want)
			}
		}
	}
	p := pile{stones: 7}
	if allocs := testing.AllocsPerRun(100, func() { ev(p, mancala.South) }); allocs != 0 {
		t.Errorf("Evaluation through Evaluator allocates %v times a call", allocs)
	}
}

func TestRandom(t *testing.T) {
	p := toyD.Start()
	a, b := NewRandom[toy.Position, toy.Move](7), NewRandom[toy.Position, toy.Move](7)
	counts := map[toy.Move]int{}
	for range 3000 {
		m1, err := a.Move(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		m2, _ := b.Move(context.Background(), p)
		if m1 != m2 {
			t.Fatalf("same seed, different moves %v and %v", m1, m2)
		}
		counts[m1]++
	}
	for _, m := range p.AppendLegalMoves(nil) {
		if n := counts[m]; n < 850 || n > 1150 {
			t.Errorf("move %v chosen %d times of 3000, want about 1000", m, n)
		}
	}
	if len(counts) != 3 {
		t.Errorf("chose %d distinct moves, want 3", len(counts))
	}
}

func TestGameOver(t *testing.T) {
	over := mustToy(t, "toy 1,1,1/0,0,0 S turn=10 stores=5,4")
	if !over.Outcome().Over() {
		t.Fatal("test position is not over")
	}
	agents := map[string]Agent[toy.Position, toy.Move]{
		"random":    NewRandom[toy.Position, toy.Move](1),
		"alphabeta": NewAlphaBeta(toyD, 3),
		"mcts":      NewMCTS[toy.Position, toy.Move](50, 1),
	}
	for name, a := range agents {
		_, err := a.Move(context.Background(), over)
		if !errors.Is(err, mancala.ErrGameOver) || !errors.Is(err, mancala.ErrIllegalMove) {
			t.Errorf("%s: Move on a finished game: err = %v, want ErrGameOver", name, err)
		}
	}
}

func TestAlphaBetaFindsCapture(t *testing.T) {
	// South to move: a1 (1 seed) drops into the empty a2, which faces b2
	// (3 seeds): a capture of 3+1. a3 would sow 2 seeds into b3, b2.
	p := mustToy(t, "toy 0,3,1/1,0,2 S turn=4 stores=2,2")
	for depth := 1; depth <= 6; depth++ {
		a := NewAlphaBeta(toyD, depth)
		r, err := a.Search(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move.String() != "a1" {
			t.Errorf("depth %d: move %v, want the capture a1", depth, r.Move)
		}
		if want := minimax(t, p, Material(toyD), depth, 0); r.Value != want || r.Depth != depth {
			t.Errorf("depth %d: value %d at depth %d, want %d", depth, r.Value, r.Depth, want)
		}
	}
	// At depth 1 the value is the material after the capture: South
	// 0+0+2 + store 6 = 8, North 1+0+0 + store 2 = 3.
	r, _ := NewAlphaBeta(toyD, 1).Search(context.Background(), p)
	if r.Value != 5 {
		t.Errorf("depth 1 value %d, want 5", r.Value)
	}
}

func TestAlphaBetaFindsWin(t *testing.T) {
	// South's a1 (1 seed) drops into the empty a2 facing b2 (1 seed): the
	// capture takes the last seeds, North has no move and South wins 7-5
	// after 1 ply.
	p := mustToy(t, "toy 0,1,0/1,0,0 S turn=8 stores=5,5")
	a := NewAlphaBeta(toyD, 10)
	r, err := a.Search(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if want := WinValue + 2*MarginWeight - 1; r.Value != want || r.Move.String() != "a1" || r.Depth != 1 {
		t.Errorf("got %+v, want a1 with value %d found at depth 1", r, want)
	}
	// North to move in the mirror position loses whatever it does.
	p = mustToy(t, "toy 0,1,1/1,0,0 N turn=9 stores=4,5")
	want := forSide(minimax(t, p, Material(toyD), 12, 0), mancala.North)
	r, err = NewAlphaBeta(toyD, 12).Search(context.Background(), p)
	if err != nil || r.Value != want {
		t.Errorf("got %+v, %v, want value %d", r, err, want)
	}
}

// randomToy plays a random number of random moves from the start.
func randomToy(t *rapid.T) toy.Position {
	p := toyD.Start()
	n := rapid.IntRange(0, 14).Draw(t, "plies")
	for range n {
		moves := p.AppendLegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		q, err := p.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		p = q
	}
	return p
}

func randomPile(t *rapid.T) pile {
	return pile{
		stones: int8(rapid.IntRange(1, 14).Draw(t, "stones")),
		side:   mancala.Player(rapid.IntRange(0, 1).Draw(t, "side")),
	}
}

// checkExact checks that AlphaBeta at a fixed depth returns the plain
// minimax value, with no table, with a table restricted to entries of
// exactly the needed depth (fresh and reused across searches), and that the
// full table returns a legal move.
func checkExact[P mancala.Position[P, M], M mancala.Move](t *rapid.T, p P, eval Eval[P], key func(P, M) int, depth int, reused *AlphaBeta[P, M]) {
	if p.Outcome().Over() {
		return
	}
	want := forSide(minimax(t, p, eval, depth, 0), p.ToMove())
	for _, a := range []*AlphaBeta[P, M]{
		{Depth: depth, Eval: eval, Key: key, TableSize: -1},
		{Depth: depth, Eval: eval, Key: key, exactTT: true},
		{Depth: depth, Eval: eval, Key: key, exactTT: true, TableSize: 8}, // tiny: generations turn over
		reused,
	} {
		a.Depth = depth
		r, err := a.Search(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Value != want {
			t.Fatalf("depth %d, table size %d, exact %v: value %d, want %d", depth, a.TableSize, a.exactTT, r.Value, want)
		}
		if !slices.Contains(p.AppendLegalMoves(nil), r.Move) {
			t.Fatalf("move %v is not legal", r.Move)
		}
		// The move's own value is the search's value.
		q, _ := p.Apply(r.Move)
		got := forSide(minimax(t, q, eval, depth-1, 1), p.ToMove())
		if r.Depth == depth && (want < decided && want > -decided) && got != want {
			t.Fatalf("depth %d: move %v has value %d, search said %d", depth, r.Move, got, want)
		}
	}
	full := &AlphaBeta[P, M]{Depth: depth, Eval: eval, Key: key}
	r, err := full.Search(context.Background(), p)
	if err != nil || !slices.Contains(p.AppendLegalMoves(nil), r.Move) {
		t.Fatalf("full table: move %v, err %v", r.Move, err)
	}
}

func TestAlphaBetaMatchesMinimaxToy(t *testing.T) {
	eval := Material(toyD)
	reused := &AlphaBeta[toy.Position, toy.Move]{Eval: eval, Key: toyD.MoveKey, exactTT: true}
	rapid.Check(t, func(t *rapid.T) {
		p := randomToy(t)
		depth := rapid.IntRange(1, 7).Draw(t, "depth")
		checkExact(t, p, eval, toyD.MoveKey, depth, reused)
	})
}

func TestAlphaBetaMatchesMinimaxPile(t *testing.T) {
	// Eval: a made-up antisymmetric heuristic so that leaves differ.
	eval := func(p pile, pl mancala.Player) int {
		v := int(p.stones)%3 - 1
		if p.side != pl {
			v = -v
		}
		return v
	}
	key := func(_ pile, m pileMove) int { return int(m) }
	reused := &AlphaBeta[pile, pileMove]{Eval: eval, Key: key, exactTT: true}
	rapid.Check(t, func(t *rapid.T) {
		p := randomPile(t)
		depth := rapid.IntRange(1, 10).Draw(t, "depth")
		checkExact(t, p, eval, key, depth, reused)
	})
}

func TestAlphaBetaPileRepeatedMover(t *testing.T) {
	// 9 stones, South to move. Taking 1 leaves North 8, a win for the
	// mover. Taking 2 keeps the turn (9 is a multiple of 3): South moves
	// again at 7 and takes 1, leaving North 6, a loss for the mover. So
	// South wins only by moving twice in a row; a search that flipped the
	// sign by depth parity would get it wrong.
	p := pile{stones: 9}
	want := forSide(minimax(t, p, nil, 12, 0), mancala.South)
	a := &AlphaBeta[pile, pileMove]{Depth: 12}
	r, err := a.Search(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Value != want || r.Move != 2 || r.Value < decided {
		t.Fatalf("got %+v, want the winning move 2 with value %d", r, want)
	}
}

func TestAlphaBetaTimeBudget(t *testing.T) {
	p := toyD.Start()
	a := &AlphaBeta[toy.Position, toy.Move]{Time: 20 * time.Millisecond, Eval: Material(toyD)}
	reads := stepClock(t)
	r, err := a.Search(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	// One reading sets the deadline 20 steps ahead; the search stops at the
	// first poll that reads it (polls come every 1,024 nodes).
	if n := reads.Load(); n != 21 {
		t.Errorf("the clock was read %d times with a 20-step budget, want 21", n)
	}
	if r.Depth < 1 {
		t.Errorf("completed depth %d", r.Depth)
	}
	// A cancelled context still gives a legal move.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a = &AlphaBeta[toy.Position, toy.Move]{Depth: 50}
	m, err := a.Move(ctx, p)
	if err != nil || !slices.Contains(p.AppendLegalMoves(nil), m) {
		t.Errorf("cancelled: move %v, err %v", m, err)
	}
}

func TestAlphaBetaDeterministic(t *testing.T) {
	play := func() []toy.Move {
		s, n := NewAlphaBeta(toyD, 5), NewAlphaBeta(toyD, 3)
		moves, _, err := Play[toy.Position, toy.Move](context.Background(), toyD.Start(), s, n, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		return moves
	}
	a, b := play(), play()
	if !slices.Equal(a, b) {
		t.Errorf("two runs differ: %v and %v", a, b)
	}
}

func TestPerftStackAllocs(t *testing.T) {
	p := toyD.Start()
	// Perft allocates one buffer per level (its Stack), never per node:
	// a search of many more nodes allocates the same.
	for _, depth := range []int{4, 8} {
		n, _ := mancala.Perft[toy.Position, toy.Move](p, depth)
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := mancala.Perft[toy.Position, toy.Move](p, depth); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > float64(2*depth+2) {
			t.Errorf("perft(%d) = %d nodes made %v allocations, want at most %d", depth, n, allocs, 2*depth+2)
		}
	}
	// The agent's own stack, once grown, allocates nothing at all.
	var s mancala.Stack[toy.Position, toy.Move]
	var walk func(p toy.Position, depth, level int) int
	walk = func(p toy.Position, depth, level int) int {
		if depth == 0 {
			return 1
		}
		n := 0
		moves := s.Moves(level, p)
		for i := 0; i < len(moves); i++ {
			q, _ := p.Apply(moves[i])
			n += walk(q, depth-1, level+1)
		}
		return n
	}
	want, _ := mancala.Perft[toy.Position, toy.Move](p, 8)
	if got := walk(p, 8, 0); uint64(got) != want {
		t.Fatalf("perft through the stack = %d, want %d", got, want)
	}
	if allocs := testing.AllocsPerRun(5, func() { walk(p, 8, 0) }); allocs != 0 {
		t.Errorf("perft through a grown stack: %v allocations, want 0", allocs)
	}
}

func TestAlphaBetaAllocs(t *testing.T) {
	p := toyD.Start()
	a := &AlphaBeta[toy.Position, toy.Move]{Depth: 8, Key: toyD.MoveKey}
	a.Search(context.Background(), p) // grow the stack and table
	a.ClearTable()
	a.Search(context.Background(), p)
	a.ClearTable()
	allocs := testing.AllocsPerRun(3, func() {
		a.ClearTable()
		if _, err := a.Search(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 0 {
		t.Errorf("a search allocates %v times once grown, want 0", allocs)
	}
}

func TestMCTS(t *testing.T) {
	p := mustToy(t, "toy 0,3,1/1,0,2 S turn=4 stores=2,2")
	for _, workers := range []int{1, 3} {
		s := &MCTS[toy.Position, toy.Move]{Iterations: 600, Seed: 3, Workers: workers}
		r, err := s.Search(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move.String() != "a1" {
			t.Errorf("workers %d: move %v, want the capture a1 (%+v)", workers, r.Move, r)
		}
		if r.Iterations != 600 {
			t.Errorf("workers %d: %d iterations, want 600", workers, r.Iterations)
		}
		again, _ := (&MCTS[toy.Position, toy.Move]{Iterations: 600, Seed: 3, Workers: workers}).Search(context.Background(), p)
		if again != r {
			t.Errorf("workers %d: not reproducible: %+v then %+v", workers, r, again)
		}
	}
	// A time budget stops the search; a cancelled context still gives a
	// move.
	s := &MCTS[toy.Position, toy.Move]{Time: 10 * time.Millisecond, Workers: 1}
	reads := stepClock(t)
	if _, err := s.Move(context.Background(), toyD.Start()); err != nil {
		t.Fatal(err)
	}
	if n := reads.Load(); n != 11 {
		t.Errorf("the clock was read %d times with a 10-step budget, want 11", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, err := (&MCTS[toy.Position, toy.Move]{}).Move(ctx, toyD.Start())
	if err != nil || !slices.Contains(toyD.Start().AppendLegalMoves(nil), m) {
		t.Errorf("cancelled: move %v, err %v", m, err)
	}
}

func TestMCTSRepeatedMover(t *testing.T) {
	// Piles where exactly one first move wins against best play (found by
	// minimax, through moves that keep the turn): MCTS finds it.
	found := 0
	for n := int8(3); n <= 12; n++ {
		p := pile{stones: n}
		var win []pileMove
		for _, m := range p.AppendLegalMoves(nil) {
			q, _ := p.Apply(m)
			if forSide(minimax(t, q, nil, 20, 1), mancala.South) >= decided {
				win = append(win, m)
			}
		}
		if len(win) != 1 {
			continue
		}
		found++
		m, err := NewMCTS[pile, pileMove](3000, 1).Move(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if m != win[0] {
			t.Errorf("pile %d: MCTS plays %v, want the winning %v", n, m, win[0])
		}
	}
	if found < 2 {
		t.Errorf("only %d piles with a single winning move", found)
	}
}

func TestPlay(t *testing.T) {
	var plies []int
	moves, final, err := Play[toy.Position, toy.Move](context.Background(), toyD.Start(),
		NewRandom[toy.Position, toy.Move](1), NewMCTS[toy.Position, toy.Move](100, 2), 0,
		func(ply int, before toy.Position, m toy.Move, after toy.Position) {
			if q, err := before.Apply(m); err != nil || q != after {
				t.Errorf("ply %d: onMove got an inconsistent move", ply)
			}
			plies = append(plies, ply)
		})
	if err != nil {
		t.Fatal(err)
	}
	if !final.Outcome().Over() {
		t.Fatalf("game not over: %v", final)
	}
	p := toyD.Start()
	for _, m := range moves {
		if p, err = p.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if p != final || len(plies) != len(moves) {
		t.Errorf("replay gives %v, Play says %v", p, final)
	}
	// A ply cap stops early without an error.
	moves, final, err = Play[toy.Position, toy.Move](context.Background(), toyD.Start(),
		NewRandom[toy.Position, toy.Move](1), NewRandom[toy.Position, toy.Move](2), 2, nil)
	if err != nil || len(moves) != 2 || final.Outcome().Over() {
		t.Errorf("capped game: %d moves, %v, %v", len(moves), final, err)
	}
	// A refused move stops the game with ErrIllegalMove.
	bad := AgentFunc[toy.Position, toy.Move](func(context.Context, toy.Position) (toy.Move, error) { return 0, nil })
	_, _, err = Play[toy.Position, toy.Move](context.Background(), toyD.Start(), bad, bad, 0, nil)
	if !errors.Is(err, mancala.ErrIllegalMove) {
		t.Errorf("refused move: err = %v, want ErrIllegalMove", err)
	}
	// A done context stops before the first move.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = Play[toy.Position, toy.Move](ctx, toyD.Start(), bad, bad, 0, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

// checkGame runs checkExact on random positions of a real game, reached by
// random playouts from the start (Kiothi's included: its opening lets one
// player move several plies in a row), with the game's own heuristic.
func checkGame[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], maxDepth int) {
	eval := Evaluation(d)
	reused := &AlphaBeta[P, M]{Eval: eval, Key: d.MoveKey, exactTT: true}
	rapid.Check(t, func(t *rapid.T) {
		plies := rapid.IntRange(0, 80).Draw(t, "plies")
		seed := rapid.Uint64().Draw(t, "seed")
		p, n, err := mancala.RandomPlayout[P, M](d.Start(), seed, plies)
		if err == nil && p.Outcome().Over() && n > 0 {
			// The same game one ply earlier: still going.
			p, _, err = mancala.RandomPlayout[P, M](d.Start(), seed, n-1)
		}
		if err != nil {
			t.Fatal(err)
		}
		depth := rapid.IntRange(1, maxDepth).Draw(t, "depth")
		checkExact(t, p, eval, d.MoveKey, depth, reused)
	})
}

// TestAlphaBetaMatchesMinimaxGames: on random positions of each game,
// AlphaBeta (no table, exact-depth table, tiny table, reused table) returns
// the plain minimax value.
func TestAlphaBetaMatchesMinimaxGames(t *testing.T) {
	t.Run("kisolo", func(t *testing.T) { checkGame(t, &kisolo.Descriptor, 4) })
	t.Run("kiothi", func(t *testing.T) { checkGame(t, &kiothi.Descriptor, 3) })
	t.Run("kimasai", func(t *testing.T) { checkGame(t, &kimasai.Descriptor, 4) })
}

// TestMCTSRefusesBadC: an exploration constant that is NaN, infinite or
// negative is refused with ErrConfig before any search (it used to panic
// with an index out of range: NaN and -Inf on the Kisolo start, +Inf on a
// position with one legal move, where +Inf*0 is NaN); finite constants,
// however large, search.
func TestMCTSRefusesBadC(t *testing.T) {
	one, err := kisolo.Parse("kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=2")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(one.LegalMoves()); n != 1 {
		t.Fatalf("%v has %d legal moves, want 1", one, n)
	}
	tests := []struct {
		name string
		c    float64
		p    kisolo.Position
		want string // the error, or "" for a search
	}{
		{"NaN", math.NaN(), kisolo.Start(), "agent: invalid settings: mcts: exploration constant C is NaN; want a finite C >= 0 (0 means sqrt(2))"},
		{"-Inf", math.Inf(-1), kisolo.Start(), "agent: invalid settings: mcts: exploration constant C is -Inf; want a finite C >= 0 (0 means sqrt(2))"},
		{"+Inf/one-move", math.Inf(1), one, "agent: invalid settings: mcts: exploration constant C is +Inf; want a finite C >= 0 (0 means sqrt(2))"},
		{"+Inf/start", math.Inf(1), kisolo.Start(), "agent: invalid settings: mcts: exploration constant C is +Inf; want a finite C >= 0 (0 means sqrt(2))"},
		{"negative", -0.5, kisolo.Start(), "agent: invalid settings: mcts: exploration constant C is -0.5; want a finite C >= 0 (0 means sqrt(2))"},
		{"huge/one-move", math.MaxFloat64, one, ""},
		{"huge/start", math.MaxFloat64, kisolo.Start(), ""},
		{"tiny", math.SmallestNonzeroFloat64, kisolo.Start(), ""},
		{"zero", 0, one, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMCTS[kisolo.Position, kisolo.Move](200, 1)
			m.C = tt.c
			r, err := m.Search(context.Background(), tt.p)
			if tt.want == "" {
				if err != nil || !slices.Contains(tt.p.LegalMoves(), r.Move) || r.Iterations != 200 {
					t.Errorf("Search = %+v, %v; want a legal move after 200 iterations", r, err)
				}
				return
			}
			if err == nil || err.Error() != tt.want || !errors.Is(err, ErrConfig) {
				t.Errorf("Search error = %v, want %q wrapping ErrConfig", err, tt.want)
			}
			if r != (MCTSResult[kisolo.Move]{}) {
				t.Errorf("Search result = %+v, want the zero result", r)
			}
			if _, err := m.Move(context.Background(), tt.p); !errors.Is(err, ErrConfig) {
				t.Errorf("Move error = %v, want ErrConfig", err)
			}
		})
	}
	m := NewMCTS[kisolo.Position, kisolo.Move](10, 1)
	m.Workers = MaxWorkers + 1
	if _, err := m.Search(context.Background(), kisolo.Start()); err == nil ||
		err.Error() != "agent: invalid settings: mcts: 1025 workers; at most 1024" {
		t.Errorf("Workers %d: %v", m.Workers, err)
	}
}

// withSafetyNet runs search under a context that can be cancelled but has
// no deadline, cancelling it after a minute only so that a search that
// ignores its default budget cannot hang the test.
func withSafetyNet(search func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	timer := time.AfterFunc(time.Minute, cancel)
	defer timer.Stop()
	search(ctx)
}

// TestDefaultBudgetUnderCancelOnlyContext: a context that can be cancelled
// but has no deadline is not a budget, so AlphaBeta with Depth 0 searches
// DefaultDepth plies (it used to search without limit, depth 19 after
// 10 s) and MCTS with Iterations 0 makes DefaultIterations playouts.
func TestDefaultBudgetUnderCancelOnlyContext(t *testing.T) {
	withSafetyNet(func(ctx context.Context) {
		a := NewAlphaBeta(&kisolo.Descriptor, 0)
		r, err := a.Search(ctx, kisolo.Start())
		if err != nil || r.Depth != DefaultDepth {
			t.Errorf("AlphaBeta Depth 0: depth %d, %v; want DefaultDepth %d", r.Depth, err, DefaultDepth)
		}
	})
	withSafetyNet(func(ctx context.Context) {
		m := NewMCTS[kisolo.Position, kisolo.Move](0, 1)
		r, err := m.Search(ctx, kisolo.Start())
		if err != nil || r.Iterations != DefaultIterations {
			t.Errorf("MCTS Iterations 0: %d iterations, %v; want DefaultIterations %d", r.Iterations, err, DefaultIterations)
		}
	})
	// A deadline is a budget: Depth 0 then means no depth limit, so the
	// search goes on until the deadline (here one already passed: depth 1
	// is always completed).
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	a := NewAlphaBeta(&kisolo.Descriptor, 0)
	if r, err := a.Search(ctx, kisolo.Start()); err != nil || r.Depth < 1 {
		t.Errorf("AlphaBeta with a past deadline: %+v, %v", r, err)
	}
}

// checkLine checks AlphaBeta.AppendLine on p at depth plies, with a fresh
// exact-depth table and without a table: the line (the principal
// variation collected during the search) starts with the search's move,
// replays move by move, is exactly r.Depth moves long unless the game ends
// on it, and its end searched to the remaining depth has the search's
// value.
func checkLine[P mancala.Position[P, M], M mancala.Move](t *rapid.T, p P, eval Eval[P], key func(P, M) int, depth int) {
	if p.Outcome().Over() {
		return
	}
	for _, a := range []*AlphaBeta[P, M]{
		{Depth: depth, Eval: eval, Key: key, exactTT: true},
		{Depth: depth, Eval: eval, Key: key, TableSize: -1},
	} {
		r, err := a.Search(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		line := a.AppendLine(nil, p, r)
		if len(line) == 0 || line[0] != r.Move || len(line) > r.Depth {
			t.Fatalf("depth %d, table size %d, move %v: line %v", r.Depth, a.TableSize, r.Move, line)
		}
		q := p
		for i, m := range line {
			if q.Outcome().Over() {
				t.Fatalf("line %v goes on after the end, at move %d", line, i)
			}
			if q, err = q.Apply(m); err != nil {
				t.Fatalf("line %v: move %d: %v", line, i, err)
			}
		}
		if len(line) < r.Depth && !q.Outcome().Over() {
			t.Fatalf("depth %d, table size %d: line %v stops before the end of the game at %v", r.Depth, a.TableSize, line, q)
		}
		if got := forSide(minimax(t, q, eval, r.Depth-len(line), len(line)), p.ToMove()); got != r.Value {
			t.Fatalf("depth %d: line %v ends at value %d, the search said %d", r.Depth, line, got, r.Value)
		}
	}
}

// TestAlphaBetaLine: on random positions of each game and of the toy
// game, AppendLine gives a principal line that replays to the search's
// value (checkLine); a failed search's zero Result gives no line.
func TestAlphaBetaLine(t *testing.T) {
	games := func(t *testing.T, check func(t *rapid.T, plies int, seed uint64, depth int)) {
		rapid.Check(t, func(t *rapid.T) {
			check(t, rapid.IntRange(0, 80).Draw(t, "plies"), rapid.Uint64().Draw(t, "seed"), rapid.IntRange(1, 4).Draw(t, "depth"))
		})
	}
	run := func(name string, check func(t *rapid.T, plies int, seed uint64, depth int)) {
		t.Run(name, func(t *testing.T) { games(t, check) })
	}
	run("kisolo", lineOf(&kisolo.Descriptor))
	run("kiothi", lineOf(&kiothi.Descriptor))
	run("kimasai", lineOf(&kimasai.Descriptor))
	rapid.Check(t, func(t *rapid.T) {
		checkLine(t, randomToy(t), Evaluation(toyD), toyD.MoveKey, rapid.IntRange(1, 5).Draw(t, "depth"))
	})
	a := NewAlphaBeta(&kisolo.Descriptor, 2)
	if line := a.AppendLine(nil, kisolo.Start(), Result[kisolo.Move]{}); len(line) != 0 {
		t.Errorf("zero Result: line %v", line)
	}
}

func lineOf[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) func(t *rapid.T, plies int, seed uint64, depth int) {
	return func(t *rapid.T, plies int, seed uint64, depth int) {
		p, _, err := mancala.RandomPlayout[P, M](d.Start(), seed, plies)
		if err != nil {
			t.Fatal(err)
		}
		checkLine(t, p, Evaluation(d), d.MoveKey, depth)
	}
}

// TestMCTSLeaf: a playout cut at MaxPlies is scored by the Leaf
// evaluation through the logistic curve: with an evaluation of +4 seeds
// for South everywhere and the default scale of 4, every cut playout gives
// South 1/(1+e^-1), so the root move's win rate for South (to move) is
// exactly that; North to move gets the rest. Without Leaf, cut playouts
// score 1/2.
func TestMCTSLeaf(t *testing.T) {
	south := 1 / (1 + math.Exp(-1))
	four := func() Eval[kiothi.Position] {
		return func(_ kiothi.Position, pl mancala.Player) int {
			if pl == mancala.South {
				return 4
			}
			return -4
		}
	}
	north, err := kiothi.Start().Apply(kiothi.Start().LegalMoves()[0])
	if err != nil {
		t.Fatal(err)
	}
	for len(north.LegalMoves()) > 0 && north.ToMove() == mancala.South {
		if north, err = north.Apply(north.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name string
		p    kiothi.Position
		leaf func() Eval[kiothi.Position]
		want float64
	}{
		{"south", kiothi.Start(), four, south},
		{"north", north, four, 1 - south},
		{"no leaf", kiothi.Start(), nil, 0.5},
	} {
		m := &MCTS[kiothi.Position, kiothi.Move]{Iterations: 300, Seed: 3, MaxPlies: 1, Leaf: tt.leaf}
		r, err := m.Search(context.Background(), tt.p)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.WinRate-tt.want) > 1e-12 {
			t.Errorf("%s: win rate %.15f, want %.15f", tt.name, r.WinRate, tt.want)
		}
	}
	for _, scale := range []float64{math.NaN(), math.Inf(1), -1} {
		m := NewMCTSEval(&kiothi.Descriptor, 10, 1)
		m.LeafScale = scale
		if _, err := m.Search(context.Background(), kiothi.Start()); !errors.Is(err, ErrConfig) {
			t.Errorf("LeafScale %v: err = %v, want ErrConfig", scale, err)
		}
	}
}

// TestMCTSEvalDeterministic: NewMCTSEval's agents, like MCTS's, give the
// same moves for the same seed, with one worker or several.
func TestMCTSEvalDeterministic(t *testing.T) {
	for _, workers := range []int{1, 3} {
		var moves [2]kimasai.Move
		for k := range moves {
			m := NewMCTSEval(&kimasai.Descriptor, 300, 9)
			m.Workers = workers
			mv, err := m.Move(context.Background(), kimasai.Start())
			if err != nil {
				t.Fatal(err)
			}
			moves[k] = mv
		}
		if moves[0] != moves[1] {
			t.Errorf("%d workers: moves %v and %v from the same seed", workers, moves[0], moves[1])
		}
	}
}

// stepClock replaces the agents' clock, for the rest of t, with one that
// advances a millisecond at each reading, and returns the count of
// readings: a time budget then ends after a fixed number of polls,
// whatever the machine's speed.
func stepClock(t *testing.T) *atomic.Int64 {
	var reads atomic.Int64
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	old := now
	now = func() time.Time { return base.Add(time.Duration(reads.Add(1)-1) * time.Millisecond) }
	t.Cleanup(func() { now = old })
	return &reads
}
