package agent

import (
	"context"
	"slices"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestAlphaBetaLineKiothi: issue 34's position, where the line walked from
// the table after the search was one ply long at depth 8; the principal
// variation collected during the search has 8 plies or ends the game.
func TestAlphaBetaLineKiothi(t *testing.T) {
	p, err := kiothi.Parse("kiothi 0,0,1,1,0,1,3,0,4,0/0,1,0,1,0,6*,4,5,3,11 S turn=14 prisons=17,2")
	if err != nil {
		t.Fatal(err)
	}
	for depth := 1; depth <= 8; depth++ {
		a := NewAlphaBeta(&kiothi.Descriptor, depth)
		r, err := a.Search(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		line := a.AppendLine(nil, p, r)
		q := p
		for i, m := range line {
			if q, err = q.Apply(m); err != nil {
				t.Fatalf("depth %d: line %v: move %d: %v", depth, line, i, err)
			}
		}
		if line[0] != r.Move || len(line) > r.Depth || len(line) < r.Depth && !q.Outcome().Over() {
			t.Errorf("depth %d (completed %d): move %v, line %v of %d plies, final position over: %v", depth, r.Depth, r.Move, line, len(line), q.Outcome().Over())
		}
	}
}

// playNodes plays one game of d from its start between two node-budgeted
// AlphaBetas (built fresh, or reused from a game played before) and
// returns its moves.
func playNodes[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], nodes int64, plies int, warm bool) []M {
	t.Helper()
	s, n := NewAlphaBeta(d, 0), NewAlphaBeta(d, 0)
	s.Nodes, n.Nodes = nodes, nodes
	if warm {
		// Searches of other positions before the game must not change it.
		for _, a := range []*AlphaBeta[P, M]{s, n} {
			q, _, _ := mancala.RandomPlayout[P, M](d.Start(), 7, 9)
			if _, err := a.Search(context.Background(), q); err != nil {
				t.Fatal(err)
			}
		}
	}
	moves, _, err := Play[P, M](context.Background(), d.Start(), s, n, plies, nil)
	if err != nil {
		t.Fatal(err)
	}
	return moves
}

// TestAlphaBetaNodesDeterministic: under a node budget the same game
// played twice, by fresh agents or by agents that searched other positions
// before, gives exactly the same moves, and no search visits more nodes
// than its budget.
func TestAlphaBetaNodesDeterministic(t *testing.T) {
	check := func(t *testing.T, a, b []string) {
		if !slices.Equal(a, b) {
			t.Errorf("two games differ:\n%v\n%v", a, b)
		}
	}
	t.Run("kisolo", func(t *testing.T) {
		check(t, texts(playNodes(t, &kisolo.Descriptor, 5000, 40, false)), texts(playNodes(t, &kisolo.Descriptor, 5000, 40, true)))
	})
	t.Run("kiothi", func(t *testing.T) {
		check(t, texts(playNodes(t, &kiothi.Descriptor, 3000, 60, false)), texts(playNodes(t, &kiothi.Descriptor, 3000, 60, true)))
	})
	t.Run("kimasai", func(t *testing.T) {
		check(t, texts(playNodes(t, &kimasai.Descriptor, 5000, 40, false)), texts(playNodes(t, &kimasai.Descriptor, 5000, 40, true)))
	})
	one, err := NewAlphaBeta(&kisolo.Descriptor, 1).Search(context.Background(), kisolo.Start())
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int64{1, 50, 777, 5000} {
		a := NewAlphaBeta(&kisolo.Descriptor, 0)
		a.Nodes = budget
		r, err := a.Search(context.Background(), kisolo.Start())
		if err != nil {
			t.Fatal(err)
		}
		// Depth 1 is always completed; beyond it the budget holds.
		if r.Nodes > max(budget, one.Nodes) || r.Depth < 1 {
			t.Errorf("budget %d: %d nodes, depth %d", budget, r.Nodes, r.Depth)
		}
	}
}

func texts[M mancala.Move](ms []M) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// fixedOracle knows every position with North to move: North loses in 3
// plies by a margin of 1.
type fixedOracle struct{ probes int }

func (o *fixedOracle) Probe(p toy.Position) (int, Verdict, bool) {
	o.probes++
	if p.ToMove() == mancala.North {
		return -(WinValue + MarginWeight - 3), ProvenLoss, true
	}
	return 0, Unproven, false
}

// TestAlphaBetaOracle: the search takes the oracle's values at the
// positions it knows (counted from there), never at the root, and a value
// proven by the oracle at every leaf is a proven outcome.
func TestAlphaBetaOracle(t *testing.T) {
	p := mustToy(t, "toy 0,3,1/1,0,2 S turn=4 stores=2,2")
	a := &AlphaBeta[toy.Position, toy.Move]{Depth: 6, Oracle: &fixedOracle{}}
	r, err := a.Search(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	// Every South move gives North the move: a loss for North in 3 more
	// plies, a win for South in 4.
	if want := WinValue + MarginWeight - 4; r.Value != want || r.Outcome != ProvenWin || r.Depth != 1 {
		t.Errorf("got %+v, want value %d proven won at depth 1", r, want)
	}
	if line := a.AppendLine(nil, p, r); len(line) != 1 || line[0] != r.Move {
		t.Errorf("line %v: want the move alone (the oracle decides after it)", line)
	}
	// North to move at the root: the oracle is not asked about the root,
	// and its children (South to move) are unknown: heuristic leaves.
	p = mustToy(t, "toy 0,3,1/1,0,2 N turn=5 stores=2,2")
	o := &fixedOracle{}
	a = &AlphaBeta[toy.Position, toy.Move]{Depth: 1, Oracle: o}
	r, err = a.Search(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Value != 0 || r.Outcome != Unproven || o.probes == 0 {
		t.Errorf("got %+v after %d probes, want value 0, unproven", r, o.probes)
	}
}

// TestVerdict: the texts of think's outcome.
func TestVerdict(t *testing.T) {
	for v, want := range map[Verdict]string{Unproven: "", ProvenWin: "win", ProvenDraw: "draw", ProvenLoss: "loss", 9: "Verdict(9)"} {
		if got := v.String(); got != want {
			t.Errorf("Verdict(%d) = %q, want %q", v, got, want)
		}
	}
}

// hashesDistinct checks d's mancala.Hasher on the positions of random
// games: equal positions hash equal, different ones (by ==) differently,
// and positions that differ in their turn counter alone are apart.
func hashesDistinct[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M]) {
	seen := map[uint64]P{}
	for seed := uint64(1); seed <= 40; seed++ {
		p := d.Start()
		for ply := 0; ply < 200 && !p.Outcome().Over(); ply++ {
			h := any(p).(mancala.Hasher).Hash()
			if q, ok := seen[h]; ok && q != p {
				t.Fatalf("%v and %v share the hash %#x", q, p, h)
			}
			seen[h] = p
			k := d.RepetitionKey(p)
			if k != p && any(k).(mancala.Hasher).Hash() == h {
				t.Fatalf("%v: the position without its turn counter has the same hash", p)
			}
			q, _, err := mancala.RandomPlayout[P, M](p, seed*1000+uint64(ply), 1)
			if err != nil {
				t.Fatal(err)
			}
			p = q
		}
	}
}

func TestHash(t *testing.T) {
	hashesDistinct(t, &kisolo.Descriptor)
	hashesDistinct(t, &kiothi.Descriptor)
	hashesDistinct(t, &kimasai.Descriptor)
}
