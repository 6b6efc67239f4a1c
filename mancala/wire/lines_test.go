//go:build !(js && wasm)

package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// run feeds input to a fresh engine and returns its output lines; every
// line must be one JSON object of valid UTF-8.
func run(t *testing.T, e *engine, input string) []string {
	t.Helper()
	var out bytes.Buffer
	if err := e.serve(context.Background(), strings.NewReader(input), &out); err != nil {
		t.Fatalf("serve: %v", err)
	}
	if out.Len() == 0 {
		return nil
	}
	if !bytes.HasSuffix(out.Bytes(), []byte("\n")) {
		t.Fatalf("output does not end with a line break: %q", out.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for _, l := range lines {
		var v map[string]any
		if !utf8.ValidString(l) || json.Unmarshal([]byte(l), &v) != nil {
			t.Fatalf("response is not a JSON object: %q", l)
		}
	}
	return lines
}

// runLines sends the request lines to a fresh engine and returns its
// response lines, one per request.
func runLines(t *testing.T, e *engine, requests []string) []string {
	t.Helper()
	lines := run(t, e, strings.Join(requests, "\n")+"\n")
	if len(lines) != len(requests) {
		t.Fatalf("%d responses to %d requests", len(lines), len(requests))
	}
	return lines
}

// response is a decoded response line.
type response map[string]any

func decodeLine(t *testing.T, line string) response {
	t.Helper()
	var r response
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return r
}

// asJSON returns v marshalled and decoded again, as a client sees it,
// without "elapsedMs" (which depends on the machine).
func asJSON(t *testing.T, v any) response {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	r := decodeLine(t, string(b))
	delete(r, "elapsedMs")
	return r
}

// TestCommands sends every command for every game and checks that each
// answer is the wire service's answer to the same request, with the id
// echoed and "ok": true.
func TestCommands(t *testing.T) {
	e := testEngine(t, Limits{}, BatchLimits{})
	svc, batch := e.svc, e.batch
	ctx := context.Background()
	type call struct {
		line string
		want func() (any, error)
	}
	calls := []call{{`{"id":"games","cmd":"games"}`, func() (any, error) {
		return LineGamesResponse{svc.Games(), EngineInfo{MaxLine: defaultMaxLine, Batch: svc.batch.info(),
			Commands: []string{"games", "state", "apply", "think", "record", "replay", "perft", "playouts", "selfplay"}}}, nil
	}}}
	for _, g := range []struct {
		name, rules, move string
	}{{"kisolo", "Columns:6", "xb3"}, {"kiothi", "OpeningUpTo:true", "-a5"}, {"kimasai", "Endless:Illegal", "b3"}} {
		start, err := svc.State(StateRequest{Game: g.name, Rules: g.rules})
		if err != nil {
			t.Fatal(err)
		}
		pos := start.Position
		q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
		calls = append(calls,
			call{`{"id":1,"cmd":"state","game":"` + g.name + `","rules":"` + g.rules + `"}`, func() (any, error) {
				return svc.State(StateRequest{Game: g.name, Rules: g.rules})
			}},
			call{`{"cmd":"state","position":` + q(pos) + `,"id":[1, {"a": 2}]}`, func() (any, error) {
				return svc.State(StateRequest{Position: pos})
			}},
			call{`{"id":2,"cmd":"apply","position":` + q(pos) + `,"move":"` + g.move + `"}`, func() (any, error) {
				return svc.Apply(ApplyRequest{Position: pos, Move: g.move})
			}},
			call{`{"id":3,"cmd":"think","position":` + q(pos) + `,"agent":"alphabeta","depth":3}`, func() (any, error) {
				return svc.Think(ctx, ThinkRequest{Position: pos, Agent: "alphabeta", Depth: 3})
			}},
			call{`{"id":4,"cmd":"think","position":` + q(pos) + `,"agent":"mcts","iterations":200,"seed":9}`, func() (any, error) {
				return svc.Think(ctx, ThinkRequest{Position: pos, Agent: "mcts", Iterations: 200, Seed: 9})
			}},
			call{`{"id":5,"cmd":"think","position":` + q(pos) + `,"agent":"random","seed":9}`, func() (any, error) {
				return svc.Think(ctx, ThinkRequest{Position: pos, Agent: "random", Seed: 9})
			}},
			call{`{"id":6,"cmd":"record","game":"` + g.name + `","rules":"` + g.rules + `","moves":["` + g.move + `"],"north":"bo"}`, func() (any, error) {
				return svc.Record(RecordRequest{Game: g.name, Rules: g.rules, Moves: []string{g.move}, North: "bo"})
			}},
			call{`{"id":7,"cmd":"replay","record":` + q("[Game \""+g.name+"\"]\n\n"+g.move) + `}`, func() (any, error) {
				return svc.Replay(ReplayRequest{Record: "[Game \"" + g.name + "\"]\n\n" + g.move})
			}},
			call{`{"id":9,"cmd":"perft","position":` + q(pos) + `,"depth":3,"divide":true}`, func() (any, error) {
				return batch.Perft(ctx, PerftRequest{Position: pos, Depth: 3, Divide: true})
			}},
			call{`{"id":10,"cmd":"playouts","game":"` + g.name + `","rules":"` + g.rules + `","n":300,"seed":4}`, func() (any, error) {
				return batch.Playouts(ctx, PlayoutsRequest{Game: g.name, Rules: g.rules, N: 300, Seed: 4})
			}},
			call{`{"id":11,"cmd":"selfplay","game":"` + g.name + `","n":2,"seed":3,"maxPlies":40,"south":{"agent":"alphabeta","depth":2},"north":{"agent":"mcts","iterations":30}}`, func() (any, error) {
				return batch.Selfplay(ctx, SelfplayRequest{Game: g.name, N: 2, Seed: 3, MaxPlies: 40,
					South: AgentSpec{Agent: "alphabeta", Depth: 2}, North: AgentSpec{Agent: "mcts", Iterations: 30}})
			}},
		)
	}
	var requests []string
	for _, c := range calls {
		requests = append(requests, c.line)
	}
	lines := runLines(t, e, requests)
	for i, c := range calls {
		var req struct {
			ID  json.RawMessage `json:"id"`
			Cmd string          `json:"cmd"`
		}
		json.Unmarshal([]byte(c.line), &req)
		t.Run(fmt.Sprintf("%d %s", i, req.Cmd), func(t *testing.T) {
			wantID := `{"id":` + string(req.ID) + `,"ok":true,`
			if !strings.HasPrefix(lines[i], wantID) {
				t.Errorf("response starts %.60q, want %q", lines[i], wantID)
			}
			v, err := c.want()
			if err != nil {
				t.Fatal(err)
			}
			want, got := asJSON(t, v), decodeLine(t, lines[i])
			delete(got, "id")
			delete(got, "ok")
			delete(got, "elapsedMs")
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: (-service +engine):\n%s", c.line, diff)
			}
		})
	}
}

// The engine's answers have the fields of the HTTP API's, for the same
// request body.
func TestSameAsHTTP(t *testing.T) {
	e := testEngine(t, Limits{}, BatchLimits{})
	h := Handler(e.svc)
	pos := kiothi.Start().String()
	for _, tt := range []struct{ cmd, path, body string }{
		{"state", "/api/v1/state", `{"position":"` + pos + `"}`},
		{"apply", "/api/v1/apply", `{"position":"` + pos + `","move":"-a6"}`},
		{"apply", "/api/v1/apply", `{"position":"` + pos + `","move":"-a10"}`},
		{"think", "/api/v1/think", `{"position":"` + pos + `","agent":"random","seed":1}`},
		{"state", "/api/v1/state", `{"game":"kimasai","rules":"Columns:6"}`},
		{"state", "/api/v1/state", `{"game":"kimasai","depth":6}`},
		{"record", "/api/v1/record", `{"game":"kisolo","moves":["xb1","b1"]}`},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, tt.path, strings.NewReader(tt.body)))
		want := decodeLine(t, rec.Body.String())
		line := `{"id":0,"cmd":"` + tt.cmd + `",` + tt.body[1:]
		got := decodeLine(t, run(t, e, line+"\n")[0])
		if ok := got["ok"] == true; ok != (rec.Code == http.StatusOK) {
			t.Errorf("%s: ok %v, HTTP status %d", line, got["ok"], rec.Code)
		}
		delete(got, "id")
		delete(got, "ok")
		delete(got, "elapsedMs")
		delete(want, "elapsedMs")
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-HTTP +engine):\n%s", line, diff)
		}
	}
}

