package kiothi

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPropBoardTotal checks the word-at-a-time board sum against the plain
// one for any counts (0..255 in every pit, more than a game holds).
func TestPropBoardTotal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p Position
		want := 0
		for i := range Pits {
			p.pits[i] = rapid.Uint8().Draw(t, "pit")
			want += int(p.pits[i])
		}
		if got := p.boardTotal(); got != want {
			t.Fatalf("%v: boardTotal %d, want %d", p.pits, got, want)
		}
	})
	var p Position
	for i := range p.pits {
		p.pits[i] = 255
	}
	if got := p.boardTotal(); got != 20*255 {
		t.Fatalf("full board: %d", got)
	}
}

// TestPropBits checks NkiBits and LiftedBits against Nki and Lifted pit
// by pit, at every ply of random games (openings, where pits are lifted,
// included).
func TestPropBits(t *testing.T) {
	var lifted, nki int // positions seen with some bit set
	rapid.Check(t, func(t *rapid.T) {
		p, err := New(genRules(t, 0))
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			nb, lb := p.NkiBits(), p.LiftedBits()
			if nb != 0 {
				nki++
			}
			if lb != 0 {
				lifted++
			}
			if nb>>Pits != 0 || lb>>Pits != 0 {
				t.Fatalf("%v: bits beyond the pits: nki %#x lifted %#x", p, nb, lb)
			}
			for i := range Pits {
				if nb>>i&1 == 1 != p.Nki(i) || lb>>i&1 == 1 != p.Lifted(i) {
					t.Fatalf("%v: pit %d: bits nki %#x lifted %#x, Nki %v Lifted %v", p, i, nb, lb, p.Nki(i), p.Lifted(i))
				}
			}
			moves := p.LegalMoves()
			if len(moves) == 0 {
				return
			}
			if p, err = p.Apply(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]); err != nil {
				t.Fatal(err)
			}
		}
	})
	if lifted == 0 || nki == 0 {
		t.Fatalf("the games reached %d positions with lifted pits and %d with nki marks: want some of each", lifted, nki)
	}
}
