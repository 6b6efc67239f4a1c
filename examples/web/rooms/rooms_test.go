package rooms

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

var svc = func() *wire.Service {
	s, err := gameswire.NewService(wire.Limits{})
	if err != nil {
		panic(err)
	}
	return s
}()

// line returns a deterministic game of game/rules from the library (the
// wire service, not the rooms): the moves (the legal move at index
// (7*ply+seed) mod the count, at most maxPlies) and the final state.
func line(t testing.TB, game, rules string, seed, maxPlies int) ([]string, wire.State) {
	moves, _, final := line2(t, game, rules, seed, maxPlies)
	return moves, final
}

// line2 is line, with the side that plays each move.
func line2(t testing.TB, game, rules string, seed, maxPlies int) ([]string, []string, wire.State) {
	t.Helper()
	st, err := svc.State(wire.StateRequest{Game: game, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	start := st.Position
	var moves, movers []string
	for ply := 0; ply < maxPlies && st.Outcome.Status == "ongoing"; ply++ {
		mv := st.Legal[(7*ply+seed)%len(st.Legal)]
		movers = append(movers, st.ToMove)
		r, err := svc.Apply(wire.ApplyRequest{Position: st.Position, Move: mv, Start: start, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
		st = r.After
	}
	return moves, movers, st
}

// TestManyRooms plays 24 rooms at once, 8 of each game, through the
// HTTP and WebSocket API, each with a spectator, and checks every
// connection's view and the final position against the library's.
func TestManyRooms(t *testing.T) {
	e := newEnv(t, Options{MaxPerClient: 100, Abandon: 24 * time.Hour, Idle: 24 * time.Hour}) // the shared clock moves 1 s a ply in every room
	type gameCase struct{ game, rules string }
	cases := []gameCase{{"kisolo", "Columns:6"}, {"kiothi", ""}, {"kimasai", ""}}
	var wg sync.WaitGroup
	for i := range 24 {
		c := cases[i%3]
		moves, movers, final := line2(t, c.game, c.rules, i, 120)
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, a, _, ca, cb := pair(t, e, CreateRequest{Game: c.game, Rules: c.rules, Seat: "random"})
			w := e.client().live(id, 0)
			w.next("room")
			conns := map[string]*conn{"S": ca, "N": cb}
			for ply, mv := range moves {
				mover := movers[ply]
				e.clock.Advance(time.Second) // under the message rate
				conns[mover].move(ply, mv)
				for _, cn := range []*conn{ca, cb, w} {
					m := cn.next("move")
					if m.num("ply") != ply+1 || m.str("move") != mv || m.str("by") != mover {
						t.Errorf("room %d ply %d: got %v", i, ply, m)
						return
					}
				}
			}
			code, b := a.do("GET", "/api/v1/rooms/"+id, nil)
			var got State
			json.Unmarshal(b, &got)
			if code != 200 || got.Position != final.Position || got.Plies != len(moves) || got.Result != final.Outcome.Result {
				t.Errorf("room %d: final %d %q plies %d result %q, want %q %d %q", i, code, got.Position, got.Plies, got.Result, final.Position, len(moves), final.Outcome.Result)
			}
			if final.Outcome.Status != "ongoing" && (got.Status != StatusOver || got.Reason != final.Outcome.Reason) {
				t.Errorf("room %d: status %q reason %q, want over %q", i, got.Status, got.Reason, final.Outcome.Reason)
			}
		}()
	}
	wg.Wait()
}

// TestRefusals checks that every refused message is answered with its
// code and changes nothing.
func TestRefusals(t *testing.T) {
	e := newEnv(t, Options{})
	id, a, b, ca, cb := pair(t, e, CreateRequest{Game: "kisolo", Rules: "Columns:6", Seat: "S"})
	moves, _ := line(t, "kisolo", "Columns:6", 0, 3)
	w := e.client().live(id, 0)
	w.next("room")

	cb.move(0, moves[0])
	cb.wantErr(CodeNotYourTurn)
	ca.move(1, moves[0])
	ca.wantErr(CodeStale)
	ca.move(0, "b1") // a capture is compulsory (KS-6)
	ca.wantErr(wire.CodeIllegal)
	ca.move(0, "zz9")
	ca.wantErr(wire.CodeSyntax)
	w.move(0, moves[0])
	w.wantErr(CodeForbidden)
	w.send(`{"type":"resign"}`)
	w.wantErr(CodeForbidden)
	for _, bad := range []string{`{`, `{"type":"move","ply":0}`, `{"type":"move","move":"b1"}`, `{"type":"move","ply":-1,"move":"b1"}`,
		`{"type":"jump"}`, `{"type":"resign","ply":3}`, `{"type":"move","ply":0,"move":"b1","x":1}`, `{"type":"resign"} {}`, `[]`,
		`{"type":"move","ply":0,"move":"` + strings.Repeat("a", 65) + `"}`} {
		ca.send(bad)
		ca.wantErr(wire.CodeBadRequest)
	}
	cb.send(`{"type":"accept_draw"}`)
	cb.wantErr(wire.CodeBadRequest)
	cb.send(`{"type":"decline_draw"}`)
	cb.wantErr(wire.CodeBadRequest)
	ca.send(`{"type":"rematch"}`)
	ca.wantErr(wire.CodeBadRequest)

	// Nothing changed: the first move is still to play, at ply 0.
	_, body := a.do("GET", "/api/v1/rooms/"+id, nil)
	var st State
	json.Unmarshal(body, &st)
	if st.Plies != 0 || st.You != "S" || st.Status != StatusPlaying {
		t.Fatalf("after refusals: %+v", st)
	}
	// A replayed move: the first is played, the same again is stale.
	ca.move(0, moves[0])
	ca.next("move")
	cb.next("move")
	ca.move(0, moves[0])
	ca.wantErr(CodeStale)
	cb.move(0, moves[1])
	cb.wantErr(CodeStale)

	// The invitation was used: a third client cannot take it; a seated
	// player asking again gets their seat.
	_, cr := a.do("GET", "/api/v1/rooms/"+id, nil)
	_ = cr
	code, _ := e.client().do("POST", "/api/v1/rooms/join", `{"invite":"AAAAAAAAAAAAAAAAAAAAAA"}`)
	if code != 404 {
		t.Errorf("unknown invitation: %d", code)
	}
	_ = b

	// A message over the size limit closes the connection.
	ca.send(`{"type":"move","ply":1,"move":"` + strings.Repeat(" ", 5000) + `"}`)
	if _, _, err := ca.c.Read(t.Context()); err == nil {
		for {
			if _, _, err := ca.c.Read(t.Context()); err != nil {
				break
			}
		}
	}
}

// TestInvitation checks the invitation: once, not to oneself, the seat
// given again to the player who took it.
func TestInvitation(t *testing.T) {
	e := newEnv(t, Options{})
	a, b, c := e.client(), e.client(), e.client()
	cr := a.create(CreateRequest{Game: "kiothi", Seat: "N"})
	if code, body := a.do("POST", "/api/v1/rooms/join", JoinRequest{Invite: cr.Invite}); code != 403 || !strings.Contains(string(body), `"forbidden"`) {
		t.Errorf("own invitation: %d %s", code, body)
	}
	if j := b.join(cr.Invite); j.Seat != "S" || j.Room != cr.Room {
		t.Errorf("join: %+v", j)
	}
	if j := b.join(cr.Invite); j.Seat != "S" {
		t.Errorf("join again: %+v", j)
	}
	if code, body := c.do("POST", "/api/v1/rooms/join", JoinRequest{Invite: cr.Invite}); code != 410 || !strings.Contains(string(body), `"used"`) {
		t.Errorf("second use: %d %s", code, body)
	}
	// The watcher sees no invitation and is no player.
	_, body := c.do("GET", "/api/v1/rooms/"+cr.Room, nil)
	var st State
	json.Unmarshal(body, &st)
	if st.You != "" || st.Invite != "" || !st.Seats["S"].Taken || !st.Seats["N"].Taken {
		t.Errorf("watcher's state: %+v", st)
	}
}

// TestCreateRefusals checks the create and join requests refused.
func TestCreateRefusals(t *testing.T) {
	e := newEnv(t, Options{MaxPerClient: 2, MaxRooms: 3})
	c := e.client()
	for _, tc := range []struct {
		body string
		code int
		want string
	}{
		{`{"game":"oware"}`, 400, "bad_request"},
		{`{"game":"kisolo","rules":"Columns:99"}`, 400, "syntax"},
		{`{"game":"kisolo","seat":"E"}`, 400, "bad_request"},
		{`{"game":"kisolo","clock":{"baseMs":10,"incMs":0}}`, 400, "bad_request"},
		{`{"game":"kisolo","clock":{"baseMs":60000,"incMs":-1}}`, 400, "bad_request"},
		{`{"game":"kisolo","extra":1}`, 400, "bad_request"},
		{`{"game":"kisolo"}{}`, 400, "bad_request"},
		{`{"game":"` + strings.Repeat("k", 5000) + `"}`, 413, "too_large"},
	} {
		code, body := c.do("POST", "/api/v1/rooms", tc.body)
		if code != tc.code || !strings.Contains(string(body), `"code":"`+tc.want+`"`) {
			t.Errorf("%.40s: %d %s, want %d %s", tc.body, code, body, tc.code, tc.want)
		}
	}
	if code, _ := c.do("GET", "/api/v1/rooms", nil); code != 405 {
		t.Errorf("GET rooms: %d", code)
	}
	if code, _ := c.do("GET", "/api/v1/rooms/nope", nil); code != 404 {
		t.Errorf("bad id: %d", code)
	}
	if code, _ := c.do("GET", "/api/v1/rooms/AAAAAAAAAAAAAAAAAAAAAA", nil); code != 404 {
		t.Errorf("unknown room: %d", code)
	}
	c.create(CreateRequest{Game: "kisolo"})
	c.create(CreateRequest{Game: "kisolo"})
	if code, body := c.do("POST", "/api/v1/rooms", CreateRequest{Game: "kisolo"}); code != 429 || !strings.Contains(string(body), "2 rooms open") {
		t.Errorf("third room of a client: %d %s", code, body)
	}
	if open, mine := e.srv.Counts("127.0.0.1"); open != 2 || mine != 2 {
		t.Errorf("counts %d %d", open, mine)
	}
	// Behind a trusted proxy, X-Forwarded-For names the client.
	e2 := newEnv(t, Options{MaxPerClient: 1})
	e2.srv.opt.TrustedProxies = nil
	req, _ := http.NewRequest("POST", "/", nil)
	req.RemoteAddr = "10.0.0.1:5000"
	req.Header.Set("X-Forwarded-For", "203.0.113.9, 10.0.0.2")
	if got := e2.srv.ClientAddr(req); got != "10.0.0.1" {
		t.Errorf("untrusted peer: %q", got)
	}
	e2.srv.opt.TrustedProxies = mustPrefixes("10.0.0.0/8")
	if got := e2.srv.ClientAddr(req); got != "203.0.113.9" {
		t.Errorf("trusted proxies: %q", got)
	}
	// A page of another site may not create a room.
	hreq, _ := http.NewRequest("POST", e.http.URL+"/api/v1/rooms", strings.NewReader(`{"game":"kisolo"}`))
	hreq.Header.Set("Origin", "https://evil.example")
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("foreign origin create: %d", resp.StatusCode)
	}
}

// TestOrigin checks that the live connection's handshake refuses another
// site's page.
func TestOrigin(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.client().create(CreateRequest{Game: "kisolo"})
	req, _ := http.NewRequest("GET", e.http.URL+"/api/v1/rooms/"+cr.Room+"/live", nil)
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13")
	req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	req.Header.Set("Origin", "https://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 403 {
		t.Errorf("foreign origin: %d", resp.StatusCode)
	}
}

// TestRate checks the message rate: with the clock stopped, 20 messages
// pass and the next are refused busy; a second later 20 more pass.
func TestRate(t *testing.T) {
	e := newEnv(t, Options{})
	_, _, _, ca, _ := pair(t, e, CreateRequest{Game: "kisolo", Seat: "S"})
	for range 20 {
		ca.send(`{"type":"accept_draw"}`)
		ca.wantErr(wire.CodeBadRequest)
	}
	ca.send(`{"type":"accept_draw"}`)
	ca.wantErr(wire.CodeBusy)
	e.clock.Advance(time.Second)
	for range 20 {
		ca.send(`{"type":"accept_draw"}`)
		ca.wantErr(wire.CodeBadRequest)
	}
	ca.send(`{"type":"accept_draw"}`)
	ca.wantErr(wire.CodeBusy)
}

// TestResignDrawRematch plays the endings a player chooses.
func TestResignDrawRematch(t *testing.T) {
	e := newEnv(t, Options{})
	id, a, b, ca, cb := pair(t, e, CreateRequest{Game: "kimasai", Seat: "S"})
	ca.send(`{"type":"offer_draw"}`)
	if m := cb.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("offer") == "S" }); m.str("status") != StatusPlaying {
		t.Fatal(m)
	}
	cb.send(`{"type":"decline_draw"}`)
	cb.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("offer") == "" })
	cb.send(`{"type":"offer_draw"}`)
	ca.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("offer") == "N" })
	ca.send(`{"type":"accept_draw"}`)
	m := cb.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("status") == StatusOver })
	if m.str("winner") != "" || m.str("reason") != ReasonAgreement {
		t.Fatalf("draw: %v", m)
	}
	ca.send(`{"type":"resign"}`)
	ca.wantErr(wire.CodeGameOver)
	// Rematch: seats swapped.
	ca.send(`{"type":"rematch"}`)
	cb.until(func(m anyMsg) bool { return m.str("type") == "room" && m["rematch"].(map[string]any)["S"] == true })
	cb.send(`{"type":"rematch"}`)
	m = ca.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("next") != "" })
	next := m.str("next")
	_, body := a.do("GET", "/api/v1/rooms/"+next, nil)
	var st State
	json.Unmarshal(body, &st)
	if st.You != "N" || st.Status != StatusPlaying || st.Plies != 0 {
		t.Fatalf("rematch for a: %+v", st)
	}
	_, body = b.do("GET", "/api/v1/rooms/"+next, nil)
	json.Unmarshal(body, &st)
	if st.You != "S" {
		t.Fatalf("rematch for b: %+v", st)
	}
	// b (South now) resigns the rematch.
	nb := b.live(next, 0)
	nb.next("room")
	nb.send(`{"type":"resign"}`)
	m = nb.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("status") == StatusOver })
	if m.str("winner") != "N" || m.str("reason") != ReasonResign {
		t.Fatalf("resign: %v", m)
	}
	// The record says how it ended and reads back.
	code, rec := a.do("GET", "/api/v1/rooms/"+next+"/record", nil)
	if code != 200 || !strings.Contains(string(rec), `[Termination "resign"]`) || !strings.Contains(string(rec), `[Winner "N"]`) {
		t.Fatalf("record: %d %s", code, rec)
	}
	if r, err := svc.Replay(wire.ReplayRequest{Record: string(rec)}); err != nil || r.Game != "kimasai" || r.Result != "*" {
		t.Fatalf("replay: %+v %v", r, err)
	}
	_ = id
}

