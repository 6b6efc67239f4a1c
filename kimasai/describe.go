package kimasai

import "github.com/seed8ebe013a/go-mancala/mancala"

// Position is played in two phases (KM-6, KM-8).
var _ mancala.Phased = Position{}

// describeMove is Descriptor.DescribeMove: every move sows from its pit
// (KM-7, KM-9).
func describeMove(p Position, m Move) mancala.MoveInfo {
	if m.IsZero() {
		return mancala.MoveInfo{Index: -1}
	}
	return mancala.MoveInfo{Kind: mancala.MoveSow, Index: p.Index(m.Pit())}
}
