package wire_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// benchVec steps n Kisolo environments (default rules, self-play) with
// random legal actions drawn from each answer's mask, through the line
// protocol's Session.Call (request decoding, the step, base64 and JSON of
// the answer): ns/op is one vector step of n environments.
func benchVec(b *testing.B, n int) {
	sess := newService(b, wire.Limits{}).NewSession()
	cr := must[wire.VecCreateResponse](b, sess, "vec_create", wire.VecConfig{Game: "kisolo", N: n, Seed: 1})
	state := cr.VecState
	rng := rand.New(rand.NewPCG(1, 1))
	acts := make([]int32, n)
	pick := func(s wire.VecState) []byte {
		mask, _ := base64.StdEncoding.DecodeString(s.Mask)
		for i := range n {
			var legal [24]int32
			k := 0
			for a := range cr.Actions {
				if mask[i*cr.MaskBytes+a/8]>>(a%8)&1 == 1 {
					legal[k] = int32(a)
					k++
				}
			}
			acts[i] = legal[rng.IntN(k)]
		}
		body, _ := json.Marshal(wire.VecStepRequest{Env: cr.Env, Actions: actionsB64(acts)})
		return body
	}
	body := pick(state)
	b.ReportAllocs()
	b.ResetTimer()
	var cpu int64
	for b.Loop() {
		c0 := wire.CPUNanos()
		out, err := sess.Call(context.Background(), "vec_step", body)
		if err != nil {
			b.Fatal(err)
		}
		cpu += wire.CPUNanos() - c0
		b.StopTimer()
		if err := json.Unmarshal(out, &state); err != nil {
			b.Fatal(err)
		}
		body = pick(state)
		b.StartTimer()
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "envsteps/s")
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}

func BenchmarkVecStep1024(b *testing.B) { benchVec(b, 1024) }
func BenchmarkVecStep64(b *testing.B)   { benchVec(b, 64) }

// BenchmarkStep: the compact step of one Kisolo position through
// Session.Call: the start, action 14 (xb7).
func BenchmarkStep(b *testing.B) {
	sess := newService(b, wire.Limits{}).NewSession()
	a := 14
	body, _ := json.Marshal(wire.StepRequest{Position: kisolo.Start().String(), Action: &a})
	b.ReportAllocs()
	c0 := wire.CPUNanos()
	for b.Loop() {
		if _, err := sess.Call(context.Background(), "step", body); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(wire.CPUNanos()-c0)/float64(b.N), "cpu-ns/op")
}
