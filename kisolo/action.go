package kisolo

import (
	"math/bits"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Action ids (docs/design.md, "Action ids"). A Kisolo board of C columns
// has 3C actions (21 by default, 18 with Columns:6, 24 with Columns:8),
// relative to the player to move, with i the index of a pit along the
// mover's circuit from their first pit (KS-2: South a1..aC, bC..b1; North
// dC..d1, c1..cC is i = 0..2C-1):
//
//	0 .. 2C-1    Sow from the mover's pit i (KS-6)
//	2C .. 3C-1   Capture through the mover's inner pit i = C+j, id 2C+j (KS-6, KS-7)
//
// So for South under the default rules id 0 is a1, 6 is a7, 7 is b7, 13 is
// b1, 14 is xb7 and 20 is xb1; for North id 0 is d7, 7 is c1, 14 is xc1
// and 20 is xc7: the same places on the mover's circuit as South's.

// Actions returns the number of action ids of p's game: 3C for C columns
// (21, 18 or 24).
func (p Position) Actions() int { return 3 * p.geom().c }

// Action returns the action id of m in p (see the table above). The zero
// Move, a pit off the board or not the mover's, and a capture through an
// outer pit give an [*mancala.ActionError] wrapping [mancala.ErrNoAction].
// It does not check that m is legal.
func (p Position) Action(m Move) (int, error) {
	g := p.geom()
	pit := p.Index(m.pit)
	i := pit - int(p.turn&1)*g.ring
	switch {
	case m.kind == NoKind:
		return -1, noAction(p, m, "the zero move")
	case pit < 0:
		return -1, noAction(p, m, "pit "+m.pit.String()+" is not on a board of "+strconv.Itoa(g.c)+" columns")
	case i < 0 || i >= g.ring:
		return -1, noAction(p, m, "not a pit of the mover ("+p.ToMove().String()+")")
	case m.kind == SowKind:
		return i, nil
	case i < g.c:
		return -1, noAction(p, m, "a capture goes through an inner pit (KS-6)")
	}
	return g.ring + i - g.c, nil
}

// ActionMove returns the move with action id a in p (see the table above):
// p.ActionMove(p.Action(m)) is m for every move with an id. An id outside
// [0, p.Actions()) gives an [*mancala.ActionError] wrapping
// [mancala.ErrNoAction]. It does not check legality; Apply does.
func (p Position) ActionMove(a int) (Move, error) {
	g := p.geom()
	if a < 0 || a >= 3*g.c {
		return Move{}, &mancala.ActionError{Game: Name, Action: a, Actions: 3 * g.c,
			Msg: "out of range 0.." + strconv.Itoa(3*g.c-1)}
	}
	base := int(p.turn&1) * g.ring
	if a < g.ring {
		return Move{kind: SowKind, pit: g.pit[base+a]}, nil
	}
	return Move{kind: CaptureKind, pit: g.pit[base+a-g.ring+g.c]}, nil
}

// AppendMask appends p.Actions() flags to dst, true exactly for the ids of
// p's legal moves (all false once the game is over), and returns the
// extended slice. It allocates nothing when dst has room.
func (p Position) AppendMask(dst []bool) []bool {
	g := p.geom()
	n := len(dst)
	dst = append(dst, make([]bool, 3*g.c)...)
	if p.result != 0 {
		return dst
	}
	off := n
	if p.capture {
		off = n + g.ring - g.c
	}
	for z := uint(p.legal); z != 0; z &= z - 1 {
		dst[off+bits.TrailingZeros(z)] = true
	}
	return dst
}

func noAction(p Position, m Move, msg string) error {
	return &mancala.ActionError{Game: Name, Action: -1, Actions: p.Actions(), Move: m.String(), Msg: msg}
}
