package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// site is the page exported as a static site (web -export), served by a
// plain static file server that records every path asked for.
var site struct {
	once    sync.Once
	url     string
	dir     string
	err     error
	mu      sync.Mutex
	paths   []string
	gzipped []string
	failing bool
	// down: the host answers nothing (every connection is closed).
	down bool
	// bytesPerSec and latency, when set, slow the answers for the
	// worker's files (throttle).
	bytesPerSec float64
	latency     time.Duration
}

// startStatic exports the site with the web program built for the tests
// (which builds the WebAssembly service) and serves the folder as a
// static file host does (siteHandler): no API, nothing but the files.
func startStatic(t *testing.T) string {
	t.Helper()
	startServer(t)
	site.once.Do(func() {
		dir, err := os.MkdirTemp("", "mancala-site-")
		if err != nil {
			site.err = err
			return
		}
		site.dir = filepath.Join(dir, "site")
		cmd := exec.Command(server.bin, "-export", site.dir)
		cmd.Dir = ".." // inside the module: the export builds examples/web/wasm
		if out, err := cmd.CombinedOutput(); err != nil {
			site.err = fmt.Errorf("web -export: %v\n%s", err, out)
			return
		}
		srv := httptest.NewServer(siteHandler(site.dir))
		site.url = srv.URL
	})
	if site.err != nil {
		t.Fatal(site.err)
	}
	return site.url
}

// siteHandler serves the exported folder dir as a static host set up as
// docs/js.md says: under / with the pre-compressed copies (NAME.gz with
// Content-Encoding: gzip to a browser that accepts gzip, as nginx's
// gzip_static does); under /plain/ without them (a host that serves
// every file as it is); under /flaky/ as under /, but the games' wasm
// files (mancala-GAME.wasm) fail
// with 503 while site.failing is set. It records every path asked for,
// and which were answered gzipped.
func siteHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site.mu.Lock()
		site.paths = append(site.paths, r.URL.Path)
		failing, rate, latency, down := site.failing, site.bytesPerSec, site.latency, site.down
		site.mu.Unlock()
		if down {
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		p := r.URL.Path
		if b := path.Base(p); rate > 0 && (isWasm(b) || b == "wasm_exec.js") {
			time.Sleep(latency)
			w = &slowWriter{ResponseWriter: w, bytesPerSec: rate}
		}
		plain := false
		if rest, ok := strings.CutPrefix(p, "/plain/"); ok {
			p, plain = "/"+rest, true
		} else if rest, ok := strings.CutPrefix(p, "/flaky/"); ok {
			p = "/" + rest
			if failing && isWasm(path.Base(p)) {
				http.Error(w, "unavailable", http.StatusServiceUnavailable)
				return
			}
		}
		w.Header().Set("Vary", "Accept-Encoding")
		if !plain && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && !strings.HasSuffix(p, "/") {
			name := filepath.Join(dir, filepath.FromSlash(path.Clean(p)))
			if f, err := os.Open(name + ".gz"); err == nil {
				defer f.Close()
				fi, _ := f.Stat()
				w.Header().Set("Content-Encoding", "gzip")
				w.Header().Set("Content-Type", mime.TypeByExtension(path.Ext(p)))
				site.mu.Lock()
				site.gzipped = append(site.gzipped, r.URL.Path)
				site.mu.Unlock()
				http.ServeContent(w, r, "", fi.ModTime(), f)
				return
			}
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path = p
		files.ServeHTTP(w, r2)
	})
}

// isWasm reports whether name is a game's wasm file of the site
// (mancala-kisolo.wasm, ...).
func isWasm(name string) bool {
	return strings.HasPrefix(name, "mancala-") && strings.HasSuffix(name, ".wasm")
}

// slowWriter writes at most bytesPerSec bytes a second, in pieces of a
// tenth of a second's worth: a slow link, on the host.
type slowWriter struct {
	http.ResponseWriter
	bytesPerSec float64
}

