package mancala_test

import (
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Perft counts the positions a few plies after the start of any game; a
// Playout plays seeded random games without allocating per ply; a
// Descriptor's Summarize says what a move did.
func Example() {
	start := kisolo.Start()
	for depth := 1; depth <= 4; depth++ {
		n, _ := mancala.Perft[kisolo.Position, kisolo.Move](start, depth)
		fmt.Printf("perft %d: %d\n", depth, n)
	}

	pl := mancala.NewPlayout[kisolo.Position, kisolo.Move](7)
	final, plies, _ := pl.Run(start, 0)
	fmt.Println(plies, "plies:", final.Outcome().Explain(final.ToMove(), kisolo.Descriptor.Words))

	s, _, _ := kisolo.Descriptor.Summarize(start, kisolo.Capture(kisolo.PitAt(1, 4)))
	fmt.Println("xb4:", s)
	// Output:
	// perft 1: 7
	// perft 2: 29
	// perft 3: 107
	// perft 4: 357
	// 16 plies: North wins: South's inner row is empty
	// xb4: 5 laps, 20 seeds sown; 4 relays; 1 capture took 6 seeds (c4, d4); ended before an empty pit
}
