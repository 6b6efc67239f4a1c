package kimasai

import (
	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Descriptor describes Bao la Kimasai to generic tools (the conformance
// suite, game records, agents, the example programs, mancala/wire); every
// field is set. MoveKey is [MoveKey].
var Descriptor = mancala.Descriptor[Position, Move]{
	Name:       Name,
	Title:      "Bao la Kimasai",
	Words:      mancala.Words{Seed: "cow", Capture: "raid", Reserve: "reserve"},
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
// the circuit index of m's pit from the mover's first pit (South b1, North
// c8; KM-2) times 256 (moves carry no count). It returns -1 for the zero
// Move and for a pit that is not the mover's.
func MoveKey(p Position, m Move) int {
	i := layout.CircuitIndex(p.ToMove(), m.pit.index())
	if i < 0 {
		return -1
	}
	return i * 256
}
