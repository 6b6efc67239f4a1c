package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata")

// TestGolden plays fixed-seed games and compares their records with the
// golden files in testdata (go test -update rewrites them).
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
			if code := main1(args, strings.NewReader(""), &out, &errOut); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			got, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tt.name+".record")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("record differs from %s (-want +got):\n%s", golden, diff)
			}
			s := out.String()
			if !strings.Contains(s, "\nResult: ") || !strings.Contains(s, "Record written to") {
				t.Errorf("output lacks the result:\n%s", s)
			}
			if !strings.Contains(s, "\n1. South plays ") {
				t.Errorf("output lacks the first move:\n%s", s)
			}
		})
	}
}

func TestHuman(t *testing.T) {
	// South is a human who types junk, an illegal move, asks for the legal
	// moves, then plays; quit stops the game.
	input := "zz\nb1\n?\nxb1\nquit\n"
	var out, errOut bytes.Buffer
	code := main1([]string{"-south", "human", "-north", "random", "-quiet"}, strings.NewReader(input), &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	s := out.String()
	for _, want := range []string{
		`kisolo: bad move: "zz"`,
		"kisolo: illegal move b1",
		"legal moves: xb7 xb6 xb5 xb4 xb3 xb2 xb1",
		"1. South plays xb1: ",
		"2. North plays ",
		"Stopped after 2 plies; the game is unfinished.",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	// End of input is an error.
	out.Reset()
	errOut.Reset()
	if code := main1([]string{"-south", "human"}, strings.NewReader("xb1\n"), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "unexpected EOF") {
		t.Errorf("EOF: exit %d, stderr %q", code, errOut.String())
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-south", "deep-blue"},
		{"-rules", "Nonsense:1"},
		{"-start", "kisolo 1/2"},
		{"extra"},
		{"-nosuchflag"},
	} {
		var out, errOut bytes.Buffer
		if code := main1(args, strings.NewReader(""), &out, &errOut); code == 0 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}
