// Play plays one game of Kiothi, Kisolo or Bao la Kimasai on the terminal,
// between any two of a human and the computer players of package agent.
// After each move it draws the board (algebraic labels, South at the
// bottom, an arrow per row for the sowing direction, the pits the move
// changed in colour on a terminal) and says in words what the move did:
// laps, relays, captures, the prison or reserve change. A human types
// moves in the game's notation ("b3", "xb3", "a5:3", "-a5", "+b3", "="),
// several on one line for a Kiothi opening turn ("-a5 -a6 +b1 +b1 +a3");
// a bad or illegal move is explained and asked again. Commands: "help"
// (commands, notation and the game's terms), "?" (the legal moves),
// "hint" (the computer's suggestion and how it rates it), "undo" (take
// back your last move and the reply), "quit"; the end of input (Ctrl-D)
// stops the game like quit. A stopped game's record is still written
// (-record, result "*"), and -load resumes it.
//
// With no flags it plays a complete computer-vs-computer game of Kisolo:
//
//	go run ./examples/play
//	go run ./examples/play -game kiothi -south human -north mcts -iterations 5000
//	go run ./examples/play -game kiothi -south human -north expert
//	go run ./examples/play -game kimasai -rules Endless:Illegal -record game.txt
//	go run ./examples/play -load game.txt -south human -record game.txt
//
// A computer player is an agent spec (mancala/agent.ParseSpec): a bare
// kind (random, alphabeta, mcts, mcts-eval) plays with the -depth,
// -iterations, -time and -workers budget, a spec with its own budget
// ("alphabeta:6", "mcts:500,time=1s") with that. It can also be a level of
// the game's strength ladder (the game's Descriptor.Levels,
// docs/strength.md): its name in any case ("casual", "level:casual") or
// level:N from the weakest; a level plays its own agent and budget, and
// -help lists the levels of every game. The record names each computer
// player by its canonical spec ("alphabeta:4") or its level ("Casual"),
// so that -load plays on with the same players.
//
// The game is the same for the same flags and -seed (computer players with
// a depth or iteration budget, no -time). -time gives each computer move a
// time budget, which replaces the default depth and iterations (unless
// -depth or -iterations is given too).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/fatih/color"
	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

type options struct {
	game, rules, start string
	load               string
	south, north       string
	budget             cli.Budget
	seed               uint64
	recordFile         string
	maxPlies           int
	quiet              bool
	set                map[string]bool // the flags given on the command line
}

// console says what the program's output goes to: whether standard output
// takes colours (a terminal, NO_COLOR unset) and whether standard error is
// a terminal (for the "thinking…" indicator, shown once a computer move
// has taken thinkAfter).
type console struct {
	color      bool
	thinking   bool
	thinkAfter time.Duration
}

func main() {
	c := console{color: !color.NoColor, thinking: cli.IsTerminal(os.Stderr), thinkAfter: 500 * time.Millisecond}
	os.Exit(main1(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, c))
}

// main1 is the program: it parses args, plays, and returns the exit code.
func main1(args []string, stdin io.Reader, stdout, stderr io.Writer, c console) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.game, "game", "kisolo", "the game: "+games.List())
	fs.StringVar(&o.rules, "rules", "", `rule options as in a position's rules= field, e.g. "Endless:Illegal"`)
	fs.StringVar(&o.start, "start", "", "start from this position (notation) instead of the standard start")
	fs.StringVar(&o.load, "load", "", "resume the game of this record file (its game, start, rules and moves)")
	fs.StringVar(&o.south, "south", "alphabeta", "South's player: human|"+cli.AgentNames+", or a level with its own budget, by name or as level:N from the weakest ("+cli.LevelNames()+")")
	fs.StringVar(&o.north, "north", "mcts", "North's player: human|"+cli.AgentNames+" or a level (see -south)")
	fs.IntVar(&o.budget.Depth, "depth", 4, "alphabeta search depth in plies (0: only -time limits it, or without -time the agent's default, 6; -time alone makes it 0)")
	fs.IntVar(&o.budget.Iterations, "iterations", 2000, "mcts playouts per move (0: only -time limits it, or without -time the agent's default, 1000; -time alone makes it 0)")
	fs.DurationVar(&o.budget.Time, "time", 0, "time per computer move, e.g. 500ms; replaces the default -depth and -iterations (0: none; breaks reproducibility)")
	fs.IntVar(&o.budget.Workers, "workers", 1, "mcts goroutines")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the computer players' random choices")
	fs.StringVar(&o.recordFile, "record", "", "write the game record to this file (checked at the start, written at the end)")
	fs.IntVar(&o.maxPlies, "plies", 2000, "stop an unfinished game after this many plies (0: never)")
	fs.BoolVar(&o.quiet, "quiet", false, "do not draw the board after each move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	o.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	if err := o.check(); err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	err := dispatch(o, stdin, stdout, stderr, c)
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 1
	}
	return 0
}

