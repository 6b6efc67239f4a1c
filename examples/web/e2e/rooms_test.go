package e2e

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// roomServer is the web program built with the roomstest tag (its rooms'
// clock moves only on POST /api/v1/test/advance) on a database of its
// own, which the test stops and starts again on the same address.
type roomServer struct {
	bin, db, addr, url string
	cmd                *exec.Cmd
}

var roomBin = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "mancala-rooms-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "web")
	build := exec.Command("go", "build", "-tags", "roomstest", "-o", bin, ".")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build -tags roomstest: %v\n%s", err, out)
	}
	return bin, nil
})

func startRooms(t *testing.T) *roomServer {
	t.Helper()
	bin, err := roomBin()
	if err != nil {
		t.Fatal(err)
	}
	s := &roomServer{bin: bin, db: filepath.Join(t.TempDir(), "rooms.db"), addr: "127.0.0.1:0"}
	s.start(t)
	t.Cleanup(func() { s.stop(t) })
	return s
}

func (s *roomServer) start(t *testing.T) {
	t.Helper()
	cmd := exec.Command(s.bin, "-addr", s.addr, "-db", s.db, "-abandon", "24h")
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.cmd = cmd
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the server's address: %v", err)
	}
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[3], "http://127.0.0.1:") {
		t.Fatalf("unexpected first line %q", line)
	}
	s.url = f[3]
	s.addr = strings.TrimPrefix(s.url, "http://")
}

func (s *roomServer) stop(t *testing.T) {
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	s.cmd.Wait()
	s.cmd = nil
}

// advance moves the server's rooms' clock.
func (s *roomServer) advance(t *testing.T, d time.Duration) {
	t.Helper()
	resp, err := http.Post(s.url+"/api/v1/test/advance?ms="+strconv.FormatInt(d.Milliseconds(), 10), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("advance: %d", resp.StatusCode)
	}
}

// forgiveAll drops every recorded error containing text, and says how
// many.
func (b *browser) forgiveAll(text string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	kept, n := b.errors[:0], 0
	for _, e := range b.errors {
		if strings.Contains(e, text) {
			n++
			continue
		}
		kept = append(kept, e)
	}
	b.errors = kept
	return n
}

func (b *browser) data(t *testing.T, key string) string {
	t.Helper()
	var v string
	b.run(t, chromedp.Evaluate(`document.body.dataset.`+key+` || ''`, &v))
	return v
}

func (b *browser) value(t *testing.T, id string) string {
	t.Helper()
	var v string
	b.run(t, chromedp.Evaluate(`document.getElementById('`+id+`').value`, &v))
	return v
}

// createRoom opens the page, chooses the game, rules and clock and
// creates a room seated South; it returns the invitation and watch links.
func (b *browser) createRoom(t *testing.T, url, game, rules, clock string) (invite, watch string) {
	t.Helper()
	b.run(t, chromedp.Navigate(url+"/?step=3&test=1&game="+game+"&rules="+rules))
	b.idle(t)
	b.run(t, chromedp.Evaluate(`(() => {
		const d = document.getElementById('friend-box'); d.open = true;
		document.getElementById('setup').hidden = false;
		document.getElementById('friend-seat').value = 'S';
		document.getElementById('friend-clock').value = '`+clock+`';
	})()`, nil))
	b.run(t, chromedp.Click(`#friend-create`, chromedp.ByQuery, chromedp.NodeVisible))
	b.poll(t, `document.body.dataset.roomStatus === 'waiting' && document.getElementById('room-invite-link').value !== ''`)
	return b.value(t, "room-invite-link"), b.value(t, "room-watch-link")
}

