package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// nkiEverywhere is a Kiothi position with every pit nki and counts of one
// and two digits (3, 5, 8, 13, 15, 18, 23: the counts players confused).
const nkiEverywhere = "kiothi 3*,5*,8*,13*,15*,18*,23*,3*,5*,8*/13*,15*,18*,3*,5*,8*,13*,15*,18*,8* S turn=2 prisons=0,0"

// overlaps returns, for every pit, the area (px²) its count shares with
// its own nki mark and with the hand counter, and the pits whose count is
// cut by the pit's edge; measured with getBoundingClientRect.
const overlaps = `(() => {
  const area = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const out = [];
  const hands = [...document.querySelectorAll('.counter.hand-counter')].filter(h => !h.hidden).map(h => h.getBoundingClientRect());
  for (const p of document.querySelectorAll('.pit')) {
    const c = p.querySelector('.count').getBoundingClientRect(), n = p.querySelector('.nki');
    const nr = n.hidden ? null : n.getBoundingClientRect();
    const nkiArea = nr ? area(c, nr) : 0;
    let handArea = 0;
    for (const h of hands) handArea += area(c, h);
    out.push({name: p.dataset.name, nki: !!nr && nr.width > 0, nkiArea, handArea, countW: c.width, countH: c.height});
  }
  return out;
})()`

type overlap struct {
	Name           string
	Nki            bool
	NkiArea        float64
	HandArea       float64
	CountW, CountH float64
}