func (s *slowWriter) Write(p []byte) (int, error) {
	piece := max(int(s.bytesPerSec/10), 1)
	n := 0
	for len(p) > 0 {
		k := min(piece, len(p))
		m, err := s.ResponseWriter.Write(p[:k])
		n += m
		if err != nil {
			return n, err
		}
		if f, ok := s.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		time.Sleep(time.Duration(float64(k) / s.bytesPerSec * float64(time.Second)))
		p = p[k:]
	}
	return n, nil
}

// checkNoAPI fails the test if the static site was asked for anything
// under /api.
func checkNoAPI(t *testing.T) {
	t.Helper()
	site.mu.Lock()
	defer site.mu.Unlock()
	n := 0
	for _, p := range site.paths {
		if strings.HasPrefix(p, "/api") {
			t.Errorf("the static site was asked for %s", p)
		}
		if strings.HasSuffix(p, ".wasm") {
			n++
		}
	}
	if n == 0 {
		t.Errorf("the page never loaded a wasm file (requests: %v)", site.paths)
	}
}

// TestStaticPlay plays a whole game of each game by clicks on the exported
// site, the rules running in the page's worker: the board is checked
// against the server's API after every move and every animation, and no
// request goes to /api.
func TestStaticPlay(t *testing.T) {
	for _, g := range []struct {
		name     string
		maxPlies int
	}{{"kisolo", 600}, {"kiothi", 600}, {"kimasai", 1000}} {
		t.Run(g.name, func(t *testing.T) {
			b := newBrowserAt(t, startStatic(t))
			b.open(t, "game="+g.name+"&south=human&north=1&step=3&test=1")
			b.human(t, "")
			var backend string
			b.run(t, chromedp.Evaluate(`document.body.dataset.backend`, &backend))
			if backend != "wasm" {
				t.Fatalf("the exported page's backend is %q", backend)
			}
			clicks := 0
			var st wire.State
			for {
				s := b.read(t)
				st = checkBoard(t, s)
				if st.Outcome.Status != "ongoing" {
					break
				}
				if clicks >= g.maxPlies {
					t.Fatalf("no end after %d clicks", clicks)
				}
				if st.Opening != nil {
					var drops []string
					for i := range 10 {
						drops = append(drops, "b"+fmt.Sprint(10-i))
					}
					b.openingTurn(t, st, []string{"a10", "a9"}, drops)
					b.human(t, s.Ply)
					continue
				}
				r := api[wire.ThinkResponse](t, "think", wire.ThinkRequest{Position: st.Position, Agent: "alphabeta", Depth: 2})
				b.clickMove(t, st, r.Move)
				clicks++
				b.human(t, s.Ply)
			}
			n := checkLog(t, b)
			end := b.read(t)
			t.Logf("%s on the static site: %s after %s plies (%d clicks, %d animations checked)", g.name, st.Outcome.Text, end.Ply, clicks, n)
			if end.Status != st.Outcome.Text {
				t.Errorf("status %q, want %q", end.Status, st.Outcome.Text)
			}
			b.screenshot(t, "static-"+g.name+"-end")
			b.axe(t, "static-"+g.name+"-end")
			checkNoAPI(t)
			b.checkNoErrors(t)
		})
	}
}

// module runs the exported site's mancala.js in the page: m is a wasm
// client.
const moduleSetUp = `import('./mancala.js').then(mod => { window.mc = mod.connect({backend: 'wasm'}); return true; })`

