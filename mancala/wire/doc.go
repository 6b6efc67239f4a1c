// Package wire is a stateless JSON API over the games of this module, for
// front ends written in any language: the request and response messages,
// a transport-free [Service] that answers them through one command table,
// and the transports over that table: an [http.Handler] (examples/web
// serves it with a web page), the JSON-lines protocol
// ([Service.ServeLines]; examples/mancala-engine is flags and that call), and
// [Service.Call] and [Session.Call] for any other (a WebAssembly worker). A client sends a position's notation and gets a state back; it
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
// [Service], [Session], [Service.Call], the lines engine and the
// messages, without [Handler], so that a WebAssembly program links no
// net/http, TLS and x509. Everything else is the same on every platform.
//
// # Commands and transports
//
// Every transport dispatches through the service's table
// ([Service.Commands]): a command has a name, the transports that serve it
// ([HTTP], [Lines]), the slots it waits for ([Pool]), and its request and
// response types; its request is decoded strictly ([DecodeRequest]) from
// the HTTP body or the request line without "id" and "cmd". A program
// adds commands with [NewCommand] and [Service.Register] (the runnable
// ExampleNewCommand); a line-only command keeps per-connection state in
// its [Session].
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
// # Endpoints
//
//	GET  /api/v1/games    the games, their rule options and boards   GamesResponse
//	POST /api/v1/state    a position's state                         StateRequest -> State
//	POST /api/v1/apply    play a move: the new state and the events  ApplyRequest -> ApplyResponse
//	POST /api/v1/think    the computer's move                        ThinkRequest -> ThinkResponse
//	POST /api/v1/record   write a game record                        RecordRequest -> RecordResponse
//	POST /api/v1/replay   read a game record (or a position)         ReplayRequest -> ReplayResponse
//
// Field names are the contract: new fields may be added, none is renamed.
// Positions, moves, rules and records are text in the notation of
// docs/notation.md. Pits are named as seen from South's seat ("a1" is
// South's left pit of the row nearest South); players are "S" and "N".
//
// # Messages
//
// docs/wire.md specifies every message with examples (an apply's events,
// [Event], replayed on the old state's counts give the new state's
// exactly: docs/design.md, "Traces for front ends"), and
// docs/wire.schema.json is their JSON Schema, generated from this
// package's types.
//
// # Errors
//
// Every error is an [*Error], answered as {"error": "<message>", "code":
// "<code>"} with the status of its code:
//
//	400 bad_request         malformed JSON, an unknown field (names are case-sensitive), a field given twice, a wrong type, more than one value, a missing field, an unknown game or agent, a think budget out of range
//	400 syntax              bad notation or invalid rules (mancala.ErrSyntax, mancala.ErrRules)
//	422 illegal             an illegal move (mancala.ErrIllegalMove), also in a record
//	422 game_over           a move or think after the end (mancala.ErrGameOver)
//	413 too_large           a body over Limits.MaxBody (at most 64 KiB), a record of more than Limits.MaxRecordMoves moves
//	405 method_not_allowed  a wrong method (the Allow header says which)
//	404 not_found           no such endpoint (also for a path that is not clean: "//", "/./", "/../")
//	408 timeout             the body did not arrive within the server's read timeout
//	429 busy                no think, work or costly slot free within Limits.BusyWait
//	500 internal            a bug in the library (a legal move refused by its own game); no input gives it
//
// No input gives a 5xx status or a panic.
//
// # Costs
//
// Every request is bounded: the body by Limits.MaxBody, the events by
// Limits.MaxEvents, a think by its caps and the think slots, every other
// request by the work slots (Limits.MaxWork), a record by
// Limits.MaxRecordMoves. A request that can be slow (rules whose text
// says so, the game descriptor's Costly, or a move that loops past the
// work-laps bound) waits for one of the few costly slots
// (Limits.MaxCostly) instead, so that a flood of slow requests leaves the
// work slots and half of the cores to ordinary ones. docs/wire.md
// ("Errors and limits") has the measured figures (BenchmarkCostlyFlood,
// BenchmarkLoopFlood, BenchmarkSlowest).
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
