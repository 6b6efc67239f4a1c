//go:build cgo

package main

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kisolo"
)

// BenchmarkEnvStep is mancala_env_step's Go side for a Kisolo self-play
// environment (lookup, lock, the step, South's observation, the mask and
// the legal ids: envStep), random legal ids, reset at the end of each
// episode: the step the Python Game makes, less the cgo crossing.
func BenchmarkEnvStep(b *testing.B) {
	m, err := makeOps(kisolo.Name, config{seat: seatNone, seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	id := register(&handle{kind: envKind, env: m.env, search: m.searching, sp: m.env.spec()})
	defer release(id, envKind)
	s := m.env.spec()
	mask := make([]bool, s.actions)
	ids := make([]int32, s.actions)
	obs := make([]float32, s.obsLen)
	n := int32(m.env.legal(ids))
	rng := rand.New(rand.NewPCG(1, 1))
	fn := func(ctx context.Context, h *handle) error {
		if err := h.envStep(ctx, int(ids[rng.IntN(int(n))]), seatSouth, obs, mask, ids, true); err != nil {
			return err
		}
		n = h.st.legal
		if h.st.state != 0 {
			if err := h.env.reset(ctx, nil); err != nil {
				return err
			}
			n = int32(h.env.legal(ids))
		}
		return nil
	}
	b.ReportAllocs()
	for b.Loop() {
		if st := callCtx(id, envKind, errSyntax, true, fn); st != statusOK {
			b.Fatalf("status %d", st)
		}
	}
}
