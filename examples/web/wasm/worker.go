// Package wasm is the page's rules worker: the mancala/wire service
// compiled to WebAssembly, one file a game, for the Web Worker of
// examples/web/static/worker.js (and the npm package's Node entry), so
// that the page, and any front end using examples/web/static/mancala.js,
// plays every game with no server. Each of the programs kisolo, kiothi
// and kimasai below it serves one game ([Serve]); the export builds them
// as mancala-kisolo.wasm, mancala-kiothi.wasm and mancala-kimasai.wasm:
//
//	GOOS=js GOARCH=wasm go build -o mancala-kisolo.wasm ./examples/web/wasm/kisolo
//
// (go run ./examples/web -export DIR does this and writes the whole static
// site). A file of one game weighs about 0.5 MB less than one of the three
// games, and a player downloads only the game played.
//
// Under GOOS=js a program registers one JavaScript function, under its
// game's name in the global object mancalaCalls,
//
//	mancalaCalls[game](command, requestJSON) -> Promise<{status, body, elsewhere?}>
//
// where command is one of the HTTP API's endpoints without the /api/v1/
// prefix ("state", "apply", "think", "record", "replay"), requestJSON its
// request body, status the HTTP status the API answers with (200, or the
// error's [wire.Error.Status]) and body the JSON text the API answers: the
// same bytes as the HTTP handler's, so a client cannot tell the two apart.
// The service of a program plays its game and names the others
// ([wire.Elsewhere]), in the order of the HTTP API, so that an unknown
// game's error lists them all; a request for another game is answered
// with elsewhere set to that game's name (and status 421): the worker
// sends it to that game's file, whose answer is the API's. GET
// /api/v1/games is not asked of a program: the export writes the API's
// answer into games.json, which the worker serves. Built for another
// platform a program only says how to build it.
package wasm

import (
	"context"
	"errors"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/internal/wirejson"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Names are the games of the HTTP API (examples/web), in its order
// (internal/games.Names, which imports every game, so is not linked
// here; a test holds them equal).
var Names = []string{"kisolo", "kiothi", "kimasai"}

// NewService returns the service of a program of game g: the games of
// Names with the default limits, g one of them and the others
// [wire.Elsewhere]. It returns an error when g is not a game of Names.
func NewService(g wire.Game) (*wire.Service, error) {
	gs := make([]wire.Game, len(Names))
	found := false
	for i, n := range Names {
		if n == g.Name() {
			gs[i], found = g, true
		} else {
			gs[i] = wire.Elsewhere(n)
		}
	}
	if !found {
		return nil, errors.New("wasm: " + quote.String(g.Name()) + " is not a game of the page")
	}
	return wire.NewService(wire.Limits{}, gs...)
}

// call answers one request as the HTTP API does: the status and the JSON
// body with its final line break, byte for byte what Handler writes, or,
// for a request of a game [wire.Elsewhere], that game's name in elsewhere
// (with status 421 and the error's JSON). cmd
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
func call(ctx context.Context, s *wire.Service, cmd string, body []byte) (status int, out []byte, elsewhere string) {
	out, err := dispatch(ctx, s, cmd, body)
	if err == nil {
		return 200, out, ""
	}
	var e *wire.Error
	if !errors.As(err, &e) {
		e = &wire.Error{Code: wire.CodeInternal, Message: "wire: internal error: " + err.Error()}
	}
	if e.Code == wire.CodeElsewhere {
		elsewhere = e.Game
	}
	return e.Status(), wirejson.AppendError(nil, e), elsewhere
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
