package kisolo

import "github.com/seed8ebe013a/go-mancala/mancala"

// describeMove is Descriptor.DescribeMove: a sow or a capture (KS-6) from
// its pit's index on p's board.
func describeMove(p Position, m Move) mancala.MoveInfo {
	switch k := m.Kind(); k {
	case SowKind, CaptureKind:
		return mancala.MoveInfo{Kind: k, Index: p.Index(m.Pit())}
	}
	return mancala.MoveInfo{Index: -1}
}
