package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seed8ebe013a/go-mancala/examples/web/rooms"
)

// BenchmarkFlood times POST /api/v1/state (one op) while 200 connections
// flood the rooms: 100 live connections to one room sending bogus and
// refused messages as fast as they can (over the rate, malformed, out of
// turn, stale), and 100 clients posting bogus joins and creates. It
// reports the p50 and p99 latency of state in ms, and checks that nothing
// the flood sent reached another room. docs/web.md has the figures.
//
//	go test -run '^$' -bench Flood -benchtime 2000x ./examples/web
func BenchmarkFlood(b *testing.B) {
	h, err := newHandler()
	if err != nil {
		b.Fatal(err)
	}
	rs, err := rooms.New(rooms.Options{DB: filepath.Join(b.TempDir(), "r.db"), MaxPerClient: 1000})
	if err != nil {
		b.Fatal(err)
	}
	c := newConns(defaultMaxConns)
	srv := newServer(withRooms(h, rs), c)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go srv.Serve(c.listen(ln))
	defer func() { srv.Close(); rs.Close() }()
	base := "http://" + ln.Addr().String()
	wsBase := "ws://" + ln.Addr().String()

	newClient := func() *http.Client {
		jar, _ := cookiejar.New(nil)
		return &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	}
	post := func(hc *http.Client, path, body string) (int, []byte) {
		resp, err := hc.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			return 0, nil
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, out
	}
	room := func() (id string, south, north *http.Client) {
		south, north = newClient(), newClient()
		code, body := post(south, "/api/v1/rooms", `{"game":"kisolo","seat":"S"}`)
		var cr rooms.Created
		if code != 201 || json.Unmarshal(body, &cr) != nil {
			b.Fatalf("create: %d %s", code, body)
		}
		if code, body := post(north, "/api/v1/rooms/join", `{"invite":"`+cr.Invite+`"}`); code != 200 {
			b.Fatalf("join: %d %s", code, body)
		}
		return cr.Room, south, north
	}
	dial := func(ctx context.Context, hc *http.Client, id string) (*websocket.Conn, error) {
		ws, _, err := websocket.Dial(ctx, wsBase+"/api/v1/rooms/"+id+"/live", &websocket.DialOptions{HTTPClient: hc})
		if err == nil {
			ws.SetReadLimit(1 << 20)
		}
		return ws, err
	}

	// The quiet room: its spectator must see nothing of the flood.
	quiet, qSouth, _ := room()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watcher, err := dial(ctx, newClient(), quiet)
	if err != nil {
		b.Fatal(err)
	}
	defer watcher.CloseNow()

	target, south, north := room()
	bogus := []string{`{"type":"move","ply":0,"move":"b1"}`, `{"type":"move","ply":99,"move":"xb1"}`, `{`, `{"type":"jump"}`,
		`{"type":"accept_draw"}`, `{"type":"rematch"}`, strings.Repeat("x", 100)}
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Add(1)
		go func() { // a live connection flooding messages
			defer wg.Done()
			hc := []*http.Client{south, north, newClient()}[i%3]
			for ctx.Err() == nil {
				ws, err := dial(ctx, hc, target)
				if err != nil {
					continue
				}
				go func() {
					for {
						if _, _, err := ws.Read(ctx); err != nil {
							return
						}
					}
				}()
				for j := 0; ctx.Err() == nil; j++ {
					if ws.Write(ctx, websocket.MessageText, []byte(bogus[(i+j)%len(bogus)])) != nil {
						break
					}
				}
				ws.CloseNow()
			}
		}()
	}
	for i := range 100 {
		wg.Add(1)
		go func() { // a client posting bogus joins and creates
			defer wg.Done()
			hc := newClient()
			bodies := []string{`{"invite":"AAAAAAAAAAAAAAAAAAAAAA"}`, `{"invite":1}`, `{`, strings.Repeat(" ", 5000)}
			for j := 0; ctx.Err() == nil; j++ {
				path := "/api/v1/rooms/join"
				if j%5 == 4 {
					path = "/api/v1/rooms"
				}
				post(hc, path, bodies[(i+j)%len(bodies)])
			}
		}()
	}

	hc := &http.Client{}
	state := []byte(`{"game":"kiothi"}`)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t := time.Now()
		resp, err := hc.Post(base+"/api/v1/state", "application/json", bytes.NewReader(state))
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		lat = append(lat, time.Since(t))
		if resp.StatusCode != 200 {
			b.Fatalf("state: %d", resp.StatusCode)
		}
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
	cancel()
	wg.Wait()

	// The quiet room: its South offers a draw; the watcher's next message
	// but presence is that offer: nothing else came in between.
	qctx, qcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer qcancel()
	qs, err := dial(qctx, qSouth, quiet)
	if err != nil {
		b.Fatal(err)
	}
	defer qs.CloseNow()
	qs.Write(qctx, websocket.MessageText, []byte(`{"type":"offer_draw"}`))
	first := true
	for {
		_, msg, err := watcher.Read(qctx)
		if err != nil {
			b.Fatal(err)
		}
		var m struct {
			Type, ID, Offer string
		}
		json.Unmarshal(msg, &m)
		if m.Type == "presence" || first && m.Type == "room" && m.Offer == "" {
			first = false
			continue
		}
		if m.Type != "room" || m.ID != quiet || m.Offer != "S" {
			b.Fatalf("the quiet room got %s", msg)
		}
		break
	}
}