func TestErrors(t *testing.T) {
	e := testEngine(t, Limits{}, BatchLimits{MaxPerftNodes: 1000})
	kis := kisolo.Start().String()
	over := "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"
	tooMany := `{"id":"r","cmd":"record","game":"kisolo","moves":[` + strings.TrimSuffix(strings.Repeat(`"b1",`, 10001), ",") + `]}`
	tests := []struct {
		name, line string
		id         string // the id as echoed
		code, msg  string
	}{
		{"garbage", "garbage", "null", "bad_request", "wire: bad request: malformed JSON at byte 1: invalid character 'g'"},
		{"id twice", `{"id":1,"id":2,"cmd":"games"}`, "null", "bad_request", `engine: bad request: field "id" given twice`},
		{"id twice, the same", `{"id":1,"id":1,"cmd":"games"}`, "null", "bad_request", `engine: bad request: field "id" given twice`},
		{"member twice in the id", `{"id":{"a":1,"a":2},"cmd":"games"}`, "null", "bad_request", `engine: bad request: the id has a field "id.a" given twice (it is answered as null)`},
		{"member twice deep in the id", `{"id":[{"a":[{"b":1,"c":{},"b":2}]}],"cmd":"games"}`, "null", "bad_request", `engine: bad request: the id has a field "id.a.b" given twice (it is answered as null)`},
		{"cmd twice", `{"id":3,"cmd":"games","cmd":"state"}`, "3", "bad_request", `engine: bad request: field "cmd" given twice`},
		{"field twice", `{"id":4,"cmd":"state","game":"kisolo","game":"kiothi"}`, "4", "bad_request", `wire: bad request: field "game" given twice`},
		{"field in the wrong case", `{"id":5,"cmd":"state","Game":"kisolo"}`, "5", "bad_request", `wire: bad request: unknown field "Game" (field names are case-sensitive: "game")`},
		{"not an object", `[1,2]`, "null", "bad_request", "wire: bad request: the body must be an object, not a JSON array"},
		{"null", `null`, "null", "bad_request", "engine: bad request: the line must be an object, not null"},
		{"a number", `7`, "null", "bad_request", "wire: bad request: the body must be an object, not a JSON number"},
		{"cut short after the id", `{"id":5,"cmd":"state","position":`, "5", "bad_request", "wire: bad request: malformed JSON: the body ends inside a value"},
		{"two values", `{"id":6,"cmd":"games"} {}`, "6", "bad_request", "wire: bad request: more than one JSON value in the body"},
		{"no cmd", `{"id":7,"game":"kisolo"}`, "7", "bad_request", "engine: missing cmd (want games, state, apply, think, record, replay, perft, playouts, selfplay)"},
		{"cmd not a string", `{"id":8,"cmd":["state"]}`, "8", "bad_request", `engine: cmd must be a string naming a command, not "[\"state\"]"`},
		{"no id", `{"cmd":"state","game":"oware"}`, "null", "bad_request", `wire: unknown game "oware" (want kisolo, kiothi, kimasai)`},
		{"unknown command", `{"id":9,"cmd":"moves"}`, "9", "not_found", `engine: unknown command "moves" (want games, state,`},
		{"unknown field", `{"id":10,"cmd":"state","game":"kisolo","colour":"red"}`, "10", "bad_request", `wire: bad request: json: unknown field "colour"`},
		{"games takes no fields", `{"id":10,"cmd":"games","game":"kisolo"}`, "10", "bad_request", `wire: bad request: json: unknown field "game"`},
		{"wrong type", `{"id":11,"cmd":"think","position":"` + kis + `","agent":"mcts","iterations":"many"}`, "11", "bad_request", "wire: bad request: iterations must be an integer, not a JSON string"},
		{"depth too deep", `{"id":12,"cmd":"think","position":"` + kis + `","agent":"alphabeta","depth":11}`, "12", "bad_request", "wire: depth 11 out of range"},
		{"bad position", `{"id":13,"cmd":"state","position":"kisolo 3 S turn=0"}`, "13", "syntax", "kisolo: bad position"},
		{"bad rules", `{"id":14,"cmd":"playouts","game":"kiothi","rules":"Columns:6","n":5}`, "14", "syntax", "kiothi: bad rules"},
		{"bad move", `{"id":15,"cmd":"apply","position":"` + kis + `","move":"zz"}`, "15", "syntax", "kisolo: bad move"},
		{"illegal move", `{"id":16,"cmd":"apply","position":"` + kis + `","move":"b3"}`, "16", "illegal", "kisolo: illegal move b3"},
		{"move after the end", `{"id":17,"cmd":"apply","position":"` + over + `","move":"c1"}`, "17", "game_over", "kisolo: move after game over"},
		{"think after the end", `{"id":18,"cmd":"think","position":"` + over + `","agent":"random"}`, "18", "game_over", "kisolo: the game is over"},
		{"playouts after the end", `{"id":19,"cmd":"playouts","position":"` + over + `","n":3}`, "19", "game_over", "kisolo: the game is over"},
		{"selfplay after the end", `{"id":20,"cmd":"selfplay","position":"` + over + `","n":1,"south":{"agent":"random"},"north":{"agent":"random"}}`, "20", "game_over", "kisolo: the game is over"},
		{"record too long", tooMany, `"r"`, "too_large", "wire: 10001 moves: a record may have at most 10000"},
		{"perft too large", `{"id":21,"cmd":"perft","game":"kisolo","depth":9}`, "21", "too_large", "wire: perft: more than 1000 positions"},
		{"playouts n", `{"id":22,"cmd":"playouts","game":"kisolo","n":1000001}`, "22", "bad_request", "wire: playouts n 1000001 out of range (want 1..1000000)"},
		{"selfplay agent", `{"id":23,"cmd":"selfplay","game":"kisolo","n":1,"south":{"agent":"random"},"north":{"agent":"random","depth":-1}}`, "23", "bad_request", "wire: selfplay north: depth -1 out of range"},
		{"selfplay agent field", `{"id":24,"cmd":"selfplay","game":"kisolo","n":1,"south":{"agent":"random","colour":1},"north":{"agent":"random"}}`, "24", "bad_request", `wire: bad request: json: unknown field "colour"`},
		{"id with a bad character", "{\"id\":\"a\xffb\",\"cmd\":\"moves\"}", "\"a\ufffdb\"", "not_found", `engine: unknown command "moves"`},
		{"id of 256 bytes", `{"id":"` + strings.Repeat("i", 254) + `","cmd":"moves"}`, `"` + strings.Repeat("i", 254) + `"`, "not_found", `engine: unknown command "moves"`},
		{"id over 256 bytes", `{"id":"` + strings.Repeat("i", 255) + `","cmd":"games"}`, "null", "bad_request", "engine: bad request: the id is over 256 bytes or nested deeper than 8 (it is answered as null)"},
		{"id 8 deep", `{"id":[[[[[[[{"a":"]]]]"}]]]]]]],"cmd":"moves"}`, `[[[[[[[{"a":"]]]]"}]]]]]]]`, "not_found", `engine: unknown command "moves"`},
		{"id 9 deep", `{"id":[[[[[[[[{"a":"x"}]]]]]]]],"cmd":"games"}`, "null", "bad_request", "engine: bad request: the id is over 256 bytes"},
	}
	var requests []string
	for _, tt := range tests {
		requests = append(requests, tt.line)
	}
	lines := runLines(t, e, requests)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r struct {
				ID    json.RawMessage `json:"id"`
				OK    bool            `json:"ok"`
				Error string          `json:"error"`
				Code  string          `json:"code"`
			}
			if err := json.Unmarshal([]byte(lines[i]), &r); err != nil {
				t.Fatal(err)
			}
			if string(r.ID) != tt.id || r.OK || r.Code != tt.code || !strings.HasPrefix(r.Error, tt.msg) {
				t.Errorf("got %s\nwant id %s, %s %q...", lines[i], tt.id, tt.code, tt.msg)
			}
			if want := `{"id":` + tt.id + `,"ok":false,"error":`; !strings.HasPrefix(lines[i], want) {
				t.Errorf("response starts %.40q, want %q", lines[i], want)
			}
		})
	}
}

