package main

import (
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/examples/web/rooms"
)

// TestRoomsRouting checks that /api/v1/rooms goes to the rooms (or says
// they are off) and everything else to the page and the API.
func TestRoomsRouting(t *testing.T) {
	h, err := newHandler("")
	if err != nil {
		t.Fatal(err)
	}
	get := func(h http.Handler, method, path, body string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader(body)))
		b, _ := io.ReadAll(rec.Body)
		return rec.Code, string(b)
	}
	off := withRooms(h, nil)
	if code, body := get(off, "POST", "/api/v1/rooms", `{"game":"kisolo"}`); code != 404 || !strings.Contains(body, "rooms are off") {
		t.Errorf("rooms off: %d %s", code, body)
	}
	rs, err := rooms.New(rooms.Options{DB: filepath.Join(t.TempDir(), "r.db"), Clock: rooms.NewManualClock(time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC))})
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	on := withRooms(h, rs)
	if code, body := get(on, "POST", "/api/v1/rooms", `{"game":"kisolo","seat":"S"}`); code != 201 || !strings.Contains(body, `"seat":"S"`) {
		t.Errorf("create: %d %s", code, body)
	}
	if code, body := get(on, "POST", "/api/v1/state", `{"game":"kisolo"}`); code != 200 || !strings.Contains(body, `"game":"kisolo"`) {
		t.Errorf("state: %d %.80s", code, body)
	}
	if code, _ := get(on, "GET", "/", ""); code != 200 {
		t.Errorf("page: %d", code)
	}
}

// TestRoomFlags checks the flags' options and refusals.
func TestRoomFlags(t *testing.T) {
	parse := func(args ...string) (rooms.Options, bool, error) {
		fs := flag.NewFlagSet("web", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		rf := addRoomFlags(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return rf.options()
	}
	if _, off, err := parse("-db", "off"); !off || err != nil {
		t.Errorf("-db off: %v %v", off, err)
	}
	opt, off, err := parse("-db", "x.db", "-trustproxy", "10.0.0.0/8, 192.0.2.1", "-maxrooms", "5")
	if off || err != nil || opt.MaxRooms != 5 || len(opt.TrustedProxies) != 2 || opt.TrustedProxies[1].String() != "192.0.2.1/32" || opt.MaxPerClient != rooms.DefaultMaxPerClient {
		t.Errorf("options %+v %v %v", opt, off, err)
	}
	for _, bad := range [][]string{{"-trustproxy", "nope"}, {"-msgrate", "0"}, {"-idle", "-1s"}} {
		if _, _, err := parse(bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
