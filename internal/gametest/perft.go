package gametest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// PerftCase is one position of a game's perft golden file.
type PerftCase[P any] struct {
	Name  string // one word naming the case in the file: "default", "Columns:6"
	Start P      // the position counted from
	Depth int    // the file holds perft(Start, d) for d = 0..Depth
	Short int    // under -short only depths 0..Short are counted (0: all)
}

// Perft checks perft counts (docs/rules/common.md, "Perft convention")
// against a golden file, path (testdata/perft.golden): for every case,
// perft(Start, d) for d = 0..Depth (0..Short under -short) must be what the
// file says, and the file must hold exactly the cases given, each at its
// position and depths. With update it counts every depth of every case
// (also under -short) and writes the file afresh instead; a game's test
// passes the value of its -update flag.
//
// The file is plain text: '#' comments, then for each case a line
// "position <name> <position>" followed by one line "perft <depth>
// <count>" per depth from 0, as examples/perft prints them.
func Perft[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], path string, update bool, cases []PerftCase[P]) {
	t.Helper()
	count := func(t *testing.T, c PerftCase[P], depth int) []uint64 {
		t.Helper()
		out := make([]uint64, depth+1)
		for i := range out {
			n, err := mancala.Perft[P, M](c.Start, i)
			if err != nil {
				t.Fatalf("%s: perft(%d): %v", c.Name, i, err)
			}
			out[i] = n
		}
		return out
	}
	if update {
		var b strings.Builder
		fmt.Fprintf(&b, "# Perft counts of %s (docs/rules/common.md, \"Perft convention\"): for each\n", d.Name)
		b.WriteString("# position, perft <depth> <positions>. Checked by TestPerft; rewrite with\n")
		fmt.Fprintf(&b, "# go test ./%s/ -run TestPerft -update\n", d.Name)
		for _, c := range cases {
			fmt.Fprintf(&b, "\nposition %s %s\n", c.Name, c.Start.String())
			for i, n := range count(t, c, c.Depth) {
				fmt.Fprintf(&b, "perft %d %d\n", i, n)
			}
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	golden, err := readPerft(path)
	if err != nil {
		t.Fatalf("%v (the flag -update writes it)", err)
	}
	counted := map[string][]uint64{}
	for _, c := range cases {
		depth := c.Depth
		if testing.Short() && c.Short > 0 {
			depth = min(depth, c.Short)
		}
		counted[c.Name] = count(t, c, depth)
	}
	for _, msg := range comparePerft(golden, cases, counted) {
		t.Errorf("%s: %s", path, msg)
	}
}

// comparePerft returns what is wrong with the golden counts for cases,
// given the counts the test made (counted[name][d] = perft at depth d, for
// every case, from depth 0 up to any depth within the case's Depth).
func comparePerft[P mancala.Position[P, M], M mancala.Move](golden map[string]perftGolden, cases []PerftCase[P], counted map[string][]uint64) []string {
	var msgs []string
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.Name] = true
		g, ok := golden[c.Name]
		switch {
		case !ok:
			msgs = append(msgs, "case "+c.Name+" is missing (-update rewrites the file)")
			continue
		case g.pos != c.Start.String():
			msgs = append(msgs, fmt.Sprintf("case %s is position %q, the test counts from %q (-update rewrites the file)", c.Name, g.pos, c.Start.String()))
			continue
		case len(g.counts) != c.Depth+1:
			msgs = append(msgs, fmt.Sprintf("case %s has depths 0..%d, the test wants 0..%d (-update rewrites the file)", c.Name, len(g.counts)-1, c.Depth))
			continue
		}
		for d, n := range counted[c.Name] {
			if n != g.counts[d] {
				msgs = append(msgs, fmt.Sprintf("case %s: perft(%s, %d) = %d, the file says %d", c.Name, c.Start.String(), d, n, g.counts[d]))
			}
		}
	}
	var extra []string
	for name := range golden {
		if !seen[name] {
			extra = append(extra, name)
		}
	}
	slices.Sort(extra)
	for _, name := range extra {
		msgs = append(msgs, "case "+name+" is not counted by the test (-update rewrites the file)")
	}
	return msgs
}

type perftGolden struct {
	pos    string
	counts []uint64
}

// readPerft reads a golden file written by Perft.
func readPerft(path string) (map[string]perftGolden, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]perftGolden{}
	var name string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(msg string) (map[string]perftGolden, error) {
			return nil, fmt.Errorf("%s:%d: %s", path, n, msg)
		}
		if rest, ok := strings.CutPrefix(line, "position "); ok {
			nm, pos, ok := strings.Cut(rest, " ")
			if !ok || pos == "" {
				return bad("want position <name> <position>")
			}
			if _, dup := out[nm]; dup {
				return bad("case " + nm + " given twice")
			}
			name = nm
			out[name] = perftGolden{pos: pos}
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != "perft" || name == "" {
			return bad("want perft <depth> <count> after a position line")
		}
		depth, err1 := strconv.Atoi(f[1])
		nodes, err2 := strconv.ParseUint(f[2], 10, 64)
		g := out[name]
		if err1 != nil || err2 != nil || depth != len(g.counts) {
			return bad(fmt.Sprintf("want perft %d <count>", len(g.counts)))
		}
		g.counts = append(g.counts, nodes)
		out[name] = g
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
