//go:build !(js && wasm)

// The command table and the line protocol are left out of the js/wasm
// build, as the HTTP transport is (handler.go): a WebAssembly program
// (examples/web/wasm) calls the typed methods, and this file's imports
// (encoding/json, which brings fmt and os, and reflect) would cost it
// about 139 kB (37 kB gzipped) for their initialisation alone.

package wire

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
)

// transportSet is a set of the transports that serve a command.
type transportSet uint8

const (
	// overHTTP is [Handler] (POST /api/v1/<name>; GET for games) and
	// [Service.Call], which answers exactly as Handler does.
	overHTTP transportSet = 1 << iota
	// overLines is the JSON-lines protocol: [Service.ServeLines]
	// (examples/mancala-engine, docs/engine.md).
	overLines
)

// slotPool names the slots a command waits for (at most Limits.BusyWait,
// then busy) before it runs.
type slotPool uint8

const (
	// noPool runs at once: games; think, which takes one of
	// Limits.MaxThinks think slots inside [Service.Think]; the batch
	// commands, which a line session runs one at a time under their own
	// deadline ([BatchLimits]).
	noPool slotPool = iota
	// workPool takes one of Limits.MaxWork work slots, or a costly slot
	// for a request that can be slow (docs/wire.md, "Errors and limits";
	// [Limits].MaxCostly).
	workPool
	// costlyPool always takes one of Limits.MaxCostly costly slots.
	costlyPool
)

// commandDef is one entry of a [Service]'s command table: a name, the
// transports that serve it, the slots it waits for, and a function that
// decodes its request strictly ([DecodeRequest]) and answers it. Every
// transport dispatches through the same table, so a command answers the
// same request the same way everywhere.
type commandDef struct {
	// Name is the "cmd" of a request line and the last element of its
	// HTTP path; Request and Response are the types of its request and
	// answer (the documentation's tables and the schema are checked
	// against them).
	Name              string
	Transports        transportSet
	Pool              slotPool
	Request, Response reflect.Type

	call    func(ctx context.Context, sess *session, body []byte) (any, error)
	getOnly bool // HTTP: GET (and HEAD) with no body, not POST
}

// newCommand returns the command name answered by fn, served by the
// transports t and waiting for a slot of pool. Its request is a Req,
// decoded strictly from the body (the request line without "id" and
// "cmd"); struct{} takes no fields. fn's error should be an [*Error] (any
// other error is answered as internal).
func newCommand[Req, Resp any](name string, t transportSet, pool slotPool, fn func(ctx context.Context, sess *session, req Req) (Resp, error)) commandDef {
	return commandDef{
		Name: name, Transports: t, Pool: pool,
		Request:  reflect.TypeFor[Req](),
		Response: reflect.TypeFor[Resp](),
		call: func(ctx context.Context, sess *session, body []byte) (any, error) {
			var req Req
			if err := DecodeRequest(body, &req); err != nil {
				return nil, err
			}
			ctx, release, err := sess.svc.take(ctx, pool, any(&req))
			if err != nil {
				return nil, err
			}
			defer release()
			return fn(ctx, sess, req)
		},
	}
}

// table is a Service's commands, in the order of the documentation,
// filled at first use and not changed after.
type table struct {
	once sync.Once
	cmds []commandDef
}

// loadTable fills s's table with the built-in commands, once. It runs at
// the first use of the table (Call, Handler, ServeLines), not in
// NewService: a program that only calls the typed
// methods (State, Apply, Think, ...: the page's WebAssembly worker) then
// does not link the line protocol's batch commands.
func (s *Service) loadTable() {
	s.table.once.Do(func() { s.table.cmds = s.builtins() })
}

// commands returns s's command table, in order: games, state, apply,
// think, record, replay over both transports (two games entries, since
// the line protocol's answer has more), then the line-only perft,
// playouts and selfplay.
func (s *Service) commands() []commandDef {
	s.loadTable()
	return s.table.cmds
}

// command returns the command name of transport t.
func (s *Service) command(name string, t transportSet) (commandDef, bool) {
	for _, c := range s.commands() {
		if c.Name == name && c.Transports&t != 0 {
			return c, true
		}
	}
	return commandDef{}, false
}

// commandNames returns the names of the commands of transport t, in order.
func (s *Service) commandNames(t transportSet) []string {
	var names []string
	for _, c := range s.commands() {
		if c.Transports&t != 0 {
			names = append(names, c.Name)
		}
	}
	return names
}

