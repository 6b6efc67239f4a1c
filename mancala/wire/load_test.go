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
