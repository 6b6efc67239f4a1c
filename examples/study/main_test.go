package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/small.csv from the current code")

// TestMain lets the tests run this program as a child process (for the
// kill test): with STUDY_TEST_MAIN=1 the test binary is the study program.
func TestMain(m *testing.M) {
	if os.Getenv("STUDY_TEST_MAIN") == "1" {
		os.Exit(main1(context.Background(), os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func noEnv(string) string { return "" }

// study runs the program in-process and returns its exit code, stdout and
// stderr.
func study(t *testing.T, getenv func(string) string, args ...string) (int, string, string) {
	t.Helper()
	if getenv == nil {
		getenv = noEnv
	}
	var out, errs bytes.Buffer
	code := main1(context.Background(), args, getenv, &out, &errs)
	return code, out.String(), errs.String()
}

// runAll runs every shard of n of spec into dir with workers.
func runAll(t *testing.T, spec, dir string, n, workers int) {
	t.Helper()
	for k := range n {
		code, _, errs := study(t, nil, "run", "-spec", spec, "-out", dir, "-shard", fmt.Sprintf("%d/%d", k, n), "-workers", fmt.Sprint(workers))
		if code != 0 {
			t.Fatalf("run shard %d/%d: exit %d: %s", k, n, code, errs)
		}
	}
}

// merged returns the Markdown and CSV of dir.
func merged(t *testing.T, dir string) [2]string {
	t.Helper()
	csv := filepath.Join(t.TempDir(), "t.csv")
	code, md, errs := study(t, nil, "merge", "-csv", csv, dir)
	if code != 0 {
		t.Fatalf("merge %s: exit %d: %s", dir, code, errs)
	}
	c, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	return [2]string{md, string(c)}
}

const small = "testdata/small.json"

// TestShards: 1, 3 and 7 shards, and any number of workers, give
// byte-identical tables, CSV and charts; the CSV is pinned.
func TestShards(t *testing.T) {
	base := t.TempDir()
	var want [2]string
	for i, tc := range []struct{ shards, workers int }{{1, 1}, {3, 2}, {7, 3}, {7, 1}} {
		dir := filepath.Join(base, fmt.Sprintf("%d-%d", tc.shards, tc.workers))
		runAll(t, small, dir, tc.shards, tc.workers)
		got := merged(t, dir)
		if i == 0 {
			want = got
			continue
		}
		for j, what := range []string{"Markdown", "CSV"} {
			if got[j] != want[j] {
				t.Errorf("%d shards, %d workers: the %s differs from 1 shard's:\n%s", tc.shards, tc.workers, what, cmp.Diff(want[j], got[j]))
			}
		}
	}
	if *update {
		if err := os.WriteFile("testdata/small.csv", []byte(want[1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden, err := os.ReadFile("testdata/small.csv")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(golden), want[1]); diff != "" {
		t.Errorf("CSV (-testdata/small.csv +got; go test -update rewrites it if the change is meant):\n%s", diff)
	}
	// Every row adds up: wins, draws and censored games make the games.
	for _, l := range strings.Split(strings.TrimSpace(want[1]), "\n")[1:] {
		var g, rules, s, n string
		var games, distinct, sw, nw, d, c int
		f := strings.Split(l, ",")
		if _, err := fmt.Sscan(strings.Join(f[4:10], " "), &games, &distinct, &sw, &nw, &d, &c); err != nil {
			t.Fatal(l, err)
		}
		g, rules, s, n = f[0], f[1], f[2], f[3]
		if games != sw+nw+d+c || distinct > games {
			t.Errorf("%s %s %s %s: %d games, %d distinct, but %d+%d+%d+%d", g, rules, s, n, games, distinct, sw, nw, d, c)
		}
	}
	// The Markdown names every cell.
	for _, want := range []string{"| kimasai | default | random | random | 200 | 200 |", "| kisolo | Columns:6 | alphabeta:2 | alphabeta:2 | 12 | 6 |", "ply cap 300 plies"} {
		if !strings.Contains(want, "|") && !strings.Contains(want, " ") {
			continue
		}
		if !strings.Contains(merged(t, filepath.Join(base, "1-1"))[0], want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
}

// TestMirror: for a deterministic agent against itself the program does
// not play game 2j+1, it copies game 2j; playing it gives the same line.
func TestMirror(t *testing.T) {
	s, _, err := readSpec(small)
	if err != nil {
		t.Fatal(err)
	}
	for c := range s.Cells {
		r, err := newRunner(&s.Cells[c], s)
		if err != nil {
			t.Fatal(err)
		}
		wantMirror := s.Cells[c].South == s.Cells[c].North && strings.HasPrefix(s.Cells[c].South, "alphabeta:")
		if r.mirror != wantMirror {
			t.Errorf("cell %d: mirror %v, want %v", c, r.mirror, wantMirror)
		}
		if !r.mirror {
			continue
		}
		for j := range s.games(c) / 2 {
			a, err1 := r.play(context.Background(), 2*j)
			b, err2 := r.play(context.Background(), 2*j+1)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			a.Index = b.Index
			if a != b {
				t.Errorf("cell %d games %d and %d differ: %+v, %+v", c, 2*j, 2*j+1, a, b)
			}
		}
	}
}

// TestRerun: a complete shard is skipped; a killed run's leftovers are no
// shard, merge names the missing shard, and the rerun completes it without
// duplicating games.
func TestRerun(t *testing.T) {
	dir := t.TempDir()
	runAll(t, small, dir, 3, 2)
	want := merged(t, dir)
	shard1 := filepath.Join(dir, "shard-0001-of-0003.jsonl")
	before, _ := os.ReadFile(shard1)
	code, _, errs := study(t, nil, "run", "-spec", small, "-out", dir, "-shard", "1/3")
	if code != 0 || !strings.Contains(errs, "shard-0001-of-0003.jsonl is complete; skipped") {
		t.Errorf("rerun of a complete shard: exit %d, %q; want 0 and skipped", code, errs)
	}
	after, _ := os.ReadFile(shard1)
	if !bytes.Equal(before, after) {
		t.Errorf("a skipped shard was rewritten")
	}
	// A killed run: its temporary file holds half the shard.
	if err := os.Remove(shard1); err != nil {
		t.Fatal(err)
	}
	half := before[:len(before)/2]
	if err := os.WriteFile(filepath.Join(dir, ".shard-0001-of-0003.jsonl.tmp4242"), half, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errs = study(t, nil, "merge", dir)
	wantErr := "study merge: " + dir + ": missing 1 of 3 shards, 100 games: shard 1 (shard-0001-of-0003.jsonl); run them (study run -shard K/3) and merge again\n"
	if code != 1 || errs != wantErr {
		t.Errorf("merge without shard 1: exit %d, %q; want 1, %q", code, errs, wantErr)
	}
	if code, _, errs := study(t, nil, "run", "-spec", small, "-out", dir, "-shard", "1/3"); code != 0 {
		t.Fatalf("rerun: %d %s", code, errs)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".shard*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if got := merged(t, dir); got != want {
		t.Errorf("after the rerun the table differs:\n%s", cmp.Diff(want[0], got[0]))
	}
}

// TestKill kills a real run (SIGKILL, as a scheduler's time limit does)
// while it writes a shard: no shard file is left, and the rerun gives the
// table of an uninterrupted run.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a study of a few seconds")
	}
	dir := t.TempDir()
	spec := filepath.Join(t.TempDir(), "slow.json")
	if err := os.WriteFile(spec, []byte(`{"seed":3,"games":40,"openingPlies":2,"maxPlies":400,"cells":[
	{"game":"kimasai","rules":"","south":"alphabeta:2","north":"mcts:100"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "run", "-spec", spec, "-out", dir, "-shard", "0/2", "-workers", "1", "-progress=true")
	cmd.Env = append(os.Environ(), "STUDY_TEST_MAIN=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the progress bar to show a finished game: the shard is
	// being written.
	buf := make([]byte, 4096)
	var seen []byte
	for !bytes.Contains(seen, []byte("(1/")) && !bytes.Contains(seen, []byte("(2/")) {
		n, err := stderr.Read(buf)
		if err != nil {
			t.Fatalf("the run ended before a game was finished: %v: %s", err, seen)
		}
		seen = append(seen, buf[:n]...)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if _, err := os.Stat(filepath.Join(dir, "shard-0000-of-0002.jsonl")); err == nil {
		t.Fatal("a killed run left a shard file")
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".shard-0000-of-0002.jsonl.tmp*")); len(tmp) != 1 {
		t.Errorf("want the killed run's one temporary file, got %v", tmp)
	}
	runAll(t, spec, dir, 2, 2)
	other := t.TempDir()
	runAll(t, spec, other, 1, 2)
	if a, b := merged(t, dir), merged(t, other); a != b {
		t.Errorf("killed and rerun vs one run:\n%s", cmp.Diff(b[0], a[0]))
	}
}

func TestMergeErrors(t *testing.T) {
	good := t.TempDir()
	runAll(t, small, good, 3, 2)
	copyDir := func(t *testing.T) string {
		d := t.TempDir()
		entries, _ := os.ReadDir(good)
		for _, e := range entries {
			b, _ := os.ReadFile(filepath.Join(good, e.Name()))
			os.WriteFile(filepath.Join(d, e.Name()), b, 0o644)
		}
		return d
	}
	edit := func(t *testing.T, d, name string, fn func(lines []string) []string) {
		b, err := os.ReadFile(filepath.Join(d, name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		lines = fn(lines)
		os.WriteFile(filepath.Join(d, name), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	}
	// A study of the same shape (cells, games, shards) under other rules:
	// its shards fit this study's plan exactly.
	other := t.TempDir()
	otherSpec := filepath.Join(t.TempDir(), "other.json")
	b, _ := os.ReadFile(small)
	os.WriteFile(otherSpec, []byte(strings.Replace(string(b), `"game": "kisolo", "rules": ""`, `"game": "kisolo", "rules": "Columns:6"`, 1)), 0o644)
	runAll(t, otherSpec, other, 3, 2)
	canon, _ := os.ReadFile(filepath.Join(good, specName))
	digest := specDigest(canon)
	// set changes field of game line i (1: the first) of a shard to v.
	set := func(field, v string) func(l []string) []string {
		return func(l []string) []string {
			l[1] = regexp.MustCompile(`"`+field+`":("[^"]*"|[^,}]*)`).ReplaceAllString(l[1], `"`+field+`":`+v)
			return l
		}
	}
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, d string)
		want   string
	}{
		{"missing shards", func(t *testing.T, d string) {
			os.Remove(filepath.Join(d, "shard-0000-of-0003.jsonl"))
			os.Remove(filepath.Join(d, "shard-0002-of-0003.jsonl"))
		}, "DIR: missing 2 of 3 shards, 198 games: shard 0 (shard-0000-of-0003.jsonl), 2 (shard-0002-of-0003.jsonl); run them (study run -shard K/3) and merge again"},
		// S-1: a shard of another study of the same shape was merged
		// into a table labelled with this one's rules.
		{"shard of another study", func(t *testing.T, d string) {
			b, _ := os.ReadFile(filepath.Join(other, "shard-0001-of-0003.jsonl"))
			os.WriteFile(filepath.Join(d, "shard-0001-of-0003.jsonl"), b, 0o644)
		}, "DIR: 1 of 3 shards belong to another study than spec.json (spec " + digest + "): shard-0001-of-0003.jsonl; a study's shards come from its own spec: run them again into an empty directory"},
		{"another program version", func(t *testing.T, d string) {
			edit(t, d, "shard-0002-of-0003.jsonl", func(l []string) []string {
				l[0] = strings.Replace(l[0], `"program":"devel"`, `"program":"v9.9.9"`, 1)
				return l
			})
		}, "DIR/shard-0002-of-0003.jsonl was played by program version v9.9.9, not devel: one study's shards come from one version (games depend on the library's code); run it again with this version, or merge with that one (shard-0000-of-0003.jsonl was played by devel)"},
		{"no header", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { return l[1:] })
		}, `DIR/shard-0001-of-0003.jsonl:1: not a shard header ({"spec":...,"program":...,"shard":...,"of":...}): written by an older version of this program, or by another one; run the shard again`},
		{"header of another shard", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { l[0] = strings.Replace(l[0], `"shard":1`, `"shard":2`, 1); return l })
		}, "DIR/shard-0001-of-0003.jsonl holds shard 2/3, not the 1/3 its name says (shard-0000-of-0003.jsonl was played by devel)"},
		{"duplicate game", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { return append(l, l[3]) })
		}, "DIR/shard-0001-of-0003.jsonl:102: game 8 of cell 0 after the last game of shard 1 (100 games): duplicate or foreign games"},
		{"game read twice", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { return append(l[:4], l[3:]...) })
		}, "DIR/shard-0001-of-0003.jsonl:5: game 8 of cell 0 (kisolo default, random vs random), where shard 1 has game 9 of cell 0 (kisolo default, random vs random) next: run writes every game of its shard once, in order"},
		{"game in the wrong shard", func(t *testing.T, d string) {
			b, _ := os.ReadFile(filepath.Join(d, "shard-0000-of-0003.jsonl"))
			first := strings.SplitN(string(b), "\n", 3)[1]
			edit(t, d, "shard-0002-of-0003.jsonl", func(l []string) []string { return append([]string{l[0], first}, l[1:]...) })
		}, "DIR/shard-0002-of-0003.jsonl:2: game 0 of cell 0 (kisolo default, random vs random), where shard 2 has game 4 of cell 0 (kisolo default, random vs random) next: run writes every game of its shard once, in order"},
		{"lost game", func(t *testing.T, d string) {
			edit(t, d, "shard-0002-of-0003.jsonl", func(l []string) []string { return l[:len(l)-1] })
		}, "DIR/shard-0002-of-0003.jsonl: ends after 97 of its 98 games: game 5 of cell 5 (kiothi CaptureNeedsCrossing:true, alphabeta:1 vs random) and those after it are missing; remove the file and run shard 2/3 again"},
		{"two splits", func(t *testing.T, d string) {
			os.WriteFile(filepath.Join(d, "shard-0000-of-0005.jsonl"), nil, 0o644)
		}, "DIR: shards of two splits, 3 and 5 shards (shard-0000-of-0005.jsonl): merge one split"},
		{"bad line", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { l[1] = `{"cell":0,`; return l })
		}, "DIR/shard-0001-of-0003.jsonl:2: not a game line: unexpected EOF"},
		{"unknown field", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { l[1] = strings.Replace(l[1], `{`, `{"x":1,`, 1); return l })
		}, `DIR/shard-0001-of-0003.jsonl:2: not a game line: json: unknown field "x"`},
		{"field given twice", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { l[1] = strings.Replace(l[1], `{`, `{"plies":5,`, 1); return l })
		}, "DIR/shard-0001-of-0003.jsonl:2: not a game line as run writes it (its fields, their order and spelling)"},
		// S-4: results, reasons and plies run never writes.
		{"bad result", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", set("result", `"XS:inner"`))
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): result \"XS:inner\": want S:<reason>, N:<reason>, draw:<reason> or * (censored)"},
		{"bogus reason", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", set("result", `"S:bogus"`))
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): result \"S:bogus\": want S:<reason>, N:<reason>, draw:<reason> or * (censored)"},
		{"reason not the result's", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string { return set("reason", `"outer"`)(set("result", `"S:inner"`)(l)) })
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): reason \"outer\", but the result \"S:inner\" says \"inner\""},
		{"a win marked endless", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string {
				return set("endless", "true")(set("reason", `"inner"`)(set("result", `"S:inner"`)(l)))
			})
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): endless true with the result \"S:inner\""},
		{"plies over the cap", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", set("plies", "301"))
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): 301 plies, over the study's cap of 300"},
		{"plies near 2^63", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", set("plies", "9223372036854775000"))
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): 9223372036854775000 plies, over the study's cap of 300"},
		{"negative plies", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", set("plies", "-1"))
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): -1 plies: every game has at least one"},
		// S-4r: a game of no plies (no start is over), and a repetition
		// under rules without C-10.
		{"no plies", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", set("plies", "0"))
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): 0 plies: every game has at least one"},
		{"repetition without C-10", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string {
				return set("endless", "false")(set("reason", `"repetition"`)(set("result", `"S:repetition"`)(l)))
			})
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): result \"S:repetition\", but the cell's rules do not end a game by repetition (C-10 needs Repetition:Three)"},
		{"censored before the cap", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string {
				return set("censored", "true")(set("endless", "false")(set("reason", `""`)(set("result", `"*"`)(set("plies", "12")(l)))))
			})
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): censored after 12 plies, not at the cap of 300"},
		{"hash in a random cell", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", func(l []string) []string {
				l[1] = strings.Replace(l[1], `}`, `,"hash":"0123456789abcdef"}`, 1)
				return l
			})
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 0 (kisolo default, random vs random): hash \"0123456789abcdef\" in a random-vs-random cell, which has none"},
		{"unknown cell", func(t *testing.T, d string) {
			edit(t, d, "shard-0001-of-0003.jsonl", set("cell", "9"))
		}, "DIR/shard-0001-of-0003.jsonl:2: game 2 of cell 9 (?), where shard 1 has game 2 of cell 0 (kisolo default, random vs random) next: run writes every game of its shard once, in order"},
		{"no shards", func(t *testing.T, d string) {
			for k := range 3 {
				os.Remove(filepath.Join(d, shardName(k, 3)))
			}
		}, "DIR: no shard files (shard-*-of-*.jsonl): run the study first"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := copyDir(t)
			tc.change(t, d)
			code, out, errs := study(t, nil, "merge", d)
			want := "study merge: " + strings.ReplaceAll(tc.want, "DIR", d) + "\n"
			if code != 1 || errs != want || out != "" {
				t.Errorf("exit %d, stdout %q, stderr\n%q\nwant 1 and\n%q", code, out, errs, want)
			}
		})
	}
	code, _, errs := study(t, nil, "merge", t.TempDir())
	if code != 1 || !strings.Contains(errs, "no study here") {
		t.Errorf("merge of an empty directory: %d %q", code, errs)
	}
}

