//go:build !(js && wasm)

package wire_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Service.Call answers as Handler does: the same body (without the line
// break) or the same error and status.
func TestCallSameAsHTTP(t *testing.T) {
	s := newService(t, wire.Limits{})
	h := wire.Handler(s)
	kis, kio := kisolo.Start().String(), kiothi.Start().String()
	for _, tt := range []struct{ method, cmd, body string }{
		{"GET", "games", ""},
		{"POST", "state", `{"position":"` + kio + `"}`},
		{"POST", "state", `{"game":"kisolo","rules":"Columns:6"}`},
		{"POST", "state", `{"game":"kisolo","rules":"Columns:5"}`},
		{"POST", "apply", `{"position":"` + kis + `","move":"xb3"}`},
		{"POST", "apply", `{"position":"` + kis + `","move":"b3"}`},
		{"POST", "think", `{"position":"` + kis + `","agent":"random","seed":4}`},
		{"POST", "record", `{"game":"kisolo","moves":["xb1","xc6"]}`},
		{"POST", "replay", `{"record":"[Game \"kisolo\"]\n\nxb1 xc6"}`},
		{"POST", "replay", `{"record":"x","Record":"y"}`},
		{"POST", "state", `{"position":`},
		{"POST", "perft", `{"game":"kisolo","depth":1}`}, // lines only: 404
		{"POST", "nothing", `{}`},
		{"POST", "state", `{"game":"` + strings.Repeat("x", 70_000) + `"}`}, // over Limits.MaxBody: too_large
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tt.method, "/api/v1/"+tt.cmd, strings.NewReader(tt.body)))
		got, err := s.Call(context.Background(), tt.cmd, []byte(tt.body))
		if err != nil {
			var we *wire.Error
			if !errors.As(err, &we) {
				t.Fatalf("%s: error %T %v", tt.cmd, err, err)
			}
			if got, err = marshalJSON(we); err != nil {
				t.Fatal(err)
			}
			if we.Status() != rec.Code {
				t.Errorf("%s %s: Call status %d, HTTP %d", tt.cmd, tt.body, we.Status(), rec.Code)
			}
		} else if rec.Code != http.StatusOK {
			t.Errorf("%s %s: Call ok, HTTP %d", tt.cmd, tt.body, rec.Code)
		}
		if want := strings.TrimSuffix(rec.Body.String(), "\n"); string(got) != want && !strings.Contains(want, `"elapsedMs"`) {
			t.Errorf("%s %s:\nCall %.300s\nHTTP %.300s", tt.cmd, tt.body, got, want)
		}
	}
}

func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	err := jsonEncoder(&b).Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
}

// counter is a line-only command (registered by the tests through
// export_test.go): it answers by as total.
type counterReq struct {
	By int `json:"by"`
}
type counterResp struct {
	Total int `json:"total"`
}

func counterCommand() wire.Command {
	return wire.NewCommand("count", wire.Lines, wire.NoPool, func(_ context.Context, _ *wire.Session, r counterReq) (counterResp, error) {
		if r.By < 0 {
			return counterResp{}, &wire.Error{Code: wire.CodeBadRequest, Message: "count: by must not be negative"}
		}
		return counterResp{Total: r.By}, nil
	})
}

func TestRegister(t *testing.T) {
	s := newService(t, wire.Limits{})
	if err := s.Register(counterCommand()); err != nil {
		t.Fatal(err)
	}
	in := `{"id":1,"cmd":"count","by":2}` + "\n" + `{"id":3,"cmd":"count","by":-1}` + "\n" +
		`{"id":4,"cmd":"count","by":"x"}` + "\n" + `{"id":5,"cmd":"nope"}` + "\n"
	want := `{"id":1,"ok":true,"total":2}
{"id":3,"ok":false,"error":"count: by must not be negative","code":"bad_request"}
{"id":4,"ok":false,"error":"wire: bad request: by must be an integer, not a JSON string","code":"bad_request"}
{"id":5,"ok":false,"error":"engine: unknown command \"nope\" (want games, state, apply, think, record, replay, perft, playouts, selfplay, count)","code":"not_found"}
`
	var out bytes.Buffer
	if err := s.ServeLines(context.Background(), strings.NewReader(in), &out, wire.LineOptions{}); err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		t.Errorf("got:\n%s\nwant\n%s", out.String(), want)
	}

	// A line-only command is not served over HTTP.
	rec := httptest.NewRecorder()
	wire.Handler(s).ServeHTTP(rec, httptest.NewRequest("POST", "/api/v1/count", strings.NewReader(`{"by":1}`)))
	if rec.Code != http.StatusNotFound {
		t.Errorf("POST /api/v1/count: %d %s", rec.Code, rec.Body.String())
	}
	got, err := s.NewSession().Call(context.Background(), "games", []byte(`{}`))
	if err != nil || !bytes.Contains(got, []byte(`"commands":["games","state","apply","think","record","replay","perft","playouts","selfplay","count"]`)) {
		t.Errorf("games: %.100s %v", got, err)
	}
}

