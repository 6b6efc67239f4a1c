package kimasai_test

import (
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

// Example_start shows the start position and its first move b1 (the
// first-move table of the rules, h = 0: five laps, no reserve cow on turn 0).
func Example_start() {
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
