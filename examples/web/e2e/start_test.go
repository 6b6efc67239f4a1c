package e2e

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// device is a screen the tests use: a phone (390×844, touch) or a desktop
// (1366×768).
type device struct {
	name          string
	width, height int64
	mobile        bool
}

var (
	phoneDevice   = device{"phone", 390, 844, true}
	desktopDevice = device{"desktop", 1366, 768, false}
)

// emulate sets the viewport (and touch) of d.
func (b *browser) emulate(t *testing.T, d device) {
	t.Helper()
	b.run(t, emulation.SetDeviceMetricsOverride(d.width, d.height, 2, d.mobile),
		emulation.SetTouchEmulationEnabled(d.mobile))
}

// watchStatus records, from the next page load on, every text the status
// line shows (window.statusTexts), and the largest value the load's
// progress bar reached (window.progressMax).
func (b *browser) watchStatus(t *testing.T) {
	t.Helper()
	const js = `window.statusTexts = []; window.progressMax = 0;
new MutationObserver(() => {
  const s = document.getElementById('status-text'), p = document.getElementById('load-progress');
  if (s && window.statusTexts[window.statusTexts.length - 1] !== s.textContent) window.statusTexts.push(s.textContent);
  if (p && !p.hidden && p.value > window.progressMax) window.progressMax = p.value;
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});`
	b.run(t, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(js).Do(ctx)
		return err
	}))
}

// throttle emulates a link of kbit kbit/s both ways with latency ms of
// latency: Chromium's network emulation for the page, and the same rate
// and latency on the host for the worker's own requests (wasm_exec.js and
// the games' wasm files), which that emulation does not reach (a dedicated worker
// has its own network agent, started unthrottled; resuming it once
// throttled needs its auto-attached session, which chromedp does not
// expose).
func (b *browser) throttle(t *testing.T, kbit, latency float64) {
	t.Helper()
	bytesPerSec := kbit * 1000 / 8
	b.run(t, network.Enable(), network.EmulateNetworkConditions(false, latency, bytesPerSec, bytesPerSec))
	site.mu.Lock()
	site.bytesPerSec, site.latency = bytesPerSec, time.Duration(latency*float64(time.Millisecond))
	site.mu.Unlock()
	t.Cleanup(func() {
		site.mu.Lock()
		site.bytesPerSec, site.latency = 0, 0
		site.mu.Unlock()
	})
}

// waitLong waits for expr for up to limit (a load over a slow link).
func (b *browser) waitLong(t *testing.T, expr string, limit time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, limit+10*time.Second)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.Poll(expr, nil, chromedp.WithPollingTimeout(limit))); err != nil {
		var status string
		chromedp.Run(b.ctx, chromedp.Evaluate(`document.getElementById('status-text').textContent`, &status))
		t.Fatalf("waiting for %s: %v; the status line says %q", expr, err, status)
	}
}

// playOne plays South's first legal move by a click and waits for the
// computer's answer: the board is playable.
func (b *browser) playOne(t *testing.T) {
	t.Helper()
	s := b.read(t)
	st := checkBoard(t, s)
	b.clickMove(t, st, st.Legal[0])
	b.human(t, s.Ply)
	after := checkBoard(t, b.read(t))
	if after.Turn < 2 {
		t.Fatalf("after a move and the computer's answer the turn is %d (%s)", after.Turn, after.Position)
	}
}

