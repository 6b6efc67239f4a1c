package wire

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kisolo"
)

// BenchmarkVecCore1024 is the Go side of one vector step of 1,024 Kisolo
// environments without the line protocol (no JSON, no base64): actions
// checked and played, same-step resets, observations and packed masks
// written into reused buffers. Actions are random legal ids drawn from
// the previous answer's masks outside the timer.
func BenchmarkVecCore1024(b *testing.B) {
	ops, err := NewGame(&kisolo.Descriptor).ops.(vecMaker).newVec(VecConfig{Game: "kisolo", N: 1024, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	var out vecArrays
	if err := ops.reset(context.Background(), 1, &out); err != nil {
		b.Fatal(err)
	}
	inf := ops.info()
	rng := rand.New(rand.NewPCG(1, 1))
	acts := make([]int32, inf.N)
	pick := func() {
		for i := range inf.N {
			var legal [24]int32
			k := 0
			for a := range inf.Actions {
				if out.mask[i*inf.MaskBytes+a/8]>>(a%8)&1 == 1 {
					legal[k] = int32(a)
					k++
				}
			}
			acts[i] = legal[rng.IntN(k)]
		}
	}
	pick()
	b.ReportAllocs()
	b.ResetTimer()
	var cpu int64
	for b.Loop() {
		c0 := cpuNanos()
		if err := ops.step(context.Background(), acts, &out); err != nil {
			b.Fatal(err)
		}
		cpu += cpuNanos() - c0
		b.StopTimer()
		pick()
		b.StartTimer()
	}
	b.ReportMetric(float64(inf.N)*float64(b.N)/b.Elapsed().Seconds(), "envsteps/s")
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}