// A command registered over HTTP is served at POST /api/v1/<name>, and a
// panic in it is answered as internal, not a dropped connection.
func TestRegisterHTTP(t *testing.T) {
	s := newService(t, wire.Limits{})
	err := s.Register(
		wire.NewCommand("echo", wire.HTTP|wire.Lines, wire.WorkPool, func(_ context.Context, sess *wire.Session, r counterReq) (counterResp, error) {
			return counterResp{Total: r.By}, nil
		}),
		wire.NewCommand("boom", wire.HTTP, wire.NoPool, func(context.Context, *wire.Session, struct{}) (struct{}, error) {
			panic("boom")
		}))
	if err != nil {
		t.Fatal(err)
	}
	h := wire.Handler(s)
	for _, tt := range []struct{ method, path, body, want string }{
		{"POST", "/api/v1/echo", `{"by":7}`, `{"total":7}`},
		{"GET", "/api/v1/echo", ``, `{"error":"wire: /api/v1/echo takes POST, not \"GET\"","code":"method_not_allowed"}`},
		{"POST", "/api/v1/boom", `{}`, `{"error":"wire: internal error: boom","code":"internal"}`},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body)))
		if got := strings.TrimSpace(rec.Body.String()); got != tt.want {
			t.Errorf("%s %s: %d %s, want %s", tt.method, tt.path, rec.Code, got, tt.want)
		}
	}
}

// The HTTP transport answers every path under /api/ itself, with JSON: no
// redirect for an unclean path.
func TestHandlerPaths(t *testing.T) {
	h := wire.Handler(newService(t, wire.Limits{}))
	for _, tt := range []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/api/v1/games", 200, `{"games":[`},
		{"HEAD", "/api/v1/games", 200, ``},
		{"POST", "/api/v1/games", 405, `{"error":"wire: /api/v1/games takes GET, HEAD, not \"POST\"","code":"method_not_allowed"}`},
		{"PUT", "/api/v1/state", 405, `{"error":"wire: /api/v1/state takes POST, not \"PUT\"","code":"method_not_allowed"}`},
		{"GET", "/api/v1/state", 405, `{"error":"wire: /api/v1/state takes POST, not \"GET\"","code":"method_not_allowed"}`},
		{"GET", "/api/v1//games", 404, `{"error":"wire: no endpoint \"/api/v1//games\" (see GET /api/v1/games)","code":"not_found"}`},
		{"GET", "/api/v1/./games", 404, `{"error":"wire: no endpoint \"/api/v1/./games\"`},
		{"GET", "/api/v1/../v1/games", 404, `{"error":"wire: no endpoint \"/api/v1/../v1/games\"`},
		{"GET", "/api/v1/games/", 404, `{"error":"wire: no endpoint \"/api/v1/games/\"`},
		{"GET", "/api/v1/games/.", 404, `{"error":"wire: no endpoint \"/api/v1/games/.\"`},
		{"GET", "/api/v1/", 404, `{"error":"wire: no endpoint \"/api/v1/\"`},
		{"GET", "/api", 404, `{"error":"wire: no endpoint \"/api\"`},
		{"POST", "/api/v1/perft", 404, `{"error":"wire: no endpoint \"/api/v1/perft\"`},
		{"GET", "/api%2fv1%2fgames", 404, `{"error":"wire: no endpoint \"/api/v1/games\"`},
		{"POST", "/api/v1%2fstate", 404, `{"error":"wire: no endpoint \"/api/v1/state\"`},
		{"GET", "/api/v1/g%61mes", 200, `{"games":[`},
		{"GET", "/api/v1/st%61te", 405, `{"error":"wire: /api/v1/state takes POST, not \"GET\"","code":"method_not_allowed"}`},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(tt.method, "/", strings.NewReader("{}"))
		req.URL.Path = tt.path
		if strings.Contains(tt.path, "%") { // as sent: an escaped path
			req = httptest.NewRequest(tt.method, tt.path, strings.NewReader("{}"))
		}
		h.ServeHTTP(rec, req)
		if rec.Code != tt.status || !strings.HasPrefix(rec.Body.String(), tt.body) || rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%s %s: %d %q %.100s, want %d %s", tt.method, tt.path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String(), tt.status, tt.body)
		}
	}
}

