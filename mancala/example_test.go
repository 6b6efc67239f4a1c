package mancala_test

import (
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kimasai"
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

// describe works on any game through its Descriptor: no registry, no
// reflection.
func describe[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) {
	p := d.Start()
	fmt.Printf("%s (%s): %d pits, %d legal moves, a counter is a %s\n", d.Title, d.Name, d.Layout(p).Pits(), len(p.AppendLegalMoves(nil)), d.Words.Seed)
	for _, o := range d.Options {
		fmt.Printf("  %s (%s) default %s\n", o.Name, o.Clause, o.Default)
	}
}

// A Descriptor describes a game to generic code: its names and words, its
// rule options (for front ends that offer them), its start position and
// its parsers.
func ExampleDescriptor() {
	describe(&kisolo.Descriptor)
	describe(&kimasai.Descriptor)
	p, err := kimasai.Descriptor.New("Endless:Illegal")
	fmt.Println(p.Rules(), err)
	// Output:
	// Kisolo (kisolo): 28 pits, 7 legal moves, a counter is a seed
	//   CaptureOnAnyLanding (KS-8) default false
	//   Columns (KS-1) default 7
	//   Endless (C-6) default Draw
	//   MaxLaps (C-6) default 1000000
	//   Repetition (C-10) default None
	//   SelfEmptiedInnerRow (KS-11) default Loses
	//   Setup (KS-5) default All3
	//   Win (KS-10) default InnerRowEmptied
	// Bao la Kimasai (kimasai): 32 pits, 8 legal moves, a counter is a cow
	//   Endless (C-6) default Draw
	//   FreeFirstTurn (KM-6) default GameOnly
	//   MaxLaps (C-6) default 1000000
	//   Repetition (C-10) default None
	//   SelfEmptiedInnerRow (KM-12) default Loses
	// Endless:Illegal <nil>
}

// Perft counts the move sequences of a given length from a position, the
// standard check of a move generator; the games' own Perft counts the
// same faster.
func ExamplePerft() {
	p := kimasai.Start()
	for depth := 1; depth <= 3; depth++ {
		n, err := mancala.Perft[kimasai.Position, kimasai.Move](p, depth)
		fast, _ := p.Perft(depth)
		fmt.Println(depth, n, n == fast, err)
	}
	// Output:
	// 1 8 true <nil>
	// 2 64 true <nil>
	// 3 416 true <nil>
}

// RandomPlayout plays one seeded random game: the same seed gives the
// same game.
func ExampleRandomPlayout() {
	final, plies, err := mancala.RandomPlayout[kisolo.Position, kisolo.Move](kisolo.Start(), 42, 0)
	if err != nil {
		panic(err)
	}
	again, _, _ := mancala.RandomPlayout[kisolo.Position, kisolo.Move](kisolo.Start(), 42, 0)
	fmt.Println(plies, final.Outcome(), final == again)
	// Output:
	// 3 South wins (inner) true
}