// An error that is not a *Error (a bug) is answered as internal.
func TestInternal(t *testing.T) {
	e := testEngine(t, Limits{}, BatchLimits{})
	got := string(e.encode(json.RawMessage(`3`), nil, io.ErrUnexpectedEOF))
	if want := `{"id":3,"ok":false,"error":"engine: internal error: unexpected EOF","code":"internal"}` + "\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	got = string(e.encode(json.RawMessage(`3`), func() {}, nil))
	if want := `{"id":3,"ok":false,"error":"engine: internal error: json: unsupported type: func()","code":"internal"}` + "\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	got = string(e.encode(nil, struct{}{}, nil))
	if want := `{"id":null,"ok":true}` + "\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestLines(t *testing.T) {
	e := testEngine(t, Limits{}, BatchLimits{})
	games := `{"id":1,"cmd":"games"}`
	tests := []struct {
		name, input string
		ids         []string
	}{
		{"nothing", "", nil},
		{"blank lines only", "\n \n\t\r\n", nil},
		{"last line without a line break", games + "\n" + strings.Replace(games, "1", "2", 1), []string{"1", "2"}},
		{"CRLF", games + "\r\n" + strings.Replace(games, "1", "2", 1) + "\r\n", []string{"1", "2"}},
		{"blank lines between", "\n" + games + "\n\n\n" + strings.Replace(games, "1", "2", 1) + "\n\n", []string{"1", "2"}},
		{"end of input inside a request", games + "\n" + `{"id":3,"cmd":"sta`, []string{"1", "3"}},
		{"garbage then a request", "\x00\x01\x02\n" + games + "\n", []string{"null", "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ids []string
			for _, l := range run(t, e, tt.input) {
				var r struct {
					ID json.RawMessage `json:"id"`
				}
				json.Unmarshal([]byte(l), &r)
				ids = append(ids, string(r.ID))
			}
			if diff := cmp.Diff(tt.ids, ids); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
		})
	}
}