// TestSlowConnection opens the exported site in a fresh browser (nothing
// cached) under Chromium's network emulation at 1.6 Mbit/s and 9 Mbit/s,
// with 150 ms of latency, on a phone and a desktop: the page shows the
// load's progress in bytes of the rules, reaches a playable board and
// plays a move. Served with the pre-compressed copies, the game's wasm
// file (mancala-kisolo.wasm) travels gzipped; served plain at 1.6 Mbit/s it takes longer than the
// worker's answer timeout (30 s) to arrive, which the page outlasts since
// the timeout starts once the worker is ready.
func TestSlowConnection(t *testing.T) {
	for _, c := range []struct {
		name   string
		kbit   float64
		prefix string
		dev    device
	}{
		{"1.6Mbit-gzip-phone", 1600, "/", phoneDevice},
		{"9Mbit-gzip-desktop", 9000, "/", desktopDevice},
		{"1.6Mbit-plain-desktop", 1600, "/plain/", desktopDevice},
	} {
		t.Run(c.name, func(t *testing.T) {
			url := startStatic(t)
			b := newBrowserAt(t, url)
			b.emulate(t, c.dev)
			b.watchStatus(t)
			b.throttle(t, c.kbit, 150)
			site.mu.Lock()
			nz := len(site.gzipped)
			site.mu.Unlock()
			began := time.Now()
			b.run(t, chromedp.Navigate(url+c.prefix+"?game=kisolo&south=human&north=1&step=3&test=1"))
			if c.kbit < 2000 {
				// The loading screen, once the bar has moved.
				b.waitLong(t, `window.progressMax > 0`, time.Minute)
				// While the rules load, nothing can be undone, hinted or
				// resigned: those buttons are disabled until the first
				// board is drawn (read in one evaluation with whether the
				// board is drawn yet, so a fast load cannot make it fail).
				var loading struct {
					Drawn   bool
					Enabled []string
				}
				b.run(t, chromedp.Evaluate(`({Drawn: (document.body.dataset.ply || '') !== '', Enabled: ['undo', 'redo', 'hint', 'resign'].filter((id) => !document.getElementById(id).disabled)})`, &loading))
				if !loading.Drawn && len(loading.Enabled) > 0 {
					t.Errorf("while loading, these buttons are enabled: %v", loading.Enabled)
				}
				b.screenshot(t, "loading-"+c.name)
				b.axe(t, "loading-"+c.name)
			}
			b.waitLong(t, `document.body.dataset.busy === '0' && document.body.dataset.waiting !== 'computer' && document.body.dataset.ply !== ''`, 3*time.Minute)
			took := time.Since(began)
			var seen struct {
				Texts []string
				Max   float64
			}
			b.run(t, chromedp.Evaluate(`({Texts: window.statusTexts, Max: window.progressMax})`, &seen))
			t.Logf("%s: a playable board after %v; the status line said %q", c.name, took.Round(time.Millisecond), seen.Texts)
			progress := slices.ContainsFunc(seen.Texts, func(s string) bool { return strings.HasPrefix(s, "Loading the rules: ") && strings.HasSuffix(s, " MB") })
			if !progress {
				t.Errorf("the status line never showed the load's progress: %q", seen.Texts)
			}
			if seen.Max <= 0 {
				t.Errorf("the progress bar never moved (largest value %v)", seen.Max)
			}
			last := ""
			for _, s := range seen.Texts {
				if strings.HasPrefix(s, "Loading the rules: ") {
					last = s
				}
			}
			// The last progress shown is the whole file: "x of x MB".
			if f := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(last, "Loading the rules: "), " MB")); len(f) != 3 || f[0] != f[2] {
				t.Errorf("the last progress shown is %q, want the whole file", last)
			}
			site.mu.Lock()
			gz := slices.ContainsFunc(site.gzipped[nz:], func(p string) bool { return strings.HasSuffix(p, "mancala-kisolo.wasm") })
			site.mu.Unlock()
			if want := c.prefix == "/"; gz != want {
				t.Errorf("mancala-kisolo.wasm sent gzipped: %v, want %v", gz, want)
			}
			b.screenshot(t, "slow-"+c.name)
			b.axe(t, "slow-"+c.name)
			b.playOne(t)
			b.checkNoErrors(t)
		})
	}
}

// TestLoadRetry: when the game's wasm file cannot be loaded (the host answers 503)
// the page says the rules cannot start and offers Retry, focused; once
// the host answers again, Retry reaches a playable board. Phone and
// desktop.
func TestLoadRetry(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			url := startStatic(t)
			b := newBrowserAt(t, url)
			b.emulate(t, dev)
			site.mu.Lock()
			site.failing = true
			site.mu.Unlock()
			defer func() {
				site.mu.Lock()
				site.failing = false
				site.mu.Unlock()
			}()
			b.run(t, chromedp.Navigate(url+"/flaky/?game=kisolo&south=human&north=1&step=3&test=1"))
			b.poll(t, `!document.getElementById('retry').hidden && document.body.dataset.busy === '0'`)
			var st struct{ Status, Focus string }
			b.run(t, chromedp.Evaluate(`({Status: document.getElementById('status-text').textContent, Focus: document.activeElement.id})`, &st))
			if want := "Cannot start the rules: The rules engine could not start (cannot load /flaky/mancala-kisolo.wasm: status 503)."; st.Status != want {
				t.Errorf("status %q, want %q", st.Status, want)
			}
			if st.Focus != "retry" {
				t.Errorf("focus on %q, want the Retry button", st.Focus)
			}
			b.screenshot(t, "retry-"+dev.name)
			b.axe(t, "retry-"+dev.name)
			b.checkNoErrors(t)
			site.mu.Lock()
			site.failing = false
			site.mu.Unlock()
			b.run(t, chromedp.Click(`#retry`, chromedp.ByQuery, chromedp.NodeVisible))
			b.human(t, "")
			var hidden bool
			b.run(t, chromedp.Evaluate(`document.getElementById('retry').hidden && document.getElementById('load-progress').hidden`, &hidden))
			if !hidden {
				t.Errorf("Retry or the progress bar still shown on a playable board")
			}
			b.playOne(t)
			b.checkNoErrors(t)
		})
	}
}

