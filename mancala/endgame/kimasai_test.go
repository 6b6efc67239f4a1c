package endgame_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
	"pgregory.net/rapid"
)

func kimasaiTable(t testing.TB, rules string, seeds int) (*endgame.Table[kimasai.Position, kimasai.Move], *kimasai.EndgameSpace) {
	t.Helper()
	r, err := kimasai.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := kimasai.NewEndgameSpace(r, seeds)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := endgame.Build[kimasai.Position, kimasai.Move](context.Background(), sp, seeds)
	if err != nil {
		t.Fatal(err)
	}
	return tb, sp
}

func kimasaiTurned(t fataler, p kimasai.Position, north bool) kimasai.Position {
	t.Helper()
	if !north {
		return p
	}
	return turned4(t, p.String(), kimasai.Parse)
}

func TestKimasaiIndexRoundTrip(t *testing.T) {
	const seeds = 10
	sp, err := kimasai.NewEndgameSpace(kimasai.Rules{}, seeds)
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, seeds).Draw(rt, "n")
		i := rapid.Uint64Range(0, sp.Size(n)-1).Draw(rt, "i")
		p, ok := sp.Position(n, i)
		if !ok {
			rt.Fatalf("no position at %d/%d", n, i)
		}
		if p.Outcome().Status != mancala.Ongoing {
			if _, _, ok := sp.Index(p); ok {
				rt.Fatalf("%v: a finished game is indexed", p)
			}
			return
		}
		q := kimasaiTurned(rt, p, rapid.Bool().Draw(rt, "north"))
		if n2, i2, ok := sp.Index(q); !ok || n2 != n || i2 != i {
			rt.Fatalf("%v (from %v): index %d/%d %v, want %d/%d", q, p, n2, i2, ok, n, i)
		}
	})
	for n, want := range []uint64{1, 32, 528, 5984} { // C(n+31, 31)
		if got := sp.Size(n); got != want {
			t.Errorf("Size(%d) = %d, want %d", n, got, want)
		}
	}
	// Phase 1 (a reserve left) is not in the space.
	if _, _, ok := sp.Index(kimasai.Start()); ok {
		t.Error("the start position (phase 1) is indexed")
	}
}

// TestKimasaiAgreesWithSearch: phase-2 tables agree with a plain minimax
// to the end.
func TestKimasaiAgreesWithSearch(t *testing.T) {
	draws := 0
	defer func() {
		if draws == 0 && !testing.Short() {
			t.Error("no draw in any sample")
		}
	}()
	for _, rules := range []string{"", "SelfEmptiedInnerRow:Continues", "Endless:Illegal,MaxLaps:50"} {
		t.Run(rules, func(t *testing.T) {
			if testing.Short() && rules != "" {
				t.Skip("-short: the default rules only")
			}
			const seeds = 4
			tb, sp := kimasaiTable(t, rules, seeds)
			rng := rand.New(rand.NewPCG(3, uint64(len(rules))))
			counts := map[endgame.Result]int{}
			skipped := 0
			for checked := 0; checked < 200; {
				n := 1 + rng.IntN(seeds)
				p, _ := sp.Position(n, rng.Uint64N(sp.Size(n)))
				if p.Outcome().Status != mancala.Ongoing {
					continue
				}
				q := kimasaiTurned(t, p, rng.IntN(2) == 1)
				got, in := tb.Lookup(q)
				if !in {
					t.Fatalf("%v: not in the table", q)
				}
				want, ok := solveGraph[kimasai.Position, kimasai.Move](q, 20_000)
				if !ok {
					skipped++ // too large a graph for this test
					continue
				}
				if int(got) != want {
					t.Fatalf("%v: table %v, search %d", q, got, want)
				}
				counts[got]++
				checked++
			}
			t.Logf("%v, %d graphs too large", counts, skipped)
			if counts[endgame.Win] == 0 || counts[endgame.Loss] == 0 {
				t.Errorf("the sample lacks a win or a loss: %v", counts)
			}
			draws += counts[endgame.Draw]
			if skipped > 200 {
				t.Errorf("%d positions skipped for 200 checked", skipped)
			}
		})
	}
}
