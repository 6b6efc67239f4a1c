// Package mancala is the shared core of go-mancala, what the three rule
// packages, the agents and the example programs have in common.
//
// The rule packages are kiothi, kisolo and kimasai; the agents are in
// mancala/agent. This package implements no game itself.
//
// # Players, turns and plies
//
// [Player] is [South] (moves first, turn 0) or [North] (C-1). A ply is one
// move, one call of Apply; a turn is one player's complete action, the same
// as a ply except in the Kiothi opening, where a turn is a run of steps by
// the same player (KI-7). Positions count turns (their Turn method, the
// notation's turn=), not plies; a game record's moves are its plies.
//
// # Boards
//
// [Layout] is a board's immutable topology: pits numbered along each
// player's sowing path (docs/design.md, "Board numbering"), owners, rows and
// files, the sowing rings ([Layout.Next], [Layout.Circuit]), the facing and
// behind maps, stores, the half-turn rotation, and algebraic pit names
// ("a1".."d10", row a nearest South, files from South's left).
// [NewTwoRowLayout] builds Kiothi's board, [NewFourRowLayout] those of
// Kisolo ([CounterClockwise]) and Bao la Kimasai ([Clockwise]).
//
// # The contract
//
// Every game's position type meets [Game]: ToMove, AppendLegalMoves, Apply
// and Outcome. Positions are small comparable values; Apply returns a new
// one and leaves the receiver unchanged, so copying is the undo and
// positions are map keys. Generic tools that need more (parsing, diagrams,
// traces) take the game's [Descriptor]. [Perft], [Divide], [Playout] and
// [Stack] are generic over the contract and allocate nothing per ply;
// [Perft], [Divide] and [Playout] use a game's own Perft and PlayRandom
// methods where the position type has them (every game's does), which count
// and play the same, faster.
//
// # Outcomes
//
// [Outcome] says whether a game is over, who won or whether it was drawn,
// the [Reason] (no legal move, inner row emptied, endless sowing, the turn
// limit [MaxTurn], ...) and,
// for Kiothi, the final prisons. [Outcome.Result] writes it in the
// notation's result= form ("S:nomove", "draw:endless").
//
// # Traces
//
// Each game's ApplyTrace reports a move as a sequence of [Event] values:
// seeds moving between places (a pit, a store, a reserve, the hand: Lift,
// Relay, Drop, Capture, Reserve, Sweep), the nki marks (NkiSet, NkiClear)
// and a final End. [Counts.Replay] applies events to plain counts, so a
// front end can animate a move seed by seed and a test can check that the
// events add up to the move. [Summarize] (or [Descriptor.Summarize]) counts
// what a move did — laps, relays, seeds sown, captures or raids, store and
// reserve changes, nki marks, the sweep, how it ended — and
// [Summary.String] says it in plain words with the game's [Words].
//
// # Rules
//
// Every game's Rules is a comparable struct whose zero value is the
// default rule set, written in a position's rules= field as
// Option:Value pairs; a game's [Descriptor] lists its options as
// [RuleOption] values for front ends. The common clause C-6 is here:
// [EndlessRule] (Endless:Draw or Endless:Illegal), [DefaultMaxLaps],
// [MaxLapsLimit] and [Laps]. An invalid rule set gives an error wrapping
// [ErrRules].
//
// # Errors
//
// A refused move returns a [*MoveError] wrapping [ErrIllegalMove], or
// [ErrGameOver] once the game is over (which matches ErrIllegalMove too);
// malformed text returns a [*SyntaxError] wrapping [ErrSyntax]; an invalid
// rule set a [*RulesError] wrapping [ErrRules]. Nothing in this module
// panics on bad input; the receiver of a refused move is unchanged.
//
// The specification is in the module's docs folder: docs/rules/common.md
// (C-1..C-9) and one file per game, docs/notation.md (positions, moves,
// game records) and docs/design.md (the contract, the numbering, the
// vocabulary).
//
// # Stability
//
// This package (the contract every game meets) is stable: from v0.1.0 an incompatible change of its API is
// made only in a minor release and named in the CHANGELOG (.ci/apidiff
// checks it).
package mancala
