//go:build !(js && wasm)

package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// TestDecodeRequestNested: members of nested objects are checked too
// (selfplay's agent specs), arrays of them element by element, and what
// decodes into a map or json.RawMessage only for members given twice.
func TestDecodeRequestNested(t *testing.T) {
	for _, tt := range []struct{ in, msg string }{
		{`{"game":"kisolo","n":1,"south":{"agent":"random","Agent":"mcts"},"north":{"agent":"random"}}`, `wire: bad request: unknown field "south.Agent" (field names are case-sensitive: "south.agent")`},
		{`{"game":"kisolo","n":1,"south":{"agent":"random"},"north":{"agent":"random","depth":2,"depth":3}}`, `wire: bad request: field "north.depth" given twice`},
	} {
		var r wire.SelfplayRequest
		wantCode(t, wire.DecodeRequest([]byte(tt.in), &r), "bad_request", tt.msg)
	}
	var ok wire.SelfplayRequest
	if err := wire.DecodeRequest([]byte(`{"game":"kisolo","n":2,"south":{"agent":"alphabeta","depth":2},"north":{"agent":"random","seed":1}}`), &ok); err != nil || ok.N != 2 || ok.South.Depth != 2 || ok.North.Seed != 1 {
		t.Errorf("%+v %v", ok, err)
	}
	var m map[string]json.RawMessage
	if err := wire.DecodeRequest([]byte(`{"a":{"x":1,"X":[{"y":1,"Y":2}]}}`), &m); err != nil || string(m["a"]) != `{"x":1,"X":[{"y":1,"Y":2}]}` {
		t.Errorf("map: %q %v", m, err)
	}
	// A member given twice is refused inside a map or raw value too: the
	// last would win wherever it is decoded later.
	for _, tt := range []struct{ in, msg string }{
		{`{"a":1,"a":2}`, `wire: bad request: field "a" given twice`},
		{`{"a":{"x":1,"x":2}}`, `wire: bad request: field "a.x" given twice`},
		{`{"a":[{"y":1},{"y":2,"z":[],"y":3}]}`, `wire: bad request: field "a.y" given twice`},
	} {
		var m map[string]json.RawMessage
		wantCode(t, wire.DecodeRequest([]byte(tt.in), &m), "bad_request", tt.msg)
	}
	var recs wire.RecordRequest
	if err := wire.DecodeRequest([]byte(`{"game":"kisolo","moves":["xb1","xc6"]}`), &recs); err != nil || len(recs.Moves) != 2 {
		t.Errorf("%+v %v", recs, err)
	}
}

func TestDecodeRequest(t *testing.T) {
	var r wire.ThinkRequest
	if err := wire.DecodeRequest([]byte(`{"position":"p","agent":"mcts","iterations":5} `), &r); err != nil ||
		r != (wire.ThinkRequest{Position: "p", Agent: "mcts", Iterations: 5}) {
		t.Errorf("%+v %v", r, err)
	}
	for _, tt := range []struct{ in, msg string }{
		{`{"position":7}`, "wire: bad request: position must be a string, not a JSON number"},
		{`{"colour":"red"}`, `wire: bad request: json: unknown field "colour"`},
		{`{"position":"p"} {}`, "wire: bad request: more than one JSON value in the body"},
		{`{"position":`, "wire: bad request: malformed JSON: the body ends inside a value"},
		{`{"depth":"deep"}`, "wire: bad request: depth must be an integer, not a JSON string"},
		{``, "wire: empty body: want a JSON object"},
		{`{"agent":"mcts","agent":"random"}`, `wire: bad request: field "agent" given twice`},
		{`{"Agent":"mcts"}`, `wire: bad request: unknown field "Agent" (field names are case-sensitive: "agent")`},
	} {
		var r wire.ThinkRequest
		wantCode(t, wire.DecodeRequest([]byte(tt.in), &r), "bad_request", tt.msg)
	}
}