// failReader fails the test if it is read.
type failReader struct{ t *testing.T }

func (r failReader) Read([]byte) (int, error) {
	r.t.Error("the body was read")
	return 0, io.EOF
}

// errReader returns err.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// A declared body over the limit is refused before it is read (no "100
// Continue" is sent for it); a body that stops arriving is a timeout; no
// message names a socket address.
func TestBody(t *testing.T) {
	h := wire.Handler(newService(t, wire.Limits{}))
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	for _, tt := range []struct {
		name   string
		body   io.Reader
		length int64
		status int
		want   string
	}{
		{"declared too large", failReader{t}, 1_000_000, 413, `{"error":"wire: request body over 65536 bytes","code":"too_large"}`},
		{"timeout", errReader{&net.OpError{Op: "read", Net: "tcp", Source: addr, Addr: addr, Err: os.ErrDeadlineExceeded}}, -1, 408,
			`{"error":"wire: timeout: the request body did not arrive in time","code":"timeout"}`},
		{"reset", errReader{&net.OpError{Op: "read", Net: "tcp", Source: addr, Addr: addr, Err: errors.New("connection reset by peer")}}, -1, 400,
			`{"error":"wire: bad request: reading the body: connection reset by peer","code":"bad_request"}`},
		{"cut short", errReader{io.ErrUnexpectedEOF}, -1, 400, `{"error":"wire: bad request: reading the body: unexpected EOF","code":"bad_request"}`},
		{"too large", strings.NewReader(fmt.Sprintf(`{"position":"%s"}`, strings.Repeat("x", 70000))), -1, 413, `{"error":"wire: request body over 65536 bytes","code":"too_large"}`},
	} {
		req := httptest.NewRequest("POST", "/api/v1/state", tt.body)
		req.ContentLength = tt.length
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.status || strings.TrimSpace(rec.Body.String()) != tt.want {
			t.Errorf("%s: %d %s, want %d %s", tt.name, rec.Code, rec.Body.String(), tt.status, tt.want)
		}
	}
}