// TestReadableCounts: at 320 to 1280 px the nki mark never covers a pit's
// count (the boxes do not overlap), nor does the hand counter, during a
// move and while placing Kiothi's opening; an empty hand shows no "0".
func TestReadableCounts(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kiothi&south=human&north=human&step=3&test=1")
	b.human(t, "")
	b.run(t, chromedp.SetValue(`#share-text`, nkiEverywhere, chromedp.ByQuery), chromedp.Click(`#load`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('board').dataset.position === '`+nkiEverywhere+`' && document.body.dataset.busy === '0'`)
	for _, w := range []int64{320, 360, 414, 768, 1024, 1280} {
		b.phone(t, w)
		var got []overlap
		b.run(t, chromedp.Evaluate(overlaps, &got))
		for _, o := range got {
			if !o.Nki || o.NkiArea > 0 || o.HandArea > 0 || o.CountW < 8 || o.CountH < 10 {
				t.Errorf("%d px: pit %s: nki shown %v, count %.0fx%.0f px shares %.1f px² with the nki mark and %.1f with the hand", w, o.Name, o.Nki, o.CountW, o.CountH, o.NkiArea, o.HandArea)
			}
		}
		if w == 320 || w == 360 {
			b.screenshot(t, fmt.Sprintf("nki-%d", w))
		}
		b.noHorizontalScroll(t)
	}
	b.axe(t, "kiothi-nki-320")
	b.phone(t, 0)

	// The hand while placing the opening, at phone width: shown, clear of
	// every count, and hidden (no "0") once every warrior is placed.
	b.open(t, "game=kiothi&south=human&north=human&step=3&test=1")
	b.human(t, "")
	b.phone(t, 320)
	for _, p := range []string{"a9", "a10"} {
		b.run(t, chromedp.Click(`.pit[data-name="`+p+`"]`, chromedp.ByQuery))
	}
	b.run(t, chromedp.Click(`#opening-empty`, chromedp.ByQuery))
	b.poll(t, `document.body.dataset.busy === '0' && !document.getElementById('opening-drop').hidden`)
	handText := func() string {
		var s string
		b.run(t, chromedp.Evaluate(`[...document.querySelectorAll('.counter.hand-counter')].filter(h => !h.hidden).map(h => h.textContent).join('|')`, &s))
		return s
	}
	if got := handText(); got != "South's hand10" {
		t.Errorf("hand while placing: %q, want South's hand10", got)
	}
	var got []overlap
	b.run(t, chromedp.Evaluate(overlaps, &got))
	for _, o := range got {
		if o.HandArea > 0 {
			t.Errorf("320 px: the hand covers %.1f px² of %s's count", o.HandArea, o.Name)
		}
	}
	b.screenshot(t, "opening-hand-320")
	for range 10 {
		b.run(t, chromedp.Click(`.pit[data-name="b5"]`, chromedp.ByQuery))
	}
	if got := handText(); got != "" {
		t.Errorf("hand with every warrior placed: %q, want no hand shown", got)
	}
	b.phone(t, 0)

	// During a move: sample the board at every change of the sowing mark.
	b.open(t, "game=kisolo&south=human&north=human&step=60&test=1")
	b.human(t, "")
	b.run(t, chromedp.Evaluate(`(() => {
		window.handSamples = [];
		const measure = new Function('return ' + `+"`"+overlaps+"`"+`);
		new MutationObserver(() => window.handSamples.push({hands: [...document.querySelectorAll('.counter.hand-counter')].filter(h => !h.hidden).map(h => h.textContent), o: measure()}))
			.observe(document.getElementById('board'), {subtree: true, attributes: true, attributeFilter: ['class', 'hidden']});
	})()`, nil))
	s := b.read(t)
	b.clickMove(t, checkBoard(t, s), "xb1")
	b.human(t, s.Ply)
	var samples []struct {
		Hands []string
		O     []overlap
	}
	b.run(t, chromedp.Evaluate(`window.handSamples`, &samples))
	shownHand := 0
	for i, smp := range samples {
		for _, h := range smp.Hands {
			shownHand++
			if strings.HasSuffix(h, "hand0") {
				t.Errorf("sample %d: the hand shows %q", i, h)
			}
		}
		for _, o := range smp.O {
			if o.HandArea > 0 {
				t.Errorf("sample %d: the hand covers %s's count", i, o.Name)
			}
		}
	}
	if len(samples) < 10 || shownHand == 0 {
		t.Errorf("%d samples during the move, the hand shown in %d", len(samples), shownHand)
	}
	b.checkNoErrors(t)
}

// TestReload: a Bao la Kimasai game against a computer under Endless:Illegal, moved
// back in its history, survives a reload: game, rules, sides, history and
// the position shown; changing the form starts nothing until New game.
func TestReload(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kimasai&rules=Endless:Illegal&south=human&north=2&step=3&test=1")
	b.human(t, "")
	for range 3 {
		s := b.read(t)
		st := checkBoard(t, s)
		b.clickMove(t, st, st.Legal[0])
		b.human(t, s.Ply)
	}
	b.run(t, chromedp.Click(`#undo`, chromedp.ByQuery))
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '4'`)
	before := b.read(t)
	var beforeMoves []string
	b.run(t, chromedp.Evaluate(`[...document.querySelectorAll('#moves .mv')].map(e => e.textContent)`, &beforeMoves))
	b.run(t, chromedp.Reload())
	b.idle(t)
	after := b.read(t)
	var form struct{ Game, South, North, Rules, Message, URL string }
	var afterMoves []string
	b.run(t, chromedp.Evaluate(`[...document.querySelectorAll('#moves .mv')].map(e => e.textContent)`, &afterMoves))
	b.run(t, chromedp.Evaluate(`({Game: document.getElementById('game-select').value, South: document.getElementById('south-select').value,
		North: document.getElementById('north-select').value, Rules: document.getElementById('rules-text').textContent,
		Message: document.getElementById('message').textContent, URL: location.search})`, &form))
	if after.Position != before.Position || after.Ply != "4" || strings.Join(afterMoves, " ") != strings.Join(beforeMoves, " ") || len(afterMoves) != 7 {
		t.Errorf("after the reload: ply %s %q moves %v; before: ply %s %q moves %v", after.Ply, after.Position, afterMoves, before.Ply, before.Position, beforeMoves)
	}
	if north := strings.ToLower(gameOf(t, "kimasai").Levels[1].Name); form.Game != "kimasai" || form.South != "human" || form.North != north || form.Rules != "Endless:Illegal" || !strings.HasPrefix(form.Message, "Welcome back") {
		t.Errorf("after the reload: form %+v", form)
	}
	// The form alone changes nothing; New game does.
	b.run(t, chromedp.SetValue(`#game-select`, "kisolo", chromedp.ByQuery), chromedp.Evaluate(`document.getElementById('game-select').dispatchEvent(new Event('change'))`, nil))
	if s := b.read(t); s.Position != before.Position {
		t.Errorf("choosing another game changed the board to %q", s.Position)
	}
	b.axe(t, "reload")
	b.run(t, chromedp.Click(`#start`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('board').dataset.game === 'kisolo' && document.body.dataset.busy === '0'`)
	b.run(t, chromedp.Reload())
	b.idle(t)
	if s := b.read(t); !strings.HasPrefix(s.Position, "kisolo ") || s.Ply != "0" {
		t.Errorf("after New game and a reload: %q at ply %s", s.Position, s.Ply)
	}
	b.checkNoErrors(t)
}

// TestAnimationBudget: at the default speed Kisolo's first capture move
// (14 s of sowing before) is planned to take at most 3 s; Skip ends a
// move at once.
func TestAnimationBudget(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kisolo&south=human&north=human&test=1")
	b.human(t, "")
	s := b.read(t)
	st := checkBoard(t, s)
	r := api[wire.ApplyResponse](t, "apply", wire.ApplyRequest{Position: st.Position, Move: "xb1"})
	start := time.Now()
	b.clickMove(t, st, "xb1")
	b.human(t, s.Ply)
	var ms string
	b.run(t, chromedp.Evaluate(`document.body.dataset.animMs`, &ms))
	var planned int
	fmt.Sscan(ms, &planned)
	t.Logf("xb1: %d events, planned %d ms, shown in %v", len(r.Events), planned, time.Since(start).Round(time.Millisecond))
	if planned <= 0 || planned > 3000 || len(r.Events) < 40 {
		t.Errorf("xb1 (%d events) planned to take %d ms, want 1..3000", len(r.Events), planned)
	}
	// Skip: a slow move ends at once.
	b.run(t, chromedp.SetValue(`#speed`, "slow", chromedp.ByQuery))
	s = b.read(t)
	st = checkBoard(t, s)
	b.clickMove(t, st, st.Legal[0])
	b.poll(t, `!document.getElementById('skip').hidden`)
	b.run(t, chromedp.Click(`#skip`, chromedp.ByQuery))
	b.human(t, s.Ply)
	checkBoard(t, b.read(t))
	b.checkNoErrors(t)
}

// key presses a key on the focused element.
func (b *browser) key(t *testing.T, k string) {
	t.Helper()
	b.run(t, chromedp.KeyEvent(k))
}

func (b *browser) focused(t *testing.T) string {
	t.Helper()
	var s string
	b.run(t, chromedp.Evaluate(`(() => { const e = document.activeElement; return e && e.classList.contains('pit') ? 'pit:' + e.dataset.name : e ? e.tagName + '#' + e.id : ''; })()`, &s))
	return s
}

// TestKeyboardGame plays a whole Kisolo game by the keyboard alone: Tab
// to the board (one Tab stop), the arrow keys to the move's pit, Enter.
func TestKeyboardGame(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kisolo&south=human&north=1&step=3&test=1")
	b.human(t, "")
	var stops int
	b.run(t, chromedp.Evaluate(`document.querySelectorAll('.pit[tabindex="0"]').length`, &stops))
	if stops != 1 {
		t.Fatalf("%d pits are Tab stops, want 1", stops)
	}
	// Tab from the top of the page to the board.
	tabs := 0
	for ; tabs < 30 && !strings.HasPrefix(b.focused(t), "pit:"); tabs++ {
		b.key(t, kb.Tab)
	}
	b.axe(t, "kisolo-keyboard")
	t.Logf("%d Tab presses to the board", tabs)
	if !strings.HasPrefix(b.focused(t), "pit:") {
		t.Fatalf("30 Tabs never reached the board")
	}
	b.key(t, kb.Tab)
	if f := b.focused(t); strings.HasPrefix(f, "pit:") {
		t.Errorf("a second Tab stays on the board (%s)", f)
	}
	b.run(t, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(input.ModifierShift)))
	plies := 0
	for {
		s := b.read(t)
		st := checkBoard(t, s)
		if st.Outcome.Status != "ongoing" {
			break
		}
		if plies > 400 {
			t.Fatal("no end after 400 moves")
		}
		r := api[wire.ThinkResponse](t, "think", wire.ThinkRequest{Position: st.Position, Agent: "alphabeta", Depth: 1})
		var pit string
		for _, m := range st.Moves {
			if m.Text == r.Move {
				pit = m.Pit
			}
		}
		for range 40 {
			if b.focused(t) == "pit:"+pit {
				break
			}
			b.key(t, kb.ArrowRight)
		}
		if f := b.focused(t); f != "pit:"+pit {
			t.Fatalf("ply %s: the arrow keys never reached %s (focus on %s)", s.Ply, pit, f)
		}
		if plies%2 == 0 {
			b.key(t, kb.Enter)
		} else {
			b.key(t, " ")
		}
		plies++
		b.human(t, s.Ply)
		var over bool
		b.run(t, chromedp.Evaluate(`document.getElementById('over').open`, &over))
		if over {
			// The game-over dialog has the focus: Escape closes it.
			if f := b.focused(t); f != "BUTTON#rematch" {
				t.Errorf("game over: the focus is on %q, want Rematch", f)
			}
			b.key(t, kb.Escape)
			b.run(t, chromedp.Evaluate(`document.getElementById('over').open`, &over))
			if over {
				t.Error("Escape left the game-over dialog open")
			}
			continue
		}
		if f := b.focused(t); !strings.HasPrefix(f, "pit:") {
			t.Fatalf("after %s the focus left the board (%s)", r.Move, f)
		}
	}
	t.Logf("a whole game by keyboard: %d moves of South's", plies)
	b.checkNoErrors(t)
}

// TestChooserFocus: in Kiothi a pit with several counts opens a chooser
// that takes the focus; choosing (Enter) plays and gives the focus back
// to the board; Escape closes it and gives the focus back too.
func TestChooserFocus(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kiothi&south=human&north=human&step=3&test=1")
	b.human(t, "")
	pos := "kiothi 0,0,3,0,0,0,0,0,0,0/0,0,2,0,0,0,0,3,0,0 S turn=2 prisons=0,0"
	b.run(t, chromedp.SetValue(`#share-text`, pos, chromedp.ByQuery), chromedp.Click(`#load`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('board').dataset.position === '`+pos+`' && document.body.dataset.busy === '0'`)
	b.run(t, chromedp.Focus(`.pit[data-name="a3"]`, chromedp.ByQuery))
	b.key(t, kb.Enter)
	b.poll(t, `!document.getElementById('chooser').hidden && document.activeElement.dataset.move !== undefined`)
	b.axe(t, "kiothi-chooser")
	b.key(t, kb.Escape)
	if f := b.focused(t); f != "pit:a3" {
		t.Errorf("after Escape the focus is on %s, want pit:a3", f)
	}
	b.key(t, kb.Enter)
	b.poll(t, `!document.getElementById('chooser').hidden`)
	b.key(t, kb.Tab) // the second count
	var mv string
	b.run(t, chromedp.Evaluate(`document.activeElement.dataset.move || ''`, &mv))
	b.key(t, kb.Enter)
	b.human(t, "0")
	if f, s := b.focused(t), b.read(t); !strings.HasPrefix(f, "pit:") || s.Ply != "1" || !strings.Contains(s.Message, "South played "+mv) {
		t.Errorf("after choosing %s: focus %s, ply %s, message %q", mv, f, s.Ply, s.Message)
	}
	b.checkNoErrors(t)
}

// TestVariation: a move played from an earlier position keeps the line
// it replaces as a variation, which can be made the main line again.
func TestVariation(t *testing.T) {
	b := newBrowser(t)
	b.open(t, "game=kimasai&south=human&north=human&step=3&test=1")
	b.human(t, "")
	var line []string
	for range 4 {
		s := b.read(t)
		st := checkBoard(t, s)
		line = append(line, st.Legal[0])
		b.clickMove(t, st, st.Legal[0])
		b.human(t, s.Ply)
	}
	end := b.read(t)
	b.run(t, chromedp.Click(`#moves button[data-ply="2"]`, chromedp.ByQuery)) // after move 2
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '2'`)
	s := b.read(t)
	st := checkBoard(t, s)
	other := st.Legal[len(st.Legal)-1]
	if other == line[2] {
		t.Fatalf("no other move than %s", other)
	}
	b.clickMove(t, st, other)
	b.human(t, "2")
	got := b.read(t)
	var vtext string
	b.run(t, chromedp.Evaluate(`document.getElementById('variations').textContent`, &vtext))
	if got.Ply != "3" || !strings.Contains(got.Message, "kept as a variation") || !strings.Contains(vtext, "After ply 2: "+line[2]+" "+line[3]+" (2 plies)") {
		t.Errorf("after %s from ply 2: ply %s, message %q, variations %q", other, got.Ply, got.Message, vtext)
	}
	b.axe(t, "variation")
	b.run(t, chromedp.Click(`#variations button`, chromedp.ByQuery))
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '3'`)
	b.run(t, chromedp.Click(`#redo`, chromedp.ByQuery))
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.ply === '4'`)
	if back := b.read(t); back.Position != end.Position {
		t.Errorf("the variation made the main line again ends at %q, want %q", back.Position, end.Position)
	}
	b.run(t, chromedp.Evaluate(`document.getElementById('variations').textContent`, &vtext))
	if !strings.Contains(vtext, "After ply 2: "+other+" (1 ply)") {
		t.Errorf("variations after the switch: %q", vtext)
	}
	b.checkNoErrors(t)
}

// TestHelpLevelsAndLoad: every game has a rules summary and a notation
// legend in words; the levels are offered weakest first with what they
// are; "Loaded N moves" counts the moves of a record, and a position is
// loaded as a position.
func TestHelpLevelsAndLoad(t *testing.T) {
	b := newBrowser(t)
	games := getJSON[struct{ Games []gameLevels }](t, "games")
	for _, g := range []string{"kisolo", "kiothi", "kimasai"} {
		b.open(t, "game="+g+"&south=human&north=human&step=3&test=1")
		b.human(t, "")
		var help struct {
			Paras, Rows int
			Head        string
			Levels      []string
		}
		b.run(t, chromedp.Evaluate(`(() => { const h = document.getElementById('help-body');
			document.getElementById('help').open = true;
			return {Paras: h.querySelectorAll('p').length, Rows: h.querySelectorAll('table.legend tr').length, Head: h.querySelector('h3').textContent,
			  Levels: [...document.querySelectorAll('#north-select optgroup option')].map(o => o.textContent)}; })()`, &help))
		if help.Paras < 4 || help.Rows < 2 || !strings.HasPrefix(help.Head, "How to play ") {
			t.Errorf("%s: help %+v", g, help)
		}
		var levels []string
		for _, gi := range games.Games {
			if gi.Name == g {
				levels = append(levels, levelsOf(gi)...)
			}
		}
		if strings.Join(help.Levels, "|") != strings.Join(levels, "|") || len(levels) < 2 {
			t.Errorf("%s: levels offered %q, want %q", g, help.Levels, levels)
		}
		b.axe(t, g+"-help")
	}
	// A record of three moves, then a position.
	rec := api[wire.RecordResponse](t, "record", wire.RecordRequest{Game: "kisolo", Moves: []string{"xb1", "xc7", "xb2"}})
	b.run(t, chromedp.SetValue(`#share-text`, rec.Record, chromedp.ByQuery), chromedp.Click(`#load`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('share-message').textContent.startsWith('Loaded')`)
	var msg string
	b.run(t, chromedp.Text(`#share-message`, &msg, chromedp.ByQuery))
	if msg != "Loaded a game of Kisolo: 3 moves." {
		t.Errorf("loading a record of 3 moves: %q", msg)
	}
	b.run(t, chromedp.SetValue(`#share-text`, nkiEverywhere, chromedp.ByQuery), chromedp.Click(`#load`, chromedp.ByQuery))
	b.poll(t, `document.getElementById('share-message').textContent === 'Loaded a position of Kiothi.'`)
	b.checkNoErrors(t)
}

// contrast measures every visible text's contrast with the solid colour
// behind it (WCAG 2 relative luminance); it returns the texts below 4.5:1
// (3:1 for large text) and the number measured.
const contrast = `(() => {
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const v = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
  const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const over = (top, bottom) => { const a = top[3]; return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat(1); };
  const bg = (el) => { const layers = []; for (let e = el; e; e = e.parentElement) { const s = getComputedStyle(e); if (s.backgroundImage !== 'none') return {img: true}; const c = parse(s.backgroundColor); if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let out = [255, 255, 255, 1]; for (const l of layers.reverse()) out = over(l, out); return {c: out}; };
  const bad = []; let n = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement; if (!t.textContent.trim() || !el) continue;
    const r = el.getBoundingClientRect(); if (!r.width || !r.height || !el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    if (el.closest('button:disabled, select:disabled, .sr, option, optgroup')) continue;
    const s = getComputedStyle(el); const b = bg(el);
    if (b.img) { bad.push('on an image: ' + t.textContent.trim().slice(0, 30)); continue; }
    let fg = parse(s.color); let op = 1; for (let e = el; e; e = e.parentElement) op *= Number(getComputedStyle(e).opacity);
    fg = over([fg[0], fg[1], fg[2], fg[3] * op], b.c);
    const L1 = lum(fg), L2 = lum(b.c); const ratio = (Math.max(L1, L2) + 0.05) / (Math.min(L1, L2) + 0.05);
    const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700; const large = size >= 24 || (bold && size >= 18.66);
    n++;
    if (ratio < (large ? 3 : 4.5)) bad.push(t.textContent.trim().slice(0, 30) + ' ' + ratio.toFixed(2) + ':1 (' + s.color + ' on ' + b.c.map(Math.round).join(',') + ')');
  }
  return {bad, n};
})()`

// TestContrastAndZoom: every text has a contrast of at least 4.5:1 (3:1
// when large), measured; at 200% zoom (1280 x 1000 shown as 640 x 500)
// the whole board fits the window in every game.
func TestContrastAndZoom(t *testing.T) {
	b := newBrowser(t)
	for _, g := range []string{"kisolo", "kiothi", "kimasai"} {
		b.open(t, "game="+g+"&south=human&north=human&step=3&test=1")
		b.human(t, "")
		s := b.read(t)
		st := checkBoard(t, s)
		if st.Opening == nil {
			b.clickMove(t, st, st.Legal[0])
			b.human(t, s.Ply)
		}
		b.run(t, chromedp.Evaluate(`document.getElementById('help').open = true`, nil))
		var c struct {
			Bad []string
			N   int
		}
		b.run(t, chromedp.Evaluate(contrast, &c))
		if len(c.Bad) > 0 || c.N < 50 {
			t.Errorf("%s: %d texts measured, below 4.5:1: %q", g, c.N, c.Bad)
		}
		b.axe(t, g+"-board")
		// 200%: the CSS viewport of a 1280 x 1000 window at zoom 2.
		b.run(t, emulation.SetDeviceMetricsOverride(640, 500, 2, false), laidOut("innerWidth === 640"))
		var box struct{ Top, Bottom, Left, Right, W, H float64 }
		b.run(t, chromedp.Evaluate(`(() => { const r = document.getElementById('board').getBoundingClientRect();
			return {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right, W: innerWidth, H: innerHeight}; })()`, &box))
		if box.Bottom-box.Top > box.H || box.Right-box.Left > box.W {
			t.Errorf("%s at 200%%: the board is %.0f x %.0f px in a %.0f x %.0f window", g, box.Right-box.Left, box.Bottom-box.Top, box.W, box.H)
		}
		b.run(t, chromedp.Evaluate(`document.getElementById('board').scrollIntoView()`, nil))
		b.screenshot(t, g+"-zoom200")
		b.phone(t, 0)
	}
	b.checkNoErrors(t)
}

// gameLevels is a game of GET games with the levels it offers (the
// field the ladder adds; absent before).
type gameLevels struct {
	Name   string `json:"name"`
	Levels []struct {
		Name   string `json:"name"`
		Rating *int   `json:"rating"`
		Agent  struct {
			Agent      string `json:"agent"`
			Depth      int    `json:"depth"`
			Nodes      int    `json:"nodes"`
			Iterations int    `json:"iterations"`
			TimeMs     int64  `json:"timeMs"`
		} `json:"agent"`
	} `json:"levels"`
}

// levelsOf is the text the page gives a game's levels in its side
// choosers, weakest first: the name, the rating and the agent in words.
func levelsOf(g gameLevels) []string {
	var out []string
	for _, l := range g.Levels {
		s := l.Name
		if l.Rating != nil {
			s += fmt.Sprintf(" (rating %d)", *l.Rating)
		}
		a := l.Agent
		switch a.Agent {
		case "random":
			s += " — random moves"
		case "alphabeta":
			s += " — AlphaBeta search"
			if a.Depth == 1 {
				s += ", 1 ply deep"
			} else if a.Depth > 0 {
				s += fmt.Sprintf(", %d plies deep", a.Depth)
			}
			if a.Nodes > 0 {
				s += ", up to " + commas(a.Nodes) + " positions a move (within the 2 s a move the rules service allows)"
			}
		case "mcts":
			s += " — Monte Carlo tree search"
			if a.Iterations > 0 {
				s += ", " + commas(a.Iterations) + " playouts"
			}
		default:
			s += " — " + a.Agent
		}
		if a.TimeMs >= 1000 {
			s += fmt.Sprintf(", at most %g s a move", float64(a.TimeMs)/1000)
		} else if a.TimeMs > 0 {
			s += fmt.Sprintf(", at most %d ms a move", a.TimeMs)
		}
		out = append(out, s)
	}
	return out
}

// gameOf returns a game of GET games with its levels.
func gameOf(t *testing.T, name string) gameLevels {
	t.Helper()
	for _, g := range getJSON[struct{ Games []gameLevels }](t, "games").Games {
		if g.Name == name {
			if len(g.Levels) < 2 {
				t.Fatalf("%s has %d levels", name, len(g.Levels))
			}
			return g
		}
	}
	t.Fatalf("no game %s", name)
	return gameLevels{}
}

// commas writes n with thousands separators, as toLocaleString('en').
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
