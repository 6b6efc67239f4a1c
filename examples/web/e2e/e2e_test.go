package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// server is the web program running for the tests.
var server struct {
	once sync.Once
	url  string
	bin  string
	err  error
	cmd  *exec.Cmd
}

func TestMain(m *testing.M) {
	code := m.Run()
	if server.cmd != nil && server.cmd.Process != nil {
		server.cmd.Process.Kill()
		server.cmd.Wait()
	}
	os.Exit(code)
}

// startServer builds examples/web and starts it on a free loopback port.
func startServer(t *testing.T) string {
	t.Helper()
	server.once.Do(func() {
		dir, err := os.MkdirTemp("", "mancala-web-")
		if err != nil {
			server.err = err
			return
		}
		bin := filepath.Join(dir, "web")
		server.bin = bin
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			server.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-db", filepath.Join(dir, "rooms.db"))
		stdout, _ := cmd.StdoutPipe()
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			server.err = err
			return
		}
		server.cmd = cmd
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil {
			server.err = fmt.Errorf("reading the server's address: %v", err)
			return
		}
		// "web: serving on http://127.0.0.1:NNNN (Ctrl-C stops)"
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[3], "http://127.0.0.1:") {
			server.err = fmt.Errorf("unexpected first line %q", line)
			return
		}
		server.url = f[3]
	})
	if server.err != nil {
		t.Fatal(server.err)
	}
	return server.url
}

func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium (install Debian's chromium, or set CHROMIUM)")
	}
	t.Skip("no Chromium: install Debian's chromium or set CHROMIUM")
	return ""
}

// browser is one Chromium tab with the errors its page reported.
type browser struct {
	ctx    context.Context
	url    string
	mu     sync.Mutex
	errors []string
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	return newBrowserAt(t, startServer(t))
}

// newBrowserAt opens a browser whose page is at url (the served page or
// the static site); the tests' own API calls still go to the server.
func newBrowserAt(t *testing.T, url string) *browser {
	t.Helper()
	startServer(t)
	exe := chromium(t)
	// A fresh profile; removed once Chromium has gone (t.TempDir would
	// fail while Chromium still writes to it).
	profile, err := os.MkdirTemp("", "mancala-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.WindowSize(1280, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelA()
		for range 20 {
			if os.RemoveAll(profile) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	b := &browser{ctx: ctx, url: url}
	chromedp.ListenTarget(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			b.errors = append(b.errors, "exception: "+e.ExceptionDetails.Error())
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError || e.Type == runtime.APITypeWarning || e.Type == runtime.APITypeAssert {
				var args []string
				for _, a := range e.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				b.errors = append(b.errors, "console."+string(e.Type)+": "+strings.Join(args, " "))
			}
		case *log.EventEntryAdded:
			// Every error counts, a failed request too: the page knows the
			// legal moves and sends no request it expects to fail.
			if e.Entry.Level == log.LevelError {
				b.errors = append(b.errors, "log: "+string(e.Entry.Source)+": "+e.Entry.Text)
			}
		}
	})
	if err := chromedp.Run(ctx, log.Enable(), runtime.Enable()); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *browser) run(t *testing.T, actions ...chromedp.Action) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// forgive drops one recorded error containing text: a request the test
// makes fail on purpose (a bad paste is refused by the rules engine).
func (b *browser) forgive(t *testing.T, text string) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, e := range b.errors {
		if strings.Contains(e, text) {
			b.errors = append(b.errors[:i], b.errors[i+1:]...)
			return
		}
	}
	t.Errorf("no page error %q to forgive", text)
}

func (b *browser) checkNoErrors(t *testing.T) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.errors {
		t.Errorf("page error: %s", e)
	}
	b.errors = nil
}

// open loads the page with query parameters and waits until it is idle.
func (b *browser) open(t *testing.T, query string) {
	t.Helper()
	b.run(t, chromedp.Navigate(b.url+"/?"+query))
	b.idle(t)
}

// idle waits until the page waits for a human: no request, animation or
// computer move under way.
func (b *browser) idle(t *testing.T) {
	t.Helper()
	b.run(t, chromedp.Poll(`document.body.dataset.busy === '0'`, nil, chromedp.WithPollingTimeout(50*time.Second)))
}

