// Package wire is a stateless JSON API over the games of this module, for
// front ends written in any language: the request and response messages,
// a transport-free [Service] that answers them through one command table,
// and the transports over that table: an [http.Handler] (examples/web
// serves it with a web page), the JSON-lines protocol
// ([Service.ServeLines]; examples/mancala-engine is flags and that call), and
// [Service.Call] for any other. A client sends a
// position's notation and gets a state back; it
// keeps the history itself (undo is its list of positions), so the server
// keeps no game state and a restart loses nothing.
//
// The package is generic over the games' descriptors and imports none of
// the games: a program passes them.
//
//	svc, err := wire.NewService(wire.Limits{},
//		wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kiothi.Descriptor), wire.NewGame(&kimasai.Descriptor))
//	...
//	http.Handle("/api/", wire.Handler(svc))
//
// # WebAssembly
//
// Built for GOOS=js GOARCH=wasm the package is the protocol core only:
// [Service] with its typed methods ([Service.State], [Service.Apply],
// [Service.Think], ...) and the messages, without the transports and the
// command table ([Handler], [Service.ServeLines], [Service.Call],
// [DecodeRequest], [LineOptions]), so that a WebAssembly program links no
// net/http, TLS and x509, nor encoding/json with the fmt, os and reflect
// it brings. A WebAssembly program (the page's worker, examples/web/wasm)
// calls the typed methods, which answer as the table does. Everything
// else is the same on every platform.
//
// # Commands and transports
//
// Every transport dispatches through the service's one command table: a
// command has a name, the transports that serve it (http, lines), the
// slots it waits for (none; work: a work slot, or a costly slot for a
// request that can be slow; see [Limits]), and its request and response
// types; its request is decoded strictly ([DecodeRequest]) from the HTTP
// body or the request line without "id" and "cmd". The table is the
// protocol: a program serves it as it is.
//
// The built-in commands:
//
//	games        http+lines  none    the games, agents and limits (lines: and the engine's own, see docs/engine.md)
//	state        http+lines  work    StateRequest -> State
//	apply        http+lines  work    ApplyRequest -> ApplyResponse
//	think        http+lines  none    ThinkRequest -> ThinkResponse (a think slot, Limits.MaxThinks)
//	record       http+lines  work    RecordRequest -> RecordResponse
//	replay       http+lines  work    ReplayRequest -> ReplayResponse
//	perft        lines       none    PerftRequest -> PerftResponse (BatchLimits)
//	playouts     lines       none    PlayoutsRequest -> PlayoutsResponse (BatchLimits)
//	selfplay     lines       none    SelfplayRequest -> SelfplayResponse (BatchLimits)
//
// # Messages, errors and costs
//
// docs/wire.md specifies the endpoints (GET /api/v1/games, POST
// /api/v1/state, apply, think, record, replay), every message with
// examples, the error codes with their HTTP statuses ([*Error], answered
// as {"error": "<message>", "code": "<code>"}) and the limits every
// request is bounded by ([Limits]: body, events, think caps and slots,
// work and costly slots, record moves) with their measured figures;
// docs/wire.schema.json is the messages' JSON Schema, generated from this
// package's types. Field names are the contract: new fields may be added,
// none is renamed. Positions, moves, rules and records are text in the
// notation of docs/notation.md. No input gives a 5xx status or a panic.
//
// # Stability
//
// The service, the transports and the commands games, state, apply, think,
// record, replay, perft, playouts and selfplay, with their messages, are
// stable: an incompatible change is made only in a minor release and named
// in the CHANGELOG. (The research commands env_spec, step, vec_* and
// observation left in v0.2.0: learning environments run in process through
// the C library of mancala/env.)
package wire