// endless is an io.Reader of n bytes: prefix, then 'x's, then suffix,
// made up as they are read.
type endless struct {
	prefix, suffix string
	n, off         int
}

func (r *endless) Read(p []byte) (int, error) {
	if r.off >= r.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.off < r.n {
		switch {
		case r.off < len(r.prefix):
			p[k] = r.prefix[r.off]
		case r.off >= r.n-len(r.suffix):
			p[k] = r.suffix[r.off-(r.n-len(r.suffix))]
		default:
			p[k] = 'x'
		}
		k++
		r.off++
	}
	return k, nil
}

func TestLongLine(t *testing.T) {
	e := testEngine(t, Limits{}, BatchLimits{})
	e.maxLine = 1000
	pad := func(n int) string { return `{"id":1,"cmd":"games","x":"` + strings.Repeat("y", n) + `"}` }
	exact := pad(1000 - len(pad(0)))
	lines := run(t, e, exact+"\n"+pad(1001-len(pad(0)))+"\n"+`{"id":2,"cmd":"games"}`+"\n")
	if len(lines) != 3 {
		t.Fatalf("%d responses", len(lines))
	}
	for i, want := range []string{
		`{"id":1,"ok":false,"error":"wire: bad request: json: unknown field \"x\"","code":"bad_request"}`,
		`{"id":1,"ok":false,"error":"engine: request line over 1000 bytes","code":"too_large"}`,
	} {
		if lines[i] != want {
			t.Errorf("line %d: %s\nwant %s", i, lines[i], want)
		}
	}
	if !strings.HasPrefix(lines[2], `{"id":2,"ok":true,"games":`) {
		t.Errorf("after the long line: %.50s", lines[2])
	}

	// The limit is on the line without its line break, \r\n included: a
	// line of exactly maxLine bytes ending in \r\n is read, one byte more
	// is too long.
	lines = run(t, e, exact+"\r\n"+pad(1001-len(pad(0)))+"\r\n"+exact+"\r")
	for i, want := range []string{
		`{"id":1,"ok":false,"error":"wire: bad request: json: unknown field \"x\"","code":"bad_request"}`,
		`{"id":1,"ok":false,"error":"engine: request line over 1000 bytes","code":"too_large"}`,
		`{"id":1,"ok":false,"error":"wire: bad request: json: unknown field \"x\"","code":"bad_request"}`,
	} {
		if i >= len(lines) || lines[i] != want {
			t.Errorf("\\r\\n line %d: %v\nwant %s", i, lines, want)
		}
	}

	// A line of 64 MiB at the real limit is answered without keeping it:
	// reading it allocates about the limit, not the line.
	e = testEngine(t, Limits{}, BatchLimits{})
	in := io.MultiReader(&endless{prefix: `{"id":"big","cmd":"state","position":"`, suffix: "\"}\n", n: 64 << 20},
		strings.NewReader(`{"id":"next","cmd":"games"}`))
	var out bytes.Buffer
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := e.serve(context.Background(), in, &out); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 2 || got[0] != `{"id":"big","ok":false,"error":"engine: request line over 1048576 bytes","code":"too_large"}` ||
		!strings.HasPrefix(got[1], `{"id":"next","ok":true`) {
		t.Errorf("responses %.200q", got)
	}
	t.Logf("allocated %d bytes", after.TotalAlloc-before.TotalAlloc)
	if n := after.TotalAlloc - before.TotalAlloc; n > 6<<20 {
		t.Errorf("reading a 64 MiB line allocated %d bytes", n)
	}
}

