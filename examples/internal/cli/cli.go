// Package cli holds what the example programs share: reading players as
// agent specs (mancala/agent.ParseSpec) with the programs' budget flags,
// describing them, and the games' levels. Everything is generic over a
// game's [mancala.Descriptor]; the list of games is internal/games.
package cli

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Budget is the per-move budget of computer players, from the programs'
// -depth, -iterations, -time and -workers flags.
type Budget struct {
	Depth      int           // AlphaBeta depth in plies (0: no limit if Time is set)
	Iterations int           // MCTS playouts per move (0: no limit if Time is set)
	Time       time.Duration // per move, for both (0: none)
	Workers    int           // MCTS goroutines (0 or 1: one)
}

// AgentNames lists the computer players' kinds for a flag's help.
const AgentNames = "random|alphabeta|mcts|mcts-eval"

// Player reads a computer player given on the command line as an agent
// spec (agent.ParseSpec): a bare kind ("alphabeta", "mcts") plays with the
// budget b of the flags, a spec with its own budget ("alphabeta:6",
// "mcts:500:time=1s") or a level ("Casual", "level:2") with its own. Errors
// wrap agent.ErrSpec.
func Player(text string, b Budget) (agent.Spec, error) {
	s, err := agent.ParseSpec(text)
	if err != nil || text != s.Kind.String() {
		return s, err
	}
	return b.Spec(s.Kind), nil
}

// Spec returns the spec of an agent of kind k with budget b: the depth
// for alphabeta, the iterations and workers for the MCTS kinds, the time
// for both; the budget's defaults as agent.ParseSpec fills them in.
func (b Budget) Spec(k agent.Kind) agent.Spec {
	s := agent.Spec{Kind: k}
	switch k {
	case agent.KindAlphaBeta:
		s.Depth, s.Time = b.Depth, b.Time
	case agent.KindMCTS, agent.KindMCTSEval:
		s.Iterations, s.Time, s.Workers = b.Iterations, b.Time, b.Workers
	}
	if t, err := agent.ParseSpec(s.String()); err == nil {
		return t // normalised
	}
	return s
}

// NewAgent returns the agent s names for d's game with the given seed (s's
// own seed added); a level is one of d's (agent.New). An unknown level's
// error names the game and its levels.
func NewAgent[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s agent.Spec, seed uint64) (agent.Agent[P, M], error) {
	s.Seed += seed
	return agent.New(d, s)
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
// move)", "alphabeta (1s a move)" when a time budget replaces the depth,
// "random"; a level as its spec ("level:casual", see [DescribeLevel]).
func Describe(s agent.Spec) string {
	var parts []string
	switch s.Kind {
	case agent.KindAlphaBeta:
		if s.Depth > 0 {
			parts = append(parts, fmt.Sprintf("depth %d", s.Depth))
		}
	case agent.KindMCTS, agent.KindMCTSEval:
		if s.Iterations > 0 {
			parts = append(parts, fmt.Sprintf("%d iterations", s.Iterations))
		}
		if s.Workers > 1 {
			parts = append(parts, fmt.Sprintf("%d workers", s.Workers))
		}
	default:
		return s.String()
	}
	if s.Time > 0 {
		parts = append(parts, s.Time.String()+" a move")
	}
	return s.Kind.String() + " (" + strings.Join(parts, ", ") + ")"
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
