package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// want returns the output the program must print for perft (or divide) of
// p at depth, computed with the library.
func want[P mancala.Position[P, M], M mancala.Move](t *testing.T, p P, depth int, divide bool) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintln(&b, p)
	if divide {
		es, err := mancala.Divide[P, M](p, depth)
		if err != nil {
			t.Fatal(err)
		}
		var total uint64
		for _, e := range es {
			fmt.Fprintf(&b, "%s %d\n", e.Move, e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintf(&b, "moves %d total %d\n", len(es), total)
		return b.String()
	}
	for d := 1; d <= depth; d++ {
		n, err := mancala.Perft[P, M](p, d)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "perft %d %d\n", d, n)
	}
	return b.String()
}

func TestPerft(t *testing.T) {
	kiothiMid := "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5"
	pk, err := kiothi.Parse(kiothiMid)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "3"}, want(t, kisolo.Start(), 3, false)},
		{[]string{"-game", "kisolo", "-depth", "2", "-divide"}, want(t, kisolo.Start(), 2, true)},
		{[]string{"-game", "kiothi", "-depth", "3"}, want(t, kiothi.Start(), 3, false)},
		{[]string{"-game", "kiothi", "-position", kiothiMid, "-depth", "2", "-divide"}, want(t, pk, 2, true)},
		{[]string{"-game", "kimasai", "-depth", "3", "-divide"}, want(t, kimasai.Start(), 3, true)},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := main1(tt.args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errOut.String())
		}
		if out.String() != tt.want {
			t.Errorf("%v: output\n%s\nwant\n%s", tt.args, out.String(), tt.want)
		}
		if !strings.Contains(errOut.String(), "nodes/s") {
			t.Errorf("%v: no timing on stderr: %q", tt.args, errOut.String())
		}
	}
	// The divide counts add up to perft.
	var out bytes.Buffer
	main1([]string{"-depth", "3"}, &out, &bytes.Buffer{})
	if !strings.Contains(out.String(), "perft 3 ") {
		t.Fatalf("no perft 3 line: %s", out.String())
	}
}

func TestPerftErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "go"},
		{"-position", "kisolo 1"},
		{"-rules", "Columns:9"},
		{"-depth", "0", "-divide"},
		{"-depth", "-1"},
		{"x"},
	} {
		var out, errOut bytes.Buffer
		if code := main1(args, &out, &errOut); code == 0 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

// TestRulesConflict: -rules that the -position does not carry is refused
// (it used to be ignored silently); the same rules written in both are
// fine.
func TestRulesConflict(t *testing.T) {
	seven := "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"
	var out, errOut bytes.Buffer
	code := main1([]string{"-rules", "Columns:6", "-position", seven, "-depth", "1"}, &out, &errOut)
	want := "perft: -rules Columns:6 conflicts with -position, which has the default rules: write the rules in the position's rules= field, or leave -rules out\n"
	if code != 1 || errOut.String() != want || out.Len() != 0 {
		t.Errorf("exit %d, stderr %q, stdout %q; want %q", code, errOut.String(), out.String(), want)
	}
	out.Reset()
	errOut.Reset()
	if code := main1([]string{"-rules", "Endless:Illegal", "-position", seven + " rules=Endless:Illegal", "-depth", "1"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "perft 1 7\n") {
		t.Errorf("agreeing rules: exit %d, %s%s", code, out.String(), errOut.String())
	}
}