func TestChooseShard(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name   string
		flag   string
		shards int
		env    func(string) string
		k, n   int
		err    string
	}{
		{"none", "", 0, noEnv, 0, 1, ""},
		{"flag", "2/5", 0, env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 2, 5, ""},
		{"slurm", "", 0, env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "0"), 3, 4, ""},
		{"slurm from 1", "", 0, env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "1"), 0, 0, "the job array starts at 1: submit it as --array=0-N (shards are numbered from 0)"},
		{"slurm without count", "", 0, env("SLURM_ARRAY_TASK_ID", "3"), 0, 0, "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (Slurm 17.11 or later sets both)"},
		{"slurm out of range", "", 0, env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_COUNT", "4"), 0, 0, "SLURM_ARRAY_TASK_ID=4, SLURM_ARRAY_TASK_COUNT=4: want shard i of n with 0 <= i < n <= 1000000"},
		{"kubernetes flag", "", 8, env("JOB_COMPLETION_INDEX", "7"), 7, 8, ""},
		{"kubernetes env", "", 0, env("JOB_COMPLETION_INDEX", "0", "STUDY_SHARDS", "3"), 0, 3, ""},
		{"kubernetes without count", "", 0, env("JOB_COMPLETION_INDEX", "0"), 0, 0, "JOB_COMPLETION_INDEX is set: give the number of shards (the Job's completions) with -shards or STUDY_SHARDS"},
		{"bad flag", "3", 0, noEnv, 0, 0, `-shard "3": want i/n, e.g. 0/4`},
		{"flag out of range", "3/3", 0, noEnv, 0, 0, "-shard 3/3: want shard i of n with 0 <= i < n <= 1000000"},
		{"negative", "-1/3", 0, noEnv, 0, 0, "-shard -1/3: want shard i of n with 0 <= i < n <= 1000000"},
		{"not a number", "a/b", 0, noEnv, 0, 0, "-shard a/b: want shard i of n with 0 <= i < n <= 1000000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, n, err := chooseShard(tc.flag, tc.shards, tc.env)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if msg != tc.err || (err == nil && (k != tc.k || n != tc.n)) {
				t.Errorf("chooseShard = %d/%d, %q; want %d/%d, %q", k, n, msg, tc.k, tc.n, tc.err)
			}
		})
	}
	// The environment drives a real run.
	dir := t.TempDir()
	for k := range 2 {
		code, _, errs := study(t, env("SLURM_ARRAY_TASK_ID", fmt.Sprint(k), "SLURM_ARRAY_TASK_COUNT", "2"), "run", "-spec", small, "-out", dir)
		if code != 0 {
			t.Fatal(errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "shard-0001-of-0002.jsonl")); err != nil {
		t.Errorf("the Slurm environment did not choose the shard: %v", err)
	}
}

func TestCLIErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	spec := func(cells string) string {
		return `{"seed":1,"games":4,"openingPlies":2,"maxPlies":100,"cells":[` + cells + `]}`
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", nil, 2, usage},
		{"unknown command", []string{"walk"}, 2, "study: unknown command \"walk\"\n" + usage},
		{"no spec", []string{"run", "-out", dir}, 2, "study run: -spec and -out are required\n"},
		{"workers", []string{"run", "-spec", small, "-out", dir, "-workers", "0"}, 2, "study run: -workers 0: want 1..1024\n"},
		{"extra argument", []string{"run", "-spec", small, "-out", dir, "x"}, 2, "study run: unexpected argument \"x\"\n"},
		{"bad shard", []string{"run", "-spec", small, "-out", dir, "-shard", "1/0"}, 2, "study run: -shard 1/0: want shard i of n with 0 <= i < n <= 1000000\n"},
		{"missing spec", []string{"run", "-spec", filepath.Join(dir, "none.json"), "-out", dir}, 1, "study run: open " + filepath.Join(dir, "none.json") + ": no such file or directory\n"},
		{"unknown field", []string{"run", "-spec", write("f.json", `{"seed":1,"games":4,"cels":[]}`), "-out", dir}, 1, "study run: " + dir + "/f.json: spec: json: unknown field \"cels\"\n"},
		{"no games", []string{"run", "-spec", write("g.json", `{"seed":1,"games":0,"cells":[]}`), "-out", dir}, 1, "study run: " + dir + "/g.json: spec: games 0: want 1..2147483648\n"},
		{"no cells", []string{"run", "-spec", write("c.json", `{"seed":1,"games":3}`), "-out", dir}, 1, "study run: " + dir + "/c.json: spec: no cells\n"},
		{"negative cap", []string{"run", "-spec", write("m.json", `{"seed":1,"games":3,"maxPlies":-1,"cells":[]}`), "-out", dir}, 1, "study run: " + dir + "/m.json: spec: maxPlies -1: want 0 (no cap) or more\n"},
		{"unknown game", []string{"run", "-spec", write("u.json", spec(`{"game":"oware","south":"random","north":"random"}`)), "-out", dir}, 1, "study run: " + dir + "/u.json: spec: cell 0 (oware): unknown game \"oware\" (want kisolo, kiothi, kimasai)\n"},
		{"bad rules", []string{"run", "-spec", write("r.json", spec(`{"game":"kisolo","rules":"Columns:9","south":"random","north":"random"}`)), "-out", dir}, 1, "study run: " + dir + "/r.json: spec: cell 0 (kisolo): kisolo: bad rules: \"Columns:9\": Columns must be 6, 7 or 8 (0 means 7); got \"9\"\n"},
		{"unknown player", []string{"run", "-spec", write("p.json", spec(`{"game":"kisolo","south":"human","north":"random"}`)), "-out", dir}, 1, "study run: " + dir + "/p.json: spec: cell 0 (kisolo): player \"human\": agent: spec \"human\": unknown agent or level (want random, alphabeta, mcts, mcts-eval, or a level: its levels are Beginner, Casual, Intermediate, Strong, Expert, Master)\n"},
		{"timed", []string{"run", "-spec", write("t.json", spec(`{"game":"kisolo","south":"mcts:10:time=1s","north":"random"}`)), "-out", dir}, 1, "study run: " + dir + "/t.json: spec: cell 0 (kisolo): player \"mcts:10:time=1s\": a time budget makes the games depend on the machine's speed: give a depth or iterations\n"},
		{"same agents", []string{"run", "-spec", write("same.json", spec(`{"game":"kisolo","south":"alphabeta:02","north":"mcts:+100"},{"game":"kisolo","south":"level:casual","north":"mcts:100"}`)), "-out", dir}, 1, "study run: " + dir + "/same.json: spec: cells 0 and 1 are the same cell (kisolo default, alphabeta:2 vs mcts:100)\n"},
		{"deep", []string{"run", "-spec", write("d.json", spec(`{"game":"kisolo","south":"alphabeta:30","north":"random"}`)), "-out", dir}, 1, "study run: " + dir + "/d.json: spec: cell 0 (kisolo): player \"alphabeta:30\": depth at most 20\n"},
		{"same cell", []string{"run", "-spec", write("s.json", spec(`{"game":"kisolo","rules":"Columns:7","south":"random","north":"random"},{"game":"kisolo","south":"random","north":"random"}`)), "-out", dir}, 1, "study run: " + dir + "/s.json: spec: cells 0 and 1 are the same cell (kisolo default, random vs random)\n"},
		{"merge args", []string{"merge"}, 2, "study merge: want a directory (or several, one study each)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := study(t, nil, tc.args...)
			if code != tc.code || errs != tc.want {
				t.Errorf("exit %d, stderr\n%q\nwant %d,\n%q", code, errs, tc.code, tc.want)
			}
		})
	}
	// Another spec in the same output directory is refused.
	out := t.TempDir()
	runAll(t, small, out, 1, 1)
	other := write("other.json", spec(`{"game":"kisolo","south":"random","north":"random"}`))
	code, _, errs := study(t, nil, "run", "-spec", other, "-out", out)
	if want := "study run: " + out + "/spec.json holds another study's spec: use another -out, or empty it\n"; code != 1 || errs != want {
		t.Errorf("another spec: %d %q, want 1 %q", code, errs, want)
	}
}

