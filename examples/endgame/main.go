// Endgame builds and probes endgame tables (docs/endgame.md).
//
//	go run ./examples/endgame build -seeds 6
//	go run ./examples/endgame build -game kiothi -seeds 5 -rules Bonus:Run -dir /tmp/tables
//	go run ./examples/endgame probe -seeds 6 "kiothi 0,0,0,0,0,0,0,0,1,0/0,0,2,0,0,0,0,0,1,0 S turn=40 prisons=29,27"
//
// build writes the table of -game (default kiothi) under the rules given
// (-rules, as in a rules= field) with layers 0..-seeds to -dir (default:
// the user's cache directory, go-mancala/endgame) unless a valid file is
// there already, and reports its size and the time taken. probe opens (or
// builds) the table of each position's game and rules and prints the
// position's result for the player to move and the result after each
// legal move.
//
// Only Kiothi's tables are reached by games played from the start (its
// warriors leave the board for the prisons); Kisolo's and Bao la
// Kimasai's (phase 2) answer positions set up by hand, since those games
// never lose a seed from the board.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(main1(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: endgame build [-game kiothi|kisolo|kimasai] [-rules R] [-seeds N] [-dir D]
       endgame probe [-seeds N] [-dir D] POSITION...`

func main1(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "build" && args[0] != "probe") {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	cmd := args[0]
	fs := flag.NewFlagSet("endgame "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", kiothi.Name, "the game of build: kiothi, kisolo or kimasai")
	rules := fs.String("rules", "", "rule options of build, as in a rules= field")
	seeds := fs.Int("seeds", 5, "the seed limit: layers of 0..seeds seeds in play")
	dir := fs.String("dir", "", "the table directory (default: the user's cache directory, go-mancala/endgame)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *dir == "" {
		d, err := endgame.DefaultDir()
		if err != nil {
			fmt.Fprintln(stderr, "endgame:", err)
			return 1
		}
		*dir = d
	}
	var err error
	switch cmd {
	case "build":
		if fs.NArg() > 0 {
			fmt.Fprintf(stderr, "endgame build: unexpected argument %q\n", fs.Arg(0))
			return 2
		}
		err = dispatch(*game, func(g commands) error { return g.build(ctx, stdout, *rules, *seeds, *dir) })
	case "probe":
		if fs.NArg() == 0 {
			fmt.Fprintln(stderr, usage)
			return 2
		}
		for _, text := range fs.Args() {
			name, _, _ := strings.Cut(text, " ")
			if err = dispatch(name, func(g commands) error { return g.probe(ctx, stdout, text, *seeds, *dir) }); err != nil {
				break
			}
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "endgame:", err)
		return 1
	}
	return 0
}

// commands is what the commands need of a game, whatever its types.
type commands interface {
	build(ctx context.Context, w io.Writer, rules string, seeds int, dir string) error
	probe(ctx context.Context, w io.Writer, text string, seeds int, dir string) error
}

func dispatch(name string, fn func(commands) error) error {
	switch name {
	case kiothi.Name:
		return fn(tables[kiothi.Position, kiothi.Move]{&kiothi.Descriptor, func(r string, n int) (endgame.Space[kiothi.Position], error) {
			rr, err := kiothi.ParseRules(r)
			if err != nil {
				return nil, err
			}
			return kiothi.NewEndgameSpace(rr, n)
		}})
	case kisolo.Name:
		return fn(tables[kisolo.Position, kisolo.Move]{&kisolo.Descriptor, func(r string, n int) (endgame.Space[kisolo.Position], error) {
			rr, err := kisolo.ParseRules(r)
			if err != nil {
				return nil, err
			}
			return kisolo.NewEndgameSpace(rr, n)
		}})
	case kimasai.Name:
		return fn(tables[kimasai.Position, kimasai.Move]{&kimasai.Descriptor, func(r string, n int) (endgame.Space[kimasai.Position], error) {
			rr, err := kimasai.ParseRules(r)
			if err != nil {
				return nil, err
			}
			return kimasai.NewEndgameSpace(rr, n)
		}})
	}
	return fmt.Errorf("unknown game %q: want kiothi, kisolo or kimasai", name)
}

// tables are the commands for one game.
type tables[P mancala.Position[P, M], M mancala.Move] struct {
	d     *mancala.Descriptor[P, M]
	space func(rules string, seeds int) (endgame.Space[P], error)
}

func (g tables[P, M]) open(ctx context.Context, rules string, seeds int, dir string) (*endgame.Table[P, M], endgame.Space[P], bool, error) {
	sp, err := g.space(rules, seeds)
	if err != nil {
		return nil, nil, false, err
	}
	t, built, err := endgame.Open[P, M](ctx, dir, sp, seeds)
	return t, sp, built, err
}

func (g tables[P, M]) build(ctx context.Context, w io.Writer, rules string, seeds int, dir string) error {
	start := time.Now()
	t, sp, built, err := g.open(ctx, rules, seeds, dir)
	if err != nil {
		return err
	}
	verb := "loaded"
	if built {
		verb = "built"
	}
	fmt.Fprintf(w, "%s %s: %d positions, %d bytes, %v\n", verb, filepath.Join(dir, endgame.FileName(sp, seeds)), t.Positions(), 2*t.Positions(), time.Since(start).Round(time.Millisecond))
	return nil
}

func (g tables[P, M]) probe(ctx context.Context, w io.Writer, text string, seeds int, dir string) error {
	p, err := g.d.Parse(text)
	if err != nil {
		return err
	}
	t, _, _, err := g.open(ctx, g.d.Rules(p), seeds, dir)
	if err != nil {
		return err
	}
	r, ok := t.Lookup(p)
	if !ok {
		fmt.Fprintf(w, "%v: not in the table (game over, more than %d seeds in play, a phase the table does not cover, or a draw under Repetition:Three)\n", p, seeds)
		return nil
	}
	fmt.Fprintf(w, "%v: %s for %s\n", p, r, p.ToMove())
	for _, m := range p.AppendLegalMoves(nil) {
		q, err := p.Apply(m)
		if err != nil {
			return err
		}
		res := "?"
		if o := q.Outcome(); o.Status != mancala.Ongoing {
			res = "game over: " + o.String()
		} else if v, ok := t.Lookup(q); ok {
			if q.ToMove() != p.ToMove() {
				v = -v
			}
			res = v.String()
		}
		fmt.Fprintf(w, "  %-6v %s\n", m, res)
	}
	return nil
}
