package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func main() {
	// A write to a closed standard output fails with EPIPE instead of
	// killing the engine with SIGPIPE, so that it exits with status 1 as
	// documented.
	signal.Ignore(syscall.SIGPIPE)
	os.Exit(main1(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// main1 runs the engine on stdin and stdout with the arguments args and
// returns the exit code: 0 at the end of the input, 1 if reading or
// writing failed, 2 for bad arguments. Only responses go to stdout.
func main1(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mancala-engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: engine [-v] < requests > responses")
		fmt.Fprintln(stderr, "Reads one JSON request a line and writes one JSON response a line (see go doc ./examples/mancala-engine).")
		fs.PrintDefaults()
	}
	verbose := fs.Bool("v", false, "log every request (id, command, code, time) to standard error")
	playoutPlies := fs.Int("max-playout-plies", 10_000, "the most plies of one playouts game (maxPlies), up to 100000")
	selfplayPlies := fs.Int("max-selfplay-plies", 1_000, "the most plies of one selfplay game (maxPlies), up to 10000")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "engine: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *playoutPlies < 1 || *playoutPlies > wire.MaxPlayoutPliesCap || *selfplayPlies < 1 || *selfplayPlies > wire.MaxSelfplayPliesCap {
		fmt.Fprintf(stderr, "engine: -max-playout-plies must be 1..%d and -max-selfplay-plies 1..%d\n", wire.MaxPlayoutPliesCap, wire.MaxSelfplayPliesCap)
		return 2
	}
	l := wire.DefaultLimits()
	l.Batch.MaxPlayoutPlies, l.Batch.MaxSelfplayPlies = *playoutPlies, *selfplayPlies
	svc, err := gameswire.NewService(l)
	if err != nil {
		fmt.Fprintln(stderr, "engine:", err)
		return 1
	}
	if err := svc.ServeLines(context.Background(), stdin, stdout, wire.LineOptions{Log: stderr, Verbose: *verbose}); err != nil {
		fmt.Fprintln(stderr, "engine:", err)
		return 1
	}
	return 0
}
