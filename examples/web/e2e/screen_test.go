package e2e

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// marksShown reads the last-move marks the board shows: the pit marked
// where the move started, where it ended, and those marked captured.
func (b *browser) marksShown(t *testing.T) (from, to string, captured []string) {
	t.Helper()
	var m struct {
		From, To string
		Captured []string
	}
	b.run(t, chromedp.Evaluate(`({From: [...document.querySelectorAll('.pit.from')].map((p) => p.dataset.name).join(' '),
  To: [...document.querySelectorAll('.pit.to')].map((p) => p.dataset.name).join(' '),
  Captured: [...document.querySelectorAll('.pit.captured')].map((p) => p.dataset.name)})`, &m))
	sort.Strings(m.Captured)
	return m.From, m.To, m.Captured
}

// wantMarks returns the marks of a move from the API's events: its pit,
// the pit of its last drop, and the pits it captured from.
func wantMarks(st wire.State, r wire.ApplyResponse) (from, to string, captured []string) {
	pits := map[string]bool{}
	for _, p := range st.Pits {
		pits[p.Name] = true
	}
	for _, m := range st.Moves {
		if m.Text == r.Move {
			from = m.Pit
		}
	}
	seen := map[string]bool{}
	for _, e := range r.Events {
		if (e.Kind == "drop" || e.Kind == "reserve") && pits[e.To] {
			to = e.To
		}
		if e.Kind == "capture" && pits[e.From] && !seen[e.From] {
			seen[e.From] = true
			captured = append(captured, e.From)
		}
	}
	sort.Strings(captured)
	if seen[to] {
		to = ""
	}
	return from, to, captured
}

// TestLastMoveMarks plays Kisolo by clicks, both sides human, choosing a
// capturing move whenever there is one, until a capture has been marked:
// after every move the board marks where the move started, where it
// ended and what it captured, exactly as the API's events say, and the
// pits' labels say so. Phone and desktop.
func TestLastMoveMarks(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			b := newBrowser(t)
			b.emulate(t, dev)
			b.open(t, "game=kisolo&south=human&north=human&speed=off&test=1")
			b.human(t, "")
			captures := 0
			for ply := 0; ply < 60 && captures < 2; ply++ {
				s := b.read(t)
				st := checkBoard(t, s)
				if st.Outcome.Status != "ongoing" {
					break
				}
				move := st.Legal[0]
				var r wire.ApplyResponse
				for _, m := range st.Legal {
					a := api[wire.ApplyResponse](t, "apply", wire.ApplyRequest{Position: st.Position, Move: m})
					_, _, c := wantMarks(st, a)
					if len(c) > 0 {
						move, r = m, a
						break
					}
				}
				if r.Move == "" {
					r = api[wire.ApplyResponse](t, "apply", wire.ApplyRequest{Position: st.Position, Move: move})
				}
				b.clickMove(t, st, move)
				b.human(t, s.Ply)
				from, to, captured := b.marksShown(t)
				wf, wt, wc := wantMarks(st, r)
				if from != wf || to != wt || fmt.Sprint(captured) != fmt.Sprint(wc) {
					t.Fatalf("after %s: marks from %q to %q captured %v, want %q %q %v", move, from, to, captured, wf, wt, wc)
				}
				var label string
				if len(wc) > 0 {
					captures++
					b.run(t, chromedp.AttributeValue(`.pit[data-name="`+wc[0]+`"]`, "aria-label", &label, nil, chromedp.ByQuery))
					if !strings.Contains(label, "captured by the last move") {
						t.Errorf("label of captured %s: %q", wc[0], label)
					}
					if captures == 1 {
						b.screenshot(t, "marks-capture-"+dev.name)
						b.axe(t, "marks-capture-"+dev.name)
					}
				}
				b.run(t, chromedp.AttributeValue(`.pit[data-name="`+wf+`"]`, "aria-label", &label, nil, chromedp.ByQuery))
				if !strings.Contains(label, "where the last move started") {
					t.Errorf("label of %s: %q", wf, label)
				}
			}
			if captures == 0 {
				t.Fatal("no capture in the game")
			}
			b.checkNoErrors(t)
		})
	}
}

