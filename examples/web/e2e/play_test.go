package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// human waits until the page waits for the human (or the game is over),
// after ply prev.
func (b *browser) human(t *testing.T, prev string) {
	t.Helper()
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.waiting !== 'computer' && document.body.dataset.ply !== '`+prev+`'`)
}

// poll waits until the expression is true, and on a timeout says what the
// page shows.
func (b *browser) poll(t *testing.T, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 50*time.Second)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.Poll(expr, nil, chromedp.WithPollingTimeout(45*time.Second))); err != nil {
		var s struct{ Busy, Waiting, Ply, Message, Status string }
		chromedp.Run(b.ctx, chromedp.Evaluate(`({Busy: document.body.dataset.busy, Waiting: document.body.dataset.waiting, Ply: document.body.dataset.ply,
			Message: document.getElementById('message').textContent, Status: document.getElementById('status-text').textContent})`, &s))
		t.Fatalf("waiting for %s: %v; the page shows %+v", expr, err, s)
	}
}

// TestPlay plays a whole game of each game by clicks, South (the human)
// against a computer North, checking the board against the API after
// every move and at the end of every animation; then undo and redo, an
// illegal click, the phone width, and no page errors.
func TestPlay(t *testing.T) {
	for _, g := range []struct {
		name, rules string
		maxPlies    int
	}{
		{"kisolo", "", 600},
		{"kiothi", "", 600},
		{"kimasai", "", 1000},
	} {
		t.Run(g.name, func(t *testing.T) {
			start := time.Now()
			b := newBrowser(t)
			b.open(t, "game="+g.name+"&rules="+g.rules+"&south=human&north=1&step=3&test=1")
			b.human(t, "")
			var st wire.State
			clicks := 0
			for {
				s := b.read(t)
				st = checkBoard(t, s)
				if st.Outcome.Status != "ongoing" {
					if s.Status != st.Outcome.Text {
						t.Errorf("status %q, want %q", s.Status, st.Outcome.Text)
					}
					break
				}
				if st.ToMove != "S" {
					t.Fatalf("ply %s: the page waits for a human but %s is to move", s.Ply, st.ToMove)
				}
				if clicks >= g.maxPlies {
					t.Fatalf("no end after %d clicks", clicks)
				}
				if clicks == 6 {
					b.screenshot(t, g.name+"-play")
				}
				if st.Opening != nil {
					// Kiothi's opening: empty the two rightmost pits and put
					// the ten warriors into North's row, rightmost first.
					var drops []string
					for i := range 10 {
						drops = append(drops, "b"+strconv.Itoa(10-i%10))
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
			end := b.read(t)
			n := checkLog(t, b)
			t.Logf("%s: %s after %s plies (%d clicks, %d animations checked) in %v", g.name, st.Outcome.Text, end.Ply, clicks, n, time.Since(start).Round(time.Millisecond))
			if n < clicks {
				t.Errorf("%d animations checked for %d clicks", n, clicks)
			}
			var seen bool
			b.run(t, chromedp.Evaluate(`(() => {
				const list = document.getElementById('moves'), cur = list.querySelector('li.current');
				const l = list.getBoundingClientRect(), c = cur.getBoundingClientRect();
				return c.top >= l.top - 1 && c.bottom <= l.bottom + 1;
			})()`, &seen))
			if !seen {
				t.Errorf("the move list does not show the last move (ply %s)", end.Ply)
			}
			// The game-over dialog: the result in words, the outcome, the
			// focus on Rematch; Review closes it.
			b.checkOverDialog(t, st.Outcome.Text)
			b.screenshot(t, g.name+"-over")
			b.axe(t, g.name+"-over")
			b.run(t, chromedp.Click(`#over-close`, chromedp.ByQuery, chromedp.NodeVisible))
			b.screenshot(t, g.name+"-end")
			b.axe(t, g.name+"-end")

			// Phone width: no horizontal scroll.
			b.phone(t, 360)
			b.noHorizontalScroll(t)
			b.screenshot(t, g.name+"-phone")
			b.axe(t, g.name+"-phone")
			b.phone(t, 0)

			// Undo goes back to the last position where the human moved.
			b.run(t, chromedp.Click(`#undo`, chromedp.ByQuery))
			b.human(t, end.Ply)
			u := b.read(t)
			ust := checkBoard(t, u)
			if ust.ToMove != "S" || u.Ply >= end.Ply && len(u.Ply) >= len(end.Ply) {
				t.Errorf("undo: ply %s, %s to move; was ply %s", u.Ply, ust.ToMove, end.Ply)
			}
			// An illegal click: a pit of North's.
			var north string
			for _, p := range ust.Pits {
				if p.Owner == "N" {
					north = p.Name
					break
				}
			}
			b.run(t, chromedp.Click(`.pit[data-name="`+north+`"]`, chromedp.ByQuery))
			b.run(t, chromedp.Poll(`document.getElementById('message').classList.contains('bad')`, nil, chromedp.WithPollingTimeout(10*time.Second)))
			ill := b.read(t)
			if want := north + " is North’s pit: play one of your glowing pits."; ill.Message != want || ill.Ply != u.Ply || ill.Position != u.Position {
				t.Errorf("illegal click on %s: message %q, ply %s -> %s", north, ill.Message, u.Ply, ill.Ply)
			}
			// Redo to the end again.
			for i := 0; i < 50; i++ {
				s := b.read(t)
				if s.Ply == end.Ply {
					break
				}
				b.run(t, chromedp.Click(`#redo`, chromedp.ByQuery))
				b.run(t, chromedp.Poll(`document.body.dataset.busy === '0' && document.body.dataset.ply !== '`+s.Ply+`'`, nil, chromedp.WithPollingTimeout(20*time.Second)))
				checkBoard(t, b.read(t))
			}
			if r := b.read(t); r.Ply != end.Ply || r.Position != end.Position {
				t.Errorf("redo to the end: ply %s %q, want %s %q", r.Ply, r.Position, end.Ply, end.Position)
			}
			b.checkNoErrors(t)
		})
	}
}