func TestPlanSplit(t *testing.T) {
	s := &Spec{Games: 5, Cells: []Cell{{}, {Games: 1}, {Games: 8}, {Games: 3}}}
	p := newPlan(s)
	for _, n := range []int{1, 2, 3, 4, 7, 11} {
		count := make([]int64, n)
		for c := range s.Cells {
			for i := range s.games(c) {
				count[p.shardOf(c, i, n)]++
			}
		}
		for k := range n {
			if got := p.shardGames(k, n); got != count[k] {
				t.Errorf("n=%d shard %d: shardGames %d, counted %d", n, k, got, count[k])
			}
			var games int64
			p.units(k, n, func(c, pair int) bool {
				if p.shardOf(c, 2*pair, n) != k {
					t.Errorf("n=%d: units gave shard %d cell %d pair %d", n, k, c, pair)
				}
				games += int64(min(2*pair+2, s.games(c)) - 2*pair)
				return true
			})
			if games != count[k] {
				t.Errorf("n=%d shard %d: units hold %d games, counted %d", n, k, games, count[k])
			}
		}
	}
}

// TestMergeSeveral: several studies give one table each, one CSV and one
// chart.
func TestMergeSeveral(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	runAll(t, small, a, 1, 2)
	spec := filepath.Join(t.TempDir(), "b.json")
	os.WriteFile(spec, []byte(`{"seed":1,"games":20,"openingPlies":6,"maxPlies":50,"cells":[{"game":"kisolo","south":"alphabeta:1","north":"alphabeta:1"}]}`), 0o644)
	runAll(t, spec, b, 2, 1)
	csv := filepath.Join(t.TempDir(), "t.csv")
	code, md, errs := study(t, nil, "merge", "-csv", csv, a, b)
	if code != 0 {
		t.Fatal(errs)
	}
	if n := strings.Count(md, "Study: "); n != 2 || !strings.Contains(md, "Study: 1 cells, 20 games; seed 1, 6 random opening plies, ply cap 50 plies.") {
		t.Errorf("want two tables, the second of 20 games:\n%s", md)
	}
	c, _ := os.ReadFile(csv)
	lines := strings.Split(strings.TrimSpace(string(c)), "\n")
	if len(lines) != 1+6+1 || !strings.HasPrefix(lines[7], "kisolo,,alphabeta:1,alphabeta:1,20,") || !strings.HasSuffix(lines[7], ",6,0,50,1") {
		t.Errorf("CSV: want the header, 6 rows and the second study's row:\n%s", c)
	}
	if code, _, errs := study(t, nil, "merge", a, t.TempDir()); code != 1 || !strings.Contains(errs, "no study here") {
		t.Errorf("merge with an empty second directory: %d %q", code, errs)
	}
}

