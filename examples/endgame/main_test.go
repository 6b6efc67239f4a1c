package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := main1(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestBuildAndProbe(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := run(t, "build", "-seeds", "3", "-dir", dir)
	if code != 0 || !strings.HasPrefix(out, "built ") || !strings.Contains(out, "kiothi-e3b0c44298fc1c14-n3-v1.1.egtb: 11521 positions, 23042 bytes") {
		t.Fatalf("build: %d %q %q", code, out, errs)
	}
	out, _, code = run(t, "build", "-seeds", "3", "-dir", dir)
	if code != 0 || !strings.HasPrefix(out, "loaded ") {
		t.Fatalf("second build: %d %q", code, out)
	}
	// As KT1: a3:2 captures b5 and North is left without a move (3-0);
	// after a3:1, North's b5:1 captures a4 (2-0) and South's last warrior
	// is swept to South when North has no move (1-2).
	out, errs, code = run(t, "probe", "-seeds", "3", "-dir", dir,
		"kiothi 0,0,0,0,1,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0",
		"kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove")
	want := `kiothi 0,0,0,0,1,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0: win for South
  a3:1   loss
  a3:2   game over: South wins (nomove) 3-0
kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N turn=3 prisons=5,0 result=S:nomove: not in the table (game over, more than 3 seeds in play, a phase the table does not cover, or a draw under Repetition:Three)
`
	if code != 0 || out != want {
		t.Fatalf("probe: %d %q\n%s\nwant\n%s", code, errs, out, want)
	}
}

// TestOtherGames: Kisolo and Bao la Kimasai (phase 2) positions set up by
// hand.
func TestOtherGames(t *testing.T) {
	dir := t.TempDir()
	// KS6: South's capture empties North's inner row (KS-10).
	out, errs, code := run(t, "probe", "-seeds", "4", "-dir", dir,
		"kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10",
		"kimasai 0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0/0,1,0,0,0,1,0,0/0,0,0,0,0,0,0,0 S turn=60 reserves=0,0",
		"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24")
	want := `kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10: win for South
  xb1    game over: South wins (inner)
kimasai 0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0/0,1,0,0,0,1,0,0/0,0,0,0,0,0,0,0 S turn=60 reserves=0,0: win for South
  b2     win
  b6     win
kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24: not in the table (game over, more than 4 seeds in play, a phase the table does not cover, or a draw under Repetition:Three)
`
	if code != 0 || out != want {
		t.Fatalf("probe: %d %q\n%s\nwant\n%s", code, errs, out, want)
	}
}

func TestRefused(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"solve"},
		{"build", "-game", "oware", "-dir", t.TempDir()},
		{"build", "-rules", "NkiClear:OwnerLift", "-dir", t.TempDir()},
		{"build", "-seeds", "99", "-dir", t.TempDir()},
		{"probe", "-seeds", "2"},
		{"probe", "-seeds", "2", "-dir", t.TempDir(), "kiothi nonsense"},
	} {
		if _, errs, code := run(t, args...); code == 0 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want an error", args, code, errs)
		}
	}
}
