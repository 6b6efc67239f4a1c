// Package endgame builds, stores and probes endgame tables: the exact
// game-theoretic result of every position with few seeds in play, computed
// by retrograde analysis over a game's own move generator and Apply
// (docs/endgame.md).
//
// The package names no game. A game takes part by providing a [Space]: a
// perfect index of the positions of one rule set with at most N seeds in
// play, and its inverse (kiothi.NewEndgameSpace, kisolo.NewEndgameSpace,
// kimasai.NewEndgameSpace). Kiothi is the only one of the three games in
// which seeds leave play (into the prisons), so its tables are the only
// ones a game from the start reaches. Kisolo and Bao la Kimasai keep every
// seed on the board for the whole game (84 and, in phase 2, 64): their
// tables answer positions set up by hand (studies), and test the analysis
// on games that are not scored (docs/endgame.md).
//
// # Values
//
// A table holds, for every position of its space, the result for the
// player to move — [Win], [Draw] or [Loss] — with both players playing
// perfectly, under the rules as written (docs/rules) with Repetition:None:
//   - a game that never ends (a cycle of moves that neither player leaves)
//     is a draw: under Repetition:None it goes on until the turn limit
//     (C-9), which draws it. The tables therefore assume that the turn
//     limit is far away: [Table.Probe] refuses positions after turn
//     MaxTurn/2 (no forced result in a table takes more plies than the
//     table has entries);
//   - an endless move (C-6) ends the game as the rules say (a draw under
//     Endless:Draw; under Endless:Illegal it is not a move);
//   - in a game decided by material ([Space.Scored], Kiothi's prisons,
//     KI-16) the result depends on the material already out of play, which
//     is not part of the index: the table stores, for each position, the
//     two thresholds of the mover's material lead at which the result
//     rises to a draw and to a win, so that one entry answers for every
//     prison count.
//
// Under Repetition:Three (C-10) a position's result also depends on the
// game's history. A table's win or loss holds under Three for a game whose
// history has no earlier occurrence of the positions the winner's line
// goes through (a game taken up from the position, for example): the
// winner's line never repeats a position. A table's draw holds under Three
// in every history when a repetition is a draw (games that are not
// scored); in a scored game (Kiothi, KI-18: the warriors go to their
// row's owner and the prisons decide) a draw under None can be a win or a
// loss under Three, and [Table.Probe] answers no draws there.
//
// # Files
//
// [Open] loads a table from a cache directory or builds and saves it. A
// file's name carries the game, a hash of the rules text, the seed limit
// and the format and space versions; its header repeats them and ends with
// a SHA-256 checksum of the whole file. A file that does not match in
// every respect is refused and rebuilt, never trusted. Two processes that
// build the same table at once each write a temporary file and rename it
// into place; the contents are identical, so the last rename wins
// harmlessly.
//
// # Stability
//
// This package is experimental: it may change in any release, named in the
// CHANGELOG but without a deprecation period. A table file carries its
// format version, so a file of another version is rebuilt, never misread.
package endgame
