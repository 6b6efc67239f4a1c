package examplestsv

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	text := "# id\tbefore\tmove\tafter\toutcome\n" +
		"KS2\tkisolo 1 S turn=0\ta1\tkisolo 2 N turn=1\tongoing\n" +
		"\n" +
		"KT1\tkiothi 1 S turn=2\ta3:2\tILLEGAL\trefused\n" +
		"KS5\tkisolo 3 S turn=0\ta1\tkisolo 3 N turn=1 result=draw:endless\tdraw:endless\n"
	got, err := Parse(text, "kisolo")
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{ID: "KS2", Before: "kisolo 1 S turn=0", Move: "a1", After: "kisolo 2 N turn=1", Outcome: "ongoing", Line: 2},
		{ID: "KS5", Before: "kisolo 3 S turn=0", Move: "a1", After: "kisolo 3 N turn=1 result=draw:endless", Outcome: "draw:endless", Line: 5},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Parse (-want +got):\n%s", diff)
	}
	if got, err := Parse(text, "kis"); err != nil || len(got) != 0 {
		t.Errorf("a prefix of a game's name matched: %v, %v", got, err)
	}
	_, err = Parse("# head\nKS1\tkisolo 1 S turn=0\ta1\n", "kisolo")
	if err == nil || !strings.Contains(err.Error(), ":2:") {
		t.Errorf("a row of 3 columns: error %v, want one naming line 2", err)
	}
}

// TestEmbeddedFile: the embedded file parses, every game has rows, the ids
// are unique, every row names a game, and each column has its shape.
func TestEmbeddedFile(t *testing.T) {
	if !strings.HasPrefix(file, "# id\tbefore\tmove\tafter\toutcome") {
		t.Fatalf("the file does not start with its header line")
	}
	if strings.Contains(file, "shared/") {
		t.Errorf("the file refers to the shared specification outside the module")
	}
	all := 0
	for _, game := range []string{"kiothi", "kisolo", "kimasai"} {
		rows, err := Rows(game)
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s: %d rows, %v", game, len(rows), err)
		}
		all += len(rows)
	}
	lines := 0
	ids := map[string]int{}
	for i, line := range strings.Split(file, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines++
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			t.Fatalf("line %d: %d columns", i+1, len(c))
		}
		if prev, ok := ids[c[0]]; ok {
			t.Errorf("line %d: id %s already on line %d", i+1, c[0], prev)
		}
		ids[c[0]] = i + 1
		if c[2] == "" || c[3] == "" || c[4] == "" {
			t.Errorf("line %d: an empty column", i+1)
		}
		if (c[3] == "ILLEGAL") != (c[4] == "refused") {
			t.Errorf("line %d: after %q with outcome %q: ILLEGAL goes with refused", i+1, c[3], c[4])
		}
	}
	if lines != all {
		t.Errorf("%d rows in the file, %d of them name kiothi, kisolo or kimasai", lines, all)
	}
}
