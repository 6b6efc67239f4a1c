//go:build !(js && wasm)

package wire_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// client posts to a handler in process (httptest.ResponseRecorder).
type client struct {
	t testing.TB
	h http.Handler
}

func newClient(t testing.TB, l wire.Limits) *client {
	return &client{t: t, h: wire.Handler(newService(t, l))}
}

// do sends a request and returns the status and the body, which must be
// one JSON value.
func (c *client) do(method, path, body string) (int, []byte) {
	c.t.Helper()
	req := httptest.NewRequest(method, path, bytes.NewBufferString(body))
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	out, _ := io.ReadAll(rec.Body)
	if method != http.MethodHead && !json.Valid(out) {
		c.t.Fatalf("%s %s %q: body is not JSON: %q", method, path, body, out)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		c.t.Errorf("%s %s: Content-Type %q", method, path, ct)
	}
	return rec.Code, out
}

// post sends v as JSON and decodes a 200 answer into out; any other status
// fails the test.
func (c *client) post(path string, v, out any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	code, body := c.do(http.MethodPost, path, string(b))
	if code != http.StatusOK {
		c.t.Fatalf("POST %s %s: status %d: %s", path, b, code, body)
	}
	if err := json.Unmarshal(body, out); err != nil {
		c.t.Fatalf("POST %s: %v: %s", path, err, body)
	}
}

func (c *client) state(req wire.StateRequest) wire.State {
	c.t.Helper()
	var s wire.State
	c.post("/api/v1/state", req, &s)
	return s
}

func (c *client) apply(pos, move string) wire.ApplyResponse {
	c.t.Helper()
	var r wire.ApplyResponse
	c.post("/api/v1/apply", wire.ApplyRequest{Position: pos, Move: move}, &r)
	return r
}

// jsonEncoder returns an encoder writing as the transports do (no HTML
// escaping).
func jsonEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}