// S-1: run refuses an output directory of another study, also when its
// spec.json was replaced by hand: a complete shard of the old study is not
// skipped as if it were the new one's.
func TestRunOtherStudy(t *testing.T) {
	dir := t.TempDir()
	runAll(t, small, dir, 3, 2)
	otherSpec := filepath.Join(t.TempDir(), "other.json")
	b, _ := os.ReadFile(small)
	os.WriteFile(otherSpec, []byte(strings.Replace(string(b), `"seed": 7`, `"seed": 8`, 1)), 0o644)
	code, _, errs := study(t, nil, "run", "-spec", otherSpec, "-out", dir, "-shard", "1/3")
	if want := "study run: " + filepath.Join(dir, specName) + " holds another study's spec: use another -out, or empty it\n"; code != 1 || errs != want {
		t.Errorf("another spec: exit %d, %q; want 1, %q", code, errs, want)
	}
	// Replace spec.json with the other study's, as the attack did.
	_, canon, err := readSpec(otherSpec)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, specName), canon, 0o644)
	_, smallCanon, _ := readSpec(small)
	code, _, errs = study(t, nil, "run", "-spec", otherSpec, "-out", dir, "-shard", "1/3")
	want := "study run: " + filepath.Join(dir, "shard-0001-of-0003.jsonl") + " belongs to another study (spec " + specDigest(smallCanon) +
		"; this study's spec.json is " + specDigest(canon) + "): remove it, or use another directory\n"
	if code != 1 || errs != want {
		t.Errorf("spec.json replaced: exit %d, %q; want 1, %q", code, errs, want)
	}
}

