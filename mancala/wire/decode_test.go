package wire_test

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// wantCode fails t unless err is an *wire.Error of code whose message
// starts with msg.
func wantCode(t *testing.T, err error, code, msg string) {
	t.Helper()
	e, ok := err.(*wire.Error)
	if !ok || e.Code != code || !strings.HasPrefix(e.Message, msg) {
		t.Errorf("error %v, want %s %q...", err, code, msg)
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
	} {
		var r wire.ThinkRequest
		wantCode(t, wire.DecodeRequest([]byte(tt.in), &r), "bad_request", tt.msg)
	}
}
