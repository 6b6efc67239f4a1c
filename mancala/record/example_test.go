package record_test

import (
	"fmt"
	"os"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

func Example() {
	text := `[Game "kisolo"]
[Start "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10"]
[South "ann"]
[Result "S:inner"]

xb1
`
	r, err := record.Parse(text, &kisolo.Descriptor)
	if err != nil {
		panic(err)
	}
	ps, _ := r.Positions()
	fmt.Println(ps[len(ps)-1].Outcome())
	r.North = "bob"
	record.Write(os.Stdout, &kisolo.Descriptor, r)
	// Output:
	// South wins (inner)
	// [Game "kisolo"]
	// [Start "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10"]
	// [South "ann"]
	// [North "bob"]
	// [Result "S:inner"]
	//
	// xb1
}
