package gametest

import (
	"errors"
	"fmt"
	"math"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// CheckActions checks the action space of d at p (docs/design.md, "Action
// ids") and returns the first violation found, or nil:
//
//   - Actions(p) is positive and AppendMask appends exactly that many
//     flags after what dst holds, leaving it alone;
//   - every legal move has an id in [0, Actions(p)), distinct from the
//     others, flagged in the mask, and ActionMove gives the move back;
//   - the mask flags exactly as many ids as there are legal moves, so a
//     flag is set iff its move is legal;
//   - every id in range decodes to a move whose id it is, and Apply
//     refuses the move of every id the mask leaves out (with p unchanged);
//   - ids out of range give an error wrapping mancala.ErrNoAction.
func CheckActions[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], p P) error {
	n := d.Actions(p)
	if n <= 0 {
		return fmt.Errorf("%v: Actions = %d, want > 0", p, n)
	}
	prefix := []bool{true, false, true}
	mask := d.AppendMask(p, append([]bool(nil), prefix...))
	if len(mask) != len(prefix)+n || !mask[0] || mask[1] || !mask[2] {
		return fmt.Errorf("%v: AppendMask on 3 flags gave %d flags (want %d) or changed the first ones", p, len(mask), len(prefix)+n)
	}
	mask = mask[len(prefix):]
	moves := p.AppendLegalMoves(nil)
	seen := make(map[int]M, len(moves))
	for _, m := range moves {
		a, err := d.Action(p, m)
		if err != nil {
			return fmt.Errorf("%v: Action(%v) of a legal move: %v", p, m, err)
		}
		if a < 0 || a >= n {
			return fmt.Errorf("%v: Action(%v) = %d, outside [0, %d)", p, m, a, n)
		}
		if o, dup := seen[a]; dup {
			return fmt.Errorf("%v: moves %v and %v have the same id %d", p, o, m, a)
		}
		seen[a] = m
		if !mask[a] {
			return fmt.Errorf("%v: legal move %v (id %d) is not in the mask", p, m, a)
		}
		back, err := d.ActionMove(p, a)
		if err != nil || back != m {
			return fmt.Errorf("%v: ActionMove(%d) = %v, %v; want %v", p, a, back, err, m)
		}
	}
	set := 0
	for _, f := range mask {
		if f {
			set++
		}
	}
	if set != len(moves) {
		return fmt.Errorf("%v: the mask flags %d ids, but there are %d legal moves %v", p, set, len(moves), moves)
	}
	for a := range n {
		m, err := d.ActionMove(p, a)
		if err != nil {
			return fmt.Errorf("%v: ActionMove(%d) of an id in range: %v", p, a, err)
		}
		if b, err := d.Action(p, m); err != nil || b != a {
			return fmt.Errorf("%v: Action(ActionMove(%d) = %v) = %d, %v", p, a, m, b, err)
		}
		if mask[a] {
			continue
		}
		q, err := p.Apply(m)
		if err == nil {
			return fmt.Errorf("%v: id %d (%v) is not in the mask, but Apply plays it", p, a, m)
		}
		if q != p || !errors.Is(err, mancala.ErrIllegalMove) {
			return fmt.Errorf("%v: refusing id %d (%v): %v; position changed: %v", p, a, m, err, q != p)
		}
	}
	for _, a := range []int{-1, n, n + 1, math.MinInt, math.MaxInt} {
		if _, err := d.ActionMove(p, a); !errors.Is(err, mancala.ErrNoAction) {
			return fmt.Errorf("%v: ActionMove(%d) out of range: err = %v, want ErrNoAction", p, a, err)
		}
	}
	var zero M
	if _, err := d.Action(p, zero); !errors.Is(err, mancala.ErrNoAction) {
		return fmt.Errorf("%v: Action(zero move): err = %v, want ErrNoAction", p, err)
	}
	return nil
}
