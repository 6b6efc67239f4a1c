package e2e

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// moveRows reads the move list's rows: the number, then South's and
// North's cells (their move texts, "" for an empty cell).
const moveRows = `[...document.querySelectorAll('#moves > li.row')].map(li => [li.querySelector('.num').textContent,
  ...[...li.querySelectorAll(':scope > .turn')].map(c => [...c.querySelectorAll(':scope > button:first-child .mv')].map(e => e.textContent).join(''))].join(' '))`

// TestMoveList: the move list is numbered by turns (South's and North's
// turn in one numbered row), a screen reader hears each move with its
// turn and side, the list is one Tab stop whose arrow keys walk it (←/→
// a ply, Home the start, End the last position), and the board follows.
func TestMoveList(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			b := newBrowser(t)
			b.emulate(t, dev)
			b.open(t, "game=kisolo&south=human&north=human&speed=off&test=1")
			b.human(t, "")
			var played []string
			for range 3 {
				s := b.read(t)
				st := checkBoard(t, s)
				played = append(played, st.Legal[0])
				b.clickMove(t, st, st.Legal[0])
				b.human(t, s.Ply)
			}
			var rows []string
			b.run(t, chromedp.Evaluate(moveRows, &rows))
			want := []string{"1. " + played[0] + " " + played[1], "2. " + played[2] + " "}
			if strings.Join(rows, " | ") != strings.Join(want, " | ") {
				t.Errorf("move list rows %q, want %q", rows, want)
			}
			var heard string
			b.run(t, chromedp.Evaluate(`document.querySelector('#moves button[data-ply="2"]').textContent`, &heard))
			if heard != "Turn 1, North "+played[1] {
				t.Errorf("the button of ply 2 reads %q", heard)
			}
			var tabStops int
			b.run(t, chromedp.Evaluate(`[...document.querySelectorAll('#moves button')].filter(x => x.tabIndex === 0).length`, &tabStops))
			if tabStops != 1 {
				t.Errorf("%d Tab stops in the move list, want 1", tabStops)
			}
			b.run(t, chromedp.Focus(`#moves button[aria-current]`, chromedp.ByQuery))
			end := b.read(t).Position
			for _, step := range []struct {
				key, ply string
			}{{kb.ArrowLeft, "2"}, {kb.ArrowLeft, "1"}, {kb.Home, "0"}, {kb.ArrowLeft, "0"}, {kb.ArrowRight, "1"}, {kb.End, "3"}, {kb.ArrowRight, "3"}} {
				b.run(t, chromedp.KeyEvent(step.key))
				b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '`+step.ply+`' &&
  document.activeElement && document.activeElement.dataset.ply === '`+step.ply+`'`)
			}
			if s := b.read(t); s.Position != end {
				t.Errorf("End shows %q, want the last position %q", s.Position, end)
			}
			b.screenshot(t, "move-list-"+dev.name)
			b.axe(t, "move-list-"+dev.name)
			b.checkNoErrors(t)
		})
	}
}

// clsJS sums, from the page's start, every layout shift without recent
// input (window.cls), and keeps each shift's sources for the failure
// message (window.shifts).
const clsJS = `window.cls = 0; window.shifts = [];
window.clsObserver = new PerformanceObserver((l) => window.addShifts(l.getEntries()));
window.addShifts = (es) => { for (const e of es) if (!e.hadRecentInput) {
  window.cls += e.value;
  const r = (x) => Math.round(x.y) + '+' + Math.round(x.height);
  window.shifts.push(e.value.toFixed(4) + ' ' + (e.sources || []).map((s) => (s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?') +
    ' ' + r(s.previousRect) + '→' + r(s.currentRect)).join(', '));
} };
window.clsObserver.observe({type: 'layout-shift', buffered: true});`

// readCLS waits two frames, takes the observer's pending entries and
// returns the sum and the shifts.
func (b *browser) readCLS(t *testing.T) (float64, []string) {
	t.Helper()
	var res struct {
		CLS    float64
		Shifts []string
	}
	b.evalAsync(t, `new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(() => {
  window.addShifts(window.clsObserver.takeRecords());
  res({CLS: window.cls, Shifts: window.shifts});
})))`, &res)
	return res.CLS, res.Shifts
}

// TestLayoutShift: the board's space is kept before it arrives (issue 33
// item 5): with the rules held back 1.5 s on the host (the exported site,
// a fresh browser), the layout shifts from the page's start to the first
// board sum to at most 0.02, for each game and the default one, on a
// phone and a desktop; and on the page the project's server serves (its
// JSON API, not held back), default game. The placeholder's shapes
// (games.js SHAPES, written from the descriptors) are checked against the rules' layouts on the way.
func TestLayoutShift(t *testing.T) {
	served := startServer(t)
	url := startStatic(t)
	site.mu.Lock()
	site.bytesPerSec, site.latency = 1e9, 1500*time.Millisecond
	site.mu.Unlock()
	t.Cleanup(func() {
		site.mu.Lock()
		site.bytesPerSec, site.latency = 0, 0
		site.mu.Unlock()
	})
	for _, dev := range []device{phoneDevice, desktopDevice} {
		for _, game := range []string{"", "kisolo", "kiothi", "kimasai", "served"} {
			name := dev.name + "-" + game
			if game == "" {
				name = dev.name + "-default"
			}
			t.Run(name, func(t *testing.T) {
				at, isServed := url, game == "served"
				if isServed {
					at, game = served, ""
				}
				b := newBrowserAt(t, at)
				b.emulate(t, dev)
				b.run(t, chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(clsJS).Do(ctx)
					return err
				}))
				q := ""
				if game != "" {
					q = "?game=" + game
				}
				b.run(t, chromedp.Navigate(at+"/"+q))
				var before struct{ W, H float64 }
				if !isServed { // the served rules answer before a look at the placeholder
					b.poll(t, `document.getElementById('board').dataset.placeholder !== undefined`)
					b.run(t, chromedp.Evaluate(`(() => { const r = document.getElementById('board').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &before))
				}
				b.idle(t)
				b.poll(t, `document.body.dataset.waiting === 'human'`)
				var after struct{ W, H float64 }
				b.run(t, chromedp.Evaluate(`(() => { const r = document.getElementById('board').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &after))
				cls, shifts := b.readCLS(t)
				t.Logf("CLS %.4f; board %.0fx%.0f before, %.0fx%.0f after", cls, before.W, before.H, after.W, after.H)
				if cls > 0.02 {
					t.Errorf("CLS %.4f > 0.02: %v", cls, shifts)
				}
				if !isServed && (math.Abs(before.H-after.H) > 0.5 || math.Abs(before.W-after.W) > 0.5) {
					t.Errorf("the placeholder is %.1fx%.1f, the board %.1fx%.1f", before.W, before.H, after.W, after.H)
				}
				b.checkNoErrors(t)
			})
		}
	}
}

// axeIncomplete runs axe-core and fails on what it could not decide (or
// found wrong) of the kinds the page must leave decidable: labels that
// contain their visible text (label-content-name-mismatch) and colour contrast
// (color-contrast: text over a gradient or image is not decidable, so
// the page keeps text on solid colours).
func (b *browser) axeIncomplete(t *testing.T, screen string) {
	t.Helper()
	b.axe(t, screen) // loads axe-core; fails on violations
	var res []struct {
		ID    string `json:"id"`
		Nodes []struct {
			Target  []any  `json:"target"`
			Summary string `json:"failureSummary"`
			Any     []struct {
				Data any `json:"data"`
			} `json:"any"`
		} `json:"nodes"`
	}
	// label-content-name-mismatch is one of axe's experimental rules, off
	// unless asked for; its violations count here too.
	b.evalAsync(t, `axe.run(document, {rules: {'label-content-name-mismatch': {enabled: true}}, resultTypes: ['incomplete', 'violations']})
  .then(r => [...r.incomplete, ...r.violations.filter(v => v.id === 'label-content-name-mismatch')])`, &res)
	for _, r := range res {
		if r.ID != "label-content-name-mismatch" && r.ID != "color-contrast" {
			continue
		}
		var where []string
		for _, n := range r.Nodes {
			data := []any{}
			for _, a := range n.Any {
				data = append(data, a.Data)
			}
			where = append(where, toString(n.Target)+": "+strings.ReplaceAll(n.Summary, "\n", " ")+" "+toString(data))
		}
		t.Errorf("axe on %s: %s undecided on %d nodes: %s", screen, r.ID, len(r.Nodes), strings.Join(where, "; "))
	}
}

// TestThemes: the page follows the system's theme (prefers-color-scheme)
// and the Theme button switches it, kept across a reload; both themes
// pass axe with nothing undecided about labels and contrast (the board's
// own colours included), on a phone and a desktop, with the set-up open.
func TestThemes(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(dev.name+"-"+scheme, func(t *testing.T) {
				b := newBrowser(t)
				b.emulate(t, dev)
				b.run(t, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}))
				b.open(t, "game=kiothi&south=human&north=1&test=1")
				b.human(t, "")
				var look struct {
					Bg, Pressed, Theme string
				}
				read := func() {
					b.run(t, chromedp.Evaluate(`({Bg: getComputedStyle(document.documentElement).backgroundColor, Pressed: document.getElementById('theme').getAttribute('aria-pressed'),
  Theme: document.documentElement.dataset.theme || ''})`, &look))
				}
				read()
				bg := map[string]string{"light": "rgb(246, 240, 230)", "dark": "rgb(23, 18, 13)"}
				if look.Bg != bg[scheme] || look.Pressed != map[string]string{"light": "false", "dark": "true"}[scheme] || look.Theme != "" {
					t.Errorf("following the system's %s theme: %+v", scheme, look)
				}
				if dev.mobile {
					b.run(t, chromedp.Click(`#menu-toggle`, chromedp.ByQuery, chromedp.NodeVisible))
				}
				b.screenshot(t, "theme-"+dev.name+"-"+scheme)
				b.axeIncomplete(t, "theme-"+dev.name+"-"+scheme)
				// The button switches to the other theme, and a reload keeps it.
				other := map[string]string{"light": "dark", "dark": "light"}[scheme]
				b.run(t, chromedp.Click(`#theme`, chromedp.ByQuery, chromedp.NodeVisible))
				read()
				if look.Bg != bg[other] || look.Theme != other {
					t.Errorf("after the Theme button: %+v, want the %s theme", look, other)
				}
				b.run(t, chromedp.Reload())
				b.idle(t)
				read()
				if look.Bg != bg[other] || look.Theme != other || look.Pressed != map[string]string{"light": "false", "dark": "true"}[other] {
					t.Errorf("after a reload: %+v, want the %s theme kept", look, other)
				}
				b.axeIncomplete(t, "theme-"+dev.name+"-"+other+"-chosen")
				// Back to the system's theme: no choice kept.
				b.run(t, chromedp.Click(`#theme`, chromedp.ByQuery, chromedp.NodeVisible))
				var kept string
				b.run(t, chromedp.Evaluate(`localStorage.getItem('mancala-theme') || ''`, &kept))
				if kept != "" {
					t.Errorf("back to the system's theme, localStorage keeps %q", kept)
				}
				b.checkNoErrors(t)
			})
		}
	}
}

