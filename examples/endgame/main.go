// Endgame builds and probes endgame tables (docs/endgame.md). Only Kiothi
// has them: it is the only game whose seeds leave play (Kisolo and Bao la
// Kimasai keep every seed on the board).
//
//	go run ./examples/endgame build -seeds 6
//	go run ./examples/endgame build -seeds 5 -rules Bonus:Run -dir /tmp/tables
//	go run ./examples/endgame probe -seeds 6 "kiothi 0,0,0,0,0,0,0,0,1,0/0,0,2,0,0,0,0,0,1,0 S turn=40 prisons=29,27"
//
// build writes the table of the rules given (-rules, as in a rules= field)
// with layers 0..-seeds to -dir (default: the user's cache directory,
// go-mancala/endgame) unless a valid file is there already, and reports
// its size and the time taken. probe opens (or builds) the table of each
// position's rules and prints the position's result for the player to
// move and the result after each legal move.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(main1(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: endgame build [-game kiothi] [-rules R] [-seeds N] [-dir D]
       endgame probe [-seeds N] [-dir D] POSITION...`

func main1(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "build" && args[0] != "probe") {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	cmd := args[0]
	fs := flag.NewFlagSet("endgame "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "kiothi", "the game (only kiothi has endgame tables)")
	rules := fs.String("rules", "", "rule options, as in a rules= field (build)")
	seeds := fs.Int("seeds", 5, "the seed limit: layers 0..seeds warriors on the board")
	dir := fs.String("dir", "", "the table directory (default: the user's cache directory, go-mancala/endgame)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *game != kiothi.Name {
		fmt.Fprintf(stderr, "endgame: %s has no endgame tables: its seeds never leave the board, so no game reaches a position with few seeds in play (docs/endgame.md)\n", *game)
		return 1
	}
	var err error
	switch cmd {
	case "build":
		if fs.NArg() > 0 {
			fmt.Fprintf(stderr, "endgame build: unexpected argument %q\n", fs.Arg(0))
			return 2
		}
		err = build(ctx, stdout, *rules, *seeds, *dir)
	case "probe":
		if fs.NArg() == 0 {
			fmt.Fprintln(stderr, usage)
			return 2
		}
		err = probe(ctx, stdout, fs.Args(), *seeds, *dir)
	}
	if err != nil {
		fmt.Fprintln(stderr, "endgame:", err)
		return 1
	}
	return 0
}

func open(ctx context.Context, r kiothi.Rules, seeds int, dir string) (*endgame.Table[kiothi.Position, kiothi.Move], *kiothi.EndgameSpace, bool, error) {
	sp, err := kiothi.NewEndgameSpace(r, seeds)
	if err != nil {
		return nil, nil, false, err
	}
	t, built, err := endgame.Open[kiothi.Position, kiothi.Move](ctx, dir, sp, seeds)
	return t, sp, built, err
}

func build(ctx context.Context, w io.Writer, rules string, seeds int, dir string) error {
	r, err := kiothi.ParseRules(rules)
	if err != nil {
		return err
	}
	if dir == "" {
		if dir, err = endgame.DefaultDir(); err != nil {
			return err
		}
	}
	start := time.Now()
	t, sp, built, err := open(ctx, r, seeds, dir)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, endgame.FileName(sp, seeds))
	verb := "loaded"
	if built {
		verb = "built"
	}
	fmt.Fprintf(w, "%s %s: %d positions, %d bytes, %v\n", verb, path, t.Positions(), 2*t.Positions(), time.Since(start).Round(time.Millisecond))
	return nil
}

func probe(ctx context.Context, w io.Writer, positions []string, seeds int, dir string) error {
	for _, text := range positions {
		p, err := kiothi.Parse(text)
		if err != nil {
			return err
		}
		t, _, _, err := open(ctx, p.Rules(), seeds, dir)
		if err != nil {
			return err
		}
		r, ok := t.Lookup(p)
		if !ok {
			fmt.Fprintf(w, "%v: not in the table (opening, game over, more than %d warriors on the board, or a draw under Repetition:Three)\n", p, seeds)
			continue
		}
		fmt.Fprintf(w, "%v: %s for %s\n", p, r, p.ToMove())
		for _, m := range p.LegalMoves() {
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
	}
	if err := ctx.Err(); err != nil {
		return errors.Join(err)
	}
	return nil
}
