package rooms

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"
)

var t0 = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)

// env is a rooms server on a test HTTP server with a manual clock.
type env struct {
	t     *testing.T
	clock *ManualClock
	srv   *Server
	http  *httptest.Server
	opt   Options
}

func newEnv(t *testing.T, opt Options) *env {
	t.Helper()
	if opt.DB == "" {
		opt.DB = filepath.Join(t.TempDir(), "rooms.db")
	}
	clock, _ := opt.Clock.(*ManualClock)
	if clock == nil {
		clock = NewManualClock(t0)
		opt.Clock = clock
	}
	srv, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, clock: clock, srv: srv, opt: opt}
	e.http = httptest.NewServer(srv)
	t.Cleanup(e.close)
	return e
}

func (e *env) close() {
	if e.http != nil {
		e.http.CloseClientConnections()
		e.http.Close()
		e.http = nil
		e.srv.Close()
	}
}

// restart stops the server and starts another on the same database and
// clock.
func (e *env) restart() *env {
	e.close()
	return newEnv(e.t, e.opt)
}

// client is one browser: a cookie jar.
type client struct {
	e   *env
	hc  *http.Client
	jar http.CookieJar
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, hc: &http.Client{Jar: jar}, jar: jar}
}

// do sends a request and returns the status and body.
func (c *client) do(method, path string, body any) (int, []byte) {
	c.e.t.Helper()
	var rd io.Reader
	if body != nil {
		if s, ok := body.(string); ok {
			rd = bytes.NewReader([]byte(s))
		} else {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
	}
	req, _ := http.NewRequest(method, c.e.http.URL+path, rd)
	resp, err := c.hc.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (c *client) create(req CreateRequest) Created {
	c.e.t.Helper()
	code, b := c.do("POST", "/api/v1/rooms", req)
	if code != http.StatusCreated {
		c.e.t.Fatalf("create: %d %s", code, b)
	}
	var cr Created
	json.Unmarshal(b, &cr)
	return cr
}

func (c *client) join(invite string) Joined {
	c.e.t.Helper()
	code, b := c.do("POST", "/api/v1/rooms/join", JoinRequest{Invite: invite})
	if code != http.StatusOK {
		c.e.t.Fatalf("join: %d %s", code, b)
	}
	var j Joined
	json.Unmarshal(b, &j)
	return j
}

// conn is a live connection.
type conn struct {
	t  testing.TB
	c  *websocket.Conn
	cl *client
}

func (c *client) live(id string, ply int) *conn {
	c.e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	u := "ws" + c.e.http.URL[len("http"):] + "/api/v1/rooms/" + id + "/live?ply=" + strconv.Itoa(ply)
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: c.hc})
	if err != nil {
		c.e.t.Fatalf("dial: %v", err)
	}
	ws.SetReadLimit(1 << 20)
	lc := &conn{t: c.e.t, c: ws, cl: c}
	c.e.t.Cleanup(func() { ws.CloseNow() })
	return lc
}

// any is a message as a map, with its raw JSON.
type anyMsg map[string]any

func (m anyMsg) str(k string) string { s, _ := m[k].(string); return s }
func (m anyMsg) num(k string) int    { f, _ := m[k].(float64); return int(f) }

// read returns the next message (failing the test after 20 s: a hang).
func (c *conn) read() anyMsg {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, b, err := c.c.Read(ctx)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var m anyMsg
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Fatalf("read: %v: %s", err, b)
	}
	return m
}

// next returns the next message of type typ, skipping others (presence,
// room states).
func (c *conn) next(typ string) anyMsg {
	c.t.Helper()
	for {
		m := c.read()
		if m.str("type") == typ {
			return m
		}
	}
}

// until returns the first message for which f is true.
func (c *conn) until(f func(m anyMsg) bool) anyMsg {
	c.t.Helper()
	for {
		m := c.read()
		if f(m) {
			return m
		}
	}
}

func (c *conn) send(v any) {
	c.t.Helper()
	var b []byte
	if s, ok := v.(string); ok {
		b = []byte(s)
	} else {
		b, _ = json.Marshal(v)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.c.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *conn) move(ply int, mv string) {
	c.t.Helper()
	c.send(map[string]any{"type": "move", "ply": ply, "move": mv})
}

// wantErr reads up to the next error and checks its code.
func (c *conn) wantErr(code string) anyMsg {
	c.t.Helper()
	m := c.next("error")
	if m.str("code") != code {
		c.t.Fatalf("error %q (%s), want %q", m.str("code"), m.str("error"), code)
	}
	return m
}

// pair creates a room from a and seats b; it returns the room, a's and
// b's seats and live connections, each past its first room state and
// presence.
func pair(t *testing.T, e *env, req CreateRequest) (id string, a, b *client, ca, cb *conn) {
	t.Helper()
	a, b = e.client(), e.client()
	cr := a.create(req)
	ca = a.live(cr.Room, 0)
	if st := ca.next("room"); st.str("status") != StatusWaiting || st.str("invite") != cr.Invite || st.str("you") != cr.Seat {
		t.Fatalf("first state %v", st)
	}
	j := b.join(cr.Invite)
	if j.Room != cr.Room || j.Seat == cr.Seat {
		t.Fatalf("joined %+v, created %+v", j, cr)
	}
	ca.until(func(m anyMsg) bool { return m.str("type") == "room" && m.str("status") == StatusPlaying })
	cb = b.live(cr.Room, 0)
	cb.next("room")
	if cr.Seat == "N" {
		return cr.Room, b, a, cb, ca
	}
	return cr.Room, a, b, ca, cb
}