// builtins returns the built-in commands of s.
func (s *Service) builtins() []commandDef {
	both := overHTTP | overLines
	games := newCommand("games", overHTTP, noPool, func(context.Context, *session, struct{}) (GamesResponse, error) {
		return s.Games(), nil
	})
	games.getOnly = true
	cmds := []commandDef{
		games,
		newCommand("games", overLines, noPool, func(_ context.Context, sess *session, _ struct{}) (LineGamesResponse, error) {
			return LineGamesResponse{GamesResponse: s.Games(), Engine: EngineInfo{MaxLine: sess.maxLine,
				Commands: s.commandNames(overLines), Batch: s.batch.info()}}, nil
		}),
		newCommand("state", both, workPool, func(_ context.Context, _ *session, r StateRequest) (State, error) { return s.State(r) }),
		newCommand("apply", both, workPool, func(ctx context.Context, _ *session, r ApplyRequest) (ApplyResponse, error) {
			return s.apply(meterOf(ctx), r)
		}),
		newCommand("think", both, noPool, func(ctx context.Context, _ *session, r ThinkRequest) (ThinkResponse, error) {
			return s.Think(ctx, r)
		}),
		newCommand("record", both, workPool, func(ctx context.Context, _ *session, r RecordRequest) (RecordResponse, error) {
			return s.record(meterOf(ctx), r)
		}),
		newCommand("replay", both, workPool, func(ctx context.Context, _ *session, r ReplayRequest) (ReplayResponse, error) {
			return s.replay(meterOf(ctx), r)
		}),
		newCommand("perft", overLines, noPool, func(ctx context.Context, _ *session, r PerftRequest) (PerftResponse, error) {
			return s.Perft(ctx, r)
		}),
		newCommand("playouts", overLines, noPool, func(ctx context.Context, _ *session, r PlayoutsRequest) (PlayoutsResponse, error) {
			return s.Playouts(ctx, r)
		}),
		newCommand("selfplay", overLines, noPool, func(ctx context.Context, _ *session, r SelfplayRequest) (SelfplayResponse, error) {
			return s.Selfplay(ctx, r)
		}),
	}
	return cmds
}

// session is one conversation over a transport: one [Service.ServeLines]
// call (one connection of the line protocol), or one HTTP request or
// [Service.Call].
type session struct {
	svc       *Service
	transport transportSet
	maxLine   int
	log       io.Writer // where a panic's stack goes, if not nil
}

// take takes a slot of pool for req, waiting at most Limits.BusyWait,
// and returns the context to answer req in (with the request's meter, for
// a pool) and the function that gives the slot back. A WorkPool request
// whose rules are costly by their text takes a costly slot instead.
func (s *Service) take(ctx context.Context, pool slotPool, req any) (context.Context, func(), error) {
	var sem chan struct{}
	what := "costly"
	switch pool {
	case noPool:
		return ctx, func() {}, nil
	case workPool:
		sem, what = s.work, "work"
		if s.costlyRequest(req) {
			sem, what = s.costly, "costly"
		}
	default:
		sem = s.costly
	}
	if err := acquire(ctx, sem, s.limits.BusyWait, what); err != nil {
		return ctx, nil, err
	}
	m := &meter{s: s, ctx: ctx, held: sem}
	return context.WithValue(ctx, meterKey{}, m), m.release, nil
}

// Call answers one request exactly as [Handler] answers it over HTTP (the
// same table, decoder, slots and messages): cmd is the last element of
// the path ("state"), body the request body (ignored by games). The
// answer is the response's JSON text, without a trailing line break, or
// the error an [*Error], whose Status is the HTTP status Handler would
// answer with. A transport that is neither HTTP nor lines (a WebAssembly
// worker's messages) uses it to be served as the HTTP API is.
func (s *Service) Call(ctx context.Context, cmd string, body []byte) ([]byte, error) {
	sess := &session{svc: s, transport: overHTTP}
	c, ok := s.command(cmd, overHTTP)
	if !ok {
		return nil, newError(CodeNotFound, "wire: no endpoint "+quote("/api/v1/"+cmd)+" (see GET /api/v1/games)")
	}
	if c.getOnly {
		body = []byte("{}")
	} else if limit := s.limits.MaxBody; int64(len(body)) > limit {
		// As Handler refuses it (readBody).
		return nil, newError(CodeTooLarge, "wire: request body over "+strconv.FormatInt(limit, 10)+" bytes")
	}
	v, err := sess.run(ctx, c, body)
	if err != nil {
		return nil, err
	}
	return marshal(v)
}

// marshal returns v's JSON text as the transports write it (no HTML
// escaping, no trailing line break), or an internal *Error.
func marshal(v any) ([]byte, error) {
	b, err := encodeJSON(v)
	if err != nil {
		return nil, newError(CodeInternal, "wire: internal error: "+err.Error())
	}
	return b[:len(b)-1], nil
}

// dispatch answers cmd of the session's transport with body.
func (sess *session) dispatch(ctx context.Context, cmd string, body []byte) (any, error) {
	c, ok := sess.svc.command(cmd, sess.transport)
	if !ok {
		return nil, newError(CodeNotFound, "engine: unknown command "+quote(cmd)+" (want "+strings.Join(sess.svc.commandNames(sess.transport), ", ")+")")
	}
	return sess.run(ctx, c, body)
}

// run calls c with body; a panic (a bug) is answered as internal, its
// stack logged to the session's log if it has one.
func (sess *session) run(ctx context.Context, c commandDef, body []byte) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			if sess.log != nil {
				fmt.Fprintf(sess.log, "engine: panic answering %s %.200q: %v\n%s", c.Name, body, p, debug.Stack())
			}
			v, err = nil, newError(CodeInternal, fmt.Sprintf("wire: internal error: %v", p))
		}
	}()
	v, err = c.call(ctx, sess, body)
	if err != nil {
		return nil, fromErr(err)
	}
	return v, nil
}

// info returns b's limits as clients see them.
func (b *batch) info() BatchLimitsInfo {
	return BatchLimitsInfo{MaxPerftDepth: b.l.MaxPerftDepth, MaxPerftNodes: b.l.MaxPerftNodes,
		MaxPlayouts: b.l.MaxPlayouts, MaxPlayoutPlies: b.l.MaxPlayoutPlies,
		MaxSelfplayGames: b.l.MaxSelfplayGames, MaxSelfplayPlies: b.l.MaxSelfplayPlies,
		MaxTimeMs: b.l.MaxTime.Milliseconds()}
}