// check refuses flags that cannot work together or are out of range, and
// lets -time replace the default depth and iterations.
func (o *options) check() error {
	if o.budget.Time > 0 {
		if !o.set["depth"] {
			o.budget.Depth = 0
		}
		if !o.set["iterations"] {
			o.budget.Iterations = 0
		}
	}
	if err := o.budget.Check(); err != nil {
		return err
	}
	switch {
	case o.maxPlies < 0:
		return fmt.Errorf("-plies %d: want 0 (no limit) or more", o.maxPlies)
	case o.load != "" && (o.start != "" || o.rules != ""):
		return errors.New("-load takes the start position and the rules from the record: leave out -start and -rules")
	}
	for _, n := range []string{o.south, o.north} {
		if n == "human" {
			continue
		}
		unknown := fmt.Errorf("unknown player %q (want human|%s or a level: %s)", n, cli.AgentNames, cli.LevelNames())
		s, err := cli.Player(n, o.budget)
		if err != nil {
			return unknown
		}
		if levels := games.Levels(o.game); s.Kind == agent.KindLevel && o.load == "" && levels != nil {
			if _, err := cli.Level(o.game, levels, s); err != nil {
				if _, numbered := strconv.Atoi(s.Level); numbered != nil {
					return unknown
				}
				return err
			}
		}
	}
	return nil
}

// dispatch reads the record of -load (whose Game header chooses the game)
// and runs the game.
func dispatch(o options, stdin io.Reader, stdout, stderr io.Writer, c console) error {
	var text string
	if o.load != "" {
		var err error
		if text, err = cli.ReadRecord(o.load, nil); err != nil {
			return err
		}
		g, err := record.GameOf(text)
		if err != nil {
			return fmt.Errorf("%s: %w", o.load, err)
		}
		if o.set["game"] && g != o.game {
			return fmt.Errorf("-game %s, but %s is a record of %s", o.game, o.load, g)
		}
		o.game = g
	}
	ret, err := games.Do(o.game, session{o, text, stdin, stdout, stderr, c}, runGame, runGame, runGame)
	if err != nil {
		return err
	}
	return ret
}

// knownPlayer reports whether a record's player name is a computer player
// this program can play on with: an agent spec, a level among levels.
func knownPlayer(levels []mancala.Level, name string) bool {
	s, err := agent.ParseSpec(name)
	if err != nil {
		return false
	}
	if s.Kind == agent.KindLevel {
		_, err = agent.LookupLevel(levels, s.Level)
	}
	return err == nil
}

// openRecord opens the -record file for writing at the start, so that a
// path that cannot be written fails before the game rather than after it.
// The file is truncated only when the record is written.
func openRecord(path string) (*os.File, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("-record: %w", err)
	}
	return f, nil
}

// writeRecord replaces the contents of f with text.
func writeRecord(f *os.File, text string) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	if _, err := f.WriteAt([]byte(text), 0); err != nil {
		return err
	}
	return f.Close()
}

// loaded returns the start position and moves of the game to play: the
// record text of -load, or -start, or the standard start of -rules; and,
// for a record, its South and North players where they name a kind of
// player (human, random, alphabeta, mcts) or a level of the game, else "".
func loaded[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], o options, text string) (P, []M, [2]string, error) {
	var zero P
	var players [2]string
	if text != "" {
		r, err := record.Parse(text, d)
		if err != nil {
			return zero, nil, players, fmt.Errorf("%s: %w", o.load, err)
		}
		for i, name := range [2]string{r.South, r.North} {
			if name == "human" || knownPlayer(d.Levels, name) {
				players[i] = name
			}
		}
		return r.Start, r.Moves, players, nil
	}
	start, err := d.New(o.rules)
	if err != nil {
		return zero, nil, players, err
	}
	if o.start != "" {
		if start, err = d.Parse(o.start); err != nil {
			return zero, nil, players, err
		}
		if err := cli.SameRules(d, o.rules, start, "-start"); err != nil {
			return zero, nil, players, err
		}
	}
	return start, nil, players, nil
}

// plies writes a count of plies: "1 ply", "15 plies".
// joinLines joins the lines of a diagram, without the final newline.
func joinLines(s string) string { return strings.TrimRight(s, "\n") }