// join opens an invitation or watch link and waits for the room.
func (b *browser) join(t *testing.T, link, status string) {
	t.Helper()
	b.run(t, chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	b.poll(t, `document.body.dataset.roomStatus === '`+status+`' && document.body.dataset.busy === '0'`)
}

// synced waits until the page shows ply n of its room, idle.
func (b *browser) synced(t *testing.T, n int) {
	t.Helper()
	p := strconv.Itoa(n)
	b.poll(t, `document.body.dataset.roomPly === '`+p+`' && document.body.dataset.ply === '`+p+`' && document.body.dataset.busy === '0' && document.body.dataset.roomPending === '0'`)
}

// turn plays the turn of the page's player (mover, S or N) by clicks:
// a Kiothi opening turn by the opening bar (one pit emptied, every
// warrior into the first pit it may go to: OpeningUpTo), else the move
// of AlphaBeta depth 2 for South and the first legal move for North; it
// waits until the server has the whole turn and returns the room's ply.
func (b *browser) turn(t *testing.T, st wire.State) int {
	t.Helper()
	if st.Opening != nil {
		for _, p := range st.Pits {
			if p.Owner == st.ToMove && p.Seeds > 0 {
				b.run(t, chromedp.Click(`.pit[data-name="`+p.Name+`"]`, chromedp.ByQuery, chromedp.NodeVisible))
				break
			}
		}
		b.run(t, chromedp.Click(`#opening-empty`, chromedp.ByQuery, chromedp.NodeVisible))
		b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.roomPending === '0' &&
			(!document.getElementById('opening-drop').hidden || document.getElementById('board').dataset.position.split(' ')[2] !== '`+st.ToMove+`')`)
		if d := checkBoard(t, b.read(t)); d.Opening != nil && d.ToMove == st.ToMove && d.Opening.Step == "drop" {
			for range d.Hand {
				b.run(t, chromedp.Click(`.pit[data-name="`+d.Opening.Pits[0]+`"]`, chromedp.ByQuery, chromedp.NodeVisible))
			}
			b.run(t, chromedp.Click(`#opening-confirm`, chromedp.ByQuery, chromedp.NodeVisible))
		}
	} else {
		mv := st.Legal[0]
		if st.ToMove == "S" {
			mv = api[wire.ThinkResponse](t, "think", wire.ThinkRequest{Position: st.Position, Agent: "alphabeta", Depth: 2}).Move
		}
		b.clickMove(t, st, mv)
	}
	b.poll(t, `document.body.dataset.busy === '0' && document.body.dataset.roomPending === '0' &&
		(document.body.dataset.roomStatus === 'over' || document.getElementById('board').dataset.position.split(' ')[2] !== '`+st.ToMove+`')`)
	n, _ := strconv.Atoi(b.data(t, "roomPly"))
	return n
}

