package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/seed8ebe013a/go-mancala/examples/internal/games"
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
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: engine [-v] < requests > responses")
		fmt.Fprintln(stderr, "Reads one JSON request a line and writes one JSON response a line (see go doc ./examples/engine).")
		fs.PrintDefaults()
	}
	verbose := fs.Bool("v", false, "log every request (id, command, code, time) to standard error")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "engine: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	svc, err := games.NewService(wire.Limits{})
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
