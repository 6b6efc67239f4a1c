//go:build !(js && wasm)

package wire_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

var fuzzPaths = []string{"/api/v1/state", "/api/v1/apply", "/api/v1/think", "/api/v1/record", "/api/v1/replay", "/api/v1/games", "/api/v1/nothing"}

// FuzzHandler sends any body to every endpoint: the answer is always one
// JSON value with a status below 500, and an error answer has a code.
func FuzzHandler(f *testing.F) {
	kis, kio := kisolo.Start().String(), kiothi.Start().String()
	for _, seed := range []string{
		`{"game":"kisolo"}`, `{"game":"kisolo","rules":"Columns:6"}`, `{"position":"` + kis + `"}`,
		`{"position":"` + kio + `","move":"-a5"}`, `{"position":"` + kis + `","move":"xb3"}`,
		`{"position":"` + kis + `","agent":"alphabeta","depth":2}`, `{"position":"` + kio + `","agent":"mcts","iterations":50,"seed":3}`,
		`{"game":"kiothi","moves":["-a5","-a6"]}`, `{"record":"[Game \"kisolo\"]\n\nxb1 xc6"}`, `{"record":"` + kis + `"}`,
		`{"game":`, `[]`, `null`, `{"game":"kisolo"} {}`, `{"position":7}`, `{"position":"kimasai 1/2 S turn=0 reserves=1,1"}`,
	} {
		for i := range fuzzPaths {
			f.Add(uint8(i), seed)
		}
	}
	svc := newService(f, wire.Limits{MaxTime: 20 * time.Millisecond, MaxIterations: 200, MaxDepth: 3})
	c := &client{t: f, h: wire.Handler(svc)}
	f.Fuzz(func(t *testing.T, path uint8, body string) {
		c.t = t
		p := fuzzPaths[int(path)%len(fuzzPaths)]
		method := http.MethodPost
		if path&0x80 != 0 {
			method = http.MethodGet
		}
		status, out := c.do(method, p, body)
		if status >= 500 {
			t.Fatalf("%s %s %q: status %d: %s", method, p, body, status, out)
		}
		if status != http.StatusOK {
			var e wire.Error
			if err := json.Unmarshal(out, &e); err != nil || e.Code == "" || e.Message == "" || e.Status() != status {
				t.Fatalf("%s %s %q: status %d, error body %s", method, p, body, status, out)
			}
		}
		// Service.Call answers as the handler does (think aside: its
		// answer depends on the time it gets).
		if name := strings.TrimPrefix(p, "/api/v1/"); method == http.MethodPost && name != "think" && name != "games" {
			got, err := svc.Call(context.Background(), name, []byte(body))
			if err != nil {
				var we *wire.Error
				if !errors.As(err, &we) || we.Status() != status {
					t.Fatalf("%s %q: Call %v, HTTP status %d", p, body, err, status)
				}
				got, _ = marshalJSON(we)
			}
			if string(got) != strings.TrimSuffix(string(out), "\n") {
				t.Fatalf("%s %q:\nCall %.200s\nHTTP %.200s", p, body, got, out)
			}
		}
	})
}