// wsTry opens a second live connection from the page (its cookies: the
// player's seat) and sends msg built from the room's first state by the
// function body given; it returns the error code the server answers.
func (b *browser) wsTry(t *testing.T, room, build string) string {
	t.Helper()
	var code string
	b.run(t, chromedp.Evaluate(`new Promise((res) => {
		const ws = new WebSocket('ws://' + location.host + '/api/v1/rooms/`+room+`/live?ply=0');
		let sent = false;
		ws.onmessage = (e) => {
			const m = JSON.parse(e.data);
			if (m.type === 'room' && !sent) { sent = true; ws.send(JSON.stringify(((st) => { `+build+` })(m))); }
			if (m.type === 'error') { ws.close(); res(m.code); }
		};
	})`, &code, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	return code
}

func roomID(link string) string {
	_, id, _ := strings.Cut(link, "#room=")
	return id
}

// TestRooms plays a whole game of each game between two browsers
// through the rooms, a third watching on a phone's width: the boards are
// checked against the API after every turn on all three pages. On the
// way: an out-of-turn move and a replayed move (refused), a second use of
// an invitation (refused), a reload mid-game, a server restart mid-game,
// a rematch with sides swapped and a resignation, and a flag-fall on a
// clock the test moves. No page errors but those the test causes (the
// refused invitation's 410; the live connection's failures while the
// server is down), no axe violations.
func TestRooms(t *testing.T) {
	rs := startRooms(t)
	a, b, w := newBrowserAt(t, rs.url), newBrowserAt(t, rs.url), newBrowserAt(t, rs.url)
	w.phone(t, 360)
	for _, g := range []struct{ game, rules string }{{"kisolo", "Columns:6"}, {"kimasai", ""}, {"kiothi", "OpeningUpTo:true"}} {
		t.Run(g.game, func(t *testing.T) {
			invite, watch := a.createRoom(t, rs.url, g.game, g.rules, "")
			room := roomID(watch)
			if g.game == "kisolo" {
				a.screenshot(t, "room-waiting")
				a.axe(t, "room-waiting")
			}
			b.join(t, invite, "playing")
			a.poll(t, `document.body.dataset.roomStatus === 'playing'`)
			w.join(t, watch, "playing")
			if you := b.data(t, "roomYou"); you != "N" {
				t.Fatalf("b sits %q", you)
			}
			if you := w.data(t, "roomYou"); you != "watcher" {
				t.Fatalf("w is %q", you)
			}
			if g.game == "kisolo" {
				// A second use of the invitation is refused.
				w.join(t, invite, "refused")
				if code := w.data(t, "roomErrorCode"); code != "used" {
					t.Errorf("second use of the invitation: %q", code)
				}
				if n := w.forgiveAll("410"); n != 1 {
					t.Errorf("%d errors of the refused invitation, want 1", n)
				}
				w.join(t, watch, "playing")
			}
			pages := map[string]*browser{"S": a, "N": b}
			ply, turns := 0, 0
			var st wire.State
			for {
				for _, p := range []*browser{a, b, w} {
					p.synced(t, ply)
				}
				st = checkBoard(t, a.read(t))
				for _, p := range []*browser{b, w} {
					if s := p.read(t); s.Position != st.Position {
						t.Fatalf("ply %d: %s shows %s, want %s", ply, p.data(t, "roomYou"), s.Position, st.Position)
					}
				}
				if st.Outcome.Status != "ongoing" {
					break
				}
				if turns > 300 {
					t.Fatalf("no end after %d turns", turns)
				}
				switch {
				case g.game == "kisolo" && turns == 2:
					// Out of turn: the player not to move sends a move.
					other := pages[map[string]string{"S": "N", "N": "S"}[st.ToMove]]
					if code := other.wsTry(t, room, `return {type: 'move', ply: st.plies, move: '`+st.Legal[0]+`'};`); code != "not_your_turn" {
						t.Errorf("out of turn: %q", code)
					}
					// Replayed: the last move again, at its ply.
					last := pages[map[string]string{"S": "N", "N": "S"}[st.ToMove]]
					if code := last.wsTry(t, room, `return {type: 'move', ply: st.plies - 1, move: st.moves[st.moves.length - 1]};`); code != "stale" {
						t.Errorf("replayed move: %q", code)
					}
					b.screenshot(t, "room-playing")
					b.axe(t, "room-playing")
					w.axe(t, "room-watching-phone")
					w.noHorizontalScroll(t)
				case g.game == "kisolo" && turns == 4:
					// A reload mid-game resumes.
					b.run(t, chromedp.Reload())
					b.poll(t, `document.body.dataset.roomStatus === 'playing'`)
					b.synced(t, ply)
				case g.game == "kimasai" && turns == 4:
					// A server restart mid-game: the pages reconnect and
					// the game goes on.
					rs.stop(t)
					a.poll(t, `document.body.dataset.roomConnected === '0'`)
					rs.start(t)
					for _, p := range []*browser{a, b, w} {
						p.poll(t, `document.body.dataset.roomConnected === '1' && Number(document.body.dataset.roomConnects) >= 2`)
						p.synced(t, ply)
					}
				}
				ply = pages[st.ToMove].turn(t, st)
				turns++
			}
			t.Logf("%s: %s after %d plies, %d turns", g.game, st.Outcome.Text, ply, turns)
			for _, p := range []*browser{a, b, w} {
				p.poll(t, `document.body.dataset.roomStatus === 'over'`)
				if got := p.data(t, "roomWinner"); got != st.Outcome.Winner {
					t.Errorf("winner shown %q, want %q", got, st.Outcome.Winner)
				}
			}
			if g.game == "kisolo" {
				// The record downloads and reads back.
				resp, err := http.Get(rs.url + "/api/v1/rooms/" + room + "/record")
				if err != nil {
					t.Fatal(err)
				}
				var sb strings.Builder
				bufio.NewReader(resp.Body).WriteTo(&sb)
				resp.Body.Close()
				r := api[wire.ReplayResponse](t, "replay", wire.ReplayRequest{Record: sb.String()})
				if len(r.Moves) != ply || r.Result != st.Outcome.Result {
					t.Errorf("record: %d moves %q, want %d %q", len(r.Moves), r.Result, ply, st.Outcome.Result)
				}
				// Rematch, sides swapped; then South (b now) resigns.
				a.run(t, chromedp.Evaluate(`document.getElementById('over').open && document.getElementById('over').close()`, nil))
				b.run(t, chromedp.Evaluate(`document.getElementById('over').open && document.getElementById('over').close()`, nil))
				a.run(t, chromedp.Click(`#room-rematch`, chromedp.ByQuery, chromedp.NodeVisible))
				b.poll(t, `document.body.dataset.roomRematch === 'S'`)
				b.run(t, chromedp.Click(`#room-rematch`, chromedp.ByQuery, chromedp.NodeVisible))
				for _, p := range []*browser{a, b, w} {
					p.poll(t, `document.body.dataset.roomStatus === 'playing' && document.body.dataset.roomPly === '0' && document.body.dataset.busy === '0'`)
				}
				if a.data(t, "roomYou") != "N" || b.data(t, "roomYou") != "S" {
					t.Errorf("rematch seats: a %s, b %s", a.data(t, "roomYou"), b.data(t, "roomYou"))
				}
				b.run(t, chromedp.Click(`#room-resign`, chromedp.ByQuery, chromedp.NodeVisible))
				b.run(t, chromedp.Click(`#room-resign`, chromedp.ByQuery, chromedp.NodeVisible))
				for _, p := range []*browser{a, b, w} {
					p.poll(t, `document.body.dataset.roomStatus === 'over' && document.body.dataset.roomReason === 'resign' && document.body.dataset.roomWinner === 'N'`)
				}
				a.screenshot(t, "room-resigned")
				a.axe(t, "room-resigned")
			}
			w.forgiveAll("WebSocket")
			for _, p := range []*browser{a, b, w} {
				p.forgiveAll("ERR_CONNECTION_REFUSED")
				p.forgiveAll("WebSocket")
				p.checkNoErrors(t)
			}
		})
	}
	t.Run("flag", func(t *testing.T) {
		invite, _ := a.createRoom(t, rs.url, "kisolo", "", "180000+2000")
		b.join(t, invite, "playing")
		a.poll(t, `document.body.dataset.roomStatus === 'playing'`)
		a.synced(t, 0)
		st := checkBoard(t, a.read(t))
		a.turn(t, st)
		b.synced(t, 1)
		// North thinks for 3 minutes of the server's clock: its flag
		// falls (the clock shows 0:00).
		rs.advance(t, 180*time.Second)
		for _, p := range []*browser{a, b} {
			p.poll(t, `document.body.dataset.roomStatus === 'over' && document.body.dataset.roomReason === 'time' && document.body.dataset.roomWinner === 'S'`)
		}
		var text string
		b.run(t, chromedp.Text(`#room-text`, &text, chromedp.ByQuery))
		if !strings.Contains(text, "time ran out") {
			t.Errorf("room text %q", text)
		}
		b.screenshot(t, "room-flag")
		b.axe(t, "room-flag")
		for _, p := range []*browser{a, b} {
			p.checkNoErrors(t)
		}
	})
}
