//go:build !(js && wasm)

package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
)

// engine is a service of the three games served over lines, as
// examples/mancala-engine serves it, for the line protocol's tests.
type engine struct {
	svc     *Service
	batch   *Service
	maxLine int
	ls      *lineSession
}

func testEngine(t testing.TB, l Limits, bl BatchLimits) *engine {
	t.Helper()
	l.Batch = bl
	svc, err := NewService(l, NewGame(&kisolo.Descriptor), NewGame(&kiothi.Descriptor), NewGame(&kimasai.Descriptor))
	if err != nil {
		t.Fatal(err)
	}
	return &engine{svc: svc, batch: svc, ls: svc.newLineSession(LineOptions{})}
}

// serve is ServeLines with e's line limit.
func (e *engine) serve(ctx context.Context, r io.Reader, w io.Writer) error {
	return e.svc.ServeLines(ctx, r, w, LineOptions{MaxLine: e.maxLine})
}

// answer answers one line in e's session.
func (e *engine) answer(ctx context.Context, line []byte, tooLong bool) []byte {
	return e.ls.answer(ctx, line, tooLong)
}

func (e *engine) encode(id json.RawMessage, resp any, err error) []byte {
	return e.ls.encode(id, resp, err)
}

// BenchmarkPlayouts answers one playouts line of 1,000 random games per
// game, reporting playouts/s through the engine (to compare with each
// game's BenchmarkPlayout, the library in process on one core).
func BenchmarkPlayouts(b *testing.B) {
	for _, game := range []string{"kisolo", "kiothi", "kimasai"} {
		for _, workers := range []int{1, 0} {
			name := game + "/all-cores"
			if workers == 1 {
				name = game + "/1-core"
			}
			b.Run(name, func(b *testing.B) {
				e := testEngine(b, Limits{}, BatchLimits{Workers: workers})
				games := 0
				b.ReportAllocs()
				for b.Loop() {
					line := fmt.Sprintf(`{"id":1,"cmd":"playouts","game":%q,"n":1000,"seed":%d}`, game, games)
					out := e.answer(context.Background(), []byte(line), false)
					if !bytes.HasPrefix(out, []byte(`{"id":1,"ok":true`)) {
						b.Fatalf("%s", out)
					}
					games += 1000
				}
				b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "playouts/s")
			})
		}
	}
}

// BenchmarkApply answers one apply line (the Kisolo start, xb3): the
// engine's own cost of a round trip, without the pipes.
func BenchmarkApply(b *testing.B) {
	e := testEngine(b, Limits{}, BatchLimits{})
	line := []byte(`{"id":1,"cmd":"apply","position":"` + kisolo.Start().String() + `","move":"xb3"}`)
	b.ReportAllocs()
	for b.Loop() {
		e.answer(context.Background(), line, false)
	}
}
