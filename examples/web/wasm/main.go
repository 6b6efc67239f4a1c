// Wasm is the mancala/wire service compiled to WebAssembly for the web
// page's Web Worker (examples/web/static/worker.js), so that the page, and
// any front end using examples/web/static/mancala.js, plays every game with
// no server. Build it with
//
//	GOOS=js GOARCH=wasm go build -o mancala.wasm ./examples/web/wasm
//
// (go run ./examples/web -export DIR does this and writes the whole static
// site). Under GOOS=js it registers one JavaScript function,
//
//	mancalaCall(command, requestJSON) -> Promise<{status, body}>
//
// where command is one of the HTTP API's endpoints without the /api/v1/
// prefix ("games", "state", "apply", "think", "record", "replay"),
// requestJSON its request body ("" for games), status the HTTP status the
// API answers with (200, or the error's [wire.Error.Status]) and body the
// JSON text the API answers: the same bytes as the HTTP handler's, so a
// client cannot tell the two apart. Built for another platform the program
// only says how to build it.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"

	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func main() { serve() }

// newService returns the service of examples/web: the same games in the
// same order (examples/internal/games), with the default limits.
func newService() (*wire.Service, error) {
	return gameswire.NewService(wire.Limits{})
}

// call answers one request as the HTTP API does, through the service's
// transport-free [wire.Service.Call] (the HTTP handler's own command table,
// decoder and slots): the status and the JSON body with its final line
// break, byte for byte what Handler writes. cmd is an endpoint's name,
// body its request's JSON text (ignored for games).
func call(ctx context.Context, s *wire.Service, cmd string, body []byte) (int, []byte) {
	out, err := s.Call(ctx, cmd, body)
	if err == nil {
		return 200, append(out, '\n')
	}
	var e *wire.Error
	if !errors.As(err, &e) {
		e = &wire.Error{Code: wire.CodeInternal, Message: "wire: internal error: " + err.Error()}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // as the handler writes
	enc.Encode(e)
	return e.Status(), buf.Bytes()
}