// TestHintReducedMotion: under prefers-reduced-motion the hinted pit has
// no animation but a ring of its own (a box-shadow), so the hint shows.
func TestHintReducedMotion(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			b := newBrowser(t)
			b.emulate(t, dev)
			b.run(t, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
			b.open(t, "game=kisolo&south=human&north=human&test=1")
			b.human(t, "")
			b.run(t, chromedp.Click(`#hint`, chromedp.ByQuery, chromedp.NodeVisible))
			b.poll(t, `document.querySelector('.pit.hinted') !== null && document.body.dataset.busy === '0'`)
			var st struct{ Animation, Shadow string }
			b.run(t, chromedp.Evaluate(`(() => { const c = getComputedStyle(document.querySelector('.pit.hinted'));
  return {Animation: c.animationName, Shadow: c.boxShadow}; })()`, &st))
			if st.Animation != "none" || !strings.Contains(st.Shadow, "rgb(124, 196, 255)") {
				t.Errorf("hinted pit under reduced motion: animation %q, box-shadow %q; want none and the hint's ring", st.Animation, st.Shadow)
			}
			b.screenshot(t, "hint-reduced-motion-"+dev.name)
			b.axe(t, "hint-reduced-motion-"+dev.name)
			b.checkNoErrors(t)
		})
	}
}

