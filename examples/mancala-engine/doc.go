// Engine serves the games of the module to programs in any language over
// standard input and output: it reads one JSON request a line and writes
// one JSON response a line, in order, flushing after each. The messages
// are those of the HTTP API of package mancala/wire (the same fields, the
// same error codes), plus batch commands (perft, playouts, selfplay) that
// do many positions or games in one round trip. Learning environments run
// in process through the C library of mancala/env (docs/env.md), not here.
//
//	go run ./examples/mancala-engine                 # or: go build -o mancala-engine ./examples/mancala-engine
//	go run ./examples/mancala-engine -v              # also log each request to standard error
//
// # Lines
//
// A request is one line holding a JSON object:
//
//	{"id": <any JSON value>, "cmd": "<command>", <the command's fields>}
//
// and its response is one line:
//
//	{"id": <the same id>, "ok": true, <the answer's fields>}
//	{"id": <the same id>, "ok": false, "error": "<message>", "code": "<code>"}
//
// The id is echoed byte for byte as it was written (so [1, 2] comes back
// as [1, 2]; an id holding invalid UTF-8 comes back re-encoded, each bad
// byte as U+FFFD); it may be left out, and is then null. An id may have
// at most 256 bytes as written and 8 levels of arrays and objects
// (256 bytes as written, 8 arrays or objects deep): a larger one is answered
// bad_request with id null. The fields of a
// command are exactly those of its wire request (an unknown field is a
// bad_request); the fields of an answer are those of its wire response.
//
// Requests are answered strictly one at a time, in the order they come:
// the n-th response line answers the n-th request line. A client may
// write many requests before reading (pipelining) and match responses by
// id or by order; a response whose id is null answers a line whose id
// could not be read (the line is not JSON before its "id", or the id is
// missing), and it is still in its place in the order. A long request
// (a think, a batch) delays the ones after it.
//
// Lines are UTF-8 and end with "\n" ("\r\n" too). A line may hold at most
// 1,048,576 bytes (1 MiB, not counting the line break): a longer one is
// answered with too_large (with its id, if the id comes first in the
// line) and the engine reads past the rest of it without keeping it.
// Blank lines are skipped, without a response. A last line without a line
// break is answered like any other. At the end of the input the engine
// exits with status 0; it exits with status 1 only if it cannot read its
// input or write its output. Nothing but responses is written to standard
// output; logs (-v, and the stack of a bug) go to standard error.
//
// # Commands
//
// games, state, apply, think, record and replay are the HTTP API's
// endpoints (see the documentation of package wire for every field):
//
//	{"id": 1, "cmd": "games"}
//	{"id": 1, "ok": true, "games": [{"name": "kisolo", "title": "Kisolo", "counter": "seed", …}, …],
//	 "agents": ["random", "alphabeta", "mcts", "mcts-eval"],
//	 "limits": {"maxBody": 65536, "maxEvents": 20000, "maxDepth": 10, "maxIterations": 100000, "maxTimeMs": 2000, "maxRecordMoves": 10000},
//	 "engine": {"maxLine": 1048576, "commands": ["games", "state", …],
//	            "batch": {"maxPerftDepth": 20, "maxPerftNodes": 500000000, "maxPlayouts": 1000000, "maxPlayoutPlies": 10000,
//	                      "maxSelfplayGames": 1000, "maxSelfplayPlies": 1000, "maxTimeMs": 60000}}}
//
// (limits.maxBody is the HTTP body limit; the engine's is engine.maxLine.)
//
//	{"id": 2, "cmd": "state", "game": "kisolo", "rules": "Columns:6"}
//	{"id": 2, "ok": true, "game": "kisolo", "title": "Kisolo", "rules": "Columns:6",
//	 "position": "kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6",
//	 "toMove": "S", "turn": 0, "layout": {…}, "pits": […], "hand": 0, "total": 72,
//	 "legal": ["xb6", "xb5", "xb4", "xb3", "xb2", "xb1"], "moves": […], "outcome": {"status": "ongoing", "result": "*"}, …}
//
//	{"id": 3, "cmd": "apply", "position": "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "move": "xb1"}
//	{"id": 3, "ok": true, "move": "xb1",
//	 "after": {…, "position": "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner",
//	           "outcome": {"status": "win", "winner": "S", "reason": "inner", "result": "S:inner", "text": "South wins: North's inner row is empty"}, …},
//	 "events": [{"kind": "capture", "from": "c1", "to": "hand", "count": 2}, …, {"kind": "end", "from": "", "to": "", "count": 0, "reason": "inner"}],
//	 "eventCount": 6, "truncated": false,
//	 "summary": "1 lap, 3 seeds sown; 1 capture took 3 seeds (c1, d1); the opponent's inner row is empty"}
//
//	{"id": 4, "cmd": "think", "position": "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "agent": "alphabeta", "depth": 6}
//	{"id": 4, "ok": true, "move": "xb1", "agent": "alphabeta", "value": 16, "depth": 6, "nodes": 1169,
//	 "line": ["xb1", "xc7", "xb2", "xc4", "xb1", "xc5"], "elapsedMs": 0}
//
//	{"id": 5, "cmd": "record", "game": "kisolo", "moves": ["xb1", "xc6"], "south": "ann"}
//	{"id": 5, "ok": true, "record": "[Game \"kisolo\"]\n[South \"ann\"]\n[Result \"*\"]\n\nxb1 xc6\n", "result": "*",
//	 "final": "kisolo 0,4,1,4,1,4,4/0,3,0,3,0,4,4/7,6,6,6,0,0,6/7,0,7,0,6,0,1 S turn=2"}
//
//	{"id": 6, "cmd": "replay", "record": "[Game \"kisolo\"]\n\nxb1 xc6"}
//	{"id": 6, "ok": true, "game": "kisolo", "rules": "", "start": "kisolo 3,3,…", "moves": ["xb1", "xc6"],
//	 "positions": ["kisolo 3,3,…", "kisolo 0,3,…", "kisolo 0,4,…"], "result": "*", "headers": [{"key": "Game", "value": "kisolo"}, …]}
//
// perft counts the positions 1, 2, …, depth plies after the start
// (docs/rules/common.md, "Perft convention"), and with "divide" the count
// below each legal move at the full depth ([wire.PerftRequest]):
//
//	{"id": 8, "cmd": "perft", "game": "kisolo", "depth": 5, "divide": true}
//	{"id": 8, "ok": true, "position": "kisolo 3,3,…", "counts": [7, 29, 107, 357, 1132],
//	 "divide": [{"move": "xb7", "nodes": 112}, {"move": "xb6", "nodes": 94}, …, {"move": "xb1", "nodes": 89}], "elapsedMs": 0}
//
// playouts plays n seeded random games from the start (game i is
// mancala.NewPlayout(wire.BatchSeed(seed, i)).Run(start, maxPlies) in
// Go) on all cores and counts their results; "maxPlies" bounds each game
// (default and limit 10,000; the -max-playout-plies flag raises the limit
// up to 100,000), and a game still going then is unfinished. "first"
// (default 0) is the index of the first game, so that a study split into
// requests (first, n) plays the same games as one request; "perGame" adds
// each game's result and plies ([wire.PlayoutsRequest]). A request that
// reaches the 60 s deadline answers its first finished games with
// "incomplete": true and "games" saying how many:
//
//	{"id": 9, "cmd": "playouts", "game": "kimasai", "n": 1000, "seed": 1}
//	{"id": 9, "ok": true, "games": 1000, "first": 0, "incomplete": false, "south": 445, "north": 509, "draws": 46, "unfinished": 0,
//	 "plies": 96008, "endless": 46, "results": {"N:inner": 488, "N:selfinner": 21, "S:inner": 433, "S:selfinner": 12, "draw:endless": 46}, "elapsedMs": 54}
//
//	{"id": 11, "cmd": "playouts", "game": "kisolo", "n": 3, "first": 1000, "seed": 1, "perGame": true}
//	{"id": 11, "ok": true, "games": 3, "first": 1000, "incomplete": false, "south": 2, "north": 1, "draws": 0, "unfinished": 0, "plies": 84,
//	 "endless": 0, "results": {"N:inner": 1, "S:inner": 2}, "gameResults": ["N:inner", "S:inner", "S:inner"], "gamePlies": [20, 41, 23], "elapsedMs": 0}
//
// selfplay plays n games between a South and a North agent, each given
// with the fields of think ("agent", "depth", "iterations", "seed",
// "timeMs"), on all cores, and answers the games as records in the
// mancala/record format with each game's result and plies; "maxPlies"
// bounds each game (default and limit 1,000, "*" then; the
// -max-selfplay-plies flag raises the limit up to 10,000); "first",
// "incomplete" and "games" are as for playouts ([wire.SelfplayRequest]):
//
//	{"id": 10, "cmd": "selfplay", "game": "kisolo", "rules": "Columns:6", "n": 2, "seed": 1,
//	 "south": {"agent": "random"}, "north": {"agent": "alphabeta", "depth": 4}}
//	{"id": 10, "ok": true, "games": 2, "first": 0, "incomplete": false,
//	 "records": ["[Game \"kisolo\"]\n[Rules \"Columns:6\"]\n[South \"random\"]\n[North \"alphabeta depth 4\"]\n[Result \"N:inner\"]\n\nxb6 xc3 xb6 xc1\n", …],
//	 "results": ["N:inner", "N:inner"], "gamePlies": [4, 8], "south": 0, "north": 2, "draws": 0, "unfinished": 0, "plies": 12, "elapsedMs": 1}
//
// # Errors
//
// The codes are the HTTP API's ([wire.Error]):
//
//	bad_request   malformed JSON, not an object, an unknown field (names are case-sensitive), a field given twice, a wrong type, a missing or unreadable cmd,
//	              a missing field, an unknown game or agent, a budget or batch size out of range
//	syntax        bad notation or invalid rules
//	illegal       an illegal move (also in a record)
//	game_over     a move, think, playouts or selfplay from a finished game
//	too_large     a line over MaxLine, a record of too many moves, a perft over its position limit,
//	              a batch not done within its deadline
//	not_found     an unknown cmd
//	busy          no think (or work or costly) slot free within 2 s: only when one service serves several sessions at once
//	internal      a bug in the library (logged to standard error); no input gives it
//
// For example:
//
//	garbage
//	{"id": null, "ok": false, "error": "wire: bad request: malformed JSON at byte 1: invalid character 'g' looking for beginning of value", "code": "bad_request"}
//	{"id": 11, "cmd": "apply", "position": "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "move": "b3"}
//	{"id": 11, "ok": false, "error": "kisolo: illegal move b3: a capture is compulsory (KS-6)", "code": "illegal"}
//	{"id": 12, "cmd": "moves"}
//	{"id": 12, "ok": false, "error": "engine: unknown command \"moves\" (want games, state, …)", "code": "not_found"}
//
// # Limits
//
// Every request is bounded. A line holds at most 1 MiB. state, apply,
// record and replay cost what they cost over HTTP (wire's package
// documentation, "Costs": well under a millisecond for ordinary positions,
// bounded by mancala.MaxLapsLimit for the slowest); think is capped at depth
// 10, 100,000 MCTS iterations and 2 s. The batch commands
// ([wire.BatchLimits]):
//
//	perft      depth 1..20 and at most 500,000,000 positions counted, all depths together
//	playouts   n 1..1,000,000 games, each at most 10,000 plies (maxPlies up to 100,000)
//	selfplay   n 1..1,000 games, each at most 1,000 plies (maxPlies up to 10,000), every move within the think caps
//	every batch command has a deadline of 60 s: one not done by then is answered too_large
//
// Requests are answered one at a time, so the engine uses at most one
// request's worth of memory; playouts alone runs on several goroutines
// (GOMAXPROCS), with results that do not depend on their number.
package main