// openingTurn plays a Kiothi opening turn with the page's controls: it
// chooses the pits to empty (lifts, in any order), empties them, places
// the warriors (drops, in any order) and confirms; st is the state at the
// turn's start. The drops hold exactly the hand's warriors after the lifts.
func (b *browser) openingTurn(t *testing.T, st wire.State, lifts, drops []string) {
	t.Helper()
	for _, p := range lifts {
		b.run(t, chromedp.Click(`.pit[data-name="`+p+`"]`, chromedp.ByQuery, chromedp.NodeVisible))
	}
	b.run(t, chromedp.Click(`#opening-empty`, chromedp.ByQuery, chromedp.NodeVisible))
	b.poll(t, `document.body.dataset.busy === '0' && !document.getElementById('opening-drop').hidden`)
	for _, p := range drops {
		b.run(t, chromedp.Click(`.pit[data-name="`+p+`"]`, chromedp.ByQuery, chromedp.NodeVisible))
	}
	b.run(t, chromedp.Click(`#opening-confirm`, chromedp.ByQuery, chromedp.NodeVisible))
}

// TestKiothiOpening plays a Kiothi opening turn as a player thinks of it,
// with OpeningUpTo: choose one pit to empty, empty it, place the five
// warriors in an order of one's own (taking one back), and confirm; the
// page sends the canonical steps (KI-7): -a5 = +a1 +a1 +a3 +b10 +b10.
func TestKiothiOpening(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kiothi&rules=OpeningUpTo:true&south=human&north=human&step=3&test=1")
	b.human(t, "")
	s := b.read(t)
	st := checkBoard(t, s)
	if st.Opening == nil || st.Opening.Step != "lift" {
		t.Fatalf("opening %+v", st.Opening)
	}
	// Choose a6 then change one's mind for a5.
	for _, p := range []string{"a6", "a6", "a5"} {
		b.run(t, chromedp.Click(`.pit[data-name="`+p+`"]`, chromedp.ByQuery))
	}
	var text string
	b.run(t, chromedp.Text(`#opening-empty`, &text, chromedp.ByQuery))
	if text != "Empty a5" {
		t.Errorf("the empty button says %q, want %q", text, "Empty a5")
	}
	b.axe(t, "kiothi-opening-lift")
	b.run(t, chromedp.Click(`#opening-empty`, chromedp.ByQuery))
	b.poll(t, `document.body.dataset.busy === '0' && !document.getElementById('opening-drop').hidden`)
	s = b.read(t)
	st = checkBoard(t, s)
	if st.Opening == nil || st.Opening.Step != "drop" || st.Hand != 5 || s.Counters["hand:S"] != 5 || s.Ply != "2" {
		t.Fatalf("after emptying a5: ply %s, opening %+v, hand shown %v", s.Ply, st.Opening, s.Counters)
	}
	// Place b10, a3, a1, b10, a1, a1, take one back (the last a1), confirm.
	for _, p := range []string{"b10", "a3", "a1", "b10", "a1", "a1"} {
		b.run(t, chromedp.Click(`.pit[data-name="`+p+`"]`, chromedp.ByQuery))
	}
	var hand string
	b.run(t, chromedp.Evaluate(`document.getElementById('opening-text').textContent`, &hand))
	if !strings.HasSuffix(hand, "In hand: 0.") {
		t.Errorf("after six clicks (one refused): %q", hand)
	}
	b.run(t, chromedp.Click(`#opening-back`, chromedp.ByQuery))
	b.run(t, chromedp.Click(`.pit[data-name="a1"]`, chromedp.ByQuery))
	var shownSeeds map[string]int
	b.run(t, chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('.pit')].map(p => [p.dataset.name, Number(p.querySelector('.count').textContent)]))`, &shownSeeds))
	if shownSeeds["a1"] != 2 || shownSeeds["a3"] != 1 || shownSeeds["b10"] != 2 || shownSeeds["a5"] != 0 {
		t.Errorf("placed: a1 %d, a3 %d, b10 %d, a5 %d; want 2, 1, 2, 0", shownSeeds["a1"], shownSeeds["a3"], shownSeeds["b10"], shownSeeds["a5"])
	}
	b.axe(t, "kiothi-opening-drop")
	b.run(t, chromedp.Click(`#opening-confirm`, chromedp.ByQuery))
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '7'`)
	s = b.read(t)
	st = checkBoard(t, s)
	want := "kiothi 5,5,5,5,5,5,0,0,0,2/2,0,1,0,0,5,5,5,5,5 N turn=1 prisons=0,0 rules=OpeningUpTo:true"
	if st.Position != want || st.ToMove != "N" {
		t.Errorf("after South's opening: %q at ply %s, want %q at ply 7", st.Position, s.Ply, want)
	}
	// The move list shows the turn as one entry; its toggle opens the
	// seven steps, and closes them again.
	var moves []string
	b.run(t, chromedp.Evaluate(`[...document.querySelectorAll('#moves li.start > button .mv, #moves .turn > button:first-child .mv')].map(e => e.textContent)`, &moves))
	if got := strings.Join(moves, " | "); got != "start | opening (7 steps)" {
		t.Errorf("move list %q, want one entry for the opening turn", got)
	}
	b.run(t, chromedp.Click(`#moves .steps-toggle`, chromedp.ByQuery, chromedp.NodeVisible))
	var steps struct {
		Moves    []string
		Expanded string
	}
	b.run(t, chromedp.Evaluate(`({Moves: [...document.querySelectorAll('#moves ol.steps .mv')].map(e => e.textContent),
  Expanded: document.querySelector('#moves .steps-toggle').getAttribute('aria-expanded')})`, &steps))
	if got := strings.Join(steps.Moves, " "); got != "-a5 = +a1 +a1 +a3 +b10 +b10" || steps.Expanded != "true" {
		t.Errorf("the opening's steps: %q (expanded %s)", got, steps.Expanded)
	}
	b.axe(t, "kiothi-opening-steps")
	b.screenshot(t, "kiothi-opening-steps")
	b.run(t, chromedp.Click(`#moves .steps-toggle`, chromedp.ByQuery, chromedp.NodeVisible))
	var n int
	b.run(t, chromedp.Evaluate(`document.querySelectorAll('#moves ol.steps').length`, &n))
	if n != 0 {
		t.Errorf("the steps stay open after the toggle")
	}
	// Undo goes back to the turn's start, not to a step inside it.
	b.run(t, chromedp.Click(`#undo`, chromedp.ByQuery))
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '0'`)
	b.checkNoErrors(t)
}

// TestCompulsoryCapture: at the Kisolo start every move is a capture
// (KS-6); a click on an outer pit of South's is refused in words, with
// the clause as a link to the rules, and no request.
func TestCompulsoryCapture(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kisolo&south=human&north=human&step=3&test=1")
	b.human(t, "")
	before := b.read(t)
	b.run(t, chromedp.Click(`.pit[data-name="a1"]`, chromedp.ByQuery))
	b.run(t, chromedp.Poll(`document.getElementById('message').classList.contains('bad')`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	got := b.read(t)
	if want := "A capture is compulsory: play one of your glowing inner pits, which face occupied pits. rule KS-6"; got.Message != want || got.Position != before.Position {
		t.Errorf("click on a1: message %q at %q; want %q at %q", got.Message, got.Position, want, before.Position)
	}
	b.checkNoErrors(t)
}

// TestSideChangedWhileThinking: a side switched from a computer level to
// Human while the computer thinks for it: the move it was thinking about
// is not played, and the page waits for the human.
func TestSideChangedWhileThinking(t *testing.T) {
	b := newBrowser(t)
	// The strongest level: it thinks the whole 300 ms of an opening step.
	b.open(t, "game=kiothi&south="+strconv.Itoa(len(gameOf(t, "kiothi").Levels))+"&north=human&step=3&test=1")
	b.run(t, chromedp.Poll(`document.body.dataset.busy === '1'`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	var thinks string
	b.run(t, chromedp.Evaluate(`document.body.dataset.thinks || '0'`, &thinks))
	b.run(t, chromedp.Evaluate(`(() => { const s = document.getElementById('south-select'); s.value = 'human'; s.dispatchEvent(new Event('change')); })()`, nil))
	// Wait for the think under way to answer (data-thinks counts answers;
	// the page handles one in the same task): a page that played its move
	// would be busy with it, or past ply 0.
	b.poll(t, `Number(document.body.dataset.thinks || 0) > `+thinks)
	var waiting, busy string
	b.run(t, chromedp.Evaluate(`document.body.dataset.waiting`, &waiting))
	b.run(t, chromedp.Evaluate(`document.body.dataset.busy`, &busy))
	if s := b.read(t); s.Ply != "0" || waiting != "human" || busy != "0" {
		t.Errorf("after switching South to Human mid-think: ply %s, waiting for %q, busy %s; want ply 0, waiting for the human, not busy", s.Ply, waiting, busy)
	}
	b.checkNoErrors(t)
}

// TestThinkFailureRetry: when a computer's think fails (here the network,
// not a busy server), the page says so and offers "Play from here", which
// thinks again and plays the computer's move.
func TestThinkFailureRetry(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kisolo&south=human&north=1&step=3&test=1")
	b.human(t, "")
	b.run(t, chromedp.Evaluate(`(() => {
		const f = window.fetch;
		let failed = false;
		window.fetch = (u, o) => {
			if (!failed && String(u).includes('/think')) { failed = true; return Promise.reject(new TypeError('network down')); }
			return f(u, o);
		};
	})()`, nil))
	s := b.read(t)
	st := checkBoard(t, s)
	b.clickMove(t, st, st.Legal[0])
	b.run(t, chromedp.Poll(`!document.getElementById('resume').hidden && document.body.dataset.busy === '0'`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	if msg := b.read(t).Message; !strings.HasPrefix(msg, "The computer could not move: ") || !strings.HasSuffix(msg, "Click “Play from here” to try again.") {
		t.Errorf("after a failed think: message %q", msg)
	}
	b.run(t, chromedp.Click(`#resume`, chromedp.ByQuery))
	b.human(t, "1")
	if got := b.read(t); got.Ply != "2" {
		t.Errorf("after the retry: ply %s, want 2 (the computer's move played)", got.Ply)
	}
	b.checkNoErrors(t)
}