// raw sends one request through the JS module and returns its status and
// body text.
func (b *browser) raw(t *testing.T, cmd, body string) (int, string) {
	t.Helper()
	var a struct {
		Status int
		Body   string
	}
	js := `window.mc.raw(` + jsString(cmd) + `, ` + map[bool]string{true: "undefined", false: jsString(body)}[cmd == "games"] + `).then(a => ({Status: a.status, Body: a.body}))`
	b.run(t, chromedp.Evaluate(js, &a, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	return a.Status, a.Body
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// httpRaw sends one request to the server's API and returns its status and
// body text.
func httpRaw(t *testing.T, cmd, body string) (int, string) {
	t.Helper()
	var resp *http.Response
	var err error
	if cmd == "games" {
		resp, err = http.Get(server.url + "/api/v1/games")
	} else {
		resp, err = http.Post(server.url+"/api/v1/"+cmd, "application/json", strings.NewReader(body))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestModuleMatchesHTTP: over random games of every game, the JS module's
// functions (the WebAssembly worker of the static site) answer exactly
// what the HTTP API answers for the same requests: games, state, apply of
// legal and illegal moves, think, record and replay, bad requests too;
// status and bytes (a think's elapsedMs aside).
func TestModuleMatchesHTTP(t *testing.T) {
	b := newBrowserAt(t, startStatic(t))
	b.open(t, "game=kisolo&south=human&north=human&step=3")
	var ok bool
	b.run(t, chromedp.Evaluate(moduleSetUp, &ok, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	compared := 0
	same := func(cmd string, req any) string {
		t.Helper()
		body := ""
		if s, isString := req.(string); isString {
			body = s
		} else if req != nil {
			j, _ := json.Marshal(req)
			body = string(j)
		}
		hs, hb := httpRaw(t, cmd, body)
		ms, mb := b.raw(t, cmd, body)
		if cmd == "think" && hs == 200 {
			hb, mb = string(dropElapsed([]byte(hb))), string(dropElapsed([]byte(mb)))
		}
		if hs != ms || hb != mb {
			t.Fatalf("%s %s:\nmodule %d %s\nhttp   %d %s", cmd, body, ms, mb, hs, hb)
		}
		compared++
		return hb
	}
	same("games", nil)
	for _, bad := range []struct{ cmd, body string }{
		{"state", `{"game":"kiothi","rules":"Bonus:Nope"}`}, {"state", `{"position":"kisolo 3,3"}`}, {"state", `{"colour":1}`},
		{"state", `not json`}, {"think", `{"position":"kisolo x","agent":"random"}`}, {"replay", `{"record":"[Game \"chess\"]"}`},
		{"record", `{"game":"kimasai","moves":["z9"]}`}, {"nothing", `{}`},
	} {
		same(bad.cmd, bad.body)
	}
	rng := rand.New(rand.NewPCG(18, 2026))
	for _, g := range []struct{ name, rules string }{
		{"kisolo", ""}, {"kisolo", "Columns:6"}, {"kiothi", ""}, {"kiothi", "OpeningUpTo:true,Bonus:Run"}, {"kimasai", ""}, {"kimasai", "Endless:Illegal"},
	} {
		for game := range 2 {
			var st wire.State
			json.Unmarshal([]byte(same("state", wire.StateRequest{Game: g.name, Rules: g.rules})), &st)
			start := st.Position
			var moves []string
			for ply := 0; ply < 60 && st.Outcome.Status == "ongoing"; ply++ {
				if ply%7 == 0 {
					same("think", wire.ThinkRequest{Position: st.Position, Agent: "alphabeta", Depth: 2})
					same("think", wire.ThinkRequest{Position: st.Position, Agent: "mcts", Iterations: 200, Seed: uint64(ply + 1)})
					same("think", wire.ThinkRequest{Position: st.Position, Agent: "random", Seed: uint64(ply + 1)})
				}
				if ply%5 == 0 {
					same("apply", wire.ApplyRequest{Position: st.Position, Move: "a99"})
					same("state", wire.StateRequest{Position: st.Position})
				}
				mv := st.Legal[rng.IntN(len(st.Legal))]
				var r wire.ApplyResponse
				json.Unmarshal([]byte(same("apply", wire.ApplyRequest{Position: st.Position, Move: mv})), &r)
				moves = append(moves, r.Move)
				st = r.After
			}
			var rec wire.RecordResponse
			json.Unmarshal([]byte(same("record", wire.RecordRequest{Start: start, Moves: moves, South: "A", North: "B"})), &rec)
			same("replay", wire.ReplayRequest{Record: rec.Record})
			same("replay", wire.ReplayRequest{Record: st.Position})
			if st.Outcome.Status != "ongoing" {
				same("think", wire.ThinkRequest{Position: st.Position, Agent: "random"})
			}
			_ = game
		}
	}
	t.Logf("%d requests answered alike by the module (wasm) and the HTTP API", compared)
	checkNoAPI(t)
	b.checkNoErrors(t)
}

// TestWasmSpeed measures the WebAssembly service in Chromium against the
// native server: MCTS playouts per second for the same think requests
// (Monte Carlo playouts from the Kiothi, Kisolo and Bao la Kimasai starts
// after a few plies). It reports; it asserts only that both answered.
func TestWasmSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("a measurement")
	}
	b := newBrowserAt(t, startStatic(t))
	b.open(t, "game=kisolo&south=human&north=human&step=3")
	var ok bool
	b.run(t, chromedp.Evaluate(moduleSetUp, &ok, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if up, err := exec.Command("uptime").Output(); err == nil {
		t.Logf("load: %s", strings.TrimSpace(string(up)))
	}
	for _, g := range []string{"kisolo", "kiothi", "kimasai"} {
		st := api[wire.State](t, "state", wire.StateRequest{Game: g})
		for range 4 {
			if st.Opening != nil {
				break // Kiothi: measured from its start
			}
			st = api[wire.ApplyResponse](t, "apply", wire.ApplyRequest{Position: st.Position, Move: st.Legal[0]}).After
		}
		req := wire.ThinkRequest{Position: st.Position, Agent: "mcts", Iterations: 100000, TimeMs: 1500, Seed: 7}
		j, _ := json.Marshal(req)
		b.raw(t, "think", string(j)) // warm up
		var native, wasm wire.ThinkResponse
		t0 := time.Now()
		_, hb := httpRaw(t, "think", string(j))
		json.Unmarshal([]byte(hb), &native)
		nt := time.Since(t0)
		t0 = time.Now()
		_, mb := b.raw(t, "think", string(j))
		json.Unmarshal([]byte(mb), &wasm)
		wt := time.Since(t0)
		if native.Iterations == 0 || wasm.Iterations == 0 {
			t.Fatalf("%s: native %s, wasm %s", g, hb, mb)
		}
		np := float64(native.Iterations) / (float64(native.ElapsedMs) / 1000)
		wp := float64(wasm.Iterations) / (float64(wasm.ElapsedMs) / 1000)
		t.Logf("%s MCTS: native %d playouts in %d ms (%.0f/s, %v round trip); wasm in Chromium %d in %d ms (%.0f/s, %v); wasm/native %.2f",
			g, native.Iterations, native.ElapsedMs, np, nt.Round(time.Millisecond), wasm.Iterations, wasm.ElapsedMs, wp, wt.Round(time.Millisecond), wp/np)
	}
	b.checkNoErrors(t)
}

func dropElapsed(b []byte) []byte {
	s := string(b)
	i := strings.Index(s, `"elapsedMs":`)
	if i < 0 {
		return b
	}
	j := i + len(`"elapsedMs":`)
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return []byte(s[:i] + s[j:])
}

// TestDocsExample runs the minimal board of docs/js.md on the exported
// site: a Kisolo game of clicks against the computer, through the module's
// wasm backend, until the game ends (the example cannot rot).
func TestDocsExample(t *testing.T) {
	url := startStatic(t)
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "js.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```html\n")
	page, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("docs/js.md has no html block")
	}
	if err := os.WriteFile(filepath.Join(site.dir, "minimal.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowserAt(t, url)
	b.run(t, chromedp.Navigate(url+"/minimal.html"))
	b.poll(t, `document.getElementById('status').textContent === 'Your move'`)
	moves := 0
	for ; moves < 300; moves++ {
		var status string
		b.run(t, chromedp.Evaluate(`document.getElementById('status').textContent`, &status))
		if status != "Your move" {
			if !strings.Contains(status, "wins") && !strings.HasPrefix(status, "Draw") {
				t.Fatalf("after %d moves: status %q", moves, status)
			}
			t.Logf("the docs' minimal board: %q after %d of South's moves", status, moves)
			break
		}
		// Click a playable pit, then wait until the board has been drawn
		// again and the computer has answered.
		b.run(t, chromedp.Evaluate(`window.oldPit = document.querySelector('#board button'); document.querySelector('#board button:enabled').click()`, nil))
		b.poll(t, `!window.oldPit.isConnected && document.getElementById('status').textContent !== 'Thinking…'`)
	}
	checkNoAPI(t)
	b.checkNoErrors(t)
}
