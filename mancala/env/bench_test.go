package env_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// BenchmarkEnvStep is one self-play step of an Env with the mover's
// observation and the mask after it, random legal ids, reset at the end
// of each episode: what a learning loop does per step.
func BenchmarkEnvStep(b *testing.B) {
	b.Run("kisolo", func(b *testing.B) { benchEnvStep(b, &kisolo.Descriptor) })
	b.Run("kiothi", func(b *testing.B) { benchEnvStep(b, &kiothi.Descriptor) })
	b.Run("kimasai", func(b *testing.B) { benchEnvStep(b, &kimasai.Descriptor) })
}

func benchEnvStep[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M]) {
	e, err := env.New(d, "", env.Options[P, M]{})
	if err != nil {
		b.Fatal(err)
	}
	obs := make([]float32, 0, e.Observer().Len())
	mask := e.AppendMask(make([]bool, 0, e.Actions()))
	ids := make([]int, 0, e.Actions())
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		ids = ids[:0]
		for a, f := range mask {
			if f {
				ids = append(ids, a)
			}
		}
		s, err := e.Step(ids[rng.IntN(len(ids))])
		if err != nil {
			b.Fatal(err)
		}
		if s.Terminated || s.Truncated {
			if err := e.Reset(); err != nil {
				b.Fatal(err)
			}
		}
		obs = e.Observer().AppendMover(obs[:0], e.Position())
		mask = e.AppendMask(mask[:0])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkVecEnvStep1024 is one step of 1024 self-play environments
// (observations, masks, rewards and every other Batch field written,
// same-step autoreset) on all cores, random legal ids picked outside the
// timer's concern but inside the loop, as a learner's argmax would: the
// figure is env steps/s.
func BenchmarkVecEnvStep1024(b *testing.B) {
	b.Run("kisolo", func(b *testing.B) { benchVecStep(b, &kisolo.Descriptor) })
	b.Run("kiothi", func(b *testing.B) { benchVecStep(b, &kiothi.Descriptor) })
	b.Run("kimasai", func(b *testing.B) { benchVecStep(b, &kimasai.Descriptor) })
}

// BenchmarkVecEnvStep1024Locked is BenchmarkVecEnvStep1024 from a
// goroutine locked to its thread, as every call through the C library
// (mancala/env/cabi) runs: a wait of the caller's goroutine is a handoff
// between threads there.
func BenchmarkVecEnvStep1024Locked(b *testing.B) {
	b.Run("kisolo", func(b *testing.B) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		benchVecStep(b, &kisolo.Descriptor)
	})
}

func benchVecStep[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M]) {
	const n = 1024
	v, err := env.NewVec(d, "", n, env.VecOptions[P, M]{})
	if err != nil {
		b.Fatal(err)
	}
	batch := v.NewBatch()
	if err := v.Reset(batch); err != nil {
		b.Fatal(err)
	}
	A := v.Actions()
	acts := make([]int32, n)
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		for i := range n { // the first legal id after a random one: cheap, and every id is reached
			m := batch.Mask[i*A : (i+1)*A]
			a := rng.IntN(A)
			for !m[a] {
				if a++; a == A {
					a = 0
				}
			}
			acts[i] = int32(a)
		}
		if err := v.Step(acts, batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*n/b.Elapsed().Seconds(), "envsteps/s")
}

// BenchmarkObserve is the Observer alone: the mover's view of each
// position of a seeded random game in turn (Kiothi's from its opening
// on), into one buffer.
func BenchmarkObserve(b *testing.B) {
	b.Run("kisolo", func(b *testing.B) { benchObserve(b, &kisolo.Descriptor) })
	b.Run("kiothi", func(b *testing.B) { benchObserve(b, &kiothi.Descriptor) })
	b.Run("kimasai", func(b *testing.B) { benchObserve(b, &kimasai.Descriptor) })
}

func benchObserve[P mancala.Position[P, M], M mancala.Move](b *testing.B, d *mancala.Descriptor[P, M]) {
	start, err := d.New("")
	if err != nil {
		b.Fatal(err)
	}
	o, err := env.NewObserver(d, start)
	if err != nil {
		b.Fatal(err)
	}
	var game []P
	rng := rand.New(rand.NewPCG(3, 3))
	for p := start; !p.Outcome().Over() && len(game) < 200; {
		game = append(game, p)
		moves := p.AppendLegalMoves(nil)
		if p, err = p.Apply(moves[rng.IntN(len(moves))]); err != nil {
			b.Fatal(err)
		}
	}
	obs := make([]float32, 0, o.Len())
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		obs = o.AppendMover(obs[:0], game[k])
		if k++; k == len(game) {
			k = 0
		}
	}
}
