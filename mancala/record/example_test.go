package record_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/seed8ebe013a/go-mancala/kimasai"
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

// New records a game played with the library; Finish fills in the result
// from the final position and Format writes the record's text.
func ExampleFormat() {
	p := kisolo.Start()
	var moves []kisolo.Move
	for range 3 {
		m := p.LegalMoves()[0]
		moves = append(moves, m)
		p, _ = p.Apply(m)
	}
	r, err := record.New(kisolo.Start(), moves)
	if err != nil {
		panic(err)
	}
	r.South, r.North = "ann", "bob"
	if err := r.Finish(); err != nil {
		panic(err)
	}
	text, err := record.Format(&kisolo.Descriptor, r)
	if err != nil {
		panic(err)
	}
	fmt.Print(text)
	// Output:
	// [Game "kisolo"]
	// [South "ann"]
	// [North "bob"]
	// [Result "*"]
	//
	// xb7 xc2 xb7
}

// Read reads a record from a stream, checking every move; a record with
// an illegal move gives an error naming its line and ply.
func ExampleRead() {
	text := "[Game \"kimasai\"]\n\nb1 c3\n"
	r, err := record.Read(strings.NewReader(text), &kimasai.Descriptor)
	if err != nil {
		panic(err)
	}
	final, _ := r.Final()
	fmt.Println(len(r.Moves), final)

	_, err = record.Read(strings.NewReader("[Game \"kimasai\"]\n\nb1 b2\n"), &kimasai.Descriptor)
	fmt.Println(err)
	// Output:
	// 2 kimasai 1,1,0,0,0,0,0,0/0,2,0,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 S turn=2 reserves=24,23
	// record: line 3: move 2 "b2": kimasai: illegal move b2: pit belongs to South
}
