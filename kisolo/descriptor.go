package kisolo

import (
	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Descriptor describes Kisolo to generic tools (the conformance suite,
// game records, agents, the example programs, mancala/wire); every field
// is set. MoveKey is [MoveKey].
var Descriptor = mancala.Descriptor[Position, Move]{
	Name:       Name,
	Title:      "Kisolo",
	Words:      mancala.Words{Seed: "seed", Capture: "capture"},
	Options:    options.Describe(),
	Start:      Start,
	New:        notation.NewFromText(ParseRules, New),
	Rules:      rulesText,
	Parse:      Parse,
	ParseMove:  ParseMove,
	Diagram:    Position.Diagram,
	Counts:     Position.Counts,
	Layout:     Position.Layout,
	ApplyTrace: Position.ApplyTrace,
	MoveKey:    MoveKey,
	Actions:    Position.Actions,
	Action:     Position.Action,
	ActionMove: Position.ActionMove,
	AppendMask: Position.AppendMask,

	DescribeMove: describeMove,
	Costly:       mancala.CostlyRules,

	Horizon:         horizon,
	Levels:          levels,
	RepetitionKey:   Position.RepetitionKey,
	Repetition:      Position.Repetition,
	EndByRepetition: Position.EndByRepetition,
}

// rulesText returns p's rules as in rules=.
func rulesText(p Position) string { return p.rules.String() }

// MoveKey returns m's place in the order of p's legal moves: the index of
// m's pit along the mover's circuit, counted from the mover's first pit
// (South a1, North dC; KS-2), times 256. Legal moves come in strictly
// increasing key order. It returns -1 if m's pit is not on the board or
// not the mover's.
func MoveKey(p Position, m Move) int {
	pit := p.Index(m.Pit())
	if pit < 0 {
		return -1
	}
	g := p.geom()
	i := pit - int(p.turn&1)*g.ring
	if i < 0 || i >= g.ring {
		return -1
	}
	return i * 256
}
