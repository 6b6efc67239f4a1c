package kimasai_test

import (
	"errors"
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Example plays BK3 of the rules (a raid in phase 2) and shows its trace.
func Example() {
	p, err := kimasai.Parse("kimasai 0,0,0,0,0,0,0,0/1,0,0,3,0,0,0,0/0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.LegalMoves())
	m, _ := kimasai.ParseMove("b2")
	q, err := p.ApplyTrace(m, func(e mancala.Event) { fmt.Println(" ", e) })
	if err != nil {
		panic(err)
	}
	fmt.Print(q.Diagram())
	fmt.Println(q)
	// Output:
	// [b2 b4]
	//   lift pit 1 -> hand (2)
	//   drop hand -> pit 2 (1)
	//   drop hand -> pit 3 (1)
	//   capture pit 20 -> hand (3)
	//   drop hand -> pit 3 (1)
	//   drop hand -> pit 4 (1)
	//   drop hand -> pit 5 (1)
	//   end (empty pit)
	//     1   2   3   4   5   6   7   8
	// d   0   0   0   0   0   0   0   0   → North reserve 0
	// c   1   0   0   0   0   0   0   0   ←
	// b   0   0   1   3   1   1   0   0   →
	// a   0   0   0   0   0   0   0   0   ← South reserve 0
	// North to move, turn 11, phase 2
	// kimasai 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,1,3,1,1,0,0/0,0,0,0,0,0,0,0 N turn=11 reserves=0,0
}

// ExampleStart shows the start position and its first move b1 (the
// first-move table of the rules, h = 0: five laps, no reserve cow on turn 0).
func ExampleStart() {
	p := kimasai.Start()
	q, _ := p.Apply(kimasai.Sow(kimasai.PitAt(1, 1))) // b1
	fmt.Println(p.Phase(), p.Reserve(mancala.South), p.ToMove())
	fmt.Println(q)
	fmt.Println(q.Outcome())
	// Output:
	// 1 24 South
	// kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 N turn=1 reserves=24,24
	// ongoing
}

// ExamplePosition_Apply plays South's first move and then a move from a
// pit that is not North's: Apply returns a new position, leaves the
// receiver unchanged, and refuses a bad move with an error wrapping
// mancala.ErrIllegalMove.
func ExamplePosition_Apply() {
	p := kimasai.Start()
	q, err := p.Apply(kimasai.Sow(kimasai.PitAt(1, 8))) // b8
	if err != nil {
		panic(err)
	}
	fmt.Println(q)
	_, err = q.Apply(kimasai.Sow(kimasai.PitAt(1, 1))) // b1 is South's
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrIllegalMove), p == kimasai.Start())
	// Output:
	// kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,0/0,0,0,0,0,0,0,1 N turn=1 reserves=24,24
	// kimasai: illegal move b1: pit belongs to South
	// true true
}

// ExamplePosition_ApplyTrace shows a phase-1 move: a reserve cow goes into
// the named pit (KM-6), then the pit is lifted and sown.
func ExamplePosition_ApplyTrace() {
	p, _ := kimasai.Start().Apply(kimasai.Sow(kimasai.PitAt(1, 1)))                                    // b1, free on turn 0
	q, err := p.ApplyTrace(kimasai.Sow(kimasai.PitAt(2, 3)), func(e mancala.Event) { fmt.Println(e) }) // c3
	if err != nil {
		panic(err)
	}
	fmt.Println(q)
	// Output:
	// reserve reserve North -> pit 21 (1)
	// lift pit 21 -> hand (2)
	// drop hand -> pit 22 (1)
	// drop hand -> pit 23 (1)
	// relay pit 23 -> hand (2)
	// drop hand -> pit 24 (1)
	// drop hand -> pit 25 (1)
	// end (empty pit)
	// kimasai 1,1,0,0,0,0,0,0/0,2,0,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 S turn=2 reserves=24,23
}

// ExampleParse reads a phase-2 position in the notation of
// docs/notation.md and looks at it; a malformed text gives an error
// wrapping mancala.ErrSyntax.
func ExampleParse() {
	p, err := kimasai.Parse("kimasai 0,4,1,3,1,0,1,4/6,1,0,6,2,0,0,3/5,1,1,2,3,1,3,4/3,1,0,3,0,2,0,3 N turn=49 reserves=0,0")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.ToMove(), p.Turn(), p.Phase(), p.Reserve(mancala.North))
	fmt.Println(p.Seeds(p.Index(kimasai.PitAt(2, 8))), len(p.LegalMoves()))
	_, err = kimasai.Parse("kimasai 0,0,0,0,0,0,0,0 S turn=0")
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrSyntax))
	// Output:
	// North 49 2 0
	// 3 11
	// kimasai: bad position: "0,0,0,0,0,0,0,0": want 4 rows separated by /, got 1
	// true
}
