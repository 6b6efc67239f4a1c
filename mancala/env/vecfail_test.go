package env_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// TestVecFailedStepsLeaveNoTrace steps two VecEnvs of deterministic
// opponents (the first legal move) with the same actions, the first also
// refused a step every few steps by an opponent that fails in one
// environment (another each time, under 1, 2 and 4 workers) or by a
// cancelled context: after each refused step, the next steps answer
// exactly as in the VecEnv that never had it (positions, plies, rewards,
// ends, final observations, repetition counts through the positions they
// end).
func TestVecFailedStepsLeaveNoTrace(t *testing.T) {
	type (
		P = kiothi.Position
		M = kiothi.Move
	)
	const n, steps = 20, 300
	for _, workers := range []int{1, 2, 4} {
		var failIn atomic.Int32 // the environment whose opponent fails, or -1
		failIn.Store(-1)
		made := 0
		opp := func(uint64) (agent.Agent[P, M], error) {
			i := int32(made % n)
			made++
			return agent.AgentFunc[P, M](func(ctx context.Context, p P) (M, error) {
				if failIn.Load() == i {
					return M{}, errors.New("out of order")
				}
				if err := ctx.Err(); err != nil {
					return M{}, err
				}
				return p.LegalMoves()[0], nil
			}), nil
		}
		mk := func() (*env.VecEnv[P, M], *env.Batch) {
			v, err := env.NewVec(&kiothi.Descriptor, "", n, env.VecOptions[P, M]{Workers: workers, AlternateSeats: true,
				Options: env.Options[P, M]{Opponent: opp, Seed: 3, Horizon: 60}})
			if err != nil {
				t.Fatal(err)
			}
			b := v.NewBatch()
			if err := v.Observe(b); err != nil {
				t.Fatal(err)
			}
			return v, b
		}
		a, ba := mk()
		c, bc := mk()
		rng := rand.New(rand.NewPCG(5, uint64(workers)))
		acts := make([]int32, n)
		cancelled, cancel := context.WithCancel(context.Background())
		cancel()
		refused := 0
		for s := range steps {
			pickActions(rng, ba, n, a.Actions(), acts)
			if s%3 == 1 {
				var err error
				if s%2 == 0 {
					failIn.Store(int32(s % n))
					err = a.Step(acts, ba)
					failIn.Store(-1)
				} else {
					err = a.StepContext(cancelled, acts, ba)
				}
				if err == nil {
					// The failing environment's opponent was not asked
					// (its agent's move ended the game): a real step,
					// played in c too.
					if err := c.Step(acts, bc); err != nil {
						t.Fatal(err)
					}
					continue
				}
				refused++
				if err := a.Observe(ba); err != nil {
					t.Fatal(err)
				}
			}
			if err := a.Step(acts, ba); err != nil {
				t.Fatalf("%d workers, step %d: %v", workers, s, err)
			}
			if err := c.Step(acts, bc); err != nil {
				t.Fatalf("%d workers, step %d (the VecEnv without failures): %v", workers, s, err)
			}
			if !reflect.DeepEqual(bc, ba) {
				t.Fatalf("%d workers, step %d: the batches differ (-never failed +failed before):\n%s", workers, s, cmp.Diff(bc, ba))
			}
			for i := range n {
				pa, la, _ := a.Position(i)
				pc, lc, _ := c.Position(i)
				if pa != pc || la != lc {
					t.Fatalf("%d workers, step %d, environment %d: %v plies %d, want %v plies %d", workers, s, i, pa, la, pc, lc)
				}
			}
		}
		if refused < steps/6 {
			t.Errorf("%d workers: %d steps refused, want %d or more (the test failed none)", workers, refused, steps/6)
		}
	}
}
