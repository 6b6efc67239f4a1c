// Perft counts the positions a given number of plies after a position
// (docs/rules/common.md, "Perft convention"), for every depth up to -depth, or
// with -divide the count below each legal move at -depth. The counts go to
// standard output; timings (nodes per second) to standard error.
//
//	go run ./examples/perft -game kisolo -depth 5
//	go run ./examples/perft -game kiothi -position "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0" -depth 3 -divide
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

type options struct {
	game, position, rules string
	depth                 int
	divide                bool
}

func main() {
	os.Exit(main1(os.Args[1:], os.Stdout, os.Stderr))
}

func main1(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.game, "game", "kisolo", "the game: "+games.List())
	fs.StringVar(&o.position, "position", "", "the position in notation (default: the start position)")
	fs.StringVar(&o.rules, "rules", "", "rule options for the start position, as in a rules= field")
	fs.IntVar(&o.depth, "depth", 4, "depth in plies")
	fs.BoolVar(&o.divide, "divide", false, "print the count below each legal move at -depth")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	err, unknown := games.Do(o.game, session{o, stdout, stderr}, runGame, runGame, runGame)
	if unknown != nil {
		err = unknown
	}
	if err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 1
	}
	return 0
}

// session is what run needs beside the game, for games.Do.
type session struct {
	o        options
	out, log io.Writer
}

func runGame[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s session) error {
	return run(d, s.o, s.out, s.log)
}

func run[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], o options, out, log io.Writer) error {
	p, err := d.New(o.rules)
	if err != nil {
		return err
	}
	if o.position != "" {
		if p, err = d.Parse(o.position); err != nil {
			return err
		}
		if err := cli.SameRules(d, o.rules, p, "-position"); err != nil {
			return err
		}
	}
	fmt.Fprintln(out, p)
	if o.divide {
		start := time.Now()
		entries, err := mancala.Divide[P, M](p, o.depth)
		if err != nil {
			return err
		}
		var total uint64
		for _, e := range entries {
			fmt.Fprintf(out, "%s %d\n", e.Move, e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintf(out, "moves %d total %d\n", len(entries), total)
		timing(log, total, time.Since(start))
		return nil
	}
	if o.depth < 0 {
		_, err := mancala.Perft[P, M](p, o.depth)
		return err
	}
	for depth := 1; depth <= o.depth; depth++ {
		start := time.Now()
		n, err := mancala.Perft[P, M](p, depth)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "perft %d %d\n", depth, n)
		timing(log, n, time.Since(start))
	}
	return nil
}

func timing(log io.Writer, n uint64, el time.Duration) {
	rate := float64(n) / max(el.Seconds(), 1e-9)
	fmt.Fprintf(log, "  %d nodes in %v (%.0f nodes/s)\n", n, el.Round(time.Microsecond), rate)
}
