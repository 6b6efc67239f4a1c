package examplestsv

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRows(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "examples.tsv")
	text := "# id\tbefore\tmove\tafter\toutcome\n" +
		"KS2\tkisolo 1 S turn=0\ta1\tkisolo 2 N turn=1\tongoing\n" +
		"\n" +
		"KT1\tkiothi 1 S turn=2\ta3:2\tILLEGAL\trefused\n" +
		"KS5\tkisolo 3 S turn=0\ta1\tkisolo 3 N turn=1 result=draw:endless\tdraw:endless\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Rows(path, "kisolo")
	if err != nil {
		t.Fatal(err)
	}
	want := [][5]string{
		{"KS2", "kisolo 1 S turn=0", "a1", "kisolo 2 N turn=1", "ongoing"},
		{"KS5", "kisolo 3 S turn=0", "a1", "kisolo 3 N turn=1 result=draw:endless", "draw:endless"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Rows (-want +got):\n%s", diff)
	}
	if err := os.WriteFile(path, []byte("KS1\tkisolo 1 S turn=0\ta1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Rows(path, "kisolo"); err == nil {
		t.Errorf("a row of 3 columns was accepted")
	}
	if _, err := Rows(filepath.Join(dir, "missing.tsv"), "kisolo"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want os.ErrNotExist", err)
	}
}

// TestSharedFile reads the real file when it is there: every game has rows.
func TestSharedFile(t *testing.T) {
	for _, game := range []string{"kiothi", "kisolo", "kimasai"} {
		rows, err := Rows(filepath.Join("..", Path), game)
		if errors.Is(err, os.ErrNotExist) {
			t.Skip("the shared specification is not beside the repository")
		}
		if err != nil || len(rows) == 0 {
			t.Errorf("%s: %d rows, %v", game, len(rows), err)
		}
	}
}
