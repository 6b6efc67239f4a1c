//go:build !(js && wasm)

package wire_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// samples returns positions of seeded random games of d with one legal
// move each.
func samples[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], n int) [][2]string {
	var out [][2]string
	rng := rand.New(rand.NewPCG(7, 7))
	for len(out) < n {
		p := d.Start()
		for ply := 0; ply < 200; ply++ {
			moves := p.AppendLegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			out = append(out, [2]string{p.String(), m.String()})
			p, _ = p.Apply(m)
		}
	}
	return out[:n]
}

// TestLoad runs concurrent clients against a real server on loopback for
// a few seconds (MANCALA_LOAD_SECONDS, default 3) and reports requests/s
// and the p50 and p99 latencies of state and apply; every request must
// succeed. It is skipped under -short.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	secs := 3.0
	if s, err := strconv.ParseFloat(os.Getenv("MANCALA_LOAD_SECONDS"), 64); err == nil && s > 0 {
		secs = s
	}
	srv := httptest.NewServer(wire.Handler(newService(t, wire.Limits{})))
	defer srv.Close()
	var work [][2]string
	work = append(work, samples(&kisolo.Descriptor, 300)...)
	work = append(work, samples(&kiothi.Descriptor, 300)...)
	work = append(work, samples(&kimasai.Descriptor, 300)...)
	const clients = 8
	deadline := time.Now().Add(time.Duration(secs * float64(time.Second)))
	var mu sync.Mutex
	lat := map[string][]time.Duration{}
	var errs []string
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hc := &http.Client{Timeout: 10 * time.Second}
			rng := rand.New(rand.NewPCG(uint64(c), 1))
			local := map[string][]time.Duration{}
			for i := 0; i < 1_000_000 && time.Now().Before(deadline); i++ {
				w := work[rng.IntN(len(work))]
				path, body := "state", map[string]string{"position": w[0]}
				if i%2 == 1 {
					path, body = "apply", map[string]string{"position": w[0], "move": w[1]}
				}
				b, _ := json.Marshal(body)
				t0 := time.Now()
				resp, err := hc.Post(srv.URL+"/api/v1/"+path, "application/json", bytes.NewReader(b))
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				local[path] = append(local[path], time.Since(t0))
				if err != nil {
					mu.Lock()
					errs = append(errs, fmt.Sprintf("%s %s: %v", path, b, err))
					mu.Unlock()
				}
			}
			mu.Lock()
			for k, v := range local {
				lat[k] = append(lat[k], v...)
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if len(errs) > 0 {
		t.Fatalf("%d errors, the first: %s", len(errs), errs[0])
	}
	total := 0
	for _, path := range []string{"state", "apply"} {
		l := lat[path]
		slices.Sort(l)
		total += len(l)
		if len(l) == 0 {
			t.Fatalf("no %s request", path)
		}
		t.Logf("%s: %d requests, %.0f/s, p50 %v, p99 %v", path, len(l), float64(len(l))/elapsed.Seconds(),
			l[len(l)/2].Round(time.Microsecond), l[len(l)*99/100].Round(time.Microsecond))
	}
	t.Logf("%d clients, %d requests in %v: %.0f requests/s, 0 errors", clients, total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())
}

// BenchmarkSlowest times the slowest state and apply requests we know how
// to build: moves that loop with a period too long for the cycle check
// and so sow to MaxLaps at mancala.MaxLapsLimit, the largest the rules
// accept.
func BenchmarkSlowest(b *testing.B) {
	s := newService(b, wire.Limits{})
	limit := strconv.Itoa(mancala.MaxLapsLimit)
	const kis = "kisolo 4,0,0,1,0,1,0/0,0,0,0,0,0,0/1,3,23,1,0,9,0/0,1,2,8,13,4,13 S turn=36 rules="
	const kio = "kiothi 0,1,7,4,5,6,3,1,5,1/2,3,0,1,2,1,5,1,5,2 N turn=9 prisons=5,0 rules="
	for _, tc := range []struct{ name, pos, move string }{
		{"apply/kisolo/endless-limit", kis + "MaxLaps:" + limit + ",Win:OuterRowEmptied", "b1"},
		{"apply/kiothi/endless-limit", kio + "MaxLaps:" + limit, "b4:4"},
		{"state/kisolo/illegal-limit", kis + "Endless:Illegal,MaxLaps:" + limit + ",Win:OuterRowEmptied", ""},
		{"state/kiothi/illegal-limit", kio + "Endless:Illegal,MaxLaps:" + limit, ""},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				var err error
				if tc.move == "" {
					_, err = s.State(wire.StateRequest{Position: tc.pos})
				} else {
					var r wire.ApplyResponse
					r, err = s.Apply(wire.ApplyRequest{Position: tc.pos, Move: tc.move})
					if err == nil && r.After.Outcome.Reason != "endless" {
						b.Fatalf("%s: %+v, want endless", tc.move, r.After.Outcome)
					}
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/request")
		})
	}
}