// TestClock checks the clocks: a Kiothi opening turn of several steps is
// one turn (one increment), the clock of the side to move runs, and its
// flag falls at exactly its time.
func TestClock(t *testing.T) {
	e := newEnv(t, Options{Abandon: time.Hour})
	_, _, _, ca, cb := pair(t, e, CreateRequest{Game: "kiothi", Seat: "S", Clock: &ClockSpec{BaseMs: 60_000, IncMs: 2_000}})
	moves, movers, _ := line2(t, "kiothi", "", 3, 40)
	// Play South's whole first turn (its opening steps), 1 s per step.
	ply := 0
	steps := 0
	for movers[ply] == "S" {
		e.clock.Advance(time.Second)
		ca.move(ply, moves[ply])
		ply++
		steps++
	}
	if steps < 2 {
		t.Fatalf("South's first turn took %d steps: the test wants a turn of several", steps)
	}
	var m anyMsg
	for range steps {
		m = cb.next("move")
	}
	cl := m["clocks"].(map[string]any)
	if got := int64(cl["S"].(float64)); got != 60_000-int64(steps)*1000+2_000 {
		t.Errorf("South's clock after a turn of %d steps: %d", steps, got)
	}
	if got := int64(cl["N"].(float64)); got != 60_000 || m.str("running") != "N" {
		t.Errorf("North's clock: %d, running %q", got, m.str("running"))
	}
	// North thinks 59.999 s: nothing; 1 ms more: the flag falls.
	e.clock.Advance(59_999 * time.Millisecond)
	e.clock.Advance(time.Millisecond)
	m = ca.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("status") == StatusOver })
	if m.str("winner") != "S" || m.str("reason") != ReasonTime {
		t.Fatalf("flag: %v", m)
	}
	cb.move(ply, moves[ply])
	cb.wantErr(wire.CodeGameOver)
}

