package kiothi

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/internal/errtext"
	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// RedistributionSteps returns the step sequence (KI-7) of the opening
// redistribution that, from p at the start of an opening turn, empties the
// mover's pits listed in emptied (in any order) and places placed[q]
// warriors into each pit q (0..19, own or enemy, the emptied pits included;
// KI-6): the Lifts in increasing pit order, a Stop if fewer pits are
// emptied than OpeningPits requires (OpeningUpTo), then one Drop per
// warrior in ring order from the mover's first pit. Each redistribution has
// exactly one such sequence. A redistribution that p does not allow
// (wrong pits, wrong number of pits, a count placed outside 0..255,
// warriors placed not equal to warriors lifted, p not at the start of an opening turn, the game over) gives an
// error wrapping [mancala.ErrIllegalMove].
func (p Position) RedistributionSteps(emptied []int, placed [Pits]int) ([]Move, error) {
	bad := func(reason string) ([]Move, error) {
		return nil, &mancala.MoveError{Game: Name, Move: "redistribution", Reason: reason}
	}
	switch {
	case p.status != mancala.Ongoing:
		return nil, &mancala.MoveError{Game: Name, Move: "redistribution", Reason: "the game is over", Err: mancala.ErrGameOver}
	case p.turn >= 2:
		return bad("the opening is over (KI-6)")
	case p.phase != phaseNone:
		return bad("an opening turn is in progress; a redistribution starts at the start of a turn")
	}
	var mask uint32
	total := 0
	for _, q := range emptied {
		if q < 0 || q >= Pits {
			return bad("no such pit " + strconv.Itoa(q))
		}
		if mask&(1<<q) != 0 {
			return bad("pit " + layout.PitName(q) + " emptied twice")
		}
		mask |= 1 << q
		total += int(p.pits[q])
	}
	placedTotal := 0
	for q, n := range placed {
		if n < 0 {
			return bad("a negative number of warriors placed into " + layout.PitName(q))
		}
		if n > notation.MaxSeeds {
			return bad(strconv.Itoa(n) + " warriors placed into " + layout.PitName(q) + "; a position holds at most " + strconv.Itoa(notation.MaxSeeds))
		}
		placedTotal += n
	}
	if placedTotal != total {
		return bad(strconv.Itoa(placedTotal) + " warriors placed, " + strconv.Itoa(total) + " lifted (KI-6)")
	}
	var steps []Move
	for q := range Pits {
		if mask&(1<<q) != 0 {
			steps = append(steps, Lift(pitOf(q)))
		}
	}
	if len(emptied) < p.need() || len(emptied) == 0 {
		steps = append(steps, Stop())
	}
	first := firstPit(p.ToMove())
	for c := range Pits {
		q := (first + c) % Pits
		for range placed[q] {
			steps = append(steps, Drop(pitOf(q)))
		}
	}
	// Play the steps: this checks everything else (own occupied pits, the
	// number of pits, the turn ending exactly with the last drop).
	q := p
	for i, m := range steps {
		next, err := q.Apply(m)
		if err != nil {
			return nil, errtext.Prefix("kiothi: redistribution step "+strconv.Itoa(i+1), err)
		}
		if next.turn != p.turn && i != len(steps)-1 {
			return bad("the turn ends after step " + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(steps)))
		}
		q = next
	}
	if q.turn == p.turn {
		return bad("the turn is not complete after the steps")
	}
	return steps, nil
}