// BenchmarkCostlyFlood measures ordinary requests (the state and apply of
// positions of random games under the default rules) on a real loopback
// server while 16 clients post, as fast as they are answered, the state of
// a Kiothi position under Endless:Illegal,MaxLaps:2000000 (100-190 ms of
// CPU each): the p50 and p99 latency of the ordinary requests, and the
// flood's answers (ok and busy) per second; an ordinary request answered
// busy is an error. The flood waits for the few costly slots
// (Limits.MaxCostly), so ordinary requests keep their work slots and a
// core. Run it with -benchtime=500x or more.
func BenchmarkCostlyFlood(b *testing.B) {
	const flood = "kiothi 0,1,7,4,5,6,3,1,5,1/2,3,0,1,2,1,5,1,5,2 N turn=9 prisons=5,0 rules=Endless:Illegal,MaxLaps:2000000"
	floodBench(b, "/api/v1/state", map[string]string{"position": flood}, true)
}

// BenchmarkLoopFlood is BenchmarkCostlyFlood with 16 clients posting, under
// the default rules, the apply of the move that loops in
// docs/rules/common.md (C-6: b6:6, sown to 1,000,000 laps, a draw by
// endless sowing), and states alone as the ordinary requests: the flood
// is classed by the work it does (10,000 (the service's work-laps threshold)), not by its text. Before,
// the loops took work slots and the states' p50 was 194 ms, p99 715 ms.
// Run it with -benchtime=500x or more.
func BenchmarkLoopFlood(b *testing.B) {
	const loop = "kiothi 0,4,5,1,2,8*,0,1,0,1/2,1,7*,6,1,4,1,4,3,9 N turn=11 prisons=0,0"
	floodBench(b, "/api/v1/apply", map[string]string{"position": loop, "move": "b6:6"}, false)
}

// floodBench measures ordinary requests (states of positions of random
// games, and applies too when applies is set) on a real loopback server
// while 16 clients post floodBody to floodPath as fast as they are
// answered.
func floodBench(b *testing.B, floodPath string, floodBody any, applies bool) {
	srv := httptest.NewServer(wire.Handler(newService(b, wire.Limits{})))
	defer srv.Close()
	post := func(hc *http.Client, path string, body any) (int, error) {
		data, _ := json.Marshal(body)
		res, err := hc.Post(srv.URL+path, "application/json", bytes.NewReader(data))
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode, nil
	}
	stop := make(chan struct{})
	var ok, busy, failed atomic.Int64
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hc := &http.Client{Timeout: 30 * time.Second}
			for {
				select {
				case <-stop:
					return
				default:
				}
				switch code, err := post(hc, floodPath, floodBody); {
				case err == nil && code == http.StatusOK:
					ok.Add(1)
				case err == nil && code == http.StatusTooManyRequests:
					busy.Add(1)
				default:
					failed.Add(1)
				}
			}
		}()
	}
	var work [][2]string
	work = append(work, samples(&kisolo.Descriptor, 100)...)
	work = append(work, samples(&kiothi.Descriptor, 100)...)
	work = append(work, samples(&kimasai.Descriptor, 100)...)
	hc := &http.Client{Timeout: 30 * time.Second}
	time.Sleep(200 * time.Millisecond) // let the flood start
	lat := make([]time.Duration, 0, b.N)
	ordinaryBusy := 0
	t0 := time.Now()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		w := work[i%len(work)]
		path, body := "/api/v1/state", map[string]string{"position": w[0]}
		if applies && i%2 == 1 {
			path, body = "/api/v1/apply", map[string]string{"position": w[0], "move": w[1]}
		}
		start := time.Now()
		code, err := post(hc, path, body)
		if err != nil || code != http.StatusOK && code != http.StatusTooManyRequests {
			b.Fatalf("%s %v: %d %v", path, body, code, err)
		}
		lat = append(lat, time.Since(start))
		if code == http.StatusTooManyRequests {
			ordinaryBusy++
		}
	}
	b.StopTimer()
	el := time.Since(t0)
	close(stop)
	wg.Wait()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(ok.Load())/el.Seconds(), "flood-ok/s")
	b.ReportMetric(float64(busy.Load())/el.Seconds(), "flood-busy/s")
	b.ReportMetric(float64(ordinaryBusy), "ordinary-busy")
	if ordinaryBusy > 0 {
		b.Errorf("%d of %d ordinary requests answered busy", ordinaryBusy, len(lat))
	}
	if failed.Load() > 0 {
		b.Errorf("%d flood requests failed (not 200 or 429)", failed.Load())
	}
}
