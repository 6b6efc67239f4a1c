// Package match plays series of games between two agents with random
// openings and alternating seats, reproducibly: the match runner shared by
// the study program (examples/study, the balance table) and the strength
// ladder (examples/tournament).
//
// # The scheme
//
// A [Match] is fixed by a start position, a seed, a key naming the cell or
// pairing, the opening length k (OpeningPlies), a ply cap (MaxPlies) and
// two players A and B. Game i (from 0) of the match is fixed by (seed, key,
// i) alone (k may be counted in turns instead, OpeningTurns):
//
//   - Its first k plies are random: each is drawn uniformly from the legal
//     moves (in the game's order) by a PCG generator seeded with
//     [OpeningSeed](seed, key, i), which depends on i/2 only. Games 2j and
//     2j+1 therefore play the same opening.
//   - A sits South in the even games and North in the odd ones, so each
//     opening is played from both seats: over a pair, the first-player edge
//     and the players' strength are measured apart from the opening's own
//     bias. (A Kiothi opening step is one ply, so k plies may stop inside
//     the redistribution of KI-6, KI-7; k turns never do: each turn's
//     steps are all random.)
//   - The agents are built fresh for every game, A's from
//     [AgentSeed](seed, key, i, true) and B's from AgentSeed(seed, key, i,
//     false); a random-vs-random game continues with the game's fast random
//     playout seeded from [GameSeed](seed, key, i), except under
//     Repetition=Three, where it is played by two random agents (built
//     the same way) so that its history is kept.
//   - Every move goes through a [mancala.History]: under Repetition=Three
//     a game ends by repetition (C-10).
//   - A game still going after MaxPlies plies (the opening included) is
//     censored: counted apart from wins and draws, never as a draw.
//
// Nothing depends on the order games are played in, on the goroutine that
// plays them or on how a study splits its games into shards, so results are
// the same with any number of workers and shards. With agents that use
// depth or iteration budgets (no time budget), a result is the same on
// every run and machine.
//
// A deterministic agent against itself (AlphaBeta with the same depth in
// both seats) plays the same game twice from one opening: games 2j and
// 2j+1 are then one trial, not two. Count distinct games when computing an
// interval ([Wilson] takes the number of trials).
//
// # Stability
//
// This package is experimental: it may change in any release, named in the
// CHANGELOG but without a deprecation period. The stable API is the
// mancala contract, the three games and mancala/record.
package match
