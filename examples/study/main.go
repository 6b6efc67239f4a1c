// Study runs variant studies: a list of cells (a game, its rules and two
// players) played for a number of games each, split into shards that a
// scheduler runs anywhere (Slurm job arrays, Kubernetes Indexed Jobs, a
// shell loop), then merged into one table.
//
//	study run -spec FILE -out DIR [-shard i/n] [-workers N] [-progress]
//	study merge [-csv FILE] DIR...
//
// run plays shard i of n (from 0) of the study in FILE and writes it to
// DIR/shard-000i-of-000n.jsonl, one JSON line per game, through a
// temporary file renamed into place when the shard is complete: a killed
// run leaves no shard file, and a rerun skips the shards already there.
// Without -shard the shard comes from the scheduler's environment
// (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT; Kubernetes'
// JOB_COMPLETION_INDEX with the count from -shards or STUDY_SHARDS), and
// without those the study runs as one shard.
//
// merge reads DIR (its spec.json and every shard) and prints the table in
// Markdown; -csv writes it as CSV, from which docs/balance/chart draws the
// chart. It exits 1
// naming the missing shards, the shards of another study or program
// version (each shard's first line names its study: the digest of the
// canonical spec, and the program's version), the duplicate or missing
// games, or a line run could not have written. Several
// directories (several studies, e.g. random play and self-play of the same
// variants) give one table each, one CSV and one chart.
//
// Game i of a cell depends only on the study's seed, the cell and i (see
// package mancala/match): the merged table is the same however the study
// was split and however many -workers played it. README.md documents the
// spec and the files.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(main1(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

const usage = `usage:
  study run -spec FILE -out DIR [-shard i/n] [-shards n] [-workers N] [-progress]
  study merge [-csv FILE] DIR...
`

func main1(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "run":
		return runCmd(ctx, args[1:], getenv, stderr)
	case "merge":
		return mergeCmd(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "study: unknown command %q\n%s", args[0], usage)
	return 2
}

func runCmd(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("study run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o runOptions
	var shard string
	shards := 0
	fs.StringVar(&o.specPath, "spec", "", "the study's spec (JSON)")
	fs.StringVar(&o.out, "out", "", "the directory of the shard files (created if missing)")
	fs.StringVar(&shard, "shard", "", "run shard i of n, written i/n with i in 0..n-1 (default: from SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT or JOB_COMPLETION_INDEX, else the whole study)")
	fs.IntVar(&shards, "shards", 0, "the number of shards when the index comes from JOB_COMPLETION_INDEX (default: STUDY_SHARDS)")
	fs.IntVar(&o.workers, "workers", runtime.GOMAXPROCS(0), "games played at once")
	fs.BoolVar(&o.progress, "progress", cli.IsTerminal(stderr), "show a progress bar on standard error (default: when it is a terminal)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "study run:", err)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	case o.specPath == "" || o.out == "":
		return fail(errors.New("-spec and -out are required"))
	case o.workers < 1 || o.workers > 1024:
		return fail(fmt.Errorf("-workers %d: want 1..1024", o.workers))
	}
	var err error
	if o.shard, o.shards, err = chooseShard(shard, shards, getenv); err != nil {
		return fail(err)
	}
	if err := runShard(ctx, o, stderr); err != nil {
		fmt.Fprintln(stderr, "study run:", err)
		return 1
	}
	return 0
}

// maxShards bounds n in -shard i/n.
const maxShards = 1_000_000

// chooseShard returns the shard to run: -shard, else the scheduler's
// environment, else 0 of 1.
func chooseShard(flagValue string, shards int, getenv func(string) string) (k, n int, err error) {
	parse := func(what, is, ns string) (int, int, error) {
		k, err1 := strconv.Atoi(strings.TrimSpace(is))
		n, err2 := strconv.Atoi(strings.TrimSpace(ns))
		if err1 != nil || err2 != nil || n < 1 || n > maxShards || k < 0 || k >= n {
			return 0, 0, fmt.Errorf("%s: want shard i of n with 0 <= i < n <= %d", what, maxShards)
		}
		return k, n, nil
	}
	if flagValue != "" {
		is, ns, ok := strings.Cut(flagValue, "/")
		if !ok {
			return 0, 0, fmt.Errorf("-shard %q: want i/n, e.g. 0/4", flagValue)
		}
		return parse(fmt.Sprintf("-shard %s", flagValue), is, ns)
	}
	if id := getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		count := getenv("SLURM_ARRAY_TASK_COUNT")
		if count == "" {
			return 0, 0, errors.New("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (Slurm 17.11 or later sets both)")
		}
		if minID := getenv("SLURM_ARRAY_TASK_MIN"); minID != "" && minID != "0" {
			return 0, 0, fmt.Errorf("the job array starts at %s: submit it as --array=0-N (shards are numbered from 0)", minID)
		}
		return parse(fmt.Sprintf("SLURM_ARRAY_TASK_ID=%s, SLURM_ARRAY_TASK_COUNT=%s", id, count), id, count)
	}
	if id := getenv("JOB_COMPLETION_INDEX"); id != "" {
		count := strconv.Itoa(shards)
		what := fmt.Sprintf("JOB_COMPLETION_INDEX=%s, -shards %d", id, shards)
		if shards == 0 {
			count = getenv("STUDY_SHARDS")
			what = fmt.Sprintf("JOB_COMPLETION_INDEX=%s, STUDY_SHARDS=%s", id, count)
			if count == "" {
				return 0, 0, errors.New("JOB_COMPLETION_INDEX is set: give the number of shards (the Job's completions) with -shards or STUDY_SHARDS")
			}
		}
		return parse(what, id, count)
	}
	return 0, 1, nil
}

func mergeCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("study merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	csvPath := fs.String("csv", "", "also write the table as CSV to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 {
		fmt.Fprintln(stderr, "study merge: want a directory (or several, one study each)")
		return 2
	}
	var specs []*Spec
	var rs []row
	for _, dir := range fs.Args() {
		s, st, err := merge(dir)
		if err != nil {
			fmt.Fprintln(stderr, "study merge:", err)
			return 1
		}
		specs = append(specs, s)
		rs = append(rs, rows(s, st)...)
	}
	write := func(path string, fn func(io.Writer) error) error {
		if path == "" {
			return nil
		}
		var b strings.Builder
		if err := fn(&b); err != nil {
			return err
		}
		return writeAtomic(path, []byte(b.String()))
	}
	if err := write(*csvPath, func(w io.Writer) error { return writeCSV(w, rs) }); err != nil {
		fmt.Fprintln(stderr, "study merge: -csv:", err)
		return 1
	}
	if err := writeMarkdown(stdout, specs, rs); err != nil {
		fmt.Fprintln(stderr, "study merge:", err)
		return 1
	}
	return 0
}
