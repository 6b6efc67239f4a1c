package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

func TestTournament(t *testing.T) {
	args := []string{"-game", "kisolo", "-agents", "random,alphabeta:2,mcts:50", "-games", "4", "-seed", "9"}
	var out1, err1, out2, err2 bytes.Buffer
	if code := main1(append(args, "-parallel", "1", "-progress=true"), &out1, &err1); code != 0 {
		t.Fatalf("exit %d: %s", code, err1.String())
	}
	if code := main1(append(args, "-parallel", "3"), &out2, &err2); code != 0 {
		t.Fatalf("exit %d: %s", code, err2.String())
	}
	if out1.String() != out2.String() {
		t.Errorf("results depend on -parallel:\n%s\n%s", out1.String(), out2.String())
	}
	if !strings.Contains(err1.String(), "100%") || !strings.Contains(err1.String(), "(12/12)") {
		t.Errorf("no finished progress bar on stderr with -progress=true: %q", err1.String())
	}
	if err2.Len() != 0 {
		t.Errorf("a progress bar on a standard error that is not a terminal: %q", err2.String())
	}
	s := out1.String()
	for _, want := range []string{"kisolo: 4 games per pairing, seed 9\n", "95% CI"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	// The rows: each adds up to its games; the pairings are as listed.
	var pairs []string
	for _, l := range strings.Split(s, "\n") {
		f := strings.Fields(l)
		if len(f) < 8 || f[0] == "player" {
			continue
		}
		if len(f) == 8 { // the totals table has no opponent column
			f = append([]string{f[0], "all"}, f[1:]...)
		}
		pairs = append(pairs, f[0]+"-"+f[1])
		n := make([]int, 4)
		for i := range n {
			n[i], _ = strconv.Atoi(f[2+i])
		}
		if n[0] != n[1]+n[2]+n[3] {
			t.Errorf("row %q does not add up", l)
		}
	}
	want := "random-alphabeta:2 random-mcts:50 alphabeta:2-mcts:50 random-all alphabeta:2-all mcts:50-all"
	if got := strings.Join(pairs, " "); got != want {
		t.Errorf("rows %s, want %s:\n%s", got, want, s)
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		t            tally
		mean, lo, hi float64
	}{
		{tally{5, 0, 5}, 0.5, 0.2366, 0.7634},
		{tally{10, 0, 0}, 1, 0.7225, 1},
		{tally{0, 0, 10}, 0, 0, 0.2775},
		{tally{3, 4, 3}, 0.5, 0.2366, 0.7634},
		{tally{90, 0, 10}, 0.9, 0.8256, 0.9448},
		{tally{}, 0, 0, 1},
	}
	for _, tt := range tests {
		m, lo, hi := tt.t.score()
		if math.Abs(m-tt.mean) > 1e-4 || math.Abs(lo-tt.lo) > 1e-4 || math.Abs(hi-tt.hi) > 1e-4 {
			t.Errorf("%+v: score %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f]", tt.t, m, lo, hi, tt.mean, tt.lo, tt.hi)
		}
	}
}

func TestTournamentErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string // the first line on stderr
	}{
		{[]string{"-game", "nim"}, `tournament: unknown game "nim" (want kiothi|kisolo|kimasai)`},
		{[]string{"-agents", "random"}, "tournament: need at least two players, got 1"},
		{[]string{"-agents", "random,gpt"}, `tournament: unknown player "gpt" (want random|alphabeta|mcts)`},
		{[]string{"-agents", "random,mcts:x"}, `tournament: bad budget in "mcts:x" (alphabeta:<depth> or mcts:<iterations>)`},
		{[]string{"-agents", "random:3,mcts"}, `tournament: bad budget in "random:3" (alphabeta:<depth> or mcts:<iterations>)`},
		{[]string{"-agents", "alphabeta:500,random"}, `tournament: player "alphabeta:500": -depth 500: at most 100 plies`},
		{[]string{"-games", "0"}, "tournament: -games must be at least 1"},
		{[]string{"-rules", "Columns:5"}, `tournament: kisolo: bad rules: "Columns:5": Columns must be 6, 7 or 8 (0 means 7); got "5"`},
		{[]string{"-depth", "-1"}, "tournament: -depth -1: want 0 or more plies"},
		{[]string{"-workers", "5000"}, "flag provided but not defined: -workers"},
		{[]string{"-parallel", "0"}, "tournament: -plies 2000 and -parallel 0: want -plies 0 or more, -parallel 1 or more"},
		{[]string{"-plies", "-1"}, "tournament: -plies -1 and -parallel 2: want -plies 0 or more, -parallel 1 or more"},
		{[]string{"-records", "/proc/none"}, "tournament: -records: mkdir /proc/none: no such file or directory"},
		{[]string{"extra"}, `tournament: unexpected argument "extra"`},
	} {
		var out, errOut bytes.Buffer
		code := main1(append(tc.args, "-progress=false"), &out, &errOut)
		if first, _, _ := strings.Cut(errOut.String(), "\n"); code == 0 || first != tc.msg {
			t.Errorf("%v: exit %d, stderr %q; want %q", tc.args, code, errOut.String(), tc.msg)
		}
	}
}

// TestLabelsAndRecords: two players with the same name get labels of
// their own, and -records writes one record per game, named by the
// pairing, round and South player, that reads back (record.Parse replays
// it and checks its Result) with a Round header.
func TestLabelsAndRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games")
	var out, errOut bytes.Buffer
	args := []string{"-game", "kisolo", "-agents", "alphabeta:2,alphabeta:2,random", "-games", "2", "-records", dir}
	if code := main1(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"alphabeta:2#1  alphabeta:2#2", "alphabeta:2#1  random", "alphabeta:2#2  random"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := record.Parse(string(text), &kisolo.Descriptor)
		if err != nil || len(r.Moves) == 0 || len(r.Extra) == 0 || r.Extra[0].Key != "Round" {
			t.Errorf("%s: %v, %+v", f, err, r)
		}
	}
	want := "alphabeta_2_1-vs-alphabeta_2_2-01-south-alphabeta_2_1.txt alphabeta_2_1-vs-alphabeta_2_2-02-south-alphabeta_2_2.txt " +
		"alphabeta_2_1-vs-random-01-south-alphabeta_2_1.txt alphabeta_2_1-vs-random-02-south-random.txt " +
		"alphabeta_2_2-vs-random-01-south-alphabeta_2_2.txt alphabeta_2_2-vs-random-02-south-random.txt"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("records %s\nwant %s", got, want)
	}
}
