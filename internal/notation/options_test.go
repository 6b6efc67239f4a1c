package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// testRules is a rule set with one option of each kind, as a game declares
// them.
type mode uint8

var modeNames = []string{"Plain", "Fast", "Slow"}

func (m mode) String() string { return EnumName(modeNames, m, "mode") }

type testRules struct {
	Mode    mode
	Strict  bool
	Size    int // 0 means 7; 6..8
	MaxLaps int // 0 means mancala.DefaultMaxLaps
	Endless mancala.EndlessRule
}

var testOptions = NewOptions("test",
	Int("Size", "T-1", "pits per row", 6, 8, 7, func(r *testRules) *int { return &r.Size }),
	Enum("Mode", "T-2", "how it plays", modeNames, func(r *testRules) *mode { return &r.Mode }),
	Bool("Strict", "T-3", "whether it is strict", func(r *testRules) *bool { return &r.Strict }),
	Enum("Endless", "C-6", "whether an endless move draws or is illegal", Names[mancala.EndlessRule](2), func(r *testRules) *mancala.EndlessRule { return &r.Endless }),
	Int("MaxLaps", "C-6", "laps after which a move is endless", 1, mancala.MaxLapsLimit, mancala.DefaultMaxLaps, func(r *testRules) *int { return &r.MaxLaps }),
)

// noSlowStrict is the game's own check of combinations.
func noSlowStrict(r testRules) error {
	if r.Mode == 2 && r.Strict {
		return testOptions.Invalid(r, "Slow cannot be Strict")
	}
	return nil
}

func TestOptionsFormatParse(t *testing.T) {
	tests := []struct {
		in   string
		want testRules
		out  string
	}{
		{"", testRules{}, ""},
		{"Size:7,MaxLaps:1000000,Mode:Plain,Strict:false,Endless:Draw", testRules{}, ""},
		{"Size:0,MaxLaps:0", testRules{}, ""},
		{"Strict:true", testRules{Strict: true}, "Strict:true"},
		{"Size:8,Mode:Fast", testRules{Size: 8, Mode: 1}, "Mode:Fast,Size:8"},
		{"MaxLaps:2000000,Endless:Illegal,Size:6,Strict:true,Mode:Slow", testRules{Mode: 2, Strict: true, Size: 6, MaxLaps: 2_000_000, Endless: mancala.EndlessIllegal},
			"Endless:Illegal,MaxLaps:2000000,Mode:Slow,Size:6,Strict:true"},
		{"MaxLaps:1", testRules{MaxLaps: 1}, "MaxLaps:1"},
	}
	for _, tc := range tests {
		r, err := testOptions.Parse(tc.in, nil)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if r != tc.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.in, r, tc.want)
		}
		if got := testOptions.Format(r); got != tc.out {
			t.Errorf("Format(Parse(%q)) = %q, want %q", tc.in, got, tc.out)
		}
		if back, err := testOptions.Parse(tc.out, nil); err != nil || back != r {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.out, back, err, r)
		}
	}
	// Format normalises, and prints values out of range as the type's
	// String would.
	if got := testOptions.Format(testRules{Size: 7, MaxLaps: mancala.DefaultMaxLaps}); got != "" {
		t.Errorf("Format of the spelled-out defaults = %q", got)
	}
	if got := testOptions.Format(testRules{Mode: 9, Size: 99}); got != "Mode:mode(9),Size:99" {
		t.Errorf("Format out of range = %q", got)
	}
	if got := testOptions.Names(); got != "Endless, MaxLaps, Mode, Size, Strict" {
		t.Errorf("Names() = %q", got)
	}
}

func TestOptionsNormalizeCheck(t *testing.T) {
	if got := testOptions.Normalize(testRules{Size: 7, MaxLaps: mancala.DefaultMaxLaps, Mode: 1}); got != (testRules{Mode: 1}) {
		t.Errorf("Normalize = %+v", got)
	}
	if got := testOptions.Normalize(testRules{Size: 6, MaxLaps: 5}); got != (testRules{Size: 6, MaxLaps: 5}) {
		t.Errorf("Normalize changed other values: %+v", got)
	}
	for _, r := range []testRules{{}, {Size: 6}, {Size: 8}, {MaxLaps: 1}, {MaxLaps: mancala.MaxLapsLimit}, {Mode: 2, Strict: true}} {
		if err := testOptions.Check(r); err != nil {
			t.Errorf("Check(%+v) = %v", r, err)
		}
	}
	bad := map[testRules]string{
		{Size: 5}:                           "Size must be 6, 7 or 8 (0 means 7); got 5",
		{Size: -1}:                          "Size must be 6, 7 or 8 (0 means 7); got -1",
		{MaxLaps: -1}:                       "MaxLaps must be 1..2000000 (0 means 1000000); got -1",
		{MaxLaps: mancala.MaxLapsLimit + 1}: "MaxLaps must be 1..2000000 (0 means 1000000); got 2000001",
		{Mode: 3}:                           "unknown Mode value 3 (want Plain, Fast or Slow)",
		{Endless: 2}:                        "unknown Endless value 2 (want Draw or Illegal)",
	}
	for r, msg := range bad {
		err := testOptions.Check(r)
		var re *mancala.RulesError
		if !errors.As(err, &re) || !errors.Is(err, mancala.ErrRules) || errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("Check(%+v) = %v, want a *mancala.RulesError", r, err)
			continue
		}
		if re.Game != "test" || re.Msg != msg || re.Rules != testOptions.Format(r) {
			t.Errorf("Check(%+v) = %+v, want message %q", r, *re, msg)
		}
	}
}

