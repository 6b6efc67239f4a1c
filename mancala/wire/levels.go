package wire

import (
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Level is one rung of a game's strength ladder: a Name to show, the
// measured Rating (Elo, the weakest level of every game anchored at 1000)
// and the Agent that plays it, with the fields of a [ThinkRequest] (agent,
// depth, iterations, timeMs), so that a client can play the level through
// think or selfplay. GET /api/v1/games lists each game's levels in its
// entry ([GameInfo].Levels), weakest first.
//
// The levels are the game's descriptor's ([mancala.Descriptor].Levels),
// rated in docs/strength.md; the same name can be a different agent in
// different games.
type Level struct {
	Name   string     `json:"name"`
	Rating int        `json:"rating"`
	Agent  LevelAgent `json:"agent"`
}

// LevelAgent is the agent of a [Level] in the fields of a [ThinkRequest]
// (Agent a kind; AlphaBeta's Depth in plies and Nodes, its node budget in
// positions searched, which a think gives as an agent spec or the level's
// name; MCTS's Iterations in playouts; TimeMs in ms). Every
// level has a depth, node or iteration budget, not a time budget, so that
// it plays the same moves on every machine.
type LevelAgent struct {
	Agent      string `json:"agent"`
	Depth      int    `json:"depth,omitempty"`
	Nodes      int64  `json:"nodes,omitempty"`
	Iterations int    `json:"iterations,omitempty"`
	TimeMs     int64  `json:"timeMs,omitempty"`
}

// levelsOf returns the wire form of a descriptor's levels. A level whose
// agent is not a spec of a search (a bug in the game's table, which the
// games' tests rule out) keeps its agent text as Agent.
func levelsOf(levels []mancala.Level) []Level {
	out := make([]Level, len(levels))
	for i, l := range levels {
		out[i] = Level{Name: l.Name, Rating: l.Rating, Agent: LevelAgent{Agent: l.Agent}}
		if s, err := agent.ParseSpec(l.Agent); err == nil && s.Kind != agent.KindLevel {
			out[i].Agent = LevelAgent{Agent: s.Kind.String(), Depth: s.Depth, Nodes: s.Nodes, Iterations: s.Iterations, TimeMs: s.Time.Milliseconds()}
		}
	}
	return out
}