// shown is what the page shows.
type shown struct {
	Position string                     `json:"position"`
	Pits     map[string]json.RawMessage `json:"pits"`
	Seeds    map[string]int             `json:"seeds"`
	Nki      map[string]bool            `json:"nki"`
	Counters map[string]int             `json:"counters"`
	Status   string                     `json:"status"`
	Ply      string                     `json:"ply"`
	Busy     string                     `json:"busy"`
	Message  string                     `json:"message"`
}

const readPage = `(() => {
  const seeds = {}, nki = {}, counters = {};
  for (const b of document.querySelectorAll('.pit')) {
    seeds[b.dataset.name] = Number(b.querySelector('.count').textContent);
    nki[b.dataset.name] = !b.querySelector('.nki').hidden;
  }
  for (const c of document.querySelectorAll('.counter')) {
    if (!c.hidden) counters[c.dataset.place] = Number(c.querySelector('.n').textContent);
  }
  return { position: document.getElementById('board').dataset.position, seeds, nki, counters,
    status: document.getElementById('status-text').textContent, ply: document.body.dataset.ply,
    busy: document.body.dataset.busy, message: document.getElementById('message').textContent };
})()`

func (b *browser) read(t *testing.T) shown {
	t.Helper()
	var s shown
	b.run(t, chromedp.Evaluate(readPage, &s))
	return s
}

