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
	"context"
	"errors"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/internal/wirejson"
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
// games). It calls the service's typed methods (State, Apply, ...), not
// its command table (Service.Call, which the js/wasm build of mancala/wire
// leaves out with the line protocol and their encoding/json), so that the
// worker links none of the line protocol's batch commands; and it reads requests and
// writes answers with internal/wirejson, not encoding/json, whose
// reflection would weigh about a sixth of the binary. The answers are the
// same (the typed methods hold no slot, and a slot never changes an
// answer but busy; wirejson's tests hold it to encoding/json's bytes and
// wire.DecodeRequest's errors).
func call(ctx context.Context, s *wire.Service, cmd string, body []byte) (int, []byte) {
	out, err := dispatch(ctx, s, cmd, body)
	if err == nil {
		return 200, out
	}
	var e *wire.Error
	if !errors.As(err, &e) {
		e = &wire.Error{Code: wire.CodeInternal, Message: "wire: internal error: " + err.Error()}
	}
	return e.Status(), wirejson.AppendError(nil, e)
}

// dispatch decodes body as cmd's request, answers it and returns the
// answer's JSON text; a panic is an internal error, as the service's
// table answers it. The commands' cases are written out on purpose: one
// generic decode-answer-write helper made the worker 17,666 bytes larger
// (5,402 gzipped) with Go 1.26.
func dispatch(ctx context.Context, s *wire.Service, cmd string, body []byte) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, &wire.Error{Code: wire.CodeInternal, Message: "wire: internal error: " + panicText(p)}
		}
	}()
	switch cmd {
	case "games":
		g := s.Games()
		return wirejson.AppendGames(nil, &g), nil
	case "state", "apply", "think", "record", "replay":
		if limit := s.Limits().MaxBody; int64(len(body)) > limit {
			// As the handler refuses a body over the limit.
			return nil, &wire.Error{Code: wire.CodeTooLarge, Message: "wire: request body over " + strconv.FormatInt(limit, 10) + " bytes"}
		}
	}
	switch cmd {
	case "state":
		var req wire.StateRequest
		if err := wirejson.DecodeState(body, &req); err != nil {
			return nil, err
		}
		st, err := s.State(req)
		if err != nil {
			return nil, err
		}
		return wirejson.AppendState(nil, &st), nil
	case "apply":
		var req wire.ApplyRequest
		if err := wirejson.DecodeApply(body, &req); err != nil {
			return nil, err
		}
		a, err := s.Apply(req)
		if err != nil {
			return nil, err
		}
		return wirejson.AppendApply(nil, &a), nil
	case "think":
		var req wire.ThinkRequest
		if err := wirejson.DecodeThink(body, &req); err != nil {
			return nil, err
		}
		t, err := s.Think(ctx, req)
		if err != nil {
			return nil, err
		}
		return wirejson.AppendThink(nil, &t)
	case "record":
		var req wire.RecordRequest
		if err := wirejson.DecodeRecord(body, &req); err != nil {
			return nil, err
		}
		r, err := s.Record(req)
		if err != nil {
			return nil, err
		}
		return wirejson.AppendRecord(nil, &r), nil
	case "replay":
		var req wire.ReplayRequest
		if err := wirejson.DecodeReplay(body, &req); err != nil {
			return nil, err
		}
		r, err := s.Replay(req)
		if err != nil {
			return nil, err
		}
		return wirejson.AppendReplay(nil, &r), nil
	}
	return nil, &wire.Error{Code: wire.CodeNotFound, Message: "wire: no endpoint " + quote.String("/api/v1/"+cmd) + " (see GET /api/v1/games)"}
}

// panicText returns the text of a panic's value as fmt's %v writes an
// error, a string, a Stringer, an integer or a bool (what a panic carries
// here: runtime errors and the library's messages), without linking fmt
// into the worker; any other value is named by its kind only.
func panicText(p any) string {
	switch v := p.(type) {
	case error:
		return v.Error()
	case string:
		return v
	case interface{ String() string }:
		return v.String()
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case bool:
		return strconv.FormatBool(v)
	}
	return "a panic of another type"
}