// TestNoStaleNote: the set-up's "Press New game" note shows while the
// set-up names another game than the one shown, and goes once New game
// starts it.
func TestNoStaleNote(t *testing.T) {
	b := newBrowser(t)
	b.emulate(t, desktopDevice)
	b.open(t, "game=kisolo&south=human&north=human&test=1")
	b.human(t, "")
	b.run(t, chromedp.SetValue(`#game-select`, "kiothi", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById('game-select').dispatchEvent(new Event('change'))`, nil))
	var hidden bool
	b.run(t, chromedp.Evaluate(`document.getElementById('setup-note').hidden`, &hidden))
	if hidden {
		t.Fatal("no note after choosing another game")
	}
	b.run(t, chromedp.Click(`#start`, chromedp.ByQuery, chromedp.NodeVisible))
	b.poll(t, `document.getElementById('board').dataset.position.startsWith('kiothi') && document.body.dataset.busy === '0'`)
	b.run(t, chromedp.Evaluate(`document.getElementById('setup-note').hidden`, &hidden))
	if !hidden {
		t.Error("the note stays up once its game is started")
	}
	b.checkNoErrors(t)
}

// TestAnimationClock drives the board's animation with a clock of the
// test's (Board.now and Board.sleep), for a Kisolo move of many events
// (xb1 from the start, over 3 s at the normal speed, so sped up to the
// 3 s budget): on an idle machine (the clock moves only while the
// animation waits) it waits the planned time, less than a frame short;
// on a busy one (every look at the clock finds 400 ms gone) it never
// waits and still shows every event. Both end on the move's counts.
func TestAnimationClock(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kisolo&south=human&north=human&test=1")
	b.human(t, "")
	st := api[wire.State](t, "state", wire.StateRequest{Game: "kisolo"})
	r := api[wire.ApplyResponse](t, "apply", wire.ApplyRequest{Position: st.Position, Move: "xb1"})
	before, _ := json.Marshal(st)
	resp, _ := json.Marshal(r)
	js := `(async () => {
  const { Board, plan } = await import('./board.js');
  const before = ` + string(before) + `, resp = ` + string(resp) + `;
  const el = document.createElement('div');
  el.className = 'board';
  document.body.append(el);
  const bd = new Board(el, () => {});
  const out = {};
  for (const [name, tick] of [['idle', 0], ['busy', 400]]) {
    bd.render(before);
    let t = 0, slept = 0;
    bd.now = () => (t += tick);
    bd.sleep = (ms) => { slept += ms; t += ms; return Promise.resolve(); };
    const complete = await bd.animate(before, resp, 160, 3000);
    const seeds = {};
    for (const p of el.querySelectorAll('.pit')) seeds[p.dataset.name] = Number(p.querySelector('.count').textContent);
    out[name] = { Slept: slept, Complete: complete, Seeds: seeds };
  }
  el.remove();
  return { Runs: out, Total: plan(resp.events, 160, 3000).total };
})()`
	var got struct {
		Runs map[string]struct {
			Slept    float64
			Complete bool
			Seeds    map[string]int
		}
		Total float64
	}
	b.run(t, chromedp.Evaluate(js, &got, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	want, _, _ := expect(r.After)
	if got.Total != 3000 {
		t.Errorf("xb1 planned %v ms, want the budget 3000 (%d events)", got.Total, len(r.Events))
	}
	idle, busy := got.Runs["idle"], got.Runs["busy"]
	if idle.Slept > got.Total || idle.Slept < got.Total-16 {
		t.Errorf("idle: waited %v ms, want %v less under a frame", idle.Slept, got.Total)
	}
	if busy.Slept != 0 {
		t.Errorf("busy: waited %v ms, want 0 (always late)", busy.Slept)
	}
	for name, run := range got.Runs {
		if !run.Complete || fmt.Sprint(run.Seeds) != fmt.Sprint(want) {
			t.Errorf("%s: complete %v, ended on %v, want %v", name, run.Complete, run.Seeds, want)
		}
	}
	b.checkNoErrors(t)
}

// checkOverDialog checks that the game-over dialog is open, says text
// under a title, and has the focus on Rematch.
func (b *browser) checkOverDialog(t *testing.T, text string) {
	t.Helper()
	b.poll(t, `document.getElementById('over').open`)
	var d struct{ Title, Text, Focus string }
	b.run(t, chromedp.Evaluate(`({Title: document.getElementById('over-title').textContent,
  Text: document.getElementById('over-text').textContent, Focus: document.activeElement.id})`, &d))
	if d.Title == "" || d.Text != text || d.Focus != "rematch" {
		t.Errorf("game-over dialog: %+v, want a title, the text %q and the focus on rematch", d, text)
	}
}

// TestGameScreen: sound is off by default, its toggle turns it on (the
// moves then sound) and is remembered; Flip turns the board round (a7 in
// the top left of Kisolo); a game link and a position link open what was
// shown; Resign ends the game with the dialog ("You lost"), and Rematch
// starts the same game with the sides swapped, the human's side at the
// bottom. Phone and desktop.
func TestGameScreen(t *testing.T) {
	for _, dev := range []device{phoneDevice, desktopDevice} {
		t.Run(dev.name, func(t *testing.T) {
			b := newBrowser(t)
			b.emulate(t, dev)
			b.open(t, "game=kisolo&south=human&north=1&speed=off&test=1")
			b.human(t, "")
			var snd struct {
				Pressed, Text string
				Sounds        int
			}
			readSound := func() {
				b.run(t, chromedp.Evaluate(`({Pressed: document.getElementById('sound').getAttribute('aria-pressed'),
  Text: document.getElementById('sound').textContent, Sounds: window.mancalaSounds.length})`, &snd))
			}
			readSound()
			if snd.Pressed != "false" || snd.Text != "Sound off" {
				t.Errorf("sound at first: %+v, want off", snd)
			}
			b.playOne(t)
			readSound()
			if snd.Sounds != 0 {
				t.Errorf("%d sounds with the sound off", snd.Sounds)
			}
			b.run(t, chromedp.Click(`#sound`, chromedp.ByQuery, chromedp.NodeVisible))
			b.playOne(t)
			readSound()
			if snd.Pressed != "true" || snd.Text != "Sound on" || snd.Sounds == 0 {
				t.Errorf("sound turned on: %+v, want on and sounds", snd)
			}
			var kept string
			b.run(t, chromedp.Evaluate(`localStorage.getItem('mancala-sound')`, &kept))
			if kept != "on" {
				t.Errorf("sound choice kept as %q", kept)
			}

			// Flip.
			var flip struct{ First, Pressed, Flipped string }
			readFlip := func() {
				b.run(t, chromedp.Evaluate(`({First: document.querySelector('.pit').dataset.name,
  Pressed: document.getElementById('flip').getAttribute('aria-pressed'), Flipped: document.getElementById('board').dataset.flipped})`, &flip))
			}
			b.run(t, chromedp.Click(`#flip`, chromedp.ByQuery, chromedp.NodeVisible))
			readFlip()
			if flip.First != "a7" || flip.Pressed != "true" || flip.Flipped != "1" {
				t.Errorf("flipped: %+v, want a7 first", flip)
			}
			b.screenshot(t, "flipped-"+dev.name)
			b.axe(t, "flipped-"+dev.name)
			b.run(t, chromedp.Click(`#flip`, chromedp.ByQuery, chromedp.NodeVisible))
			readFlip()
			if flip.First != "d1" || flip.Pressed != "false" {
				t.Errorf("flipped back: %+v, want d1 first", flip)
			}

			// Links: the game, then the position, open what was shown.
			shown := b.read(t)
			for _, c := range []struct{ button, frag string }{{"copy-game-link", "#record="}, {"copy-position-link", "#position="}} {
				b.run(t, chromedp.Evaluate(`document.getElementById('share-text').value = ''`, nil),
					chromedp.Click(`#`+c.button, chromedp.ByQuery, chromedp.NodeVisible))
				b.poll(t, `document.getElementById('share-text').value !== ''`)
				var link string
				b.run(t, chromedp.Value(`#share-text`, &link, chromedp.ByQuery))
				if !strings.HasPrefix(link, server.url+"/#") || !strings.Contains(link, c.frag) {
					t.Fatalf("%s: %q", c.button, link)
				}
				b.run(t, chromedp.Navigate(b.url+"/?test=1&speed=off"+link[len(server.url+"/"):]))
				// Opened: the address drops the link (a new page, or the same
				// page on hashchange), then the page is idle.
				b.poll(t, `location.hash === '' && /^Opened the shared/.test(document.getElementById('message').textContent)`)
				b.idle(t)
				got := b.read(t)
				if got.Position != shown.Position {
					t.Errorf("%s opened %s, want %s", c.button, got.Position, shown.Position)
				}
				if c.frag == "#record=" && got.Ply != shown.Ply {
					t.Errorf("the game link opened ply %s, want %s", got.Ply, shown.Ply)
				}
			}

			// Resign, then Rematch with the sides swapped.
			b.open(t, "game=kisolo&south=human&north=1&speed=off&test=1")
			b.human(t, "")
			b.run(t, chromedp.Click(`#resign`, chromedp.ByQuery, chromedp.NodeVisible))
			b.checkOverDialog(t, "South resigned: North wins.")
			var title string
			b.run(t, chromedp.Text(`#over-title`, &title, chromedp.ByQuery))
			if title != "You lost" {
				t.Errorf("title %q, want You lost", title)
			}
			b.screenshot(t, "over-resigned-"+dev.name)
			b.axe(t, "over-resigned-"+dev.name)
			b.run(t, chromedp.Click(`#rematch`, chromedp.ByQuery, chromedp.NodeVisible))
			b.human(t, "0") // the computer, South now, moves first
			var after struct {
				Open           bool
				South, North   string
				Flipped, First string
			}
			b.run(t, chromedp.Evaluate(`({Open: document.getElementById('over').open, South: document.getElementById('south-select').value,
  North: document.getElementById('north-select').value, Flipped: document.getElementById('board').dataset.flipped,
  First: document.querySelector('.pit').dataset.name})`, &after))
			if after.Open || after.South == "human" || after.North != "human" || after.Flipped != "1" || after.First != "a7" {
				t.Errorf("after Rematch: %+v, want the dialog closed, South the computer, North human at the bottom", after)
			}
			st := checkBoard(t, b.read(t))
			if st.ToMove != "N" || st.Turn != 1 {
				t.Errorf("after Rematch and the computer's first move: %s to move, turn %d", st.ToMove, st.Turn)
			}
			b.checkNoErrors(t)
		})
	}
}
