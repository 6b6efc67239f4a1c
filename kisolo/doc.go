// Package kisolo implements Kisolo (also Cisolo), the four-row mancala of
// the Luba, Lulua and Songye of south-east DR Congo, with relay sowing and
// compulsory captures.
//
// It follows this module's docs/rules/kisolo.md exactly (clauses KS-1 to
// KS-12, with the common clauses C-1 to C-9 of docs/rules/common.md), on
// top of the shared core [github.com/seed8ebe013a/go-mancala/mancala].
//
// A [Position] is a small comparable value; [Position.AppendLegalMoves]
// lists the legal moves without allocating, [Position.Apply] returns the
// next position, [Position.Outcome] tells whether the game is over, and
// [Position.ApplyTrace] reports every seed's movement for front ends.
// [Descriptor] describes the game to the generic tools of package mancala
// and mancala/agent.
//
// # Sources
//
// The rules file rests on Mancala World's Kisolo (Cisolo) article and the
// ethnographic record it cites; its options reproduce other sources:
// Mancala World's German page and Townshend via Ludii for the Outer3 start
// and the OuterRowEmptied win, Townshend's two openings (Townshend1,
// Townshend2) and Ludii's capture trigger (CaptureOnAnyLanding).
//
// # Rules
//
// The board has four rows of C pits (C = 7 by default; 6 or 8 as options)
// and no stores (KS-1). South owns rows a (outer) and b (inner), North
// rows c (inner) and d (outer). Each player sows counter-clockwise round
// their own two rows only: South a1 → … → aC → bC → … → b1 → a1 (KS-3).
// Inner pits of the same file face each other; behind each inner pit is
// its owner's outer pit of the same file (KS-4). Every pit starts with
// three seeds and South moves first (KS-5).
//
// If any file has both inner pits occupied, the mover must capture: name
// one of their own occupied inner pits x whose facing pit is occupied
// (KS-6). The capture takes the facing pit and the pit behind it and sows
// those seeds round the mover's circuit starting in x itself (KS-7).
// Otherwise the mover lifts any occupied pit of their own (singletons
// allowed) and sows from the next pit. When a lap ends in pit L with X the
// next pit (KS-8): (1) if a capture in this move emptied the opponent's
// inner row the move ends and the mover wins (KS-10); (2) if X is empty
// the move ends; (3) if L was occupied before the last seed (C-3), X is an
// inner pit and the pit facing X is occupied, the mover captures through X;
// (4) otherwise the mover relays: lifts X and sows from the pit after it
// (pussa kanawa). A mover who ends a move with their own inner row empty
// loses (KS-11); a player to move without any legal move loses (C-8). A
// move that would sow forever is a draw (C-6, KS-12): it is found by a
// constant-memory cycle check on the lap-boundary state (Brent's
// algorithm) or by reaching MaxLaps laps, and the board stays as it was.
//
// # Numbering and notation
//
// Pit indices follow each player's circuit (KS-2): South a1..aC = 0..C-1
// then bC..b1 = C..2C-1; North is South rotated half a turn, dC..d1 =
// 2C..3C-1 then c1..cC = 3C..4C-1 (for C = 7: South 0..13, North 14..27;
// inner pit p faces 5C-1-p). People see algebraic names from South's
// seat: rows a (nearest South) to d, files 1..C from South's left.
//
// A [Pit] names a pit by row and file ([PitAt], [ParsePit]); a [Move] is a
// sow "b3" ([Sow]) or a capture "xb3" ([Capture], through b3); see
// [ParseMove]; the zero Move is "none". A position is one line (see
// [Position.String] and [Parse]): the rows from d down to a, each from
// file 1 to C, the side to move, turn=, then result= once the game is over
// and rules= for non-default rules (docs/notation.md):
//
//	kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0
//	kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner
//
// Legal moves come in the order of their pit along the mover's circuit
// (South a1, …, aC, bC, …, b1; North dC, …, d1, c1, …, cC); [MoveKey] is
// that index times 256.
//
// # Options
//
// [Rules] holds the options of docs/rules/kisolo.md; its zero value is the
// default rule set, and rules= names the options as the file does:
//
//   - Columns: 7 (default, also written 0), 6 or 8 (KS-1).
//   - Setup: All3 (default), Outer3 (three seeds in each outer pit only;
//     needs Win:OuterRowEmptied), Townshend1 and Townshend2 (Columns 7
//     only) (KS-5).
//   - CaptureOnAnyLanding: false (default) or true, which drops KS-8.3's
//     condition that L was occupied (Ludii's trigger).
//   - SelfEmptiedInnerRow: Loses (default) or Continues (KS-11).
//   - Win: InnerRowEmptied (default, KS-10 and KS-11) or OuterRowEmptied:
//     at the end of every move, a mover who has emptied the opponent's
//     outer row wins, else a mover whose own outer row is empty loses.
//   - Endless: Draw (default) or Illegal: an endless move is not legal,
//     and a player whose every candidate is endless draws (C-6).
//   - MaxLaps: the laps after which an unfinished move is endless (0 means
//     1,000,000; at most 2,000,000, [mancala.MaxLapsLimit]) (C-6).
//
// [Rules.Validate] rejects the invalid combinations the file lists;
// positions hold validated, normalised rules, so equal positions under
// equal rules are ==.
//
// # Costs
//
// Under the default rules endless moves are very rare in random play, and
// a move takes well under a microsecond. Under Win:OuterRowEmptied random
// games meet endless moves far more often (docs/rules/kisolo.md, KS-11),
// and some of their loops are longer than 100,000,000 laps, so they run to
// MaxLaps (the benchmarks time such an Apply). Under Endless:Illegal every
// Apply and Parse also plays out each candidate move of the next player.
//
// # Stability
//
// This package is stable: from v0.1.0 an incompatible change of its API is
// made only in a minor release and named in the CHANGELOG (.ci/apidiff
// checks it).
package kisolo
