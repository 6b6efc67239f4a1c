package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with the file testdata/name (go test -update
// rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("differs from %s (-want +got):\n%s", path, diff)
	}
}

// TestGolden plays fixed-seed games and compares their records with the
// golden files in testdata.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"kisolo-default", nil}, // the README's main command: no flags
		{"kiothi", []string{"-game", "kiothi", "-north", "random", "-depth", "2", "-seed", "3"}},
		{"kimasai", []string{"-game", "kimasai", "-south", "random", "-north", "mcts", "-iterations", "100", "-seed", "5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.name != "kisolo-default" {
				t.Skip("-short")
			}
			rec := filepath.Join(t.TempDir(), "game.txt")
			var out, errOut bytes.Buffer
			args := append(append([]string(nil), tt.args...), "-record", rec)
			if code := main1(args, strings.NewReader(""), &out, &errOut, console{}); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			got, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name+".record", string(got))
			s := out.String()
			if !strings.Contains(s, "\nResult: ") || !strings.Contains(s, "Record written to") {
				t.Errorf("output lacks the result:\n%s", s)
			}
			if !strings.Contains(s, "\n1. South plays ") && !strings.Contains(s, "\n1-12. South plays ") {
				t.Errorf("output lacks the first move:\n%s", s)
			}
		})
	}
}

// TestScripts plays the scripted games of testdata/script: NAME.args holds
// the arguments (one a line; $DIR stands for a fresh directory, $LOAD for
// a copy of NAME.load there), NAME.in what the human types; the output
// (and the record, if -record $DIR/game.txt is given) must match NAME.out
// (and NAME.record). Standard error is in the output after "--- stderr".
func TestScripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "script", "*.args"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".args")
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if load, err := os.ReadFile(filepath.Join("testdata", "script", name+".load")); err == nil {
				if err := os.WriteFile(filepath.Join(dir, "load.txt"), load, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var args []string
			for _, a := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
				a = strings.ReplaceAll(a, "$LOAD", filepath.Join(dir, "load.txt"))
				args = append(args, strings.ReplaceAll(a, "$DIR", dir))
			}
			input, err := os.ReadFile(filepath.Join("testdata", "script", name+".in"))
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			c := console{}
			if strings.HasSuffix(name, "-color") {
				c.color = true
			}
			var out, errOut bytes.Buffer
			code := main1(args, bytes.NewReader(input), &out, &errOut, c)
			got := out.String()
			if errOut.Len() > 0 {
				got += "--- stderr\n" + errOut.String()
			}
			got += "--- exit " + string(rune('0'+code)) + "\n"
			golden(t, filepath.Join("script", name+".out"), strings.ReplaceAll(got, dir, "$DIR"))
			if rec, err := os.ReadFile(filepath.Join(dir, "game.txt")); err == nil {
				golden(t, filepath.Join("script", name+".record"), string(rec))
			}
		})
	}
}

// TestTimeBudget: -time replaces the default depth and iterations (it used
// to be ignored unless -iterations 0), but not ones given explicitly.
func TestTimeBudget(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-time", "5ms"}, "kisolo: South alphabeta (5ms a move) vs North mcts (5ms a move), seed 1\n"},
		{[]string{"-time", "5ms", "-depth", "3"}, "kisolo: South alphabeta (depth 3, 5ms a move) vs North mcts (5ms a move), seed 1\n"},
		{[]string{"-time", "5ms", "-iterations", "300"}, "kisolo: South alphabeta (5ms a move) vs North mcts (300 iterations, 5ms a move), seed 1\n"},
		{[]string{"-depth", "0", "-iterations", "0"}, "kisolo: South alphabeta (depth 6) vs North mcts (1000 iterations), seed 1\n"},
	} {
		var out, errOut bytes.Buffer
		args := append(tt.args, "-plies", "2", "-quiet")
		if code := main1(args, strings.NewReader(""), &out, &errOut, console{}); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		if first, _, _ := strings.Cut(out.String(), "\n"); first+"\n" != tt.want {
			t.Errorf("%v: announced %q, want %q", tt.args, first, tt.want)
		}
		if !strings.Contains(out.String(), "Stopped after 2 plies (-plies)") {
			t.Errorf("%v: did not play 2 plies:\n%s", tt.args, out.String())
		}
	}
	// A time budget is accepted and the game goes on (that the budget
	// cuts a search is mancala/agent's test, on a clock of its own).
	var out, errOut bytes.Buffer
	if code := main1([]string{"-time", "20ms", "-plies", "4", "-quiet"}, strings.NewReader(""), &out, &errOut, console{}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
}