// TestAbandonAndIdle checks that a player away longer than the limit
// while the other is there loses, and that an unused room is deleted
// after the idle time.
func TestAbandonAndIdle(t *testing.T) {
	e := newEnv(t, Options{Abandon: time.Minute, Idle: 10 * time.Minute})
	_, _, _, ca, cb := pair(t, e, CreateRequest{Game: "kisolo", Seat: "S"})
	cb.c.Close(1000, "")
	ca.until(func(m anyMsg) bool {
		return m.str("type") == "presence" && m["seats"].(map[string]any)["N"].(map[string]any)["present"] == false
	})
	e.clock.Advance(time.Minute - time.Millisecond)
	e.clock.Advance(time.Millisecond)
	m := ca.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("status") == StatusOver })
	if m.str("winner") != "S" || m.str("reason") != ReasonAbandon {
		t.Fatalf("abandon: %v", m)
	}
	c := e.client()
	cr := c.create(CreateRequest{Game: "kisolo"})
	if open, _ := e.srv.Counts("127.0.0.1"); open != 1 {
		t.Fatalf("open %d", open)
	}
	e.clock.Advance(10 * time.Minute)
	if code, _ := c.do("GET", "/api/v1/rooms/"+cr.Room, nil); code != 404 {
		t.Errorf("idle room: %d", code)
	}
	if code, _ := e.client().do("POST", "/api/v1/rooms/join", JoinRequest{Invite: cr.Invite}); code != 404 {
		t.Errorf("idle room's invitation: %d", code)
	}
	if open, _ := e.srv.Counts("127.0.0.1"); open != 0 {
		t.Errorf("open after idle: %d", open)
	}
}