// TestShareAndHint asks for a hint, copies the game as a record, starts
// again and pastes the record back; then pastes a position.
func TestShareAndHint(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kisolo&rules=Columns:6&south=human&north=human&step=3&test=1")
	b.human(t, "")
	for _, mv := range []string{"xb1", "xc6", "xb2"} {
		s := b.read(t)
		b.clickMove(t, checkBoard(t, s), mv)
		b.human(t, s.Ply)
	}
	s := b.read(t)
	st := checkBoard(t, s)
	b.run(t, chromedp.Click(`#hint`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('message').textContent.startsWith('Hint: ') && document.body.dataset.busy === '0'`)
	r := api[wire.ThinkResponse](t, "think", wire.ThinkRequest{Position: st.Position, Agent: "alphabeta", Depth: 6})
	var hinted string
	b.run(t, chromedp.Evaluate(`(document.querySelector('.pit.hinted') || {dataset: {}}).dataset.name || ''`, &hinted))
	if msg := b.read(t).Message; !strings.HasPrefix(msg, "Hint: "+r.Move+" ") || !strings.HasSuffix(r.Move, hinted) || hinted == "" {
		t.Errorf("hint %q on pit %q, want %s", msg, hinted, r.Move)
	} else if want := "; then it expects " + strings.Join(r.Line[1:], " ") + ")."; len(r.Line) < 2 || !strings.HasSuffix(msg, want) {
		t.Errorf("hint %q: want the line %q, ending %q", msg, r.Line, want)
	}

	b.run(t, chromedp.Click(`#copy-record`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('share-text').value.includes('xb1 xc6 xb2')`)
	var text string
	b.run(t, chromedp.Value(`#share-text`, &text, chromedp.ByQuery))
	if !strings.HasPrefix(text, "[Game \"kisolo\"]\n[Rules \"Columns:6\"]\n[South \"Human\"]\n[North \"Human\"]\n[Date \"") ||
		!strings.HasSuffix(text, "[Result \"*\"]\n\nxb1 xc6 xb2\n") {
		t.Errorf("record %q", text)
	}
	// A new game of another game, then the record pasted back.
	b.run(t, chromedp.SetValue(`#game-select`, "kimasai", chromedp.ByQuery), chromedp.Click(`#start`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('board').dataset.game === 'kimasai' && document.body.dataset.busy === '0'`)
	b.run(t, chromedp.Click(`#load`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('board').dataset.game === 'kisolo' && document.body.dataset.busy === '0'`)
	back := b.read(t)
	if back.Position != s.Position || back.Ply != "3" {
		t.Errorf("loaded %q at ply %s, want %q at ply 3", back.Position, back.Ply, s.Position)
	}
	checkBoard(t, back)
	b.run(t, chromedp.Click(`#undo`, chromedp.ByQuery))
	b.human(t, "3")
	checkBoard(t, b.read(t))

	// A position line pasted.
	pos := "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0"
	b.run(t, chromedp.SetValue(`#share-text`, pos, chromedp.ByQuery), chromedp.Click(`#load`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('board').dataset.position === '`+pos+`' && document.body.dataset.busy === '0'`)
	k := b.read(t)
	kst := checkBoard(t, k)
	if !k.Nki["b5"] || k.Ply != "0" {
		t.Errorf("pasted position: nki %v, ply %s", k.Nki, k.Ply)
	}
	// a3 has two moves (a3:1, a3:2): the chooser asks how many.
	b.clickMove(t, kst, "a3:2")
	b.human(t, "0")
	if got := b.read(t); got.Ply != "1" || !strings.Contains(got.Message, "South played a3:2") {
		t.Errorf("after a3:2: ply %s, message %q", got.Ply, got.Message)
	}
	// A bad paste is explained.
	b.run(t, chromedp.SetValue(`#share-text`, "kisolo 3,3", chromedp.ByQuery), chromedp.Click(`#load`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('share-message').textContent.startsWith('Cannot load: ')`)
	b.forgive(t, "status of 400")
	checkLog(t, b)
	b.checkNoErrors(t)
}

// TestReducedMotion: under prefers-reduced-motion the sowing animation is
// off by default, and a move shows its end at once.
func TestReducedMotion(t *testing.T) {
	b := newBrowser(t)
	b.run(t, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
	b.open(t, "game=kimasai&south=human&north=human&test=1")
	b.human(t, "")
	b.axe(t, "kimasai-reduced-motion")
	var speed string
	b.run(t, chromedp.Value(`#speed`, &speed, chromedp.ByQuery))
	if speed != "off" {
		t.Errorf("speed %q under prefers-reduced-motion, want off", speed)
	}
	s := b.read(t)
	b.clickMove(t, checkBoard(t, s), "b6")
	b.human(t, s.Ply)
	checkBoard(t, b.read(t))
	var animated int
	b.run(t, chromedp.Evaluate(`window.mancalaLog.length`, &animated))
	if animated != 0 {
		t.Errorf("%d animations with the animation off", animated)
	}
	b.checkNoErrors(t)
}