// Responses come in request order, also when many requests are written
// before any response is read.
func TestPipelined(t *testing.T) {
	c := startPipe(t, testEngine(t, Limits{}, BatchLimits{}))
	var input strings.Builder
	for i := range 200 {
		fmt.Fprintf(&input, `{"id":%d,"cmd":"playouts","game":"kisolo","n":%d,"seed":%d}`+"\n", i, 1+i%7, i)
	}
	go func() { io.WriteString(c.in, input.String()) }()
	for i := range 200 {
		r := c.read()
		if r["id"] != float64(i) || r["games"] != float64(1+i%7) {
			t.Fatalf("response %d: %v", i, r)
		}
	}
}

// pipe is an engine serving on pipes: the test writes to in and reads
// response lines.
type pipe struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

func startPipe(t *testing.T, e *engine) *pipe {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &pipe{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		err := e.serve(context.Background(), inR, outW)
		outW.Close()
		p.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR)
		if err := <-p.done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return p
}

func (p *pipe) read() response {
	p.t.Helper()
	line, err := p.out.ReadString('\n')
	if err != nil {
		p.t.Fatalf("reading a response: %v", err)
	}
	return decodeLine(p.t, line)
}

// call sends one request and returns its answer, which must be ok.
func (p *pipe) call(req map[string]any) response {
	p.t.Helper()
	b, _ := json.Marshal(req)
	if _, err := p.in.Write(append(b, '\n')); err != nil {
		p.t.Fatal(err)
	}
	r := p.read()
	if r["ok"] != true || r["id"] != req["id"] {
		p.t.Fatalf("%s: %v", b, r)
	}
	return r
}

