package kimasai

import (
	"math/bits"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Actions is the number of action ids of Bao la Kimasai under every rule
// set (docs/design.md, "Action ids"): id i names the mover's pit at index
// i along their circuit from their first pit (KM-2: South b1..b8, a8..a1;
// North c8..c1, d1..d8 is i = 0..15). In phase 1 the move puts a reserve
// cow into the pit first (KM-6), in phase 2 it may raid (KM-9, KM-10):
// the position decides, so one id per pit covers every move.
const Actions = 16

// Actions returns the number of action ids of p's game: 16 ([Actions]).
func (p Position) Actions() int { return Actions }

// Action returns the action id of m in p: the index of m's pit along the
// mover's circuit, 0..15. The zero Move and a pit of the opponent give an
// [*mancala.ActionError] wrapping [mancala.ErrNoAction]. It does not check
// that m is legal.
func (p Position) Action(m Move) (int, error) {
	i := m.pit.index() - base(p.mover())
	if m.IsZero() || i < 0 || i >= Actions {
		msg := "not a pit of the mover (" + p.ToMove().String() + ")"
		if m.IsZero() {
			msg = "the zero move"
		}
		return -1, &mancala.ActionError{Game: Name, Action: -1, Actions: Actions, Move: m.String(), Msg: msg}
	}
	return i, nil
}

// ActionMove returns the move with action id a in p, the mover's pit at
// circuit index a: p.ActionMove(p.Action(m)) is m for every move with an
// id. An id outside 0..15 gives an [*mancala.ActionError] wrapping
// [mancala.ErrNoAction]. It does not check legality; Apply does.
func (p Position) ActionMove(a int) (Move, error) {
	if a < 0 || a >= Actions {
		return Move{}, &mancala.ActionError{Game: Name, Action: a, Actions: Actions,
			Msg: "out of range 0.." + strconv.Itoa(Actions-1)}
	}
	return Move{pitOf(base(p.mover()) + a)}, nil
}

// AppendMask appends 16 flags to dst, true exactly for the ids of p's
// legal moves (all false once the game is over), and returns the extended
// slice. It allocates nothing when dst has room.
func (p Position) AppendMask(dst []bool) []bool {
	n := len(dst)
	dst = append(dst, make([]bool, Actions)...)
	if p.status != mancala.Ongoing {
		return dst
	}
	for z := uint(p.legal); z != 0; z &= z - 1 {
		dst[n+bits.TrailingZeros(z)] = true
	}
	return dst
}