// TestThinking: a computer move slower than the threshold shows "South is
// thinking…" on standard error, and clears it, when standard error is a
// terminal; never otherwise.
func TestThinking(t *testing.T) {
	// The move thinks for 300 ms, far longer than the 1 ms before the
	// indicator shows, so that a loaded machine still shows it (with 30 ms
	// the indicator's goroutine could wake after the move had ended).
	indicator := regexp.MustCompile("^\rSouth is thinking… [0-9]+\\.[0-9]s")
	for _, thinking := range []bool{true, false} {
		var out, errOut bytes.Buffer
		c := console{thinking: thinking, thinkAfter: time.Millisecond}
		if code := main1([]string{"-time", "300ms", "-plies", "1", "-quiet"}, strings.NewReader(""), &out, &errOut, c); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		got := errOut.String()
		if thinking && (!indicator.MatchString(got) || !strings.HasSuffix(got, "\r\033[K")) {
			t.Errorf("stderr %q, want the indicator and its erasure", got)
		}
		if !thinking && got != "" {
			t.Errorf("stderr %q, want nothing off a terminal", got)
		}
	}
}

// TestBadFlags: flags that cannot work are refused at the start with a
// message naming them, before anything is played (exit code 2 for flag
// errors, 1 for what fails when the game is set up).
func TestBadFlags(t *testing.T) {
	dir := t.TempDir()
	kisolo7 := "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"
	rec := filepath.Join(dir, "r.txt")
	if err := os.WriteFile(rec, []byte("[Game \"kiothi\"]\n[Result \"*\"]\n\n-a5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A record of 200 MB (sparse: no disk) is refused by its size.
	huge := filepath.Join(dir, "huge.txt")
	if err := os.WriteFile(huge, []byte("[Game \"kisolo\"]\n\nxb1 "), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 200_000_000); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-load", huge}, 1, "play: " + huge + ": a record of 200000000 bytes: at most 16777216 (16 MiB) are read\n"},
		{[]string{"-game", "chess"}, 1, "play: unknown game \"chess\" (want kisolo, kiothi, kimasai)\n"},
		{[]string{"-south", "deep-blue"}, 2, "play: unknown player \"deep-blue\" (want human|random|alphabeta|mcts|mcts-eval or a level: " + cli.LevelNames() + ")\n"},
		{[]string{"-south", "level:0"}, 2, "play: unknown player \"level:0\" (want human|random|alphabeta|mcts|mcts-eval or a level: " + cli.LevelNames() + ")\n"},
		{[]string{"-game", "kiothi", "-south", "level:99"}, 2, fmt.Sprintf("play: kiothi: \"level:99\": the game has %d levels (want level:1..level:%d)\n", len(kiothi.Descriptor.Levels), len(kiothi.Descriptor.Levels))},
		{[]string{"-game", "kiothi", "-south", "intermediate"}, 2, "play: unknown player \"intermediate\" (want human|random|alphabeta|mcts|mcts-eval or a level: " + cli.LevelNames() + ")\n"},
		{[]string{"-south", "alphabeta:0"}, 2, "play: unknown player \"alphabeta:0\" (want human|random|alphabeta|mcts|mcts-eval or a level: " + cli.LevelNames() + ")\n"},
		{[]string{"-rules", "Nonsense:1"}, 1, "play: kisolo: bad rules: \"Nonsense:1\": unknown option \"Nonsense\" (the options are CaptureOnAnyLanding, Columns, Endless, MaxLaps, Repetition, SelfEmptiedInnerRow, Setup, Win)\n"},
		{[]string{"-start", "kisolo 1/2"}, 1, "play: kisolo: bad position: \"kisolo 1/2\": only 2 fields; want at least four: <game> <rows> <side> turn=<n>\n"},
		{[]string{"-rules", "Endless:Illegal", "-start", kisolo7}, 1, "play: -rules Endless:Illegal conflicts with -start, which has the default rules: write the rules in the position's rules= field, or leave -rules out\n"},
		{[]string{"-rules", "Columns:6", "-start", kisolo7 + " rules=Endless:Illegal"}, 1, "play: -rules Columns:6 conflicts with -start, which has rules=Endless:Illegal: write the rules in the position's rules= field, or leave -rules out\n"},
		{[]string{"-depth", "-3"}, 2, "play: -depth -3: want 0 or more plies\n"},
		{[]string{"-iterations", "-1"}, 2, "play: -iterations -1: want 0 or more\n"},
		{[]string{"-workers", "-2"}, 2, "play: -workers -2: want 0..1024\n"},
		{[]string{"-workers", "2000000"}, 2, "play: -workers 2000000: want 0..1024\n"},
		{[]string{"-time", "-1s"}, 2, "play: -time -1s: want 0 or a positive duration\n"},
		{[]string{"-plies", "-5"}, 2, "play: -plies -5: want 0 (no limit) or more\n"},
		{[]string{"-record", "/nonexistent/x.txt"}, 1, "play: -record: open /nonexistent/x.txt: no such file or directory\n"},
		{[]string{"-load", rec, "-rules", "Endless:Illegal"}, 2, "play: -load takes the start position and the rules from the record: leave out -start and -rules\n"},
		{[]string{"-load", rec, "-game", "kisolo"}, 1, "play: -game kisolo, but " + rec + " is a record of kiothi\n"},
		{[]string{"-load", filepath.Join(dir, "none.txt")}, 1, "play: open " + filepath.Join(dir, "none.txt") + ": no such file or directory\n"},
		{[]string{"extra"}, 2, "play: unexpected argument \"extra\"\n"},
	} {
		var out, errOut bytes.Buffer
		code := main1(tt.args, strings.NewReader(""), &out, &errOut, console{})
		if code != tt.code || errOut.String() != tt.want || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q\nwant exit %d, stderr %q", tt.args, code, errOut.String(), out.String(), tt.code, tt.want)
		}
	}
}

