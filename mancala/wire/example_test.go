package wire_test

import (
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// The service answers the same messages without HTTP.
func ExampleService() {
	svc, err := wire.NewService(wire.Limits{},
		wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kiothi.Descriptor), wire.NewGame(&kimasai.Descriptor))
	if err != nil {
		panic(err)
	}
	s, _ := svc.State(wire.StateRequest{Game: "kisolo", Rules: "Columns:6"})
	fmt.Println(s.Position)
	fmt.Println(s.ToMove, s.Turn, s.Legal)
	r, _ := svc.Apply(wire.ApplyRequest{Position: s.Position, Move: "xb3"})
	fmt.Println(r.Summary)
	fmt.Println(r.Events[0], r.Events[len(r.Events)-1])
	_, err = svc.Apply(wire.ApplyRequest{Position: r.After.Position, Move: "a1"})
	fmt.Println(err.(*wire.Error).Code, err.(*wire.Error).Status(), err)
	// Output:
	// kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6
	// S 0 [xb6 xb5 xb4 xb3 xb2 xb1]
	// 7 laps, 35 seeds sown; 4 relays; 3 captures took 18 seeds (c3, d3, c5, d5, c6, d6); ended before an empty pit
	// {capture c3 hand 3 } {end   0 nextempty}
	// illegal 422 kisolo: illegal move a1: not the mover's pit
}
