package cli

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// gameNames are the games of Games, in its order.
var gameNames = strings.Split(Games, "|")

// LevelNames lists every game's levels for a flag's help, weakest first:
// "kiothi: Beginner, Casual, ...; kisolo: ...".
func LevelNames() string {
	var parts []string
	for _, g := range gameNames {
		var names []string
		for _, l := range wire.Levels(g) {
			names = append(names, l.Name)
		}
		parts = append(parts, g+": "+strings.Join(names, ", "))
	}
	return strings.Join(parts, "; ")
}

// IsLevel reports whether name can name a level: "level:N" with N >= 1,
// or the name of a level of some game (in any case: "casual").
func IsLevel(name string) bool {
	if n, ok := strings.CutPrefix(name, "level:"); ok {
		k, err := strconv.Atoi(n)
		return err == nil && k >= 1
	}
	for _, g := range gameNames {
		if _, ok := wire.LevelNamed(g, name); ok {
			return true
		}
	}
	return false
}

// Level returns the level of game that name names: "level:N" is the N-th
// level from the weakest (level:1 is the first), otherwise the level of
// that name in any case ("casual" finds Casual). ok is false when name is
// not a level name at all (IsLevel); an error reports a level name the
// game does not have.
func Level(game, name string) (l wire.Level, ok bool, err error) {
	if !IsLevel(name) {
		return l, false, nil
	}
	levels := wire.Levels(game)
	if n, has := strings.CutPrefix(name, "level:"); has {
		k, _ := strconv.Atoi(n)
		if k > len(levels) {
			return l, true, fmt.Errorf("%s has %d levels: %q is not one (want level:1..level:%d)", game, len(levels), name, len(levels))
		}
		return levels[k-1], true, nil
	}
	if l, found := wire.LevelNamed(game, name); found {
		return l, true, nil
	}
	var names []string
	for _, l := range levels {
		names = append(names, l.Name)
	}
	return l, true, fmt.Errorf("%s has no level %q (want %s)", game, name, strings.Join(names, ", "))
}

// LevelAgent returns the agent kind and budget that play level l.
func LevelAgent(l wire.Level) (kind string, b Budget) {
	return l.Agent.Agent, Budget{Depth: l.Agent.Depth, Iterations: l.Agent.Iterations, Time: time.Duration(l.Agent.TimeMs) * time.Millisecond}
}

// DescribeLevel names a level and its agent as the programs announce it:
// "Casual (alphabeta, depth 2; 1252 Elo)".
func DescribeLevel(l wire.Level) string {
	kind, b := LevelAgent(l)
	agent := Describe(kind, b)
	agent = strings.Replace(agent, " (", ", ", 1)
	agent = strings.TrimSuffix(agent, ")")
	return fmt.Sprintf("%s (%s; %d Elo)", l.Name, agent, l.Rating)
}
