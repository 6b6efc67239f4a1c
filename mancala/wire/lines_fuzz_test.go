//go:build !(js && wasm)

package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
)

// FuzzAnswer answers any line within seconds: the response is one line
// of valid UTF-8 JSON, an object with "id" and "ok", and an error never
// has code internal.
func FuzzAnswer(f *testing.F) {
	kis, kio := kisolo.Start().String(), kiothi.Start().String()
	for _, seed := range []string{
		`{"id":1,"cmd":"games"}`, `{"id":1,"cmd":"state","game":"kisolo","rules":"Columns:6"}`,
		`{"id":"x","cmd":"apply","position":"` + kis + `","move":"xb3"}`, `{"id":[1],"cmd":"apply","position":"` + kio + `","move":"-a5"}`,
		`{"id":2,"cmd":"think","position":"` + kis + `","agent":"mcts","iterations":20}`,
		`{"id":3,"cmd":"perft","game":"kimasai","depth":3,"divide":true}`, `{"id":4,"cmd":"playouts","game":"kiothi","n":3,"seed":2}`,
		`{"id":5,"cmd":"selfplay","game":"kisolo","n":1,"maxPlies":5,"south":{"agent":"random"},"north":{"agent":"alphabeta","depth":1}}`,
		`{"id":6,"cmd":"observation","position":"` + kio + `"}`, `{"id":7,"cmd":"record","game":"kisolo","moves":["xb1"]}`,
		`{"id":8,"cmd":"replay","record":"[Game \"kisolo\"]\n\nxb1"}`,
		`{"id":9,"cmd":"env_spec","game":"kiothi","rules":"Setup:FiveByFive"}`, `{"id":10,"cmd":"step","position":"` + kis + `","action":14,"plies":3}`,
		`{"id":11,"cmd":"step","position":"` + kio + `","move":"-a5"}`,
		`{"id":12,"cmd":"vec_create","game":"kisolo","n":3,"seed":1,"opponent":{"agent":"random"},"seat":"alternate"}`,
		`{"id":13,"cmd":"vec_step","env":1,"actions":"DgAAAA4AAAAOAAAA"}`, `{"id":14,"cmd":"vec_reset","env":1,"seed":5}`,
		`{"id":15,"cmd":"vec_create","game":"kimasai","n":2,"bothSeats":true,"opponent":{"agent":"alphabeta","depth":1}}`,
		`{"id":16,"cmd":"vec_close","env":1}`,
		`garbage`, `{"id":`, `null`, `[]`, `{"cmd":5}`, `{"id":1,"cmd":"state"} {}`, "{\"id\":\"\xff\",\"cmd\":\"x\"}",
	} {
		f.Add(seed)
	}
	e := testEngine(f, Limits{MaxTime: 20 * time.Millisecond, MaxIterations: 200, MaxDepth: 3},
		BatchLimits{MaxTime: 50 * time.Millisecond, MaxPerftNodes: 100_000, MaxPlayouts: 20, MaxSelfplayGames: 2, MaxSelfplayPlies: 20})
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsRune(line, '\n') {
			t.Skip("one line at a time")
		}
		out := e.answer(context.Background(), []byte(line), false)
		body, ok := bytes.CutSuffix(out, []byte("\n"))
		if !ok || bytes.ContainsRune(body, '\n') || !utf8.Valid(body) {
			t.Fatalf("%q: response %q is not one line of UTF-8", line, out)
		}
		var r map[string]json.RawMessage
		if err := json.Unmarshal(body, &r); err != nil || r["id"] == nil || r["ok"] == nil {
			t.Fatalf("%q: response %q: %v", line, body, err)
		}
		if string(r["ok"]) != "true" && (string(r["ok"]) != "false" || r["code"] == nil || string(r["code"]) == `"internal"`) {
			t.Fatalf("%q: response %q", line, body)
		}
	})
}