func TestOptionsParseErrors(t *testing.T) {
	const (
		syntax = iota // malformed text: the error does not wrap ErrRules
		rules         // an invalid combination: the error also wraps ErrRules
		either        // a well-formed value out of range: ErrRules not checked
	)
	tests := []struct {
		in   string
		kind int
		msg  string // part of the message
	}{
		{"Size", syntax, "want Option:Value"},
		{"Size:", syntax, "want Option:Value"},
		{":6", syntax, "want Option:Value"},
		{"Size:6,", syntax, "want Option:Value"},
		{",Size:6", syntax, "want Option:Value"},
		{"Size:6;Mode:Fast", syntax, "Size must be"},
		{"Colour:Red", syntax, `unknown option "Colour" (the options are Endless, MaxLaps, Mode, Size, Strict)`},
		{"size:6", syntax, "the options are Endless, MaxLaps, Mode, Size, Strict"},
		{"Size:6,Size:6", syntax, "option Size given twice"},
		{"Size:5", rules, "Size must be 6, 7 or 8 (0 means 7)"},
		{"Size:06", syntax, "Size must be"},
		{"Size:six", syntax, "Size must be"},
		{"MaxLaps:-1", rules, "MaxLaps must be 1..2000000"},
		{"MaxLaps:2000001", rules, "MaxLaps must be 1..2000000"},
		{"MaxLaps:3000000000", rules, "MaxLaps must be"}, // a number above mancala.MaxNumber is out of range too
		{"MaxLaps:99999999999", rules, "MaxLaps must be"},
		{"MaxLaps:-01", syntax, "MaxLaps must be"},
		{"MaxLaps:02000001", syntax, "MaxLaps must be"},
		{"Mode:fast", syntax, "Mode must be Plain, Fast or Slow"},
		{"Strict:yes", syntax, "Strict must be false or true"},
		{"Endless:draw", syntax, "Endless must be Draw or Illegal"},
		{"Mode:Slow,Strict:true", rules, "Slow cannot be Strict"},
	}
	for _, tc := range tests {
		r, err := testOptions.Parse(tc.in, noSlowStrict)
		var se *mancala.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, mancala.ErrSyntax) || r != (testRules{}) {
			t.Errorf("Parse(%q) = %+v, %v; want a *mancala.SyntaxError", tc.in, r, err)
			continue
		}
		if se.Game != "test" || se.What != "rules" || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("Parse(%q): %+v, want a message with %q", tc.in, *se, tc.msg)
		}
		if got := errors.Is(err, mancala.ErrRules); tc.kind != either && got != (tc.kind == rules) {
			t.Errorf("Parse(%q): errors.Is(err, ErrRules) = %v, want %v", tc.in, got, tc.kind == rules)
		}
	}
	// Without a combine function every combination is valid.
	if r, err := testOptions.Parse("Mode:Slow,Strict:true", nil); err != nil || r != (testRules{Mode: 2, Strict: true}) {
		t.Errorf("Parse without combine = %+v, %v", r, err)
	}
	// A combine error that is not a RulesError is still wrapped.
	plain := errors.New("no")
	_, err := testOptions.Parse("Strict:true", func(testRules) error { return plain })
	if !errors.Is(err, plain) || !errors.Is(err, mancala.ErrSyntax) {
		t.Errorf("Parse with a plain combine error: %v", err)
	}
}

