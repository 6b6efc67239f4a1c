package kisolo

import "github.com/seed8ebe013a/go-mancala/mancala"

// describeMove is Descriptor.DescribeMove: a sow or a capture (KS-6) from
// its pit's index on p's board.
func describeMove(p Position, m Move) mancala.MoveInfo {
	info := mancala.MoveInfo{Pit: p.Index(m.Pit())}
	switch m.Kind() {
	case SowKind:
		info.Kind = mancala.MoveSow
	case CaptureKind:
		info.Kind = mancala.MoveCapture
	}
	if info.Kind == mancala.MoveUnknown {
		info.Pit = -1
	}
	return info
}
