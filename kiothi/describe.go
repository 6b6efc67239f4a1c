package kiothi

import "github.com/seed8ebe013a/go-mancala/mancala"

// Position has an opening played in steps (KI-6, KI-7).
var _ mancala.Opener = Position{}

// describeMove is Descriptor.DescribeMove: a sowing with its count (KI-9),
// or an opening step (KI-7); Stop has no pit.
func describeMove(p Position, m Move) mancala.MoveInfo {
	info := mancala.MoveInfo{Pit: -1}
	switch m.Kind() {
	case SowKind:
		info.Kind, info.Count = mancala.MoveSow, m.Count()
	case LiftKind:
		info.Kind = mancala.MoveLift
	case DropKind:
		info.Kind = mancala.MoveDrop
	case StopKind:
		return mancala.MoveInfo{Kind: mancala.MoveStop, Pit: -1}
	default:
		return info
	}
	info.Pit = p.Index(m.Pit())
	return info
}
