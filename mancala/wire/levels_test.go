package wire_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// The table of levels: every game has a ladder from a random Beginner up,
// with names unique in the game, ratings rising by at least 100 Elo from
// each level to the next (docs/strength.md measures them), and agents that
// think accepts under the default limits, with depth or iteration budgets
// (reproducible), not time budgets.
func TestLevels(t *testing.T) {
	lim := wire.DefaultLimits()
	for _, g := range games() {
		levels := wire.Levels(g.Name())
		if len(levels) < 4 {
			t.Errorf("%s: %d levels, want at least 4", g.Name(), len(levels))
			continue
		}
		if l := levels[0]; l.Name != "Beginner" || l.Rating != 1000 || l.Agent != (wire.LevelAgent{Agent: "random"}) {
			t.Errorf("%s: first level %+v, want Beginner, 1000, random", g.Name(), l)
		}
		names := map[string]bool{}
		for i, l := range levels {
			if l.Name == "" || names[l.Name] {
				t.Errorf("%s: level %d has an empty or repeated name %q", g.Name(), i, l.Name)
			}
			names[l.Name] = true
			if i > 0 && l.Rating < levels[i-1].Rating+100 {
				t.Errorf("%s: %s rated %d, less than 100 above %s (%d)", g.Name(), l.Name, l.Rating, levels[i-1].Name, levels[i-1].Rating)
			}
			a := l.Agent
			switch {
			case a.TimeMs != 0:
				t.Errorf("%s %s: a time budget (%d ms)", g.Name(), l.Name, a.TimeMs)
			case a.Agent == "random" && (a.Depth != 0 || a.Iterations != 0):
				t.Errorf("%s %s: random with a budget %+v", g.Name(), l.Name, a)
			case a.Agent == "alphabeta" && (a.Depth < 1 || a.Depth > lim.MaxDepth || a.Iterations != 0):
				t.Errorf("%s %s: alphabeta budget %+v (want depth 1..%d)", g.Name(), l.Name, a, lim.MaxDepth)
			case a.Agent == "mcts" && (a.Iterations < 1 || a.Iterations > lim.MaxIterations || a.Depth != 0):
				t.Errorf("%s %s: mcts budget %+v (want iterations 1..%d)", g.Name(), l.Name, a, lim.MaxIterations)
			case a.Agent != "random" && a.Agent != "alphabeta" && a.Agent != "mcts":
				t.Errorf("%s %s: agent %q", g.Name(), l.Name, a.Agent)
			}
			if got, ok := wire.LevelNamed(g.Name(), l.Name); !ok || got != l {
				t.Errorf("LevelNamed(%s, %s) = %+v, %v", g.Name(), l.Name, got, ok)
			}
		}
		// Levels returns a copy.
		levels[0].Name = "changed"
		if wire.Levels(g.Name())[0].Name != "Beginner" {
			t.Errorf("%s: Levels shares its table", g.Name())
		}
	}
	if l, ok := wire.LevelNamed("kisolo", "cASUAL"); !ok || l.Name != "Casual" {
		t.Errorf("LevelNamed ignores case: %+v, %v", l, ok)
	}
	if _, ok := wire.LevelNamed("kisolo", "Grandmaster"); ok {
		t.Error("LevelNamed found an unknown level")
	}
	if got := wire.Levels("nim"); got == nil || len(got) != 0 {
		t.Errorf("Levels(nim) = %#v, want an empty slice", got)
	}
}

// GET games lists each game's levels, and think plays each of them from
// the start (the top levels only without -short: they search longest).
func TestLevelsServed(t *testing.T) {
	s := newService(t, wire.DefaultLimits())
	for _, gi := range s.Games().Games {
		if diff := cmp.Diff(wire.Levels(gi.Name), gi.Levels); diff != "" {
			t.Errorf("%s: games lists other levels (-table +games):\n%s", gi.Name, diff)
		}
		for i, l := range gi.Levels {
			if testing.Short() && i >= 3 {
				break
			}
			a := l.Agent
			r, err := s.Think(context.Background(), wire.ThinkRequest{Game: gi.Name, Position: gi.Start, Agent: a.Agent, Depth: a.Depth, Iterations: a.Iterations, TimeMs: a.TimeMs})
			if err != nil || r.Move == "" {
				t.Errorf("%s %s: think %+v: %v", gi.Name, l.Name, a, err)
			}
		}
	}
}

// BenchmarkLevelMove times one move of each level's agent through think,
// from positions 6, 16 and 26 plies into a game of random moves (the same
// positions on every run); the top level of each game should stay at
// about a second or less a move (docs/strength.md).
func BenchmarkLevelMove(b *testing.B) {
	s := newService(b, wire.DefaultLimits())
	for _, gi := range s.Games().Games {
		var positions []string
		p := gi.Start
		for ply := 0; ply < 27; ply++ {
			st, err := s.State(wire.StateRequest{Game: gi.Name, Position: p})
			if err != nil || len(st.Legal) == 0 {
				break
			}
			if ply%10 == 6 {
				positions = append(positions, p)
			}
			r, err := s.Apply(wire.ApplyRequest{Game: gi.Name, Position: p, Move: st.Legal[(ply*7+3)%len(st.Legal)]})
			if err != nil {
				b.Fatal(err)
			}
			p = r.After.Position
		}
		for _, l := range gi.Levels {
			b.Run(gi.Name+"/"+l.Name, func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					a := l.Agent
					if _, err := s.Think(context.Background(), wire.ThinkRequest{Game: gi.Name, Position: positions[i%len(positions)], Agent: a.Agent, Depth: a.Depth, Iterations: a.Iterations}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