// analysisWords is what the page says of a think answer (analysis.js
// southShare), for the side to move.
func analysisWords(r wire.ThinkResponse, toMove string) string {
	v := 0
	if r.Value != nil {
		v = *r.Value
	}
	if v >= 1<<23 || v <= -(1<<23) {
		if (v > 0) == (toMove == "S") {
			return "South wins with best play"
		}
		return "North wins with best play"
	}
	if toMove == "N" {
		v = -v
	}
	switch {
	case v == 0:
		return "Even"
	case v == 1:
		return "South ahead by 1 point"
	case v == -1:
		return "North ahead by 1 point"
	case v > 0:
		return fmt.Sprintf("South ahead by %d points", v)
	}
	return fmt.Sprintf("North ahead by %d points", -v)
}

// TestAnalysis: the analysis mode (off by default) shows, for the
// position shown, the evaluation in words and as a bar, the best move's
// pit marked on the board and the line in words, all as the API's think
// answers for that position (the same fixed-depth search); walking the
// move list analyses the position walked to; a lock (a game against a
// friend in progress) turns it off and disables its button. Phone and
// desktop, axe with nothing undecided.
func TestAnalysis(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			b := newBrowser(t)
			b.emulate(t, dev)
			b.open(t, "game=kisolo&south=human&north=human&speed=off&test=1")
			b.human(t, "")
			var hidden bool
			b.run(t, chromedp.Evaluate(`document.getElementById('analysis').hidden && !document.querySelector('.pit.best')`, &hidden))
			if !hidden {
				t.Fatal("the analysis shows before it is asked for")
			}
			for range 2 {
				s := b.read(t)
				st := checkBoard(t, s)
				b.clickMove(t, st, st.Legal[0])
				b.human(t, s.Ply)
			}
			b.run(t, chromedp.Click(`#analysis-toggle`, chromedp.ByQuery, chromedp.NodeVisible))
			check := func() {
				t.Helper()
				s := b.read(t)
				b.poll(t, `document.body.dataset.analysed === document.getElementById('board').dataset.position ||
  document.getElementById('eval-text').textContent.startsWith('No analysis')`)
				st := api[wire.State](t, "state", map[string]any{"position": s.Position})
				r := api[wire.ThinkResponse](t, "think", map[string]any{"position": s.Position, "agent": "alphabeta", "depth": 5, "timeMs": 2000})
				var got struct {
					Text, Line, Best, Now, Pressed string
					Hidden                         bool
				}
				b.run(t, chromedp.Evaluate(`({Text: document.getElementById('eval-text').textContent, Line: document.getElementById('analysis-line').textContent,
  Best: [...document.querySelectorAll('.pit.best')].map(p => p.dataset.name).join(' '), Now: document.getElementById('eval-bar').getAttribute('aria-valuenow'),
  Pressed: document.getElementById('analysis-toggle').getAttribute('aria-pressed'), Hidden: document.getElementById('analysis').hidden})`, &got))
				wantPit := ""
				for _, m := range st.Moves {
					if m.Text == r.Move {
						wantPit = m.Pit
					}
				}
				first := string(st.ToMove)
				side := map[string]string{"S": "South", "N": "North"}[first]
				if got.Hidden || got.Pressed != "true" || got.Text != analysisWords(r, first) || got.Best != wantPit ||
					!strings.HasPrefix(got.Line, "Best line: "+side+" "+r.Move+" (") {
					t.Errorf("analysis of %s: %+v; the API's think: %s value %v line %v (pit %s)", s.Position, got, r.Move, *r.Value, r.Line, wantPit)
				}
				n, err := strconv.Atoi(got.Now)
				if err != nil || n < 0 || n > 100 || (got.Text == "Even") != (n == 50) || (strings.HasPrefix(got.Text, "South") && n <= 50) || (strings.HasPrefix(got.Text, "North") && n >= 50) {
					t.Errorf("the bar's value %q for %q", got.Now, got.Text)
				}
			}
			check()
			b.screenshot(t, "analysis-"+dev.name)
			b.axeIncomplete(t, "analysis-"+dev.name)
			// Walking the move list analyses the position walked to.
			b.run(t, chromedp.Click(`#moves button[data-ply="1"]`, chromedp.ByQuery))
			b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '1'`)
			check()
			// A game against a friend in progress locks it.
			b.run(t, chromedp.Evaluate(`window.mancalaRoom.dispatch({type: 'lock', locked: true}); true`, nil))
			var locked struct {
				Hidden, Disabled bool
				Best             int
			}
			b.run(t, chromedp.Evaluate(`({Hidden: document.getElementById('analysis').hidden, Disabled: document.getElementById('analysis-toggle').disabled,
  Best: document.querySelectorAll('.pit.best').length})`, &locked))
			if !locked.Hidden || !locked.Disabled || locked.Best != 0 {
				t.Errorf("locked: %+v, want the analysis hidden, its button disabled, no best move marked", locked)
			}
			b.run(t, chromedp.Evaluate(`window.mancalaRoom.dispatch({type: 'analysis', on: true}); true`, nil))
			b.run(t, chromedp.Evaluate(`document.getElementById('analysis').hidden`, &hidden))
			if !hidden {
				t.Error("the analysis came back while locked")
			}
			b.axeIncomplete(t, "analysis-locked-"+dev.name)
			b.checkNoErrors(t)
		})
	}
}

// TestRemoteSeam: the seam a room plugs into (machine.js): with North
// played by a remote player, the page waits for North's move after
// South's (phase waiting, not busy, a click on the board says whose
// move it is), moveListeners hear South's move, remoteMove plays North's
// and hands the turn back; a remote move refused when it is not the
// remote side's turn; a remote move that arrives while the player looks
// at an earlier position brings the page back to the end and plays it.
func TestRemoteSeam(t *testing.T) {
	b := newBrowser(t)
	b.emulate(t, desktopDevice)
	b.open(t, "game=kisolo&south=human&north=human&speed=off&test=1")
	b.human(t, "")
	b.run(t, chromedp.Evaluate(`window.mancalaRoom.setSide('N', 'remote'); true`, nil))
	var phase struct{ Phase, Waiting, Busy, Ply string }
	readPhase := func() {
		b.run(t, chromedp.Evaluate(`({Phase: document.body.dataset.phase, Waiting: document.body.dataset.waiting, Busy: document.body.dataset.busy, Ply: document.body.dataset.ply})`, &phase))
	}
	remote := func(move string) bool {
		var ok bool
		b.evalAsync(t, `window.mancalaRoom.remoteMove(`+strconv.Quote(move)+`)`, &ok)
		return ok
	}
	type played struct{ Move, Mover, By string }
	for turn := 1; turn <= 2; turn++ {
		s := b.read(t)
		st := checkBoard(t, s)
		b.clickMove(t, st, st.Legal[0])
		b.poll(t, `document.body.dataset.phase === 'waiting'`)
		readPhase()
		if phase.Waiting != "remote" || phase.Busy != "0" || phase.Ply != strconv.Itoa(2*turn-1) {
			t.Fatalf("after South's move %d: %+v, want waiting for the remote player at ply %d", turn, phase, 2*turn-1)
		}
		var heard []played
		b.run(t, chromedp.Evaluate(`window.mancalaRoom.played.map(p => ({Move: p.move, Mover: p.mover, By: p.by}))`, &heard))
		if len(heard) != 2*turn-1 || heard[len(heard)-1] != (played{st.Legal[0], "S", "human"}) {
			t.Errorf("moveListeners heard %+v, want South's %s last", heard, st.Legal[0])
		}
		n := checkBoard(t, b.read(t))
		if turn == 1 {
			// A click on North's pit says whose move it is; no request.
			b.run(t, chromedp.Evaluate(`document.querySelector('.pit[data-name="`+n.Moves[0].Pit+`"]').click(); true`, nil))
			var msg string
			b.run(t, chromedp.Evaluate(`document.getElementById('message').textContent`, &msg))
			if msg != "It is North’s turn: their move comes from the room." {
				t.Errorf("a click while waiting says %q", msg)
			}
		} else {
			// The player looks back at the start; the remote move brings
			// the page back to the end.
			b.run(t, chromedp.Click(`#moves button[data-ply="0"]`, chromedp.ByQuery))
			b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '0'`)
		}
		if !remote(n.Legal[0]) {
			t.Fatalf("remoteMove(%s) refused", n.Legal[0])
		}
		b.human(t, strconv.Itoa(2*turn-1))
		readPhase()
		if phase.Phase != "idle" || phase.Waiting != "human" || phase.Ply != strconv.Itoa(2*turn) {
			t.Errorf("after North's remote move: %+v", phase)
		}
		var heard2 []played
		b.run(t, chromedp.Evaluate(`window.mancalaRoom.played.map(p => ({Move: p.move, Mover: p.mover, By: p.by}))`, &heard2))
		if len(heard2) != 2*turn || heard2[len(heard2)-1] != (played{n.Legal[0], "N", "remote"}) {
			t.Errorf("moveListeners heard %+v, want North's remote %s last", heard2, n.Legal[0])
		}
		// Not the remote side's turn: refused, nothing played.
		if remote(n.Legal[0]) {
			t.Errorf("remoteMove played on South's turn")
		}
	}
	b.axe(t, "remote-seam")
	b.checkNoErrors(t)
}
