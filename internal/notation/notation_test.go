package notation

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

func TestSplit(t *testing.T) {
	got, err := Split("kiothi", "kiothi 5,5*,0/0,0,7 N turn=3 prisons=1,2 rules=Bonus:Run", 2, "prisons", "rules")
	if err != nil {
		t.Fatal(err)
	}
	want := &Text{
		Rows:   [][]int{{5, 5, 0}, {0, 0, 7}},
		Marks:  [][]bool{{false, true, false}, {false, false, false}},
		Marked: true,
		Side:   mancala.North,
		Turn:   3,
		Fields: []Field{{"prisons", "1,2"}, {"rules", "Bonus:Run"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Split (-want +got):\n%s", diff)
	}
	if v, ok := got.Field("rules"); !ok || v != "Bonus:Run" {
		t.Errorf("Field(rules) = %q, %v", v, ok)
	}
	// Fields in any order, turn= anywhere after the side.
	got, err = Split("toy", "toy 1/2 S prisons=0,0 turn=10", 2, "prisons")
	if err != nil || got.Turn != 10 || len(got.Fields) != 1 {
		t.Errorf("fields in another order: %+v, %v", got, err)
	}
}

func TestSplitErrors(t *testing.T) {
	bad := []string{
		"",
		"toy",
		"toy 1/2 S",
		"kisolo 1/2 S turn=0",
		"toy 1/2/3 S turn=0",
		"toy 1 S turn=0",
		"toy 1/2 X turn=0",
		"toy 1/2 N turn=0",
		"toy 1/2 S turn=1",
		"toy 1/2 S turn=-2",
		"toy 1/2 S turn=02",
		"toy 1/2 S turn=99999999999",
		"toy 1/2 S turn=x",
		"toy 1/256 S turn=0",
		"toy 1/-1 S turn=0",
		"toy 1/a S turn=0",
		"toy 1,/2 S turn=0",
		"toy 1/2 S turn=0 foo=1",
		"toy 1/2 S turn=0 prisons",
		"toy 1/2 S turn=0 =3",
		"toy 1/2 S turn=0 prisons=1,1 prisons=1,1",
		"toy 1/2 S turn=0 turn=0",
		"toy  1/2 S turn=0",
		"toy 1/2 S turn=0 ",
		"toy 1/2 S prisons=0,0",
		"toy 1**/2 S turn=0",
	}
	for _, s := range bad {
		if _, err := Split("toy", s, 2, "prisons"); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("Split(%q) error %v, want ErrSyntax", s, err)
		}
	}
}

func TestNumbersAndPairs(t *testing.T) {
	for s, want := range map[string]int{"0": 0, "7": 7, "255": 255, "1000000000": 1000000000} {
		if got, err := Number(s); err != nil || got != want {
			t.Errorf("Number(%q) = %d, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "-1", "+1", "01", "1e3", "1000000001", "99999999999", " 1"} {
		if _, err := Number(s); err == nil {
			t.Errorf("Number(%q) accepted", s)
		}
	}
	if _, err := Count("256"); err == nil {
		t.Errorf("Count(256) accepted")
	}
	if a, b, err := Pair("3,255"); err != nil || a != 3 || b != 255 {
		t.Errorf("Pair = %d, %d, %v", a, b, err)
	}
	for _, s := range []string{"3", "3,", ",3", "3,4,5", "3;4", "-1,2"} {
		if _, _, err := Pair(s); err == nil {
			t.Errorf("Pair(%q) accepted", s)
		}
	}
	if got := string(AppendRow(nil, []int{5, 0, 12}, []bool{true, false, true})); got != "5*,0,12*" {
		t.Errorf("AppendRow = %q", got)
	}
}

func FuzzSplit(f *testing.F) {
	f.Add("kiothi 5,5*,0/0,0,7 N turn=3 prisons=1,2")
	f.Add("toy 1/2 S turn=0")
	f.Fuzz(func(t *testing.T, s string) {
		txt, err := Split("kiothi", s, 2, "prisons", "rules")
		if err != nil {
			if !errors.Is(err, mancala.ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		for _, r := range txt.Rows {
			for _, n := range r {
				if n < 0 || n > MaxSeeds {
					t.Fatalf("count %d accepted", n)
				}
			}
		}
	})
}

// TestNumberMessages: each message names what is wrong with the number.
func TestNumberMessages(t *testing.T) {
	for in, want := range map[string]string{
		"":            "empty number",
		"0,0":         `"0,0" is not a number`,
		"0\n":         `"0\n" is not a number`,
		"-3":          `number "-3" has a sign`,
		"+3":          `number "+3" has a sign`,
		"007":         `number "007" has a leading zero`,
		"1000000001":  `number "1000000001" is too large`,
		"99999999999": `number "99999999999" is too large`,
	} {
		if _, err := Number(in); err == nil || err.Error() != want {
			t.Errorf("Number(%q) error = %v, want %s", in, err, want)
		}
	}
	for in, want := range map[string]string{
		"0,0,0": "want two counts separated by a comma, got 3",
		"3":     "want two counts separated by a comma, got one",
	} {
		if _, _, err := Pair(in); err == nil || err.Error() != want {
			t.Errorf("Pair(%q) error = %v, want %s", in, err, want)
		}
	}
}
