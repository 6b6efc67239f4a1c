package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// LevelNames lists every game's levels for a flag's help, weakest first:
// "kisolo: Beginner, Casual, ...; kiothi: ...".
func LevelNames() string {
	var parts []string
	for _, g := range games.Names() {
		var names []string
		for _, l := range games.Levels(g) {
			names = append(names, l.Name)
		}
		parts = append(parts, g+": "+strings.Join(names, ", "))
	}
	return strings.Join(parts, "; ")
}

// Level returns the level of the game named game with the given levels
// that spec s names (agent.LookupLevel), or an error naming the game:
// `kiothi: "level:99": the game has 5 levels (want level:1..level:5)`,
// `kiothi: "expert2": unknown agent or level (want ...)`.
func Level(game string, levels []mancala.Level, s agent.Spec) (mancala.Level, error) {
	l, err := agent.LookupLevel(levels, s.Level)
	var se *agent.SpecError
	if errors.As(err, &se) {
		return l, fmt.Errorf("%s: %q: %s", game, se.Text, se.Reason)
	}
	return l, err
}

// DescribeLevel names a level and its agent as the programs announce it:
// "Casual (alphabeta, depth 2; 1252 Elo)".
func DescribeLevel(l mancala.Level) string {
	a := l.Agent
	if s, err := agent.ParseSpec(l.Agent); err == nil {
		a = Describe(s)
	}
	a = strings.Replace(a, " (", ", ", 1)
	a = strings.TrimSuffix(a, ")")
	return fmt.Sprintf("%s (%s; %d Elo)", l.Name, a, l.Rating)
}
