// Package cli holds what the example programs share: building agents from
// their names and budgets. Everything is generic over a game's
// [mancala.Descriptor].
package cli

import (
	"fmt"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Games lists the games the programs accept, for -game.
const Games = "kiothi|kisolo|kimasai"

// Budget is the per-move budget of computer players.
type Budget struct {
	Depth      int           // AlphaBeta depth in plies (0: no limit if Time is set)
	Iterations int           // MCTS playouts per move (0: no limit if Time is set)
	Time       time.Duration // per move, for both (0: none)
	Workers    int           // MCTS goroutines (0 or 1: one)
}

// AgentNames lists the computer players NewAgent builds.
const AgentNames = "random|alphabeta|mcts"

// NewAgent returns the computer player called name ("random", "alphabeta"
// or "mcts") for d's game with budget b; seed makes its choices
// reproducible. An unknown name gives an error.
func NewAgent[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], name string, b Budget, seed uint64) (agent.Agent[P, M], error) {
	switch name {
	case "random":
		return agent.NewRandom[P, M](seed), nil
	case "alphabeta":
		a := agent.NewAlphaBeta(d, b.Depth)
		a.Time = b.Time
		a.TableSize = 1 << 16
		return a, nil
	case "mcts":
		s := agent.NewMCTS[P, M](b.Iterations, seed)
		s.Time, s.Workers = b.Time, b.Workers
		return s, nil
	}
	return nil, fmt.Errorf("unknown player %q (want %s)", name, AgentNames)
}

// Names returns the moves' notation, space-separated.
func Names[M mancala.Move](moves []M) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}
