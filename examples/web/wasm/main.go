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
	"fmt"

	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func main() { serve() }

// newService returns the service of examples/web: the same games in the
// same order (internal/games), with the default limits.
func newService() (*wire.Service, error) {
	return gameswire.NewService(wire.Limits{})
}

// call answers one request as the HTTP API does: the status and the JSON
// body with its final line break, byte for byte what Handler writes. cmd
// is an endpoint's name, body its request's JSON text (ignored for
// games). It calls the service's typed methods (State, Apply, ...) with
// wire's own decoder, not its command table (Service.Call), so that the
// worker links none of the line protocol's batch and research commands;
// the answers are the same (the typed methods hold no slot, and a slot
// never changes an answer but busy).
func call(ctx context.Context, s *wire.Service, cmd string, body []byte) (int, []byte) {
	v, err := dispatch(ctx, s, cmd, body)
	var out bytes.Buffer
	if err == nil {
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false) // as the handler writes
		if err = enc.Encode(v); err == nil {
			return 200, out.Bytes()
		}
		out.Reset()
		err = &wire.Error{Code: wire.CodeInternal, Message: "wire: internal error: " + err.Error()}
	}
	var e *wire.Error
	if !errors.As(err, &e) {
		e = &wire.Error{Code: wire.CodeInternal, Message: "wire: internal error: " + err.Error()}
	}
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.Encode(e)
	return e.Status(), out.Bytes()
}

// dispatch decodes body as cmd's request and answers it; a panic is an
// internal error, as the service's table answers it.
func dispatch(ctx context.Context, s *wire.Service, cmd string, body []byte) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, &wire.Error{Code: wire.CodeInternal, Message: fmt.Sprintf("wire: internal error: %v", p)}
		}
	}()
	switch cmd {
	case "games":
		return s.Games(), nil
	case "state":
		return answer(body, s.State)
	case "apply":
		return answer(body, s.Apply)
	case "think":
		return answer(body, func(r wire.ThinkRequest) (wire.ThinkResponse, error) { return s.Think(ctx, r) })
	case "record":
		return answer(body, s.Record)
	case "replay":
		return answer(body, s.Replay)
	}
	return nil, &wire.Error{Code: wire.CodeNotFound, Message: "wire: no endpoint " + quote.String("/api/v1/"+cmd) + " (see GET /api/v1/games)"}
}

// answer decodes body into Req with the API's decoder and answers it
// with fn.
func answer[Req, Resp any](body []byte, fn func(Req) (Resp, error)) (any, error) {
	var req Req
	if err := wire.DecodeRequest(body, &req); err != nil {
		return nil, err
	}
	r, err := fn(req)
	if err != nil {
		return nil, err
	}
	return r, nil
}
