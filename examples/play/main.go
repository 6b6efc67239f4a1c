// Play plays one game of Kiothi, Kisolo or Bao la Kimasai on the terminal,
// between any two of a human and the computer players of package agent.
// After each move it draws the board (algebraic labels, South at the
// bottom) and says what the move did: laps, relays, captures, the prison or
// reserve change. A human types moves in the game's notation ("b3", "xb3",
// "a5:3", "-a5", "+b3", "="); a bad or illegal move is explained and asked
// again; "?" lists the legal moves and "quit" stops.
//
// With no flags it plays a complete computer-vs-computer game of Kisolo:
//
//	go run ./examples/play
//	go run ./examples/play -game kiothi -south human -north mcts -iterations 5000
//	go run ./examples/play -game kimasai -rules Endless:Illegal -record game.txt
//
// The game is the same for the same flags and -seed (computer players with
// a depth or iteration budget, no -time).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

type options struct {
	game, rules, start string
	south, north       string
	budget             cli.Budget
	seed               uint64
	recordFile         string
	maxPlies           int
	quiet              bool
}

func main() {
	os.Exit(main1(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// main1 is the program: it parses args, plays, and returns the exit code.
func main1(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.game, "game", "kisolo", "the game: "+cli.Games)
	fs.StringVar(&o.rules, "rules", "", `rule options as in a position's rules= field, e.g. "Endless:Illegal"`)
	fs.StringVar(&o.start, "start", "", "start from this position (notation) instead of the standard start")
	fs.StringVar(&o.south, "south", "alphabeta", "South's player: human|"+cli.AgentNames)
	fs.StringVar(&o.north, "north", "mcts", "North's player: human|"+cli.AgentNames)
	fs.IntVar(&o.budget.Depth, "depth", 4, "alphabeta search depth in plies (0: no limit, with -time)")
	fs.IntVar(&o.budget.Iterations, "iterations", 2000, "mcts playouts per move (0: no limit, with -time)")
	fs.DurationVar(&o.budget.Time, "time", 0, "time per computer move, e.g. 500ms (0: none; breaks reproducibility)")
	fs.IntVar(&o.budget.Workers, "workers", 1, "mcts goroutines")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the computer players' random choices")
	fs.StringVar(&o.recordFile, "record", "", "write the game record to this file")
	fs.IntVar(&o.maxPlies, "plies", 2000, "stop an unfinished game after this many plies (0: never)")
	fs.BoolVar(&o.quiet, "quiet", false, "do not draw the board after each move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var err error
	switch o.game {
	case "kiothi":
		err = run(&kiothi.Descriptor, o, stdin, stdout)
	case "kisolo":
		err = run(&kisolo.Descriptor, o, stdin, stdout)
	case "kimasai":
		err = run(&kimasai.Descriptor, o, stdin, stdout)
	default:
		err = fmt.Errorf("unknown game %q (want %s)", o.game, cli.Games)
	}
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 1
	}
	return 0
}

// errQuit is returned by a human who types "quit".
var errQuit = errors.New("quit")

func run[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], o options, stdin io.Reader, out io.Writer) error {
	start, err := d.New(o.rules)
	if err != nil {
		return err
	}
	if o.start != "" {
		if start, err = d.Parse(o.start); err != nil {
			return err
		}
	}
	in := bufio.NewScanner(stdin)
	players := [2]agent.Agent[P, M]{}
	names := [2]string{o.south, o.north}
	for i, name := range names {
		if name == "human" {
			players[i] = human(d, in, out)
			continue
		}
		players[i], err = cli.NewAgent(d, name, o.budget, o.seed*2+uint64(i))
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "%s: South %s vs North %s, seed %d\n", d.Name, describe(o.south, o.budget), describe(o.north, o.budget), o.seed)
	if !o.quiet {
		fmt.Fprintf(out, "\n%s\n", strings.TrimRight(d.Diagram(start), "\n"))
	}
	moves, final, playErr := agent.Play(context.Background(), start, players[0], players[1], o.maxPlies,
		func(ply int, before P, m M, after P) {
			sum, _, err := d.Summarize(before, m)
			what := sum.String()
			if err != nil {
				what = err.Error()
			}
			if o := after.Outcome(); o.Over() {
				what += "; game over: " + o.String()
			}
			fmt.Fprintf(out, "\n%d. %s plays %s: %s\n", ply+1, before.ToMove(), m, what)
			if !o.quiet {
				fmt.Fprintf(out, "%s\n", strings.TrimRight(d.Diagram(after), "\n"))
			}
		})
	if playErr != nil && !errors.Is(playErr, errQuit) {
		return playErr
	}
	o2 := final.Outcome()
	switch {
	case o2.Over():
		fmt.Fprintf(out, "\nResult: %s after %s (%s)\n", o2, plies(len(moves)), o2.Result())
	case errors.Is(playErr, errQuit):
		fmt.Fprintf(out, "\nStopped after %s; the game is unfinished.\n", plies(len(moves)))
	default:
		fmt.Fprintf(out, "\nStopped after %s (-plies); the game is unfinished.\n", plies(len(moves)))
	}
	if o.recordFile != "" {
		r, err := record.New(start, moves)
		if err != nil {
			return err
		}
		r.South, r.North = names[0], names[1]
		text, err := record.Format(d, r)
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.recordFile, []byte(text), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(out, "Record written to %s\n", o.recordFile)
	}
	return nil
}

func describe(name string, b cli.Budget) string {
	switch name {
	case "alphabeta":
		if b.Time > 0 {
			return fmt.Sprintf("alphabeta (depth %d, %v a move)", b.Depth, b.Time)
		}
		return fmt.Sprintf("alphabeta (depth %d)", b.Depth)
	case "mcts":
		if b.Time > 0 {
			return fmt.Sprintf("mcts (%d iterations, %v a move)", b.Iterations, b.Time)
		}
		return fmt.Sprintf("mcts (%d iterations)", b.Iterations)
	}
	return name
}

// human returns an agent that asks for moves on out and reads them from
// in, until it gets a legal one.
func human[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], in *bufio.Scanner, out io.Writer) agent.Agent[P, M] {
	return agent.AgentFunc[P, M](func(ctx context.Context, p P) (M, error) {
		var zero M
		for {
			fmt.Fprintf(out, "%s to move (? lists the moves): ", p.ToMove())
			if !in.Scan() {
				if err := in.Err(); err != nil {
					return zero, err
				}
				return zero, fmt.Errorf("input ended before the game did (type quit to stop): %w", io.ErrUnexpectedEOF)
			}
			text := strings.TrimSpace(in.Text())
			switch text {
			case "":
				continue
			case "?", "help":
				fmt.Fprintf(out, "legal moves: %s\n", cli.Names(p.AppendLegalMoves(nil)))
				continue
			case "quit", "q":
				return zero, errQuit
			}
			m, err := d.ParseMove(text)
			if err != nil {
				fmt.Fprintf(out, "%v\n", err)
				continue
			}
			if _, err := p.Apply(m); err != nil {
				fmt.Fprintf(out, "%v\nlegal moves: %s\n", err, cli.Names(p.AppendLegalMoves(nil)))
				continue
			}
			return m, nil
		}
	})
}

// plies writes a count of plies: "1 ply", "15 plies".
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