// S-2: every spec run accepts (at most 1 MiB) can be merged: spec.json is
// written compactly. A spec of 10,000 cells of 650 KiB was written
// indented as over 1 MiB, which merge refused.
func TestLargeSpec(t *testing.T) {
	var cells []string
	for i := range maxCells {
		cells = append(cells, fmt.Sprintf(`{"game":"kisolo","rules":"","south":"random","north":"mcts:%d"}`, 1+i))
	}
	text := `{"seed":1,"games":1,"openingPlies":0,"maxPlies":1,"cells":[` + strings.Join(cells, ",") + "]}"
	if len(text) > maxSpecSize {
		t.Fatalf("the spec is %d bytes", len(text))
	}
	spec := filepath.Join(t.TempDir(), "large.json")
	os.WriteFile(spec, []byte(text), 0o644)
	dir := t.TempDir()
	runAll(t, spec, dir, 1, 2)
	if st, err := os.Stat(filepath.Join(dir, specName)); err != nil || st.Size() > maxSpecSize {
		t.Fatalf("spec.json: %v %v", st.Size(), err)
	}
	code, out, errs := study(t, nil, "merge", dir)
	if code != 0 || !strings.HasPrefix(out, "Study: 10000 cells, ") {
		t.Errorf("merge: exit %d, %.100q, %q", code, out, errs)
	}
}

