//go:build !(js && wasm)

package wire_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Handler serves the JSON API over HTTP: here from an httptest server, as
// a front end in any language calls it. Errors are JSON too, with the
// documented code and status.
func ExampleHandler() {
	svc, err := wire.NewService(wire.Limits{}, wire.NewGame(&kisolo.Descriptor))
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(wire.Handler(svc))
	defer srv.Close()

	post := func(cmd, body string) []byte {
		resp, err := http.Post(srv.URL+"/api/v1/"+cmd, "application/json", strings.NewReader(body))
		if err != nil {
			panic(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		fmt.Println(resp.StatusCode, resp.Header.Get("Content-Type"))
		return b
	}
	var r wire.ApplyResponse
	if err := json.Unmarshal(post("apply", `{"position": "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "move": "xb1"}`), &r); err != nil {
		panic(err)
	}
	fmt.Println(r.After.Position)
	fmt.Println(r.Summary)
	fmt.Printf("%s", post("apply", `{"position": "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "move": "a1"}`))
	fmt.Printf("%s", post("nosuchcommand", `{}`))
	// Output:
	// 200 application/json; charset=utf-8
	// kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner
	// 1 lap, 3 seeds sown; 1 capture took 3 seeds (c1, d1); the opponent's inner row is empty
	// 422 application/json; charset=utf-8
	// {"error":"kisolo: illegal move a1: pit is empty","code":"illegal"}
	// 404 application/json; charset=utf-8
	// {"error":"wire: no endpoint \"/api/v1/nosuchcommand\" (see GET /api/v1/games)","code":"not_found"}
}
