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
// net/http, TLS and x509 (examples/web/wasm, the web page's worker, is
// 6.2 MB against 8.1 MB with them). Everything else is the same on every
// platform.
//
// # Commands and transports
//
// Every transport dispatches through the service's table
// ([Service.Commands]): a command has a name, the transports that serve it
// ([HTTP], [Lines]), the slots it waits for ([Pool]), and its request and
// response types; its request is decoded strictly ([DecodeRequest]) from
// the HTTP body or the request line without "id" and "cmd". A program
// adds commands with [NewCommand] and [Service.Register]; a line-only
// command keeps per-connection state in its [Session]:
//
//	svc.Register(wire.NewCommand("count", wire.Lines, wire.NoPool,
//		func(ctx context.Context, sess *wire.Session, req CountRequest) (CountResponse, error) {
//			n, _ := sess.Value(countKey{}).(int)
//			n += req.By
//			sess.SetValue(countKey{}, n)
//			return CountResponse{Total: n}, nil
//		}))
//
// The built-in commands:
//
//	games        http+lines  none    the games, agents and limits (lines: and the engine's own, see docs/engine.md)
//	state        http+lines  work    StateRequest -> State
//	apply        http+lines  work    ApplyRequest -> ApplyResponse
//	think        http+lines  none    ThinkRequest -> ThinkResponse (a think slot, Limits.MaxThinks)
//	record       http+lines  work    RecordRequest -> RecordResponse
//	replay       http+lines  work    ReplayRequest -> ReplayResponse
//	observation  lines       work    ObservationRequest -> Observation
//	perft        lines       none    PerftRequest -> PerftResponse (BatchLimits)
//	playouts     lines       none    PlayoutsRequest -> PlayoutsResponse (BatchLimits)
//	selfplay     lines       none    SelfplayRequest -> SelfplayResponse (BatchLimits)
//	env_spec     lines       work    EnvSpecRequest -> EnvSpec (action count, observation, horizon)
//	step         lines       work    StepRequest -> StepResponse (one action id in one position)
//	vec_create   lines       none    VecConfig -> VecCreateResponse (n environments held by the session)
//	vec_step     lines       none    VecStepRequest -> VecState
//	vec_reset    lines       none    VecResetRequest -> VecState
//	vec_close    lines       none    VecCloseRequest -> VecCloseResponse
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
// # Games
//
// GET /api/v1/games answers (lists cut short here with …):
//
//	{"games": [
//	  {"name": "kisolo", "title": "Kisolo", "counter": "seed",
//	   "words": {"seed": "seed", "capture": "capture", "store": "", "reserve": ""},
//	   "options": [
//	     {"name": "Columns", "kind": "int", "values": ["6", "7", "8"], "min": 6, "max": 8,
//	      "default": "7", "clause": "KS-1", "doc": "pits per row"},
//	     {"name": "Endless", "kind": "enum", "values": ["Draw", "Illegal"], "min": 0, "max": 0,
//	      "default": "Draw", "clause": "C-6", "doc": "whether an endless move draws or is illegal"}, …],
//	   "start": "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0",
//	   "layout": {"rows": 4, "files": 7,
//	     "pits": [{"name": "a1", "index": 0, "row": 0, "file": 1, "owner": "S", "inner": false}, …],
//	     "sharedRing": false, "direction": "counterclockwise",
//	     "circuits": {"S": ["a1", "a2", …, "b1"], "N": ["d7", …, "c7"]},
//	     "stores": [], "reserves": []}},
//	  …],
//	 "agents": ["random", "alphabeta", "mcts", "mcts-eval"],
//	 "limits": {"maxBody": 65536, "maxEvents": 20000, "maxDepth": 10, "maxIterations": 100000,
//	            "maxTimeMs": 2000, "maxRecordMoves": 10000}}
//
// # State
//
// POST /api/v1/state with {"game": "kisolo", "rules": "Columns:6"} (the
// start under those rules; "rules" may be left out for the defaults) or
// {"position": "<notation>"} answers a [State]:
//
//	{"game": "kiothi", "title": "Kiothi", "rules": "",
//	 "position": "kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0",
//	 "toMove": "S", "turn": 2,
//	 "layout": {"rows": 2, "files": 10, "pits": […], "sharedRing": true, "direction": "counterclockwise",
//	            "circuits": {…}, "stores": ["store:S", "store:N"], "reserves": []},
//	 "pits": [{"name": "a1", "index": 0, "row": 0, "file": 1, "owner": "S", "inner": false, "seeds": 0, "nki": false},
//	          {"name": "a3", "index": 2, "row": 0, "file": 3, "owner": "S", "inner": false, "seeds": 2, "nki": false}, …,
//	          {"name": "b5", "index": 15, "row": 1, "file": 5, "owner": "N", "inner": false, "seeds": 3, "nki": true}, …],
//	 "stores": {"S": 0, "N": 0}, "hand": 0, "total": 5,
//	 "legal": ["a3:1", "a3:2"],
//	 "moves": [{"text": "a3:1", "kind": "sow", "pit": "a3", "index": 2, "count": 1},
//	           {"text": "a3:2", "kind": "sow", "pit": "a3", "index": 2, "count": 2}],
//	 "outcome": {"status": "ongoing", "result": "*"},
//	 "diagram": "        b1   b2 …", "words": {"seed": "warrior", "capture": "capture", "store": "prison", "reserve": ""}}
//
// "stores" is present for Kiothi (its prisons), "reserves" and "phase" (1
// or 2) for Bao la Kimasai, and "opening" during a Kiothi opening turn:
//
//	"opening": {"step": "drop", "hand": 9, "lifted": [], "dropFrom": "a1",
//	            "pits": ["a1", "a2", …, "b1"], "canStop": false}
//
// A finished game's outcome:
//
//	"outcome": {"status": "win", "winner": "S", "reason": "nomove", "result": "S:nomove",
//	            "score": {"S": 5, "N": 0}, "text": "South wins 5 to 0: North has no move left, and the warriors left on the board went into South's prison"}
//	"outcome": {"status": "win", "winner": "S", "reason": "inner", "result": "S:inner",
//	            "text": "South wins: North's inner row is empty"}
//	"outcome": {"status": "draw", "reason": "endless", "result": "draw:endless",
//	            "text": "Draw: a move would sow for ever (endless sowing)"}
//
// A front end maps a click on a pit to the moves of "moves" with that
// "pit": one move, or (Kiothi, partial lifts) one per count to choose
// from; Stop ("=") has no pit.
//
// # Apply
//
// POST /api/v1/apply with {"position": "<notation>", "move": "xb1"}
// answers an [ApplyResponse]: the move, the state "after" it, the move's
// "events" in order, "eventCount", "truncated" and "summary":
//
//	{"move": "xb1", "after": {…, "position": "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner", …},
//	 "events": [
//	   {"kind": "capture", "from": "c1", "to": "hand", "count": 2},
//	   {"kind": "capture", "from": "d1", "to": "hand", "count": 1},
//	   {"kind": "drop", "from": "hand", "to": "b1", "count": 1},
//	   {"kind": "drop", "from": "hand", "to": "a1", "count": 1},
//	   {"kind": "drop", "from": "hand", "to": "a2", "count": 1},
//	   {"kind": "end", "from": "", "to": "", "count": 0, "reason": "inner"}],
//	 "eventCount": 6, "truncated": false,
//	 "summary": "1 lap, 3 seeds sown; 1 capture took 3 seeds (c1, d1); the opponent's inner row is empty"}
//
// (from "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10",
// example KS6 of docs/rules/kisolo.md). Replaying the events on the old
// state's counts (pits, "store:S", "reserve:N", "hand"; nkiset and
// nkiclear set and clear a pit's mark) gives the new state's counts
// exactly. The kinds, as in docs/design.md ("Traces for front ends"):
//
//	lift      pit -> hand: Count seeds lifted at the start of a move (or a Kiothi opening Lift step)
//	relay     pit -> hand: a relay lap's lift (C-2; Kisolo's pussa kanawa)
//	drop      hand -> pit: one seed sown
//	capture   enemy pit -> hand (Kisolo, Bao la Kimasai's raid: then sown), or pit -> "store:S"/"store:N" (Kiothi)
//	reserve   "reserve:S"/"reserve:N" -> pit: a reserve cow put in (Bao la Kimasai, phase 1)
//	sweep     pit -> store: the warriors left on the board at the end of a Kiothi game (KI-15)
//	nkiset    pit ("from") becomes nki (Kiothi, when turn 1 ends); nothing moves
//	nkiclear  pit ("from") loses its nki mark; nothing moves
//	end       always last; "reason": empty, nextempty, inner, endless or step
//
// A move can relay for millions of laps: an apply returns at most
// Limits.MaxEvents events (20,000 by default), the first MaxEvents-1 and
// the end, with "truncated": true; "eventCount" and "summary" always
// count the whole move.
//
// # Think
//
// POST /api/v1/think with {"position": "<notation>", "agent": "alphabeta",
// "depth": 6} ("random" with a "seed"; "mcts" with "iterations" and a
// "seed"; any with "timeMs") answers a [ThinkResponse]:
//
//	{"move": "xb1", "agent": "alphabeta", "value": 16, "depth": 6, "nodes": 1169,
//	 "line": ["xb1", "xc7", "xb2", "xc4", "xb1", "xc5"], "elapsedMs": 0}
//	{"move": "xb2", "agent": "mcts", "visits": 600, "iterations": 2000, "winRate": 0.5733, "elapsedMs": 8}
//
// The caps (Limits): depth at most 10 plies, iterations at most 100,000,
// time at most 2 s (the default budget; the search stops at its depth or
// iterations, or when the time is up). At most Limits.MaxThinks thinks
// search at once; a think that finds no free slot within Limits.BusyWait
// (2 s) is answered 429 busy. So no think runs longer than about 4 s.
//
// # Records
//
// POST /api/v1/record with {"game": "kisolo", "moves": ["xb1", "xc6"],
// "south": "ann", "date": "2026-12-01"} (or "start": "<notation>" instead
// of "game" and "rules") answers:
//
//	{"record": "[Game \"kisolo\"]\n[South \"ann\"]\n[Date \"2026-12-01\"]\n[Result \"*\"]\n\nxb1 xc6\n",
//	 "result": "*", "final": "kisolo 0,4,1,4,1,4,4/0,3,0,3,0,4,4/7,6,6,6,0,0,6/7,0,7,0,6,0,1 S turn=2"}
//
// POST /api/v1/replay with {"record": "<record text>"} reads it with
// mancala/record (every move checked) and answers:
//
//	{"game": "kisolo", "rules": "", "start": "kisolo 3,3,… S turn=0", "moves": ["xb1", "xc6"],
//	 "positions": ["kisolo 3,3,… S turn=0", "kisolo 0,3,… N turn=1", "kisolo 0,4,… S turn=2"],
//	 "result": "*", "headers": [{"key": "Game", "value": "kisolo"}, {"key": "Result", "value": "*"}]}
//
// A "record" that is one position line is read as a game of no moves
// from it, so a client's "paste" box takes either.
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
// Limits.MaxRecordMoves. Requests are classed by what they cost. A
// request under rules that can make it slow by their text (the game
// descriptor's Costly: Endless:Illegal, or MaxLaps above
// mancala.DefaultMaxLaps) waits for one of the few costly slots
// (Limits.MaxCostly, GOMAXPROCS/2) instead of a work slot; every other
// apply, record and replay first plays its moves under a lap bound of
// WorkLaps, and a move endless under it (a loop, which the rules' bound
// would sow for 1,000,000 laps) gives the work slot back and waits for a
// costly slot before it is played by its rules. So a flood of slow
// requests leaves the work slots and half of the cores to ordinary ones:
// with 16 clients posting a Kiothi state under
// Endless:Illegal,MaxLaps:2000000 (100-190 ms of CPU each), ordinary
// states and applies kept a p50 of 0.3 ms and a p99 of 40-55 ms on the
// reference machine (2 cores, loaded by other work;
// BenchmarkCostlyFlood), where they had waited 2.2 s and 9 in 20 were
// answered busy; with 16 clients applying the loop of C-6 under the
// default rules, states kept a p50 of 0.07-0.11 ms and a p99 of 22-28 ms,
// against 277 ms and 1,037 ms before (BenchmarkLoopFlood). One state or
// apply costs a Parse, one Apply and
// the next player's legal moves. Ordinary requests take well under a
// millisecond; the slowest are moves that loop with a period too long for
// the cycle check and so sow to the largest lap bound the rules accept
// (mancala.MaxLapsLimit), and, under Endless:Illegal, positions whose move
// generation plays several such candidates out. docs/rules/common.md (C-6)
// gives their measured cost, and BenchmarkSlowest times them.
//
// # Stability
//
// The service, the transports and the commands games, state, apply, think,
// record, replay, perft, playouts and selfplay, with their messages, are
// meant to last: an incompatible change is named in the CHANGELOG. The
// research commands (docs/engine.md, "Research commands": env_spec, step,
// the vector environments vec_*, and an observation's seat view), their Go
// names (EnvSpec, Step*, Vec*, SeatObservation and the rest) and the
// deprecated Levels, LevelNamed and Horizon are experimental: they may
// change in any release.
package wire