// TestCancelThink: a think cancelled through its AbortSignal rejects with
// code "aborted" at once, and the next think on the same client answers
// (the worker that was searching is replaced).
func TestCancelThink(t *testing.T) {
	url := startStatic(t)
	b := newBrowserAt(t, url)
	b.open(t, "game=kisolo&south=human&north=human")
	var got struct {
		Code, Move string
		Legal      bool
	}
	start := api[wire.State](t, "state", wire.StateRequest{Game: "kisolo"})
	js := fmt.Sprintf(`(async () => {
  const { connect } = await import('./mancala.js');
  const m = connect();
  await m.ready();
  const ac = new AbortController();
  const long = m.think({ position: %q, agent: 'mcts', timeMs: 2000 }, { signal: ac.signal });
  ac.abort(); // the worker has the request already
  let code = '';
  try { await long; } catch (e) { code = e.code; }
  const t = await m.think({ position: %q, agent: 'alphabeta', depth: 2 });
  const st = await m.state({ position: %q });
  m.close();
  return { Code: code, Move: t.move, Legal: st.legal.includes(t.move) };
})()`, start.Position, start.Position, start.Position)
	b.run(t, chromedp.Evaluate(js, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if got.Code != "aborted" || !got.Legal {
		t.Errorf("cancelled think: %+v, want code aborted and then a legal move", got)
	}
	b.checkNoErrors(t)
}

// TestSwitchGameLoads: each game's rules are a wasm file of their own. The
// page opened on Kisolo loads mancala-kisolo.wasm only; a new game of
// Kiothi from the set-up loads mancala-kiothi.wasm then (over a slow
// line: the status line shows that load's progress, by the game's title),
// and the Kiothi board is playable.
func TestSwitchGameLoads(t *testing.T) {
	url := startStatic(t)
	b := newBrowserAt(t, url)
	b.emulate(t, desktopDevice)
	b.watchStatus(t)
	b.throttle(t, 9000, 50)
	site.mu.Lock()
	n := len(site.paths)
	site.mu.Unlock()
	b.run(t, chromedp.Navigate(url+"/?game=kisolo&south=human&north=human&step=3&test=1"))
	b.waitLong(t, `document.getElementById('board').dataset.game === 'kisolo' && document.body.dataset.busy === '0' && document.body.dataset.ply !== ''`, 2*time.Minute)
	asked := func() []string {
		site.mu.Lock()
		defer site.mu.Unlock()
		var w []string
		for _, p := range site.paths[n:] {
			if isWasm(path.Base(p)) {
				w = append(w, path.Base(p))
			}
		}
		return w
	}
	// (The service worker is registered now, and fetches the other files.)
	if w := asked(); len(w) == 0 || w[0] != "mancala-kisolo.wasm" {
		t.Errorf("before the first board the site was asked for %v, want mancala-kisolo.wasm first", w)
	}
	b.run(t, chromedp.SetValue(`#game-select`, "kiothi", chromedp.ByQuery), chromedp.Click(`#start`, chromedp.ByQuery))
	b.waitLong(t, `document.getElementById('board').dataset.game === 'kiothi' && document.body.dataset.busy === '0' && document.getElementById('load-progress').hidden`, 2*time.Minute)
	if w := asked(); !slices.Contains(w, "mancala-kiothi.wasm") {
		t.Errorf("the site was never asked for mancala-kiothi.wasm: %v", w)
	}
	var texts []string
	b.run(t, chromedp.Evaluate(`window.statusTexts`, &texts))
	if !slices.ContainsFunc(texts, func(s string) bool {
		return strings.HasPrefix(s, "Loading the rules of Kiothi: ") && strings.HasSuffix(s, " MB")
	}) {
		t.Errorf("the status line never showed the load of Kiothi's rules: %q", texts)
	}
	b.screenshot(t, "switch-kiothi")
	b.checkNoErrors(t)
}
