package wire

import (
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// costlyText reports whether text (a rules text, a position's notation,
// a record) names rules that can make a request slow: Endless:Illegal,
// under which the legal moves of a position play every candidate out, or
// MaxLaps above mancala.DefaultMaxLaps, which lets a move sow longer than
// the default bound (docs/rules/common.md, C-6). It looks for the
// options' text anywhere, so it errs on the side of costly (a player
// named "Endless:Illegal" is costly too); a text that does not parse
// fails at once in either pool.
func costlyText(text string) bool {
	if strings.Contains(text, "Endless:Illegal") {
		return true
	}
	for {
		_, after, ok := strings.Cut(text, "MaxLaps:")
		if !ok {
			return false
		}
		n := 0
		for n < len(after) && after[n] >= '0' && after[n] <= '9' {
			n++
		}
		if v, err := strconv.ParseInt(after[:n], 10, 64); n > 0 && (err != nil || v > mancala.DefaultMaxLaps) {
			return true
		}
		text = after
	}
}

// costlyRequest reports whether req, a pointer to a request, is under
// rules that can make it slow ([costlyText]).
func costlyRequest(req any) bool {
	switch r := req.(type) {
	case *StateRequest:
		return costlyText(r.Rules) || costlyText(r.Position)
	case *ApplyRequest:
		return costlyText(r.Position)
	case *RecordRequest:
		return costlyText(r.Rules) || costlyText(r.Start)
	case *ReplayRequest:
		return costlyText(r.Record)
	case *ObservationRequest:
		return costlyText(r.Rules) || costlyText(r.Position)
	}
	return false
}