// TestRestart checks that a restart loses no game: the game goes on from
// where it was, a client resumes from the ply it has, and finished
// records are kept, then purged after Keep.
func TestRestart(t *testing.T) {
	e := newEnv(t, Options{Keep: 48 * time.Hour})
	id, a, b, ca, cb := pair(t, e, CreateRequest{Game: "kisolo", Rules: "Columns:6", Seat: "S"})
	moves, movers, _ := line2(t, "kisolo", "Columns:6", 5, 6)
	conns := map[string]*conn{"S": ca, "N": cb}
	for ply := range 4 {
		conns[movers[ply]].move(ply, moves[ply])
		ca.next("move")
		cb.next("move")
	}
	e = e.restart()
	a.e, b.e = e, e
	ca, cb = a.live(id, 2), b.live(id, 4)
	st := ca.next("room")
	if st.num("plies") != 4 || st.num("from") != 2 || fmt.Sprint(st["moves"]) != fmt.Sprint(moves[2:4]) || st.str("you") != "S" {
		t.Fatalf("resumed: %v", st)
	}
	if st := cb.next("room"); st.num("from") != 4 || len(st["moves"].([]any)) != 0 || st.str("you") != "N" {
		t.Fatalf("resumed b: %v", st)
	}
	conns = map[string]*conn{"S": ca, "N": cb}
	for ply := 4; ply < 6; ply++ {
		conns[movers[ply]].move(ply, moves[ply])
		ca.next("move")
	}
	ca.send(`{"type":"resign"}`)
	cb.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("status") == StatusOver })
	e = e.restart()
	a.e = e
	code, rec := a.do("GET", "/api/v1/rooms/"+id+"/record", nil)
	if code != 200 {
		t.Fatalf("record after restart: %d %s", code, rec)
	}
	r, err := svc.Replay(wire.ReplayRequest{Record: string(rec)})
	if err != nil || fmt.Sprint(r.Moves) != fmt.Sprint(moves[:6]) {
		t.Fatalf("replay: %v %v", r.Moves, err)
	}
	e.clock.Advance(49 * time.Hour)
	e = e.restart()
	a.e = e
	if code, _ := a.do("GET", "/api/v1/rooms/"+id+"/record", nil); code != 404 {
		t.Errorf("record after Keep: %d", code)
	}
}

