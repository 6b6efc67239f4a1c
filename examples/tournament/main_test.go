package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/kiothi"
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
	for _, want := range []string{"kisolo: 4 games per pairing (2 openings of 4 plies, each from both seats), seed 9, censored at 2000 plies\n", "95% CI", "Elo ratings", "random       1000    (anchor)"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	// The rows: each adds up to its games; the pairings are as listed.
	var pairs []string
	tables := strings.Split(s, "\n\n")
	for _, l := range strings.Split(tables[1]+"\n"+tables[2], "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || f[0] == "player" {
			continue
		}
		if len(f) == 10 { // the totals table has no opponent column
			f = append([]string{f[0], "all"}, f[1:]...)
		}
		pairs = append(pairs, f[0]+"-"+f[1])
		n := make([]int, 6)
		for i := range n {
			n[i], _ = strconv.Atoi(f[2+i])
		}
		if n[0] != n[1]+n[2]+n[3]+n[4] || n[5] > n[0]-n[4] {
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
		{tally{5, 0, 5, 0, 10, 0}, 0.5, 0.2366, 0.7634},
		{tally{10, 0, 0, 0, 10, 0}, 1, 0.7225, 1},
		{tally{0, 0, 10, 0, 10, 0}, 0, 0, 0.2775},
		{tally{3, 4, 3, 0, 10, 0}, 0.5, 0.2366, 0.7634},
		{tally{90, 0, 10, 0, 100, 0}, 0.9, 0.8256, 0.9448},
		{tally{}, 0, 0, 1},
		// Censored games are left out; repeated games count once.
		{tally{5, 0, 5, 7, 10, 0}, 0.5, 0.2366, 0.7634},
		{tally{5, 0, 5, 0, 4, 0}, 0.5, 0.1500, 0.8500},
		// Censored games counted as draws (-censored draw).
		{tally{4, 0, 0, 4, 8, 4}, 0.75, 0.4093, 0.9285},
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
		{[]string{"-game", "nim"}, `tournament: unknown game "nim" (want kisolo, kiothi, kimasai)`},
		{[]string{"-agents", "random"}, "tournament: need at least two players, got 1"},
		{[]string{"-agents", "random,gpt"}, `tournament: kisolo: "gpt": unknown agent or level (want random, alphabeta, mcts, mcts-eval, or a level: its levels are Beginner, Casual, Intermediate, Strong, Expert, Master)`},
		{[]string{"-agents", "random,mcts:x"}, `tournament: agent: spec "mcts:x": budget "x": want a whole number`},
		{[]string{"-agents", "random:3,mcts"}, `tournament: agent: spec "random:3": random takes no budget`},
		{[]string{"-agents", "alphabeta:500,random"}, `tournament: agent: spec "alphabeta:500": depth 500: want 1..100`},
		{[]string{"-games", "0"}, "tournament: -games 0: want an even number of at least 2 (each opening is played from both seats)"},
		{[]string{"-games", "3"}, "tournament: -games 3: want an even number of at least 2 (each opening is played from both seats)"},
		{[]string{"-opening", "-1"}, "tournament: -opening -1: want 0 or more plies"},
		{[]string{"-prior", "-1"}, "tournament: -prior -1: want a finite number >= 0"},
		{[]string{"-anchor", "NaN"}, "tournament: -anchor NaN: want a finite rating"},
		{[]string{"-censored", "win"}, `tournament: -censored "win": want drop or draw`},
		{[]string{"-ratings", "/proc/none/r.tsv", "-agents", "random,alphabeta:1", "-games", "2"}, "tournament: -ratings: open /proc/none/r.tsv: no such file or directory"},
		{[]string{"-rules", "Columns:5"}, `tournament: kisolo: bad rules: "Columns:5": Columns must be 6, 7 or 8 (0 means 7); got "5"`},
		{[]string{"-depth", "-1"}, "tournament: -depth -1: want 0 or more plies"},
		{[]string{"-depth", "11"}, "tournament: -depth 11: over the limit 10 (the service limits)"},
		{[]string{"-iterations", "100001"}, "tournament: -iterations 100001: over the limit 100000 (the service limits)"},
		{[]string{"-time", "3s"}, "tournament: -time 3s: over the limit 2s (the service limits)"},
		{[]string{"-agents", "alphabeta:11,random"}, `tournament: player "alphabeta:11": agent: depth 11 is over the limit 10`},
		{[]string{"-agents", "random,mcts:1000000000"}, `tournament: agent: spec "mcts:1000000000": iterations 1000000000: want 1..10000000`},
		{[]string{"-agents", "random,mcts:200000"}, `tournament: player "mcts:200000": agent: iterations 200000 is over the limit 100000`},
		{[]string{"-agents", "random,mcts:100:time=3s"}, `tournament: player "mcts:100:time=3s": agent: time 3s is over the limit 2s`},
		{[]string{"-parallel", "1000000"}, "tournament: -plies 2000 and -parallel 1000000: want -plies 0 or more, -parallel 1..1024"},
		{[]string{"-workers", "5000"}, "flag provided but not defined: -workers"},
		{[]string{"-parallel", "0"}, "tournament: -plies 2000 and -parallel 0: want -plies 0 or more, -parallel 1..1024"},
		{[]string{"-plies", "-1"}, "tournament: -plies -1 and -parallel 2: want -plies 0 or more, -parallel 1..1024"},
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

// TestParsePlayer: a player is labelled as written when it is a bare
// kind, by its canonical spec when it has its own budget, and by its name
// when it is a level.
func TestParsePlayer(t *testing.T) {
	for _, tc := range []struct{ text, name, spec string }{
		{"alphabeta", "alphabeta", "alphabeta:4"},
		{"alphabeta:02", "alphabeta:2", "alphabeta:2"},
		{"mcts:+100", "mcts:100", "mcts:100"},
		{"mcts-eval:50:workers=1", "mcts-eval:50", "mcts-eval:50"},
		{"casual", "Casual", "level:casual"},
		{"level:2", "Casual", "level:2"},
	} {
		p, err := parsePlayer("kisolo", kisolo.Descriptor.Levels, tc.text, cli.Budget{Depth: 4})
		if err != nil || p.name != tc.name || p.spec.String() != tc.spec {
			t.Errorf("parsePlayer(%q) = %q %q, %v; want %q %q", tc.text, p.name, p.spec, err, tc.name, tc.spec)
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

// TestDistinctGames: two AlphaBeta players, deterministic, play different
// games from different random openings, every opening from both seats;
// without an opening they replay one game per seat, and the table says
// so (2 distinct games of 8).
func TestDistinctGames(t *testing.T) {
	for _, tc := range []struct {
		opening, distinct string
	}{{"3", "8"}, {"0", "2"}} {
		dir := filepath.Join(t.TempDir(), "games")
		var out, errOut bytes.Buffer
		args := []string{"-game", "kiothi", "-agents", "alphabeta:1,alphabeta:2", "-games", "8", "-opening", tc.opening, "-records", dir, "-progress=false"}
		if code := main1(args, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		row := ""
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, "alphabeta:1  alphabeta:2") {
				row = l
			}
		}
		f := strings.Fields(row)
		if len(f) < 8 || f[2] != "8" || f[7] != tc.distinct {
			t.Errorf("-opening %s: pairing row %q, want 8 games, %s distinct:\n%s", tc.opening, row, tc.distinct, out.String())
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		if err != nil || len(files) != 8 {
			t.Fatalf("-opening %s: %d records, %v", tc.opening, len(files), err)
		}
		games := map[string]int{}
		openings := map[string]int{}
		for _, name := range files {
			r := readRecord(t, name)
			games[cliNames(r.Moves)]++
			n, _ := strconv.Atoi(extra(r.Extra, "Opening"))
			openings[cliNames(r.Moves[:n])]++
			if want := tc.opening; extra(r.Extra, "Opening") != want {
				t.Errorf("%s: Opening header %q, want %s", name, extra(r.Extra, "Opening"), want)
			}
		}
		want, _ := strconv.Atoi(tc.distinct)
		if len(games) != want {
			t.Errorf("-opening %s: %d distinct games in the records, want %s", tc.opening, len(games), tc.distinct)
		}
		// Every opening is played twice, once from each seat.
		for o, n := range openings {
			if tc.opening != "0" && n != 2 {
				t.Errorf("-opening %s: opening %q played %d times, want 2", tc.opening, o, n)
			}
		}
	}
}

// TestCensored: games still going at the ply cap are counted apart from
// draws, left out of the score and the ratings by default and counted as
// draws with -censored draw.
func TestCensored(t *testing.T) {
	args := []string{"-game", "kimasai", "-agents", "random,alphabeta:2", "-games", "4", "-plies", "24", "-progress=false"}
	var out, errOut bytes.Buffer
	if code := main1(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := "random  alphabeta:2  4      0     0      0       4         0         0.000  [0.000, 1.000]"
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "censored at 24 plies") || !strings.Contains(out.String(), "no ratings: rating: invalid input: no games") {
		t.Errorf("output lacks %q, the cap or the missing ratings:\n%s", want, out.String())
	}
	out.Reset()
	if code := main1(append(args, "-censored", "draw"), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want = "random  alphabeta:2  4      0     0      0       4         4         0.500  [0.150, 0.850]"
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "censored games as draws") {
		t.Errorf("-censored draw: output lacks %q:\n%s", want, out.String())
	}
}

// TestRatingsFile: -ratings writes one line per player with the rating,
// its interval and the gap to the player before.
func TestRatingsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.tsv")
	var out, errOut bytes.Buffer
	args := []string{"-game", "kisolo", "-agents", "random,alphabeta:3", "-games", "6", "-opening", "2", "-ratings", path, "-progress=false"}
	if code := main1(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "# kisolo: 6 games per pairing") || !strings.HasPrefix(lines[1], "player\trating\tlo95") {
		t.Fatalf("ratings file:\n%s", text)
	}
	first := strings.Split(lines[2], "\t")
	second := strings.Split(lines[3], "\t")
	if first[0] != "random" || first[1] != "1000.0" || second[0] != "alphabeta:3" || len(second) != 16 {
		t.Errorf("ratings file:\n%s", text)
	}
	if r, _ := strconv.ParseFloat(second[1], 64); r <= 1000 {
		t.Errorf("alphabeta:3 rated %v, not above random:\n%s", r, text)
	}
}

func readRecord(t *testing.T, name string) *record.Record[kiothi.Position, kiothi.Move] {
	t.Helper()
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(string(text), &kiothi.Descriptor)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

func extra(tags []record.Tag, key string) string {
	for _, tg := range tags {
		if tg.Key == key {
			return tg.Value
		}
	}
	return ""
}

func cliNames(moves []kiothi.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// TestLevelsFlag: -levels plays the game's levels, weakest first, under
// their names; with -ladder only neighbours meet; a level can also be
// listed in -agents by name or number.
func TestLevelsFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := main1([]string{"-game", "kisolo", "-levels", "-ladder", "-games", "2", "-plies", "2", "-progress=false"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	levels := kisolo.Descriptor.Levels
	var rows []string
	for _, l := range strings.Split(strings.Split(out.String(), "\n\n")[1], "\n")[1:] {
		if f := strings.Fields(l); len(f) > 1 {
			rows = append(rows, f[0]+"-"+f[1])
		}
	}
	var want []string
	for i := 1; i < len(levels); i++ {
		want = append(want, levels[i-1].Name+"-"+levels[i].Name)
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("pairings (-want +got):\n%s\n%s", diff, out.String())
	}
	out.Reset()
	if code := main1([]string{"-game", "kisolo", "-agents", "level:1,casual", "-games", "2", "-progress=false"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "Beginner  Casual") {
		t.Errorf("levels in -agents:\n%s", out.String())
	}
	out.Reset()
	errOut.Reset()
	if code := main1([]string{"-game", "kisolo", "-agents", "random,level:9", "-progress=false"}, &out, &errOut); code != 1 ||
		errOut.String() != fmt.Sprintf("tournament: kisolo: \"level:9\": the game has %d levels (want level:1..level:%d)\n", len(levels), len(levels)) {
		t.Errorf("level:9: exit %d, %q", code, errOut.String())
	}
}

// TestRerate: -rerate of a run's records gives that run's ratings file,
// but for its first line and the move times (NA); of two runs' records
// (two seeds), the games of both, each distinct game once.
func TestRerate(t *testing.T) {
	dir := t.TempDir()
	play := func(seed string) string {
		var out, errOut bytes.Buffer
		args := []string{"-game", "kisolo", "-agents", "alphabeta:1,alphabeta:2", "-games", "6", "-seed", seed, "-parallel", "1", "-progress=false",
			"-records", filepath.Join(dir, "games"+seed), "-ratings", filepath.Join(dir, "r"+seed+".tsv")}
		if code := main1(args, &out, &errOut); code != 0 {
			t.Fatalf("seed %s: exit %d: %s", seed, code, errOut.String())
		}
		return filepath.Join(dir, "games"+seed)
	}
	rerated := func(dirs string) []string {
		var out, errOut bytes.Buffer
		args := []string{"-game", "kisolo", "-agents", "alphabeta:1,alphabeta:2", "-rerate", dirs, "-times", "-progress=false", "-ratings", filepath.Join(dir, "rerated.tsv")}
		if code := main1(args, &out, &errOut); code != 0 {
			t.Fatalf("-rerate %s: exit %d: %s", dirs, code, errOut.String())
		}
		text, err := os.ReadFile(filepath.Join(dir, "rerated.tsv"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(text), "\n")
	}
	cols := func(line string, n int) string {
		f := strings.Split(line, "\t")
		return strings.Join(f[:min(n, len(f))], "\t")
	}
	one, two := play("1"), play("2")
	played, err := os.ReadFile(filepath.Join(dir, "r1.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(string(played), "\n")
	got := rerated(one)
	if len(got) != len(want) || len(got) != 5 {
		t.Fatalf("rerated:\n%s\nplayed:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := 1; i < len(got); i++ {
		if cols(got[i], 12) != cols(want[i], 12) {
			t.Errorf("line %d: rerated %q, played %q", i, got[i], want[i])
		}
		if (i == 2 || i == 3) && !strings.HasSuffix(got[i], "\tNA\tNA\tNA\tNA") {
			t.Errorf("line %d: %q: want NA move times", i, got[i])
		}
	}
	if !strings.HasPrefix(got[0], "# kisolo: the games recorded in "+one+" (no move times: NA)") {
		t.Errorf("first line %q", got[0])
	}
	both := rerated(one + "," + two)
	// alphabeta:2's games column counts the distinct games of both runs.
	f := strings.Split(both[3], "\t")
	if f[0] != "alphabeta:2" || f[7] != "12" {
		t.Errorf("both runs: %q, want alphabeta:2 with 12 games", both[3])
	}
	var out, errOut bytes.Buffer
	if code := main1([]string{"-game", "kisolo", "-agents", "alphabeta:1,alphabeta:3", "-rerate", one, "-progress=false"}, &out, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), `players "alphabeta:1" and "alphabeta:2": want two of the players listed`) {
		t.Errorf("other players: exit %d, %s", code, errOut.String())
	}
}
