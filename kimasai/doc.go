// Package kimasai implements Bao la Kimasai, the two-phase four-row mancala
// game of Maasai herders on the plains around Kilimanjaro, with reserve cows
// brought in and then cattle raids.
//
// It follows this module's docs/rules/kimasai.md exactly (clauses KM-1 to
// KM-13, with the common clauses C-1 to C-9 of docs/rules/common.md), on
// top of the shared core [mancala].
//
// Sources: David MacKay's record (2001) of the game as taught by Moinget
// Ole Kuney, as given on Mancala World ("Bao la Kimasai (two rows)"; not the
// unrelated 4 x 12 game of the same name). Pits are cattle enclosures
// (enkang), counters are cows (engiteng); the package calls them pits and
// cows.
//
// # Rules
//
// The board has four rows of eight pits and no stores (KM-1). South owns
// rows a (outer) and b (inner), North rows c (inner) and d (outer). Each
// player sows clockwise round their own 16 pits only (KM-3); pit indices
// follow that circuit (KM-2): South b1..b8 = 0..7 and a8..a1 = 8..15, North
// c8..c1 = 16..23 and d1..d8 = 24..31. Inner pits of the same file face each
// other, pit p facing 23-p (KM-4).
//
// At the start every inner pit holds one cow and each player holds 24 cows
// in reserve, 64 in all; South moves first (KM-5).
//
// Phase 1, bringing the herd in, lasts while either player holds reserve
// cows; the phase of a move is fixed when it starts (KM-6). A move names an
// occupied pit of the mover's rows; except on the free first turn (turn 0,
// or turns 0 and 1 with FreeFirstTurn=EachPlayer) the mover first puts one
// reserve cow into it (none if their own reserve is empty), then lifts all
// its cows and sows them one by one from the next pit. There are no raids
// in phase 1. With the default rules North places its last reserve cow on
// turn 47, South on turn 48, and turn 49 is the first phase-2 turn (KM-7).
//
// Phase 2, raiding: a move names any occupied pit of the mover's rows,
// singletons included, and sows its cows the same way (KM-8).
//
// At the end of every lap, with L the pit that received the last cow
// (KM-9): if L was empty before that cow (C-3) the move ends; otherwise, in
// phase 2, if L is in the mover's inner row and the opponent's facing inner
// pit is occupied, the mover raids it (KM-10): takes all its cows (never
// the outer pit behind it) and sows them on the mover's own circuit, the
// first into L itself, and the new lap end is resolved the same way, so
// raids chain; otherwise the mover relays: lifts all cows of L and sows on.
// If a raid empties the opponent's inner row, the raid lap is completed, the
// move stops and the mover wins (KM-11). A mover whose own inner row is
// empty at the end of their move loses (KM-12; option
// SelfEmptiedInnerRow). A player to move with no legal move loses (C-8).
//
// A move can relay forever (C-6, KM-13): it is endless when it has not
// ended after MaxLaps laps (1,000,000 by default). Sowing is a function of
// the lap-boundary state, so a repeated state proves a move endless early:
// [Position.Apply] runs Brent's constant-memory cycle check from lap 48 on,
// restarting it after each raid (raids change the opponent's row for
// good). Endless moves are common in phase 1 (docs/rules/kimasai.md,
// KM-13); most are proved within a few thousand laps, but a loop whose
// period exceeds about a quarter of MaxLaps cannot be proved within the
// bound and runs the full MaxLaps laps. By default an endless move ends
// the game at once as a draw, board and reserves as before the move.
//
// # Notation
//
// A position is one line (docs/notation.md): the game name, the four rows from
// North's outer row d down to South's outer row a, each from file 1 to 8,
// the side to move, turn= (turns completed, counted from 0), reserves=S,N,
// then result= once the game is over and rules= when the rules differ from
// the defaults:
//
//	kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24
//	kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,3,1,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0 result=S:inner
//
// Results are S|N:inner (KM-11), S|N:selfinner (KM-12), S|N:nomove (C-8),
// draw:endless (C-6) and draw:turnlimit (C-9), the letter naming the
// winner. A move is the
// algebraic name of its pit as seen from South's seat: row a (nearest
// South) to d, file 1 to 8 from South's left ("b3"; a [Pit] from [PitAt] or
// [ParsePit], a move from [Sow]); the zero Move is "none". See [Parse],
// [Position.String], [ParseMove] and [Position.Diagram].
//
// # Options
//
// [Rules] holds the options of docs/rules/kimasai.md; its zero value is the
// default rule set, and rules= uses the same names:
//
//   - FreeFirstTurn: GameOnly (default; only turn 0 places no reserve cow)
//     or EachPlayer (turns 0 and 1).
//   - SelfEmptiedInnerRow: Loses (default) or Continues (the game is then
//     won only by KM-11, or C-8).
//   - Endless: Draw (default) or Illegal (an endless move is not offered
//     and Apply refuses it; a player whose every candidate is endless
//     draws). With Illegal, move generation plays every candidate out.
//   - MaxLaps: the lap bound of C-6; 0 means 1,000,000; at most
//     2,000,000 ([mancala.MaxLapsLimit]); negative is invalid.
//
// # Use
//
// [Start] and [New] give start positions, [Position.AppendLegalMoves] and
// [Position.Apply] play, [Position.Outcome] says how the game stands, and
// [Position.ApplyTrace] reports each cow's movement for front ends.
// Positions are small comparable values; [Descriptor] hands the game to
// generic tools (agents, records, the conformance suite).
//
// # Stability
//
// This package is stable: from v0.1.0 an incompatible change of its API is
// made only in a minor release and named in the CHANGELOG (.ci/apidiff
// checks it).
package kimasai
