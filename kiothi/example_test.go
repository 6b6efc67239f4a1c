package kiothi_test

import (
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kiothi"
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
