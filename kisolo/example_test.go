package kisolo_test

import (
	"errors"
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

// ExampleStart shows the standard start position, its board numbering and
// its legal moves: captures are compulsory on the first move (KS-6).
func ExampleStart() {
	p := kisolo.Start()
	fmt.Println(p)
	fmt.Println(p.ToMove(), p.Turn(), p.Layout().Files(), p.Layout().Pits())
	fmt.Println(p.LegalMoves())
	// Output:
	// kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0
	// South 0 7 28
	// [xb7 xb6 xb5 xb4 xb3 xb2 xb1]
}

// ExamplePosition_Apply plays a move and then tries an illegal one: Apply
// returns a new position, leaves the receiver unchanged, and refuses a bad
// move with an error wrapping mancala.ErrIllegalMove.
func ExamplePosition_Apply() {
	p := kisolo.Start()
	q, err := p.Apply(kisolo.Capture(kisolo.PitAt(1, 4))) // xb4
	if err != nil {
		panic(err)
	}
	fmt.Println(q)
	_, err = q.Apply(kisolo.Sow(kisolo.PitAt(0, 1))) // a1 is South's, North is to move
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrIllegalMove), p == kisolo.Start())
	// Output:
	// kisolo 3,3,3,0,3,3,3/3,3,3,0,3,3,3/5,5,5,0,4,4,4/5,0,1,5,5,5,0 N turn=1
	// kisolo: illegal move a1: not the mover's pit
	// true true
}

// ExamplePosition_ApplyTrace reports every seed movement of a move in
// order, as a front end animates it; replaying the events on the old
// board's plain counts gives the new board.
func ExamplePosition_ApplyTrace() {
	p := kisolo.Start()
	c := p.Counts()
	q, err := p.ApplyTrace(kisolo.Capture(kisolo.PitAt(1, 4)), func(e mancala.Event) { // xb4
		fmt.Println(e)
		if err := c.Replay(e); err != nil {
			panic(err)
		}
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(q)
	fmt.Println(c.Pits[:q.Layout().Pits()])
	// Output:
	// capture pit 24 -> hand (3)
	// capture pit 17 -> hand (3)
	// drop hand -> pit 10 (1)
	// drop hand -> pit 11 (1)
	// drop hand -> pit 12 (1)
	// drop hand -> pit 13 (1)
	// drop hand -> pit 0 (1)
	// drop hand -> pit 1 (1)
	// relay pit 2 -> hand (3)
	// drop hand -> pit 3 (1)
	// drop hand -> pit 4 (1)
	// drop hand -> pit 5 (1)
	// relay pit 6 -> hand (3)
	// drop hand -> pit 7 (1)
	// drop hand -> pit 8 (1)
	// drop hand -> pit 9 (1)
	// relay pit 10 -> hand (4)
	// drop hand -> pit 11 (1)
	// drop hand -> pit 12 (1)
	// drop hand -> pit 13 (1)
	// drop hand -> pit 0 (1)
	// relay pit 1 -> hand (4)
	// drop hand -> pit 2 (1)
	// drop hand -> pit 3 (1)
	// drop hand -> pit 4 (1)
	// drop hand -> pit 5 (1)
	// end (next pit empty)
	// kisolo 3,3,3,0,3,3,3/3,3,3,0,3,3,3/5,5,5,0,4,4,4/5,0,1,5,5,5,0 N turn=1
	// [5 0 1 5 5 5 0 4 4 4 0 5 5 5 3 3 3 0 3 3 3 3 3 3 0 3 3 3]
}

// ExampleParse reads a position in the notation of docs/notation.md, here
// on a board of six files, and shows a malformed one's error.
func ExampleParse() {
	p, err := kisolo.Parse("kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Rules().Files, p.Layout().Files(), p.Seeds(p.Index(kisolo.PitAt(1, 6))))
	_, err = kisolo.Parse("kisolo 3,3,3 S turn=0")
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrSyntax))
	// Output:
	// 6 6 3
	// kisolo: bad position: "3,3,3": want 4 rows separated by /, got 1
	// true
}

// Example_readme is the code block of the README, kept here so that it
// cannot rot: TestReadmeExample checks that the two are the same.
func Example_readme() {
	p := kisolo.Start()         // standard 4 x 7 start, South to move
	moves := p.LegalMoves()     // [xb7 xb6 xb5 xb4 xb3 xb2 xb1]: captures are compulsory (KS-6)
	q, err := p.Apply(moves[0]) // a new position; p is unchanged
	if err != nil {
		panic(err) // an illegal move wraps mancala.ErrIllegalMove
	}
	fmt.Println(q)           // kisolo 0,3,0,3,0,3,0/0,3,0,3,0,3,0/7,7,7,7,0,8,8/7,2,0,1,7,3,2 N turn=1
	fmt.Println(q.Outcome()) // ongoing
	m, _ := kisolo.ParseMove("xb3")
	_, err = q.Apply(m) // kisolo: illegal move xb3: not the mover's pit
	fmt.Println(err)
	fmt.Print(q.Diagram()) // the board as South sees it, with algebraic labels
	// Output:
	// kisolo 0,3,0,3,0,3,0/0,3,0,3,0,3,0/7,7,7,7,0,8,8/7,2,0,1,7,3,2 N turn=1
	// ongoing
	// kisolo: illegal move xb3: not the mover's pit
	//      1  2  3  4  5  6  7
	// d    0  3  0  3  0  3  0   ← North
	// c    0  3  0  3  0  3  0   → North
	// b    7  7  7  7  0  8  8   ← South
	// a    7  2  0  1  7  3  2   → South
	// North to move, turn 1
}
