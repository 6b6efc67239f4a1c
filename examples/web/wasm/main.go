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
	"net/http"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func main() { serve() }

// newService returns the service of examples/web: the same games in the
// same order, with the default limits.
func newService() (*wire.Service, error) {
	return wire.NewService(wire.Limits{},
		wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kiothi.Descriptor), wire.NewGame(&kimasai.Descriptor))
}

// call answers one request as the HTTP API does: the status and the JSON
// body. cmd is an endpoint's name, body its request's JSON text (ignored
// for games).
func call(ctx context.Context, s *wire.Service, cmd string, body []byte) (int, []byte) {
	var resp any
	var err error
	switch cmd {
	case "games":
		resp = s.Games()
	case "state":
		resp, err = decodeCall(body, s.State)
	case "apply":
		resp, err = decodeCall(body, s.Apply)
	case "think":
		resp, err = decodeCall(body, func(r wire.ThinkRequest) (wire.ThinkResponse, error) { return s.Think(ctx, r) })
	case "record":
		resp, err = decodeCall(body, s.Record)
	case "replay":
		resp, err = decodeCall(body, s.Replay)
	default:
		err = &wire.Error{Code: wire.CodeNotFound, Message: "wire: no endpoint \"/api/v1/" + cmd + "\" (see GET /api/v1/games)"}
	}
	status := http.StatusOK
	if err != nil {
		e, ok := err.(*wire.Error)
		if !ok {
			e = &wire.Error{Code: wire.CodeInternal, Message: err.Error()}
		}
		status, resp = e.Status(), e
	}
	// Encoded as the handler encodes: no HTML escaping, a final newline.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp); err != nil {
		buf.Reset()
		status = http.StatusInternalServerError
		enc.Encode(&wire.Error{Code: wire.CodeInternal, Message: "wire: internal error: " + err.Error()})
	}
	return status, buf.Bytes()
}

// decodeCall decodes body strictly, as the HTTP handler does, and calls fn.
func decodeCall[Req, Resp any](body []byte, fn func(Req) (Resp, error)) (any, error) {
	var req Req
	if err := wire.DecodeRequest(body, &req); err != nil {
		return nil, err
	}
	return fn(req)
}
