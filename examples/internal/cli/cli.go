// Package cli holds what the example programs share: building agents from
// their names and budgets. Everything is generic over a game's
// [mancala.Descriptor].
package cli

import (
	"fmt"
	"strconv"
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
const AgentNames = "random|alphabeta|mcts|mcts-eval"

// IsAgent reports whether name is one of AgentNames.
func IsAgent(name string) bool {
	switch name {
	case "random", "alphabeta", "mcts", "mcts-eval":
		return true
	}
	return false
}

// NewAgent returns the computer player called name ("random", "alphabeta",
// "mcts", or "mcts-eval": MCTS with short playouts scored by the game's
// evaluation, agent.NewMCTSEval) for d's game with budget b; seed makes
// its choices reproducible. An unknown name gives an error.
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
	case "mcts-eval":
		s := agent.NewMCTSEval(d, b.Iterations, seed)
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

// Check reports a budget the programs refuse: a negative depth,
// iteration count or time, or a worker count outside 0..agent.MaxWorkers.
// The errors name the flag (-depth, -iterations, -time, -workers).
func (b Budget) Check() error {
	switch {
	case b.Depth < 0:
		return fmt.Errorf("-depth %d: want 0 or more plies", b.Depth)
	case b.Depth > agent.MaxDepth:
		return fmt.Errorf("-depth %d: at most %d plies", b.Depth, agent.MaxDepth)
	case b.Iterations < 0:
		return fmt.Errorf("-iterations %d: want 0 or more", b.Iterations)
	case b.Time < 0:
		return fmt.Errorf("-time %v: want 0 or a positive duration", b.Time)
	case b.Workers < 0 || b.Workers > agent.MaxWorkers:
		return fmt.Errorf("-workers %d: want 0..%d", b.Workers, agent.MaxWorkers)
	}
	return nil
}

// Describe names a computer player and its budget as the programs
// announce it: "alphabeta (depth 4)", "mcts (2000 iterations, 1s a
// move)", "alphabeta (1s a move)" when a time budget replaces the depth.
func Describe(name string, b Budget) string {
	limit := ""
	if b.Time > 0 {
		limit = b.Time.String() + " a move"
	}
	var parts []string
	switch name {
	case "alphabeta":
		switch {
		case b.Depth > 0:
			parts = append(parts, fmt.Sprintf("depth %d", b.Depth))
		case b.Time == 0:
			parts = append(parts, fmt.Sprintf("depth %d", agent.DefaultDepth))
		}
	case "mcts", "mcts-eval":
		switch {
		case b.Iterations > 0:
			parts = append(parts, fmt.Sprintf("%d iterations", b.Iterations))
		case b.Time == 0:
			parts = append(parts, fmt.Sprintf("%d iterations", agent.DefaultIterations))
		}
		if b.Workers > 1 {
			parts = append(parts, fmt.Sprintf("%d workers", b.Workers))
		}
	default:
		return name
	}
	if limit != "" {
		parts = append(parts, limit)
	}
	return name + " (" + strings.Join(parts, ", ") + ")"
}

// SameRules reports an error when rules (a -rules flag) was given and
// differs from the rules of a position given in notation by another flag
// (-start, -position): the position's rules= field is what counts, so a
// -rules flag it does not repeat would be silently ignored.
func SameRules[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], rules string, p P, flag string) error {
	if rules == "" {
		return nil
	}
	want, err := d.New(rules)
	if err != nil {
		return err
	}
	if got := d.Rules(p); got != d.Rules(want) {
		has := "the default rules"
		if got != "" {
			has = "rules=" + got
		}
		return fmt.Errorf("-rules %s conflicts with %s, which has %s: write the rules in the position's rules= field, or leave -rules out", rules, flag, has)
	}
	return nil
}

// Plies counts n plies in words: "1 ply", "40 plies".
func Plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return strconv.Itoa(n) + " plies"
}
