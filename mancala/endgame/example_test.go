package endgame_test

import (
	"context"
	"fmt"
	"os"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
)

// Open builds a table on first use and caches it; Lookup answers any
// position of its space, whatever the prisons and the side to move.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "tables")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	space, err := kiothi.NewEndgameSpace(kiothi.Rules{}, 3)
	if err != nil {
		panic(err)
	}
	t, built, err := endgame.Open[kiothi.Position, kiothi.Move](context.Background(), dir, space, 3)
	if err != nil {
		panic(err)
	}
	fmt.Println(built, t.Positions(), endgame.FileName(space, 3))
	for _, text := range []string{
		// As KT1: a3:2 captures b5, and North is left without a move.
		"kiothi 0,0,0,0,1,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0",
		// The same board 3 warriors down: taking all 3 draws.
		"kiothi 0,0,0,0,1,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,3",
		// 4 down: a loss.
		"kiothi 0,0,0,0,1,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,4",
	} {
		p, err := kiothi.Parse(text)
		if err != nil {
			panic(err)
		}
		r, ok := t.Lookup(p)
		fmt.Println(r, ok)
	}
	_, built, _ = endgame.Open[kiothi.Position, kiothi.Move](context.Background(), dir, space, 3)
	fmt.Println(built)
	// Output:
	// true 11521 kiothi-e3b0c44298fc1c14-n3-v1.1.egtb
	// win true
	// draw true
	// loss true
	// false
}
