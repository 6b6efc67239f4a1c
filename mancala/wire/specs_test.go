package wire_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// agentSpecs returns the specs of mancala/agent/testdata/specs.txt, the
// one list of every kind that each interface is fed.
func agentSpecs(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../agent/testdata/specs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var specs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			specs = append(specs, l)
		}
	}
	if len(specs) < 10 {
		t.Fatalf("%d specs", len(specs))
	}
	return specs
}

// Think takes every kind of agent spec as its agent, in every game: the
// same text as the engine, the C library, Python and the page.
func TestThinkEverySpec(t *testing.T) {
	s := newService(t, wire.Limits{})
	for _, g := range s.Games().Games {
		for _, spec := range agentSpecs(t) {
			r, err := s.Think(context.Background(), wire.ThinkRequest{Game: g.Name, Position: g.Start, Agent: spec})
			if err != nil || r.Move == "" {
				t.Errorf("%s: think %q: %+v, %v", g.Name, spec, r, err)
			}
		}
	}
}

// Think plays every level through the fields GET games gives for it, as
// the page sends them: a level's agent with its nodes (Master) too.
func TestThinkEveryLevelByFields(t *testing.T) {
	s := newService(t, wire.Limits{})
	for _, g := range s.Games().Games {
		for _, l := range g.Levels {
			a := l.Agent
			if a.Nodes > 0 {
				a.Nodes = 2000 // the level's way, with a budget that keeps the test short
			}
			r, err := s.Think(context.Background(), wire.ThinkRequest{Game: g.Name, Position: g.Start, Agent: a.Agent,
				Depth: a.Depth, Nodes: a.Nodes, Iterations: a.Iterations, TimeMs: a.TimeMs})
			if err != nil || r.Move == "" {
				t.Errorf("%s %s: think %+v: %+v, %v", g.Name, l.Name, a, r, err)
			}
			if a.Nodes > 0 && r.Nodes > 2*a.Nodes {
				t.Errorf("%s %s: %d nodes searched for a budget of %d", g.Name, l.Name, r.Nodes, a.Nodes)
			}
		}
	}
	if _, err := s.Think(context.Background(), wire.ThinkRequest{Game: "kisolo", Position: s.Games().Games[0].Start, Agent: "mcts", Nodes: 5}); err == nil {
		t.Error("nodes with mcts: no error")
	}
}
