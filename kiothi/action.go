package kiothi

import (
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Action ids (docs/design.md, "Action ids"). A Kiothi game with T warriors
// in all (60 under Setup:SixByFive and FiveBySix, 50 under FiveByFive; at
// most 255 in a position set up by hand) has 31 + 10T actions (631 by
// default, 531 under FiveByFive), relative to the player to move, with r
// the index of a pit along the ring from the mover's first pit (KI-3,
// KI-7: South a1..a10, b10..b1; North b10..b1, a1..a10 is r = 0..19):
//
//	0 .. 9                 Lift the mover's pit r (an opening step, KI-7: "-a5")
//	10 .. 29               Drop into the pit r = id-10, either row ("+b3")
//	30                     Stop ("=")
//	31 + 10(k-1) + r       Sow k warriors (1..T) from the mover's pit r (KI-9: "a5:3")
//
// The opening ids 0..30 are the same for every seed total; a sow's id
// grows with its count, so the ids of moves lifting at most k warriors are
// below 31 + 10k whatever the total. For South id 4 is -a5, 10 is +a1, 20
// is +b10, 35 is a5:1 and 45 is a5:2; for North id 4 is -b6 and 35 is b6:1.

// Actions returns the number of action ids of p's game: 31 + 10T for the
// game's T warriors in all (board, prisons, hand), which no move changes
// (C-5); 631 for the default start.
func (p Position) Actions() int { return 31 + 10*p.seedTotal() }

// seedTotal returns the warriors counted everywhere: board, prisons, hand.
func (p *Position) seedTotal() int {
	return p.boardTotal() + int(p.prisons[0]) + int(p.prisons[1]) + int(p.hand)
}

// Action returns the action id of m in p (see the table above). The zero
// Move, a Lift or Sow from a pit not the mover's, and a Sow of more
// warriors than the game holds give an [*mancala.ActionError] wrapping
// [mancala.ErrNoAction]. It does not check that m is legal (a sow in the
// opening has an id, for example).
func (p Position) Action(m Move) (int, error) {
	r := circ(p.mover(), int(m.pit)%Pits)
	switch m.kind {
	case StopKind:
		return 30, nil
	case DropKind:
		return 10 + r, nil
	case LiftKind, SowKind:
		if r >= Files {
			return -1, p.noAction(m, "not a pit of the mover ("+p.ToMove().String()+")")
		}
		if m.kind == LiftKind {
			return r, nil
		}
		if t := p.seedTotal(); int(m.count) > t {
			return -1, p.noAction(m, "the game has "+strconv.Itoa(t)+" warriors in all")
		}
		return 31 + 10*(int(m.count)-1) + r, nil
	}
	return -1, p.noAction(m, "the zero move")
}

func (p *Position) noAction(m Move, msg string) error {
	return &mancala.ActionError{Game: Name, Action: -1, Actions: p.Actions(), Move: m.String(), Msg: msg}
}

// ActionMove returns the move with action id a in p (see the table
// above): p.ActionMove(p.Action(m)) is m for every move with an id. An id
// outside [0, p.Actions()) gives an [*mancala.ActionError] wrapping
// [mancala.ErrNoAction]. It does not check legality; Apply does.
func (p Position) ActionMove(a int) (Move, error) {
	n := p.Actions()
	if a < 0 || a >= n {
		return Move{}, &mancala.ActionError{Game: Name, Action: a, Actions: n,
			Msg: "out of range 0.." + strconv.Itoa(n-1)}
	}
	first := firstPit(p.mover())
	switch {
	case a < 10:
		return Move{kind: LiftKind, pit: uint8(first + a)}, nil
	case a < 30:
		return Move{kind: DropKind, pit: uint8((first + a - 10) % Pits)}, nil
	case a == 30:
		return Move{kind: StopKind}, nil
	}
	a -= 31
	return Move{kind: SowKind, pit: uint8(first + a%10), count: uint8(a/10 + 1)}, nil
}

// maxLegal bounds the legal moves of a position: at most 255 sowing moves
// (one per warrior of the mover's row) or 21 opening steps.
const maxLegal = 256

// AppendMask appends p.Actions() flags to dst, true exactly for the ids of
// p's legal moves (all false once the game is over), and returns the
// extended slice. It allocates nothing when dst has room. It lists the
// legal moves, so under Endless:Illegal it costs what AppendLegalMoves
// costs.
func (p Position) AppendMask(dst []bool) []bool {
	n := len(dst)
	dst = append(dst, make([]bool, p.Actions())...)
	var buf [maxLegal]Move
	first := firstPit(p.mover())
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		r := int(m.pit) - first
		if r < 0 {
			r += Pits
		}
		switch m.kind {
		case LiftKind:
			dst[n+r] = true
		case DropKind:
			dst[n+10+r] = true
		case StopKind:
			dst[n+30] = true
		case SowKind:
			dst[n+31+10*(int(m.count)-1)+r] = true
		}
	}
	return dst
}
