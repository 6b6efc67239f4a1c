// Package kiothi implements Kiothi, the two-row mancala game of the Meru of
// Mount Kenya, with prisons, a free opening redistribution and protected nki
// pits.
//
// It follows this module's docs/rules/kiothi.md exactly (clauses KI-1 to
// KI-17, with the common clauses C-1 to C-9 of docs/rules/common.md), on
// top of the shared core [mancala]: a comparable
// [Position] value, [Pit]s and [Move]s with their notation, legal move
// generation, [Position.Apply] and [Position.ApplyTrace], outcomes with the
// final prisons, and the [Descriptor] for generic tools.
//
// Sources: Bernardo Bernardi's record of the game (1959) as described by
// Mancala World (the seed description and its defaults), and Wikipedia for
// several options (OpeningPits 1, WholeLift, CaptureNeedsCrossing,
// Bonus Run, Setup FiveBySix). Where they disagree the rules file fixes a
// default and names the alternatives as options.
//
// # Rules
//
// Two rows of ten pits (boma); South owns row a (pits 0..9 = a1..a10), North
// row b (pits 10..19 = b10..b1); one shared counter-clockwise ring p -> p+1
// mod 20; pit p faces pit 19-p; each player has a prison off the ring
// (KI-1..KI-4). Each player starts with 5 warriors in each of their six
// rightmost pits (KI-5).
//
// The opening (turns 0 and 1, KI-6, KI-7): each player in turn empties two
// occupied pits of their own row and places the lifted warriors one by one
// anywhere on the board, the just-emptied pits and the enemy row included.
// It is played as steps by the same player: Lift steps in increasing pit
// order (the first may not take the highest occupied pit, or no second lift
// would remain), then one Drop step per warrior in ring order from the
// mover's first pit (South a1, North b10); the turn passes when the hand is
// empty. When turn 1 ends every occupied pit becomes nki (KI-8); a pit loses
// nki for good when it is lifted, by either player (as a move's source or a
// relay lap), not when warriors are dropped into it.
//
// From turn 2 on a move (p, k) lifts 1..count(p) warriors from an own pit
// and sows them one per pit from the next pit (KI-9). A move whose first
// lap ends in an occupied pit of the mover's own row is illegal (KI-10;
// "occupied" counts warriors dropped earlier in the same lap, C-3, and a
// lap of more than 20 warriors passes its own source pit, C-4). A lap that
// ends in an occupied pit of either row is relayed: its whole content is
// lifted and sown on (KI-11). The move ends in an empty pit (KI-12); if that
// pit is the mover's and the opposite pit is occupied and not nki, the
// opposite warriors and the capturing warrior go to the mover's prison
// (KI-13); a capture in the mover's leftmost pit also takes b2, b3, b4
// (South) or a9, a8, a7 (North) if all three are occupied and none is nki
// (KI-14). When the player to move has no legal move, every warrior on the
// board goes to the other player's prison, as part of the move that left
// them without one (KI-15); the fuller prison wins, and a win by exactly
// two is a victory of one warrior (KI-16; see [OneWarrior] and [Tally]). A move
// that would sow forever is endless (C-6, KI-17): it is detected in constant
// memory by Brent's algorithm over the lap-boundary state (board, nki marks,
// last pit) and bounded by MaxLaps; by default it ends the game as a draw
// with the board as it was.
//
// # Notation
//
// A position is one line (docs/notation.md):
//
//	kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0
//	kiothi 3*,0,0,4*,2*,0,1,0,6*,0/0,2*,0,5*,0,0,1,7*,0,1* N turn=5 prisons=8,6
//	kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5
//	kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1
//	kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove
//
// Row b (files 1..10, pits 19..10) comes first, then row a (pits 0..9); a
// '*' marks an nki pit; the side to move and turn= (completed turns) follow,
// then prisons=<South>,<North>; in the middle of an opening turn hand= with
// lifted= (pits emptied so far) or dropfrom= (the lowest pit, in the mover's
// ring order, the next drop may use); result= once a move has ended the
// game (nomove or endless); rules= with the options that differ from the
// defaults. See [Position.String] and [Parse].
//
// A move is "a5:3" ([Sow]: lift 3 warriors from a5 and sow them; the count
// is always written), and in the opening "-a5" ([Lift]: empty a5), "+b3"
// ([Drop] one warrior into b3) and "=" ([Stop] lifting, OpeningUpTo only);
// the zero Move is "none". A [Pit] is built with [PitAt] or [ParsePit]. See
// [ParseMove]. Legal moves come in ascending order of the pit's index along
// the ring from the mover's first pit, then count; Stop last ([MoveKey]).
//
// # Options
//
// [Rules] holds the options; its zero value is the default rule set, and in
// the rules= field each option is written by its field name
// ("rules=Bonus:Run,WholeLift:true"):
//
//   - Setup: SixByFive (default; 5 in the six rightmost pits), FiveByFive,
//     FiveBySix (KI-5).
//   - OpeningPits: 2 (default, written 0) or 1 pits emptied in the opening;
//     OpeningUpTo: up to that many, ending the lifts with Stop (KI-6, KI-7).
//   - NkiClear: AnyLift (default) or OwnerLift, whose lifts clear nki (KI-8).
//   - WholeLift: every move lifts the whole pit (KI-9).
//   - CaptureNeedsCrossing: a capture needs a warrior of the move dropped in
//     the enemy row (KI-13).
//   - Bonus: Three (default), Run or None (KI-14).
//   - Endless: Draw (default) or Illegal (C-6); MaxLaps: the lap bound, 0
//     meaning 1,000,000, at most 2,000,000 ([mancala.MaxLapsLimit]) (C-6).
//
// An Apply whose move runs to MaxLaps sows every lap of it (the benchmark
// BenchmarkApplyMaxLaps times one); with Endless=Illegal, move generation
// plays out every candidate and so may take that long per endless
// candidate.
//
// # Stability
//
// This package is stable: from v0.1.0 an incompatible change of its API is
// made only in a minor release and named in the CHANGELOG (.ci/apidiff
// checks it).
package kiothi