// randomGames plays games through the engine, choosing from the legal
// moves of each state, and checks every ply against the library.
func randomGames[P mancala.Position[P, M], M mancala.Move](t *testing.T, c *pipe, d *mancala.Descriptor[P, M], rules []string, games int) {
	rng := rand.New(rand.NewPCG(5, 6))
	id := 0
	for g := range games {
		r := rules[g%len(rules)]
		p, err := d.New(r)
		if err != nil {
			t.Fatal(err)
		}
		id++
		st := c.call(map[string]any{"id": float64(id), "cmd": "state", "game": d.Name, "rules": r})
		for ply := 0; ply < 500; ply++ {
			if st["position"] != p.String() {
				t.Fatalf("game %d ply %d: engine %v, library %v", g, ply, st["position"], p)
			}
			var want []any
			for _, m := range p.AppendLegalMoves(nil) {
				want = append(want, m.String())
			}
			legal, _ := st["legal"].([]any)
			if diff := cmp.Diff(want, legal); diff != "" && !(len(want) == 0 && len(legal) == 0) {
				t.Fatalf("game %d ply %d %s: legal (-library +engine):\n%s", g, ply, p, diff)
			}
			if len(want) == 0 {
				break
			}
			mv := want[rng.IntN(len(want))].(string)
			id++
			a := c.call(map[string]any{"id": float64(id), "cmd": "apply", "position": p.String(), "move": mv})
			m, _ := d.ParseMove(mv)
			q, err := p.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			st = a["after"].(map[string]any)
			if st["position"] != q.String() {
				t.Fatalf("game %d ply %d: %s after %s: engine %v, library %s", g, ply, p, mv, st["position"], q)
			}
			p = q
		}
		if st["outcome"].(map[string]any)["result"] != p.Outcome().Result() {
			t.Errorf("game %d: outcome %v, library %v", g, st["outcome"], p.Outcome())
		}
	}
}

func TestRandomGames(t *testing.T) {
	c := startPipe(t, testEngine(t, Limits{}, BatchLimits{}))
	n := 8
	if testing.Short() {
		n = 2
	}
	t.Run("kisolo", func(t *testing.T) {
		randomGames(t, c, &kisolo.Descriptor, []string{"", "Columns:6", "Columns:8", "Win:OuterRowEmptied,Setup:Outer3"}, n)
	})
	t.Run("kiothi", func(t *testing.T) {
		randomGames(t, c, &kiothi.Descriptor, []string{"", "OpeningUpTo:true", "WholeLift:true"}, n)
	})
	t.Run("kimasai", func(t *testing.T) {
		randomGames(t, c, &kimasai.Descriptor, []string{"", "Endless:Illegal"}, n)
	})
}
