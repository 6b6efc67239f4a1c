package kiothi

import "github.com/seed8ebe013a/go-mancala/mancala"

// Position has an opening played in steps (KI-6, KI-7).
var _ mancala.Opener = Position{}

// describeMove is Descriptor.DescribeMove: a sowing with its count (KI-9),
// or an opening step (KI-7); Stop has no pit.
func describeMove(p Position, m Move) mancala.MoveInfo {
	switch k := m.Kind(); k {
	case SowKind:
		return mancala.MoveInfo{Kind: k, Index: p.Index(m.Pit()), Count: m.Count()}
	case LiftKind, DropKind:
		return mancala.MoveInfo{Kind: k, Index: p.Index(m.Pit())}
	case StopKind:
		return mancala.MoveInfo{Kind: k, Index: -1}
	}
	return mancala.MoveInfo{Index: -1}
}
