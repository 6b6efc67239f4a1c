package kisolo_test

import (
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Example plays the opening capture of worked example KS1b and then
// finishes a game in which South's capture empties North's inner row
// (KS-10).
func Example() {
	p := kisolo.Start()
	fmt.Println("legal:", p.LegalMoves())

	m, _ := kisolo.ParseMove("xb4")
	p, err := p.Apply(m)
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	fmt.Print(p.Diagram())

	// A sow is refused while a capture is compulsory (KS-6).
	_, err = p.Apply(kisolo.Sow(kisolo.PitAt(3, 1))) // d1
	fmt.Println(err)

	q, _ := kisolo.Parse("kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10")
	q, _ = q.ApplyTrace(kisolo.Capture(kisolo.PitAt(1, 1)), func(e mancala.Event) { fmt.Println(" ", e) })
	fmt.Println(q.Outcome())
	// Output:
	// legal: [xb7 xb6 xb5 xb4 xb3 xb2 xb1]
	// kisolo 3,3,3,0,3,3,3/3,3,3,0,3,3,3/5,5,5,0,4,4,4/5,0,1,5,5,5,0 N turn=1
	//      1  2  3  4  5  6  7
	// d    3  3  3  0  3  3  3   ← North
	// c    3  3  3  0  3  3  3   → North
	// b    5  5  5  0  4  4  4   ← South
	// a    5  0  1  5  5  5  0   → South
	// North to move, turn 1
	// kisolo: illegal move d1: a capture is compulsory (KS-6)
	//   capture pit 21 -> hand (2)
	//   capture pit 20 -> hand (1)
	//   drop hand -> pit 13 (1)
	//   drop hand -> pit 0 (1)
	//   drop hand -> pit 1 (1)
	//   end (inner row emptied)
	// South wins (inner)
}
