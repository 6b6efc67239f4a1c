package wire_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kisolo"
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
		levels := g.Info().Levels
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
			case a.Agent == "alphabeta" && (a.Depth < 0 || a.Depth > lim.MaxDepth || a.Depth == 0 && a.Nodes <= 0 || a.Iterations != 0):
				t.Errorf("%s %s: alphabeta budget %+v (want depth 1..%d or a node budget)", g.Name(), l.Name, a, lim.MaxDepth)
			case a.Agent == "mcts" && (a.Iterations < 1 || a.Iterations > lim.MaxIterations || a.Depth != 0):
				t.Errorf("%s %s: mcts budget %+v (want iterations 1..%d)", g.Name(), l.Name, a, lim.MaxIterations)
			case a.Agent != "random" && a.Agent != "alphabeta" && a.Agent != "mcts":
				t.Errorf("%s %s: agent %q", g.Name(), l.Name, a.Agent)
			}
		}
		// Info returns a copy.
		levels[0].Name = "changed"
		if g.Info().Levels[0].Name != "Beginner" {
			t.Errorf("%s: Info shares its levels", g.Name())
		}
	}
}

// GET games lists each game's levels, and think plays each of them from
// the start (the top levels only without -short: they search longest).
func TestLevelsServed(t *testing.T) {
	s := newService(t, wire.DefaultLimits())
	byName := map[string]wire.Game{}
	for _, g := range games() {
		byName[g.Name()] = g
	}
	for _, gi := range s.Games().Games {
		if diff := cmp.Diff(byName[gi.Name].Info().Levels, gi.Levels); diff != "" {
			t.Errorf("%s: games lists other levels (-table +games):\n%s", gi.Name, diff)
		}
		for i, l := range gi.Levels {
			if testing.Short() && i >= 3 {
				break
			}
			a := l.Agent
			req := wire.ThinkRequest{Game: gi.Name, Position: gi.Start, Agent: a.Agent, Depth: a.Depth, Iterations: a.Iterations, TimeMs: a.TimeMs}
			if a.Nodes != 0 {
				// A node budget has no think field: the level by its name.
				req = wire.ThinkRequest{Game: gi.Name, Position: gi.Start, Agent: "level:" + l.Name}
			}
			r, err := s.Think(context.Background(), req)
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
					req := wire.ThinkRequest{Game: gi.Name, Position: positions[i%len(positions)], Agent: a.Agent, Depth: a.Depth, Iterations: a.Iterations}
					if a.Nodes != 0 {
						req = wire.ThinkRequest{Game: gi.Name, Position: positions[i%len(positions)], Agent: "level:" + l.Name}
					}
					if _, err := s.Think(context.Background(), req); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// Think and selfplay read the agent as an agent spec: a level, a kind
// with its budget or mcts-eval plays exactly as the same agent given by
// the budget fields.
func TestThinkSpec(t *testing.T) {
	s := newService(t, wire.DefaultLimits())
	ctx := context.Background()
	start := kisolo.Start().String()
	for _, tc := range []struct {
		spec   string
		fields wire.ThinkRequest
	}{
		{"level:casual", wire.ThinkRequest{Agent: "alphabeta", Depth: 2}},
		{"Casual", wire.ThinkRequest{Agent: "alphabeta", Depth: 2}},
		{"level:1:seed=4", wire.ThinkRequest{Agent: "random", Seed: 4}},
		{"alphabeta:03", wire.ThinkRequest{Agent: "alphabeta", Depth: 3}},
		{"mcts:200:seed=9", wire.ThinkRequest{Agent: "mcts", Iterations: 200, Seed: 9}},
		{"mcts-eval:200:seed=9", wire.ThinkRequest{Agent: "mcts-eval", Iterations: 200, Seed: 9}},
	} {
		got, err := s.Think(ctx, wire.ThinkRequest{Position: start, Agent: tc.spec})
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		tc.fields.Position = start
		want, err := s.Think(ctx, tc.fields)
		if err != nil {
			t.Fatalf("%+v: %v", tc.fields, err)
		}
		got.ElapsedMs, want.ElapsedMs = 0, 0
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("think %s (-fields +spec):\n%s", tc.spec, diff)
		}
	}
	// mcts-eval and mcts search differently from the same seed.
	a, _ := s.Think(ctx, wire.ThinkRequest{Position: start, Agent: "mcts", Iterations: 300, Seed: 1})
	b, _ := s.Think(ctx, wire.ThinkRequest{Position: start, Agent: "mcts-eval", Iterations: 300, Seed: 1})
	if a.Agent != "mcts" || b.Agent != "mcts-eval" || a.Iterations != 300 || b.Iterations != 300 || *a.WinRate == *b.WinRate {
		t.Errorf("mcts %+v and mcts-eval %+v", a, b)
	}

	batch := s
	r, err := batch.Selfplay(ctx, wire.SelfplayRequest{Game: "kisolo", N: 2, Seed: 3, MaxPlies: 20,
		South: wire.AgentSpec{Agent: "level:casual"}, North: wire.AgentSpec{Agent: "mcts-eval:50"}})
	if err != nil {
		t.Fatal(err)
	}
	same, err := batch.Selfplay(ctx, wire.SelfplayRequest{Game: "kisolo", N: 2, Seed: 3, MaxPlies: 20,
		South: wire.AgentSpec{Agent: "alphabeta", Depth: 2}, North: wire.AgentSpec{Agent: "mcts-eval", Iterations: 50}})
	if err != nil {
		t.Fatal(err)
	}
	r.ElapsedMs, same.ElapsedMs = 0, 0
	if diff := cmp.Diff(same, r); diff != "" {
		t.Errorf("selfplay by spec (-fields +spec):\n%s", diff)
	}
	if !strings.Contains(r.Records[0], `[South "alphabeta depth 2"]`) || !strings.Contains(r.Records[0], `[North "mcts-eval 50 iterations"]`) {
		t.Errorf("record names the players otherwise:\n%s", r.Records[0])
	}
}