// TestRecordKeptOnInputError: an input line too long to read (over
// bufio.Scanner's 64 KiB) stops the game with an error, and the record
// of the plies played so far is still written.
func TestRecordKeptOnInputError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	input := "xb1\n" + strings.Repeat("x", 70000) + "\n"
	var out, errOut bytes.Buffer
	code := main1([]string{"-south", "human", "-north", "random", "-record", path, "-quiet"}, strings.NewReader(input), &out, &errOut, console{})
	if code == 0 || !strings.Contains(errOut.String(), "token too long") {
		t.Errorf("exit %d, stderr %q; want a failure naming the long line", code, errOut.String())
	}
	if !strings.Contains(out.String(), "Stopped by an error after 2 plies; the game is unfinished.") {
		t.Errorf("output %q", out.String())
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(string(text), &kisolo.Descriptor)
	if err != nil || len(r.Moves) != 2 || r.Moves[0].String() != "xb1" || r.Result != "*" {
		t.Errorf("record %q: %+v, %v; want the 2 plies played, unfinished", text, r, err)
	}
}

// TestLevels: -south and -north take a level of the game, by name in any
// case or by number, and play it with its own agent and budget.
func TestLevels(t *testing.T) {
	for _, game := range games.Names() {
		levels := games.Levels(game)
		top := levels[len(levels)-1]
		var out, errOut bytes.Buffer
		args := []string{"-game", game, "-south", strings.ToLower(levels[1].Name), "-north", fmt.Sprintf("level:%d", len(levels)), "-plies", "1", "-quiet"}
		if code := main1(args, strings.NewReader(""), &out, &errOut, console{}); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		want := fmt.Sprintf("%s: South %s vs North %s, seed 1\n", game, cli.DescribeLevel(levels[1]), cli.DescribeLevel(top))
		if first, _, _ := strings.Cut(out.String(), "\n"); first+"\n" != want {
			t.Errorf("%v: first line %q, want %q", args, first, want)
		}
	}
	if got, want := cli.DescribeLevel(mancala.Level{Name: "Casual", Rating: 1250, Agent: "alphabeta:2"}), "Casual (alphabeta, depth 2; 1250 Elo)"; got != want {
		t.Errorf("DescribeLevel = %q, want %q", got, want)
	}
}