// TestIsolation checks that one room's messages reach no other room.
func TestIsolation(t *testing.T) {
	e := newEnv(t, Options{})
	_, _, _, ca, cb := pair(t, e, CreateRequest{Game: "kisolo", Seat: "S"})
	id2, _, _, ca2, _ := pair(t, e, CreateRequest{Game: "kisolo", Seat: "S"})
	moves, _ := line(t, "kisolo", "", 0, 1)
	ca.move(0, moves[0])
	cb.next("move")
	ca2.send(`{"type":"offer_draw"}`)
	// The next message of room 2 is its own offer: room 1's move did not
	// arrive there.
	m := ca2.until(func(m anyMsg) bool { return m.str("type") != "presence" })
	if m.str("type") != "room" || m.str("offer") != "S" || m.str("id") != id2 || m.num("plies") != 0 {
		t.Fatalf("room 2 got %v", m)
	}
}

func mustPrefixes(s ...string) (ps []netip.Prefix) {
	for _, v := range s {
		ps = append(ps, netip.MustParsePrefix(v))
	}
	return ps
}

// FuzzDecodeMsg checks that the message decoder never panics and that a
// message it accepts is valid.
func FuzzDecodeMsg(f *testing.F) {
	for _, s := range []string{`{"type":"move","ply":0,"move":"b3"}`, `{"type":"resign"}`, `{"type":"rematch"}`, `{`, `[]`, `{"type":"move","ply":-1}`, "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := decodeMsg(b)
		if err != nil {
			if err.Code != wire.CodeBadRequest {
				t.Fatalf("code %q", err.Code)
			}
			return
		}
		switch m.Type {
		case "move":
			if m.Ply == nil || *m.Ply < 0 || m.Move == "" || len(m.Move) > maxMoveLen {
				t.Fatalf("accepted %+v", m)
			}
		case "resign", "offer_draw", "accept_draw", "decline_draw", "rematch":
			if m.Ply != nil || m.Move != "" {
				t.Fatalf("accepted %+v", m)
			}
		default:
			t.Fatalf("accepted type %q", m.Type)
		}
	})
}

// TestRestartAbandon checks that after a restart a player who does not
// come back loses by abandonment once the other is back.
func TestRestartAbandon(t *testing.T) {
	e := newEnv(t, Options{Abandon: time.Minute})
	id, a, _, _, _ := pair(t, e, CreateRequest{Game: "kisolo", Seat: "S"})
	e = e.restart()
	a.e = e
	ca := a.live(id, 0)
	ca.next("room")
	e.clock.Advance(time.Minute)
	m := ca.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("status") == StatusOver })
	if m.str("winner") != "S" || m.str("reason") != ReasonAbandon {
		t.Fatalf("after a restart: %v", m)
	}
}