func TestOptionsDescribe(t *testing.T) {
	want := []mancala.RuleOption{
		{Name: "Endless", Kind: mancala.EnumOption, Values: []string{"Draw", "Illegal"}, Default: "Draw", Clause: "C-6", Doc: "whether an endless move draws or is illegal"},
		{Name: "MaxLaps", Kind: mancala.IntOption, Min: 1, Max: mancala.MaxLapsLimit, Default: "1000000", Clause: "C-6", Doc: "laps after which a move is endless"},
		{Name: "Mode", Kind: mancala.EnumOption, Values: []string{"Plain", "Fast", "Slow"}, Default: "Plain", Clause: "T-2", Doc: "how it plays"},
		{Name: "Size", Kind: mancala.IntOption, Values: []string{"6", "7", "8"}, Min: 6, Max: 8, Default: "7", Clause: "T-1", Doc: "pits per row"},
		{Name: "Strict", Kind: mancala.BoolOption, Values: []string{"false", "true"}, Default: "false", Clause: "T-3", Doc: "whether it is strict"},
	}
	got := testOptions.Describe()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Describe (-want +got):\n%s", diff)
	}
	// The description is a copy: changing it changes nothing.
	got[2].Values[0] = "Changed"
	if testOptions.Describe()[2].Values[0] != "Plain" {
		t.Errorf("Describe shares its Values with the table")
	}
	// Every described default parses to the default rules.
	for _, o := range want {
		if r, err := testOptions.Parse(o.Name+":"+o.Default, nil); err != nil || r != (testRules{}) {
			t.Errorf("default %s:%s parses to %+v, %v", o.Name, o.Default, r, err)
		}
	}
}

func TestNewOptionsPanics(t *testing.T) {
	for name, build := range map[string]func(){
		"repeated name": func() {
			NewOptions("test",
				Bool("Strict", "", "", func(r *testRules) *bool { return &r.Strict }),
				Bool("Strict", "", "", func(r *testRules) *bool { return &r.Strict }))
		},
		"default out of range": func() {
			NewOptions("test", Int("Size", "", "", 6, 8, 9, func(r *testRules) *int { return &r.Size }))
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: NewOptions did not panic", name)
				}
			}()
			build()
		}()
	}
}

func TestEnumName(t *testing.T) {
	if got := EnumName(modeNames, mode(1), "Mode"); got != "Fast" {
		t.Errorf("EnumName(1) = %q", got)
	}
	if got := EnumName(modeNames, mode(7), "Mode"); got != "Mode(7)" {
		t.Errorf("EnumName(7) = %q", got)
	}
}

func TestStatusAndRulesLines(t *testing.T) {
	won := mancala.Outcome{Status: mancala.Win, Winner: mancala.South, Reason: mancala.InnerRowEmptied}
	tests := []struct {
		o      mancala.Outcome
		toMove mancala.Player
		turn   int
		detail string
		want   string
	}{
		{mancala.Outcome{}, mancala.South, 12, "", "South to move, turn 12"},
		{mancala.Outcome{}, mancala.North, 1, "opening", "North to move, turn 1, opening"},
		{won, mancala.North, 11, "phase 2", "game over after turn 11: South wins (inner)"},
	}
	for _, tc := range tests {
		if got := StatusLine(tc.o, tc.toMove, tc.turn, tc.detail); got != tc.want {
			t.Errorf("StatusLine = %q, want %q", got, tc.want)
		}
	}
	if got := RulesLine(""); got != "" {
		t.Errorf("RulesLine(\"\") = %q", got)
	}
	if got := RulesLine("Endless:Illegal"); got != "rules Endless:Illegal\n" {
		t.Errorf("RulesLine = %q", got)
	}
}

func TestParseResultAndCanonicalRules(t *testing.T) {
	if o, err := ParseResult("kisolo", "S:inner"); err != nil || o != (mancala.Outcome{Status: mancala.Win, Winner: mancala.South, Reason: mancala.InnerRowEmptied}) {
		t.Errorf("ParseResult = %v, %v", o, err)
	}
	_, err := ParseResult("kisolo", "S:endless")
	var se *mancala.SyntaxError
	if !errors.As(err, &se) || se.Game != "kisolo" || se.Input != "result=S:endless" {
		t.Errorf("ParseResult(S:endless) = %v, want a kisolo SyntaxError on result=S:endless", err)
	}
	if err := CanonicalRules("kisolo", "Columns:6", "Columns:6"); err != nil {
		t.Errorf("canonical rules refused: %v", err)
	}
	for _, tc := range [][2]string{{"", ""}, {"Columns:7", ""}, {"Win:OuterRowEmptied,Setup:Outer3", "Setup:Outer3,Win:OuterRowEmptied"}} {
		if err := CanonicalRules("kisolo", tc[0], tc[1]); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("CanonicalRules(%q, %q) = %v, want ErrSyntax", tc[0], tc[1], err)
		}
	}
}