// An ordinary request is not queued behind costly ones: with every costly
// slot taken, a state under the default rules is answered at once, and
// one under Endless:Illegal (or a MaxLaps above the default) waits for a
// costly slot and gets busy.
func TestCostlyPool(t *testing.T) {
	s := newService(t, wire.Limits{MaxCostly: 1, MaxWork: 1, BusyWait: 50 * time.Millisecond})
	entered, release := make(chan struct{}), make(chan struct{})
	err := s.Register(wire.NewCommand("hold", wire.Lines, wire.CostlyPool, func(context.Context, *wire.Session, struct{}) (struct{}, error) {
		close(entered)
		<-release
		return struct{}{}, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		_, err := s.NewSession().Call(context.Background(), "hold", []byte(`{}`))
		done <- err
	}()
	<-entered
	kio := kiothi.Start().String()
	for _, tt := range []struct{ body, code string }{
		{`{"position":"` + kio + `"}`, ""},
		{`{"game":"kiothi"}`, ""},
		{`{"game":"kiothi","rules":"MaxLaps:1000000"}`, ""},
		{`{"game":"kiothi","rules":"Endless:Illegal"}`, "busy"},
		{`{"game":"kiothi","rules":"MaxLaps:1000001"}`, "busy"},
		{`{"position":"` + kio + ` rules=Endless:Illegal,MaxLaps:2000000"}`, "busy"},
	} {
		_, err := s.Call(context.Background(), "state", []byte(tt.body))
		var we *wire.Error
		if tt.code == "" && err != nil || tt.code != "" && (!errors.As(err, &we) || we.Code != tt.code ||
			!strings.HasPrefix(we.Message, "wire: busy: all 1 costly slots stayed taken")) {
			t.Errorf("state %s: %v, want %q", tt.body, err, tt.code)
		}
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := s.Call(context.Background(), "state", []byte(`{"game":"kiothi","rules":"Endless:Illegal"}`)); err != nil {
		t.Errorf("costly state after the slot is free: %v", err)
	}
}

// A request is classed by the work it does, not only by its rules' text:
// under the default rules an apply of a move that loops (sown to the
// default bound of 1,000,000 laps), and a record or replay ending with
// it, move from their work slot to a costly slot once the move passes
// 10,000 (the service's work-laps threshold) laps, so with every costly slot taken they get busy
// (before, they kept a work slot for the whole 50-100 ms, and 16 clients
// sending them took the cores from ordinary requests); ordinary moves
// are answered at once, and once the slot is free the loop is answered
// as without slots.
func TestCostlyByWork(t *testing.T) {
	s := newService(t, wire.Limits{MaxCostly: 1, MaxWork: 1, BusyWait: 50 * time.Millisecond})
	entered, release := make(chan struct{}), make(chan struct{})
	err := s.Register(wire.NewCommand("hold", wire.Lines, wire.CostlyPool, func(context.Context, *wire.Session, struct{}) (struct{}, error) {
		close(entered)
		<-release
		return struct{}{}, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		_, err := s.NewSession().Call(context.Background(), "hold", []byte(`{}`))
		done <- err
	}()
	<-entered
	// docs/rules/common.md, C-6: b6:6 loops; under the default rules it
	// ends the game as a draw by endless sowing.
	const loop = "kiothi 0,4,5,1,2,8*,0,1,0,1/2,1,7*,6,1,4,1,4,3,9 N turn=11 prisons=0,0"
	rec := "[Game \"kiothi\"]\n[Start \"" + loop + "\"]\n\nb6:6\n"
	calls := []struct{ cmd, body string }{
		{"apply", `{"position":"` + loop + `","move":"b6:6"}`},
		{"record", `{"start":"` + loop + `","moves":["b6:6"]}`},
		{"replay", `{"record":` + strconv.Quote(rec) + `}`},
	}
	for _, c := range calls {
		_, err := s.Call(context.Background(), c.cmd, []byte(c.body))
		var we *wire.Error
		if !errors.As(err, &we) || we.Code != "busy" || we.Message != "wire: busy: a move sows more than 10000 laps (a loop sown to the lap bound), and all 1 costly slots stayed taken for 50ms; try again later" {
			t.Errorf("%s of a loop with the costly slot taken: %v", c.cmd, err)
		}
	}
	// An ordinary move, and one of the ordinary moves before the loop,
	// take the work slot (which the loops gave back).
	if _, err := s.Call(context.Background(), "apply", []byte(`{"position":"`+loop+`","move":"b2:1"}`)); err != nil {
		t.Errorf("an ordinary move: %v", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for _, c := range calls {
		got, err := s.Call(context.Background(), c.cmd, []byte(c.body))
		if err != nil || !strings.Contains(string(got), "draw:endless") {
			t.Errorf("%s of a loop with the costly slot free: %.200s %v", c.cmd, got, err)
		}
	}
	want, err := s.Apply(wire.ApplyRequest{Position: loop, Move: "b6:6"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Call(context.Background(), "apply", []byte(`{"position":"`+loop+`","move":"b6:6"}`))
	wantJSON, _ := json.Marshal(want)
	if err != nil || string(got) != string(wantJSON) {
		t.Errorf("metered apply differs from the unmetered one: %v", err)
	}
}
