package agent_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Every game supplies its own heuristic to AlphaBeta.
var (
	_ agent.Evaluator = kiothi.Position{}
	_ agent.Evaluator = kisolo.Position{}
	_ agent.Evaluator = kimasai.Position{}
)

// strengthEnv turns on the long strength test: 100 games per game and
// agent at full budget.
const strengthEnv = "MANCALA_STRENGTH"

// strengthRun plays games games of d's game between the agent made by mk and
// Random, the agent taking South in even games and North in odd ones, each
// game with its own seeds, and returns the agent's wins.
func strengthRun[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], mk func(seed uint64) agent.Agent[P, M], games int) int {
	t.Helper()
	wins := make([]bool, games)
	errs := make([]error, games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				a, r := mk(uint64(g)), agent.Agent[P, M](agent.NewRandom[P, M](uint64(1000+g)))
				south, north, side := a, r, mancala.South
				if g%2 == 1 {
					south, north, side = r, a, mancala.North
				}
				_, final, err := agent.Play(context.Background(), d.Start(), south, north, 2000, nil)
				o := final.Outcome()
				wins[g], errs[g] = o.Status == mancala.Win && o.Winner == side, err
			}
		}()
	}
	for g := range games {
		next <- g
	}
	close(next)
	wg.Wait()
	n := 0
	for g := range games {
		if errs[g] != nil {
			t.Fatalf("game %d: %v", g, errs[g])
		}
		if wins[g] {
			n++
		}
	}
	return n
}

// strength checks one game: AlphaBeta and MCTS against Random. The default
// run is a smoke test with small budgets; MANCALA_STRENGTH=1 plays 100
// games each at depth 4 and 2,000 iterations and wants 90 wins.
func strength[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M]) {
	long := os.Getenv(strengthEnv) != ""
	games, want, depth, iters := 10, 7, 3, 100
	switch {
	case long:
		games, want, depth, iters = 100, 90, 4, 2000
	case testing.Short():
		games, want = 4, 3
	}
	agents := []struct {
		name string
		mk   func(seed uint64) agent.Agent[P, M]
	}{
		{fmt.Sprintf("alphabeta-depth%d", depth), func(uint64) agent.Agent[P, M] {
			a := agent.NewAlphaBeta(d, depth)
			a.TableSize = 1 << 14
			return a
		}},
		{fmt.Sprintf("mcts-%d", iters), func(seed uint64) agent.Agent[P, M] { return agent.NewMCTS[P, M](iters, seed) }},
	}
	for _, a := range agents {
		t.Run(a.name, func(t *testing.T) {
			start := time.Now()
			wins := strengthRun(t, d, a.mk, games)
			t.Logf("%s %s: %d/%d wins against random (%.0f%%) in %v", d.Name, a.name, wins, games, 100*float64(wins)/float64(games), time.Since(start).Round(time.Millisecond))
			if wins < want {
				t.Errorf("%s %s won %d of %d games against random, want at least %d", d.Name, a.name, wins, games, want)
			}
		})
	}
}

func TestStrengthKisolo(t *testing.T)  { strength(t, &kisolo.Descriptor) }
func TestStrengthKiothi(t *testing.T)  { strength(t, &kiothi.Descriptor) }
func TestStrengthKimasai(t *testing.T) { strength(t, &kimasai.Descriptor) }
