package agent_test

import (
	"context"
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// AlphaBeta finds the capture that empties North's inner row (rules
// example KS6).
func ExampleAlphaBeta() {
	p, err := kisolo.Parse("kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10")
	if err != nil {
		panic(err)
	}
	ab := agent.NewAlphaBeta(&kisolo.Descriptor, 4)
	r, err := ab.Search(context.Background(), p)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Move, r.Value >= agent.WinValue-1, r.Depth)
	// Output: xb1 true 1
}

// Play pits two agents against each other; with iteration and depth
// budgets the game is the same on every run.
func ExamplePlay() {
	south := agent.NewAlphaBeta(&kisolo.Descriptor, 3)
	north := agent.NewMCTS[kisolo.Position, kisolo.Move](200, 1)
	moves, final, err := agent.Play(context.Background(), kisolo.Start(), south, north, 0, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(moves) > 0, final.Outcome().Over())
	// Output: true true
}

// Random plays a uniformly random legal move from a seeded stream: the
// same seed and positions give the same moves.
func ExampleRandom() {
	r := agent.NewRandom[kimasai.Position, kimasai.Move](7)
	p := kimasai.Start()
	var moves []kimasai.Move
	for range 4 {
		m, err := r.Move(context.Background(), p)
		if err != nil {
			panic(err)
		}
		moves = append(moves, m)
		p, _ = p.Apply(m)
	}
	fmt.Println(moves)
	fmt.Println(p)
	// Output:
	// [b2 c8 a8 c3]
	// kimasai 0,1,1,0,0,0,0,0/3,1,0,0,2,0,2,0/1,0,0,2,0,2,0,2/0,0,0,0,0,1,1,0 S turn=4 reserves=23,22
}

// MCTS searches by seeded random playouts (UCT); with an iteration budget
// its choice is the same on every run. Here it finds the capture that
// empties North's inner row (rules example KS6).
func ExampleMCTS() {
	p, err := kisolo.Parse("kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10")
	if err != nil {
		panic(err)
	}
	s := agent.NewMCTS[kisolo.Position, kisolo.Move](500, 1)
	r, err := s.Search(context.Background(), p)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Move, r.Iterations)
	// Output:
	// xb1 500
}

// AgentFunc makes a function an Agent: here a player that always takes
// the first legal move, against Random.
func ExampleAgentFunc() {
	first := agent.AgentFunc[kisolo.Position, kisolo.Move](func(_ context.Context, p kisolo.Position) (kisolo.Move, error) {
		return p.LegalMoves()[0], nil
	})
	moves, final, err := agent.Play(context.Background(), kisolo.Start(), first, agent.NewRandom[kisolo.Position, kisolo.Move](3), 0, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(moves), moves[:3], final.Outcome())
	// Output:
	// 7 [xb7 xc4 xb7] South wins (inner)
}

// ParseSpec reads an agent spec as every program and transport reads it;
// String writes its canonical text, so two spellings of one agent compare
// equal.
func ExampleParseSpec() {
	for _, text := range []string{"alphabeta:02", "mcts:+100:workers=1", "mcts-eval:500:time=1500ms", "Casual", "random"} {
		s, err := agent.ParseSpec(text)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-26s %s\n", text, s)
	}
	_, err := agent.ParseSpec("alphabeta:0")
	fmt.Println(err)
	// Output:
	// alphabeta:02               alphabeta:2
	// mcts:+100:workers=1        mcts:100
	// mcts-eval:500:time=1500ms  mcts-eval:500:time=1.5s
	// Casual                     level:casual
	// random                     random
	// agent: spec "alphabeta:0": alphabeta:0: want a positive budget, or none
}

// New builds the agent a spec names for a game; a level is looked up in
// the game's descriptor.
func ExampleNew() {
	s, err := agent.ParseSpec("level:casual")
	if err != nil {
		panic(err)
	}
	r, _ := s.Resolve(kisolo.Descriptor.Levels)
	fmt.Println(r)
	a, err := agent.New(&kisolo.Descriptor, s)
	if err != nil {
		panic(err)
	}
	m, err := a.Move(context.Background(), kisolo.Start())
	fmt.Println(m, err)
	// Output:
	// alphabeta:2
	// xb7 <nil>
}
