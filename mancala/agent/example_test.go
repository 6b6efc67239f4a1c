package agent_test

import (
	"context"
	"fmt"

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