// S-3: merge allocates by what it reads, not by what a spec claims: a
// valid spec of 9,000 cells of 2^31 games each, whose shard holds one
// game, is refused at once (the shard is incomplete), where merge died
// reserving games/8 bytes per cell (2.4 TB: "fatal error: out of memory").
func TestMergeHugeClaims(t *testing.T) {
	var cells []string
	for i := range 9000 {
		cells = append(cells, fmt.Sprintf(`{"game":"kisolo","rules":"","south":"random","north":"mcts:%d"}`, 1+i))
	}
	text := `{"seed":1,"games":2147483648,"openingPlies":0,"maxPlies":1,"cells":[` + strings.Join(cells, ",") + "]}"
	spec := filepath.Join(t.TempDir(), "huge.json")
	os.WriteFile(spec, []byte(text), 0o644)
	s, canon, err := readSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, specName), canon, 0o644)
	r, err := newRunner(&s.Cells[0], s)
	if err != nil {
		t.Fatal(err)
	}
	l, err := r.play(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := json.Marshal(header{Spec: specDigest(canon), Program: version, Shard: 0, Of: 1})
	lb, _ := appendLine(nil, l)
	os.WriteFile(filepath.Join(dir, shardName(0, 1)), append(append(hb, '\n'), lb...), 0o644)
	code, _, errs := study(t, nil, "merge", dir)
	want := "study merge: " + filepath.Join(dir, shardName(0, 1)) + ": ends after 1 of its " + fmt.Sprint(9000*int64(maxGames)) + " games: game 1 of cell 0 (kisolo default, random vs mcts:1) and those after it are missing; remove the file and run shard 0/1 again\n"
	if code != 1 || errs != want {
		t.Errorf("exit %d, %q; want 1, %q", code, errs, want)
	}
}
