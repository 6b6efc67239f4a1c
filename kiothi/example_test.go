package kiothi_test

import (
	"errors"
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Example plays both opening redistributions (as steps) and a few sowing
// moves, printing each position in the notation.
func Example() {
	p := kiothi.Start()
	fmt.Println(p)

	// South empties a5 and a6 (pits 4 and 5) and places the ten warriors:
	// two back into a5, one into a6, one into a10, one into b10, two into
	// b5 and three into b1. RedistributionSteps gives the steps in the
	// order KI-7 requires.
	var placed [kiothi.Pits]int
	placed[4], placed[5], placed[9], placed[10], placed[15], placed[19] = 2, 1, 1, 1, 2, 3
	steps, err := p.RedistributionSteps([]int{4, 5}, placed)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(steps)
	for _, m := range steps {
		p, _ = p.Apply(m)
	}
	fmt.Println(p)

	// North plays its steps one by one from their notation.
	for _, s := range []string{"-b10", "-b5", "+b10", "+b5", "+b5", "+a1", "+a1", "+a5", "+a10", "+a10"} {
		m, _ := kiothi.ParseMove(s)
		if p, err = p.Apply(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(p) // turn 1 is over: every occupied pit is nki (*)

	// From turn 2 on each move lifts some or all warriors of a pit (KI-9).
	for _, s := range []string{"a1:1", "b6:3", "b1:5"} {
		m, _ := kiothi.ParseMove(s)
		q, err := p.Apply(m)
		if err != nil {
			fmt.Println(err) // refused: p is unchanged
			continue
		}
		p = q
		fmt.Println(s, "->", p)
	}
	fmt.Println(p.LegalMoves()[:5], p.Outcome())
	// Output:
	// kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0
	// [-a5 -a6 +a5 +a5 +a6 +a10 +b10 +b5 +b5 +b1 +b1 +b1]
	// kiothi 8,5,5,5,7,5,0,0,0,1/0,0,0,0,2,1,5,5,5,6 N turn=1 prisons=0,0
	// kiothi 8*,5*,5*,5*,2*,5*,0,0,0,1*/2*,0,0,0,3*,1*,5*,5*,5*,8* S turn=2 prisons=0,0
	// a1:1 -> kiothi 8*,5*,5*,5*,2*,5*,0,0,0,1*/1,1,0,0,3*,1*,5*,5*,5*,8* N turn=3 prisons=0,0
	// kiothi: illegal move b6:3: the first lap ends in the occupied own pit b3 (KI-10)
	// b1:5 -> kiothi 4,6*,6*,6*,3*,0,1,1,1,2*/0,3,2,0,1,0,7*,7*,1,9* S turn=4 prisons=0,0
	// [a2:2 a3:1 a5:1 a7:4 a7:5] ongoing
}

// ExampleStart shows the start position: turns 0 and 1 are the opening
// redistributions (KI-6), played as Lift, Drop and Stop steps (KI-7), so
// the first legal moves are South's lifts.
func ExampleStart() {
	p := kiothi.Start()
	fmt.Println(p)
	fmt.Println(p.ToMove(), p.Turn(), p.InOpening(), p.Seeds(p.Index(kiothi.PitAt(0, 5))))
	fmt.Println(p.LegalMoves())
	// Output:
	// kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0
	// South 0 true 5
	// [-a5 -a6 -a7 -a8 -a9]
}

// ExamplePosition_Apply plays a sowing move after the opening and then an
// illegal one: Apply returns a new position, leaves the receiver
// unchanged, and refuses a bad move with an error wrapping
// mancala.ErrIllegalMove.
func ExamplePosition_Apply() {
	p, _ := kiothi.Parse("kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0")
	fmt.Println(p.LegalMoves())
	q, err := p.Apply(kiothi.Sow(kiothi.PitAt(0, 4), 1)) // a4:1
	if err != nil {
		panic(err)
	}
	fmt.Println(q)
	_, err = q.Apply(kiothi.Sow(kiothi.PitAt(0, 2), 1)) // a2 is South's, North is to move
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrIllegalMove))
	// Output:
	// [a2:1 a4:1 a6:1 a9:2 a9:3 a10:1]
	// kiothi 1,0,1,0,0,0,1,0,1,0/0,1,0,0,0,1,0,1,3,1 N turn=3 prisons=2,0
	// kiothi: illegal move a2:1: the pit is in the enemy row (KI-9, C-7)
	// true
}

// ExamplePosition_ApplyTrace reports every movement of warriors of a move
// in order (lifts, drops, captures into the prison, nki marks), as a front
// end animates it.
func ExamplePosition_ApplyTrace() {
	p, _ := kiothi.Parse("kiothi 1,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3,1 S turn=2 prisons=0,0")
	q, err := p.ApplyTrace(kiothi.Sow(kiothi.PitAt(0, 9), 2), func(e mancala.Event) { fmt.Println(e) }) // a9:2
	if err != nil {
		panic(err)
	}
	fmt.Println(q)
	// Output:
	// lift pit 8 -> hand (2)
	// drop hand -> pit 9 (1)
	// drop hand -> pit 10 (1)
	// end (empty pit)
	// kiothi 1,0,1,0,1,0,1,0,1,1/0,1,0,1,0,1,0,1,1,2 N turn=3 prisons=0,0
}

// ExampleParse reads a position in the notation of docs/notation.md, here
// with nki marks (*) and rule options, and shows a malformed one's error.
func ExampleParse() {
	p, err := kiothi.Parse("kiothi 2*,0,1,0,1,0,1,0,1,0/0,1,0,1,0,1,0,1,3*,1 N turn=5 prisons=4,3 rules=Bonus:Run")
	if err != nil {
		panic(err)
	}
	b1 := p.Index(kiothi.PitAt(1, 1))
	fmt.Println(p.ToMove(), p.Turn(), p.Seeds(b1), p.Nki(b1), p.Prison(mancala.South), p.Rules().Bonus)
	_, err = kiothi.Parse("kiothi 5,5,5/5,5,5 S turn=0")
	fmt.Println(err)
	fmt.Println(errors.Is(err, mancala.ErrSyntax))
	// Output:
	// North 5 2 true 4 Run
	// kiothi: bad position: "kiothi 5,5,5/5,5,5 S turn=0": row 1 has 3 pits, want 10
	// true
}
