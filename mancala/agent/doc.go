// Package agent provides computer players for every game of the module,
// written once against the [mancala.Game] contract: [Random], [AlphaBeta]
// and [MCTS], the [Agent] interface they share, and a [Play] loop that plays
// a game between two agents.
//
// # Agents
//
// An [Agent] chooses a move for a position. [Agent.Move] takes a
// [context.Context]: cancelling it (or its deadline passing) cuts a search
// short, and the agent then answers at once with the best move found so
// far. Every agent also has its own per-move budget (AlphaBeta.Depth and
// AlphaBeta.Nodes, AlphaBeta.Time, MCTS.Iterations and MCTS.Time); a context's deadline is
// a budget too, but a context that can only be cancelled is not: with a
// zero Depth or Iterations and no Time or deadline, an agent searches to
// its default budget (DefaultDepth, DefaultIterations) unless cancelled
// first. Move returns a legal move whenever the position has one, even
// when the context is already done; it returns an error wrapping
// [mancala.ErrGameOver] for a finished game, and one wrapping [ErrConfig]
// for settings it cannot use (an MCTS exploration constant C that is NaN,
// infinite or negative).
//
// With a depth, node or iteration budget and no time budget, every agent is
// deterministic: the same seed and the same sequence of positions give the
// same moves, on every run and machine (MCTS also with several workers).
// Agents keep state between moves (random streams, tables, buffers), so one
// agent value must not be used by two goroutines at once; give each game its
// own agents.
//
// # Search
//
// [AlphaBeta] is negamax with alpha-beta pruning, principal variation
// search, aspiration windows, iterative deepening, a fixed-size hashed
// transposition table (keyed by [mancala.Hasher]) and move ordering (the
// table's move first, then moves that gain material or keep the turn, the
// killer moves, the history heuristic). Depths count plies. It collects
// the principal variation during the search ([AlphaBeta.AppendLine]),
// reports a proven outcome ([Result].Outcome, a [Verdict]), probes endgame
// tables through an [Oracle], and under the repetition rule (C-10) reads
// the game's history ([AlphaBeta.SearchHistory]) so that it never walks
// into a lost cycle. The sign of
// a value follows [mancala.Game.ToMove], never the parity of the depth, so
// the search is right when one player moves several plies in a row (the
// Kiothi opening steps, KI-7).
//
// [MCTS] is Monte Carlo tree search with the UCT selection rule and uniform
// random playouts ([mancala.Playout]); rewards are 1 for a win, 1/2 for a
// draw and 0 for a loss, from the point of view of the player who made each
// move, so it too is right for consecutive moves by one player.
//
// # Evaluation
//
// AlphaBeta scores a finished game from its [mancala.Outcome] ([WinValue]
// for a win, with the final margin as a tie-breaker and shorter wins
// preferred; 0 for a draw) and any other leaf with an evaluation function
// of type [Eval]. [Evaluation] picks the game's own heuristic when the
// position type implements [Evaluator], and otherwise [Material]: the seeds
// a player owns (own pits, store and reserve) minus the opponent's.
// [Linear] is a linear evaluation of a game's features
// ([mancala.Featurer]) with weights fitted to self-play
// (internal/cmd/fiteval), in the same unit; the spec option eval=linear
// selects it.
//
// # Stability
//
// The agent spec grammar ([ParseSpec]: "alphabeta:6", "mcts:500:workers=2",
// "level:expert", ...) is stable: from v0.2.0 a text it accepts keeps its
// meaning, and an incompatible change is made only in a minor release and
// named in the CHANGELOG; the engine, the C library, the Python package
// and the page all take this text. The package's Go API (the agent types,
// their fields and [Result]) is experimental: it may change in any release,
// named in the CHANGELOG but without a deprecation period.
package agent