// api posts to the server's API.
func api[T any](t *testing.T, path string, req any) T {
	t.Helper()
	body, _ := json.Marshal(req)
	resp, err := http.Post(server.url+"/api/v1/"+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out T
	if resp.StatusCode != http.StatusOK {
		var e wire.Error
		json.NewDecoder(resp.Body).Decode(&e)
		t.Fatalf("POST %s %s: %d %s", path, body, resp.StatusCode, e.Message)
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// expect returns what the board should show for a state: every pit's
// count and mark, the stores and reserves, and the mover's hand.
func expect(st wire.State) (map[string]int, map[string]bool, map[string]int) {
	seeds, nki, counters := map[string]int{}, map[string]bool{}, map[string]int{}
	for _, p := range st.Pits {
		seeds[p.Name], nki[p.Name] = p.Seeds, p.Nki
	}
	if st.Stores != nil {
		counters["store:S"], counters["store:N"] = st.Stores.S, st.Stores.N
	}
	if st.Reserves != nil {
		counters["reserve:S"], counters["reserve:N"] = st.Reserves.S, st.Reserves.N
	}
	if st.Hand > 0 {
		counters["hand:"+st.ToMove] = st.Hand
	}
	return seeds, nki, counters
}

// checkBoard compares what the page shows with the API's state of the
// position it shows, and returns that state.
func checkBoard(t *testing.T, s shown) wire.State {
	t.Helper()
	st := api[wire.State](t, "state", wire.StateRequest{Position: s.Position})
	seeds, nki, counters := expect(st)
	if fmt.Sprint(seeds) != fmt.Sprint(s.Seeds) || fmt.Sprint(nki) != fmt.Sprint(s.Nki) || fmt.Sprint(counters) != fmt.Sprint(s.Counters) {
		t.Fatalf("board of %s:\nshown %v %v %v\nwant  %v %v %v", s.Position, s.Seeds, s.Nki, s.Counters, seeds, nki, counters)
	}
	return st
}

// checkLog compares the board at the end of every animation with the
// API's state after that move.
func checkLog(t *testing.T, b *browser) int {
	t.Helper()
	var entries []struct {
		Position string `json:"position"`
		Move     string `json:"move"`
		Shown    struct {
			Pits map[string]struct {
				Seeds int  `json:"seeds"`
				Nki   bool `json:"nki"`
			} `json:"pits"`
			Counters map[string]int `json:"counters"`
		} `json:"shown"`
	}
	b.run(t, chromedp.Evaluate(`window.mancalaLog`, &entries))
	for i, e := range entries {
		st := api[wire.State](t, "state", wire.StateRequest{Position: e.Position})
		seeds, nki, counters := expect(st)
		delete(counters, "hand:S")
		delete(counters, "hand:N")
		gotSeeds, gotNki := map[string]int{}, map[string]bool{}
		for name, p := range e.Shown.Pits {
			gotSeeds[name], gotNki[name] = p.Seeds, p.Nki
		}
		if fmt.Sprint(seeds) != fmt.Sprint(gotSeeds) || fmt.Sprint(nki) != fmt.Sprint(gotNki) || fmt.Sprint(counters) != fmt.Sprint(e.Shown.Counters) {
			t.Errorf("animation %d (%s) ended on %v %v %v, want %v %v %v (%s)", i, e.Move, gotSeeds, gotNki, e.Shown.Counters, seeds, nki, counters, e.Position)
		}
	}
	return len(entries)
}

// clickMove plays a legal move by clicks: its pit (and, when the pit has
// several moves, the chooser's button), or the Stop button.
func (b *browser) clickMove(t *testing.T, st wire.State, move string) {
	t.Helper()
	var m *wire.LegalMove
	for i := range st.Moves {
		if st.Moves[i].Text == move {
			m = &st.Moves[i]
		}
	}
	if m == nil {
		t.Fatalf("move %q not in %v", move, st.Legal)
	}
	if m.Kind == "stop" {
		b.run(t, chromedp.Click(`#stop-lifting`, chromedp.ByQuery, chromedp.NodeVisible))
		return
	}
	b.run(t, chromedp.Click(`.pit[data-name="`+m.Pit+`"]`, chromedp.ByQuery, chromedp.NodeVisible))
	n := 0
	for _, o := range st.Moves {
		if o.Pit == m.Pit {
			n++
		}
	}
	if n > 1 {
		b.run(t, chromedp.Click(`#chooser button[data-move="`+move+`"]`, chromedp.ByQuery, chromedp.NodeVisible))
	}
}

func (b *browser) screenshot(t *testing.T, name string) {
	t.Helper()
	dir := os.Getenv("E2E_SCREENSHOTS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "mancala-screenshots-"); err != nil {
			t.Fatal(err)
		}
		os.Setenv("E2E_SCREENSHOTS", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A page that fits the window is captured as it is shown: a full-page
	// capture lays the page out again at its own height, which scrolls the
	// move list (max-height in vh) away from the current move.
	var fits bool
	b.run(t, chromedp.Evaluate(`document.documentElement.scrollHeight <= window.innerHeight`, &fits))
	var png []byte
	if fits {
		b.run(t, chromedp.CaptureScreenshot(&png))
	} else {
		b.run(t, chromedp.FullScreenshot(&png, 100))
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// phone sets the viewport to a phone's width (0 restores the window).
func (b *browser) phone(t *testing.T, width int64) {
	t.Helper()
	// Then let the page lay itself out again (the set-up panel folds
	// away on a phone) before anything is clicked.
	if width == 0 {
		b.run(t, emulation.ClearDeviceMetricsOverride(), laidOut("innerWidth > 1000"))
		return
	}
	// A mobile viewport's innerWidth is the width only on a page with a
	// viewport meta (ours); on another (about:blank, before a test opens
	// the page) it is 980, but screen.width is the width on any.
	b.run(t, emulation.SetDeviceMetricsOverride(width, 780, 2, true), laidOut(fmt.Sprintf("innerWidth === %d || screen.width === %d", width, width)))
}

// laidOut waits, on events rather than a sleep, until cond (a JavaScript
// expression on the viewport, "innerWidth === 390") holds and two
// animation frames have been drawn since: the page has laid itself out at
// the new size (a resize's layout and the frame after it).
func laidOut(cond string) chromedp.Action {
	var ok bool
	return chromedp.Evaluate(`new Promise(done => {
		const wait = () => (`+cond+`) ? requestAnimationFrame(() => requestAnimationFrame(() => done(true))) : requestAnimationFrame(wait);
		wait();
	})`, &ok, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })
}

func (b *browser) noHorizontalScroll(t *testing.T) {
	t.Helper()
	var w struct{ Scroll, Client int }
	b.run(t, chromedp.Evaluate(`({Scroll: document.documentElement.scrollWidth, Client: document.documentElement.clientWidth})`, &w))
	if w.Scroll > w.Client {
		t.Errorf("horizontal scroll: content %d px wide in a %d px viewport", w.Scroll, w.Client)
	}
}

// getJSON gets an API answer with GET.
func getJSON[T any](t *testing.T, path string) T {
	t.Helper()
	resp, err := http.Get(server.url + "/api/v1/" + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out T
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}
