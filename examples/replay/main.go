// Replay reads a game record (docs/notation.md, "Game records"), checks every move,
// and prints each position and the result. The game is taken from the
// record's Game header. A bad record is reported with the line and token
// of the first bad move, and the exit code is 1. A record over 16 MiB
// (record.MaxSize) is refused before it is read further.
//
//	go run ./examples/play -record game.txt
//	go run ./examples/replay game.txt
//	go run ./examples/replay -diagram < game.txt
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

func main() {
	os.Exit(main1(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func main1(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	diagram := fs.Bool("diagram", false, "draw the board after each move instead of the position line")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: replay [-diagram] [record-file]   (standard input without a file)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var text string
	var err error
	switch fs.NArg() {
	case 0:
		text, err = cli.ReadRecord("", stdin)
	case 1:
		text, err = cli.ReadRecord(fs.Arg(0), stdin)
	default:
		fs.Usage()
		return 2
	}
	if err == nil {
		err = replay(text, *diagram, stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return 1
	}
	return 0
}

func replay(text string, diagram bool, out io.Writer) error {
	game, err := record.GameOf(text)
	if err != nil {
		return err
	}
	err, unknown := games.Do(game, session{text, diagram, out}, runGame, runGame, runGame)
	if unknown != nil {
		return fmt.Errorf("record of %w", unknown)
	}
	return err
}

// session is what run needs beside the game, for games.Do.
type session struct {
	text    string
	diagram bool
	out     io.Writer
}

func runGame[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s session) error {
	return run(d, s.text, s.diagram, s.out)
}

func run[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], text string, diagram bool, out io.Writer) error {
	r, err := record.Parse(text, d)
	if err != nil {
		return err
	}
	ps, err := r.Positions()
	if err != nil {
		return err
	}
	name := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	fmt.Fprintf(out, "%s: South %s, North %s, %s\n", d.Name, name(r.South), name(r.North), cli.Plies(len(r.Moves)))
	show := func(p P) string {
		if diagram {
			return "\n" + strings.TrimRight(d.Diagram(p), "\n")
		}
		return " " + p.String()
	}
	fmt.Fprintf(out, "start:%s\n", show(ps[0]))
	for i, m := range r.Moves {
		fmt.Fprintf(out, "%d. %s %s:%s\n", i+1, ps[i].ToMove(), m, show(ps[i+1]))
	}
	o := ps[len(ps)-1].Outcome()
	if o.Over() {
		fmt.Fprintf(out, "Result: %s (%s)\n", o.Explain(ps[len(ps)-1].ToMove(), d.Words), o.Result())
	} else {
		fmt.Fprintf(out, "Result: unfinished (*)\n")
	}
	return nil
}
