//go:build !(js && wasm)

package wasm

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// TestNames: Names are the games of the HTTP API, in its order.
func TestNames(t *testing.T) {
	if diff := cmp.Diff(games.Names(), Names); diff != "" {
		t.Errorf("Names (-games.Names +Names):\n%s", diff)
	}
	if _, err := NewService(wire.Elsewhere("oware")); err == nil || err.Error() != `wasm: "oware" is not a game of the page` {
		t.Errorf("NewService of oware: %v", err)
	}
}

// TestCallMatchesHandler: call of the service of any game, sent on to
// the service of the game it names elsewhere as the worker does, answers
// what the HTTP handler of the service of all the games answers, status
// and bytes, for good and bad requests of every command (the browser test
// compares the worker itself over random games).
func TestCallMatchesHandler(t *testing.T) {
	all, err := gameswire.NewService(wire.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	h := wire.Handler(all)
	byGame := map[string]*wire.Service{}
	for _, g := range gameswire.Wire() {
		if byGame[g.Name()], err = NewService(g); err != nil {
			t.Fatal(err)
		}
	}
	sent := map[string]int{}
	for _, c := range []struct{ cmd, body string }{
		{"state", `{"game":"kiothi","rules":"Bonus:Run"}`},
		{"state", `{"game":"kiothi","rules":"Bonus:Nope"}`},
		{"state", `{"position":"kisolo 3,3"}`},
		{"state", `{"game":"kisolo","colour":"red"}`},
		{"state", `[1]`},
		{"apply", `{"position":"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0","move":"xb1"}`},
		{"apply", `{"position":"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0","move":"a1"}`},
		{"think", `{"position":"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24","agent":"alphabeta","depth":3}`},
		{"think", `{"position":"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0","agent":"minimax"}`},
		{"record", `{"game":"kisolo","moves":["xb1","xc7"]}`},
		{"replay", `{"record":"[Game \"kisolo\"]\n\nxb1 xc7\n"}`},
		{"replay", `{"record":""}`},
		{"nothing", `{}`},
		{"state", ""},
		{"state", `{"game":"kisolo"} x`},
		{"state", `{"game":"kisolo","Game":"kiothi"}`},
		{"state", `{"Game":"kisolo"}`},
		{"think", `{"position":"kisolo 3","depth":1.5}`},
		{"think", `{"position":"kisolo 3","seed":-1}`},
		{"apply", `{"moves":["a1",2]}`},
		{"record", `{"game":"kisolo","moves":["xb1"],"colour":1}`},
		{"replay", `{"record":"x"`},
		{"replay", `{"record":"\ud800"} `},
		{"replay", `null`},
		{"state", `{"game":"` + strings.Repeat("x", 70_000) + `"}`},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/"+c.cmd, strings.NewReader(c.body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		want, _ := io.ReadAll(rec.Body)
		for _, first := range Names {
			status, got, elsewhere := call(context.Background(), byGame[first], c.cmd, []byte(c.body))
			if elsewhere != "" {
				if status != 421 || byGame[elsewhere] == nil || elsewhere == first {
					t.Fatalf("%s %s to %s: %d, elsewhere %q", c.cmd, c.body, first, status, elsewhere)
				}
				sent[first+" to "+elsewhere]++
				status, got, elsewhere = call(context.Background(), byGame[elsewhere], c.cmd, []byte(c.body))
				if elsewhere != "" {
					t.Fatalf("%s %s: sent on twice", c.cmd, c.body)
				}
			}
			if c.cmd == "think" && status == http.StatusOK {
				// The time taken differs; everything else is the same.
				want, got = dropElapsed(want), dropElapsed(got)
			}
			if status != rec.Code || string(got) != string(want) {
				t.Errorf("%s %s to %s:\ncall    %d %s\nhandler %d %s", c.cmd, c.body, first, status, got, rec.Code, want)
			}
		}
	}
	// Every game's service sent requests on to each other game's.
	for _, a := range Names {
		for _, b := range Names {
			if a != b && sent[a+" to "+b] == 0 {
				t.Errorf("no request sent from %s to %s", a, b)
			}
		}
	}
}

func dropElapsed(b []byte) []byte {
	s := string(b)
	i := strings.Index(s, `"elapsedMs":`)
	if i < 0 {
		return b
	}
	j := i + len(`"elapsedMs":`)
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return []byte(s[:i] + s[j:])
}

// TestPanicText: panicText writes a panic's value as fmt's %v does for
// the kinds a panic carries.
func TestPanicText(t *testing.T) {
	var nilMap map[string]int
	var runtimeErr error
	func() {
		defer func() { runtimeErr, _ = recover().(error) }()
		nilMap["x"] = 1
	}()
	tests := []struct {
		p    any
		want string
	}{
		{"boom", "boom"},
		{runtimeErr, "assignment to entry in nil map"},
		{2 * time.Second, "2s"},
		{-12, "-12"},
		{int64(1) << 40, "1099511627776"},
		{uint64(7), "7"},
		{true, "true"},
		{3.5, "a panic of another type"},
	}
	for _, tc := range tests {
		if got := panicText(tc.p); got != tc.want {
			t.Errorf("panicText(%#v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}
