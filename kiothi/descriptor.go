package kiothi

import (
	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Descriptor describes Kiothi to generic tools (the conformance suite,
// game records, agents, the example programs, mancala/wire); every field
// is set. MoveKey is [MoveKey].
var Descriptor = mancala.Descriptor[Position, Move]{
	Name:       Name,
	Title:      "Kiothi",
	Words:      mancala.Words{Seed: "warrior", Capture: "capture", Store: "prison"},
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

// MoveKey returns m's place in the order of p's legal moves (docs/design.md):
// circuit index of the move's pit from the mover's first pit times 256,
// plus the count for a sowing move; Stop is 20*256, after every other step.
// Moves with no pit (the zero Move) give -1.
func MoveKey(p Position, m Move) int {
	switch {
	case m.kind == StopKind:
		return Pits * 256
	case m.kind == NoKind || m.pit >= Pits:
		return -1
	}
	return circ(p.ToMove(), int(m.pit))*256 + int(m.count)
}
