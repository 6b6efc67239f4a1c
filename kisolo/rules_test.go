package kisolo

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// TestValidate checks the valid rule sets and every invalid combination
// docs/rules/kisolo.md lists ("Options: zero values and invalid
// combinations").
func TestValidate(t *testing.T) {
	valid := []Rules{
		{},
		{Files: 6}, {Files: 7}, {Files: 8},
		{Setup: Outer3, Win: OuterRowEmptied},
		{Setup: Outer3, Win: OuterRowEmptied, Files: 6},
		{Setup: Townshend1}, {Setup: Townshend2, Files: 7},
		{CaptureOnAnyLanding: true},
		{SelfEmptiedInnerRow: Continues},
		{Win: OuterRowEmptied},
		{Win: OuterRowEmptied, SelfEmptiedInnerRow: Continues},
		{Endless: Illegal},
		{MaxLaps: 1}, {MaxLaps: 1_000_000}, {MaxLaps: mancala.MaxLapsLimit},
	}
	for _, r := range valid {
		if err := r.Validate(); err != nil {
			t.Errorf("%#v: %v", r, err)
		}
		if _, err := New(r); err != nil {
			t.Errorf("New(%#v): %v", r, err)
		}
	}
	invalid := []Rules{
		{Files: 5}, {Files: 9}, {Files: -1}, {Files: 1},
		{MaxLaps: -1}, {MaxLaps: mancala.MaxLapsLimit + 1}, {MaxLaps: 1 << 40},
		{Setup: Townshend1, Files: 6}, {Setup: Townshend2, Files: 8},
		{Setup: Outer3}, {Setup: Outer3, Win: InnerRowEmptied, Files: 8},
		{Setup: 4}, {SelfEmptiedInnerRow: 2}, {Win: 2}, {Endless: 2},
	}
	for _, r := range invalid {
		err := r.Validate()
		var re *mancala.RulesError
		if !errors.As(err, &re) || !errors.Is(err, mancala.ErrRules) || errors.Is(err, mancala.ErrSyntax) || re.Game != Name || re.Msg == "" {
			t.Errorf("%#v: Validate() = %v, want a kisolo *mancala.RulesError", r, err)
		}
		if p, err := New(r); !errors.Is(err, mancala.ErrRules) || p != (Position{}) {
			t.Errorf("New(%#v) = %v, %v; want an error wrapping ErrRules", r, p, err)
		}
	}
	// The messages say what is wrong.
	for r, msg := range map[Rules]string{
		{Files: 9}:                          `kisolo: invalid rules "Columns:9": Columns must be 6, 7 or 8 (0 means 7); got 9`,
		{MaxLaps: mancala.MaxLapsLimit + 1}: `kisolo: invalid rules "MaxLaps:2000001": MaxLaps must be 1..2000000 (0 means 1000000); got 2000001`,
		{Setup: Townshend1, Files: 6}:       `kisolo: invalid rules "Columns:6,Setup:Townshend1": Townshend1 needs Columns 7`,
		{Setup: Outer3}:                     `kisolo: invalid rules "Setup:Outer3": Outer3 needs Win OuterRowEmptied (the inner rows start empty)`,
	} {
		if err := r.Validate(); err == nil || err.Error() != msg {
			t.Errorf("%#v: Validate() = %v, want %s", r, err, msg)
		}
	}
	if err := (Rules{Win: 2}).Validate(); err == nil || !strings.HasSuffix(err.Error(), ": unknown Win value 2 (want InnerRowEmptied or OuterRowEmptied)") {
		t.Errorf("Win 2: Validate() = %v", err)
	}
}

// TestRulesNotation checks ParseRules and Rules.String (the rules= field):
// option names and values of the rules file, defaults omitted, sorted by
// name, normalisation so equal rules are ==, and the errors.
func TestRulesNotation(t *testing.T) {
	tests := []struct {
		in   string
		want Rules
		out  string
	}{
		{"", Rules{}, ""},
		{"Columns:7", Rules{}, ""},
		{"Columns:0", Rules{}, ""},
		{"MaxLaps:1000000", Rules{}, ""},
		{"MaxLaps:0", Rules{}, ""},
		{"CaptureOnAnyLanding:false,Endless:Draw,Win:InnerRowEmptied,Setup:All3,SelfEmptiedInnerRow:Loses", Rules{}, ""},
		{"CaptureOnAnyLanding:true", Rules{CaptureOnAnyLanding: true}, "CaptureOnAnyLanding:true"},
		{"Columns:6", Rules{Files: 6}, "Columns:6"},
		{"Columns:8", Rules{Files: 8}, "Columns:8"},
		{"Setup:Townshend2", Rules{Setup: Townshend2}, "Setup:Townshend2"},
		{"Win:OuterRowEmptied,Setup:Outer3", Rules{Setup: Outer3, Win: OuterRowEmptied}, "Setup:Outer3,Win:OuterRowEmptied"},
		{"SelfEmptiedInnerRow:Continues", Rules{SelfEmptiedInnerRow: Continues}, "SelfEmptiedInnerRow:Continues"},
		{"MaxLaps:5000,Endless:Illegal", Rules{Endless: Illegal, MaxLaps: 5000}, "Endless:Illegal,MaxLaps:5000"},
		{"Win:OuterRowEmptied,MaxLaps:5000,Endless:Illegal,Columns:6,Setup:Outer3,CaptureOnAnyLanding:true",
			Rules{Files: 6, Setup: Outer3, CaptureOnAnyLanding: true, Win: OuterRowEmptied, Endless: Illegal, MaxLaps: 5000},
			"CaptureOnAnyLanding:true,Columns:6,Endless:Illegal,MaxLaps:5000,Setup:Outer3,Win:OuterRowEmptied"},
	}
	for _, tc := range tests {
		r, err := ParseRules(tc.in)
		if err != nil {
			t.Errorf("ParseRules(%q): %v", tc.in, err)
			continue
		}
		if r != tc.want {
			t.Errorf("ParseRules(%q) = %#v, want %#v", tc.in, r, tc.want)
		}
		if got := r.String(); got != tc.out {
			t.Errorf("ParseRules(%q).String() = %q, want %q", tc.in, got, tc.out)
		}
		if back, err := ParseRules(r.String()); err != nil || back != r {
			t.Errorf("ParseRules(%q) = %#v, %v", r.String(), back, err)
		}
		if d, err := Descriptor.New(tc.in); err != nil || d.Rules() != r || Descriptor.Rules(d) != tc.out {
			t.Errorf("Descriptor.New(%q) = %v, %v", tc.in, d, err)
		}
	}
	if (Rules{Files: 7, MaxLaps: 1_000_000}).Normalize() != (Rules{}) {
		t.Error("Normalize does not map the spelled-out defaults to the zero Rules")
	}
	p7, _ := New(Rules{Files: 7, MaxLaps: 1_000_000})
	if p7 != Start() || p7.Rules() != (Rules{}) {
		t.Error("New with spelled-out defaults differs from Start")
	}
	r := Rules{Files: 7, MaxLaps: 1_000_000}
	if r.files() != 7 || r.Laps() != 1_000_000 || (Rules{}).files() != 7 || (Rules{}).Laps() != 1_000_000 || (Rules{Files: 6, MaxLaps: 9}).Laps() != 9 {
		t.Error("Files/Laps")
	}
	bad := []string{
		"Columns", "Columns:", ":6", "Columns:5", "Columns:06", "Columns:-6", "Columns:six",
		"MaxLaps:-1", "MaxLaps:x", "MaxLaps:99999999999", "MaxLaps:2000001", "MaxLaps:1000000000",
		"Setup:Outer3", "Setup:Townshend1,Columns:6", "Setup:all3", "Setup:Outer4",
		"Win:Outer", "Endless:draw", "SelfEmptiedInnerRow:Lose", "CaptureOnAnyLanding:yes",
		"Unknown:1", "Columns:6,Columns:6", "Columns:6,", ",Columns:6", "Columns:6;Win:OuterRowEmptied",
	}
	for _, s := range bad {
		r, err := ParseRules(s)
		var se *mancala.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, mancala.ErrSyntax) || se.Game != Name || se.What != "rules" || r != (Rules{}) {
			t.Errorf("ParseRules(%q) = %#v, %v; want a kisolo rules SyntaxError", s, r, err)
		}
		if _, err := Descriptor.New(s); !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("Descriptor.New(%q): %v", s, err)
		}
	}
	// An invalid combination is also an invalid rule set: the error
	// matches ErrRules too, and errors.As finds its RulesError.
	for _, s := range []string{"Setup:Outer3", "Setup:Townshend1,Columns:6", "Columns:8,Setup:Townshend2"} {
		_, err := ParseRules(s)
		var re *mancala.RulesError
		if !errors.Is(err, mancala.ErrSyntax) || !errors.Is(err, mancala.ErrRules) || !errors.As(err, &re) || re.Game != Name {
			t.Errorf("ParseRules(%q) = %v; want an error matching ErrSyntax and ErrRules", s, err)
		}
	}
	// An unknown option's error lists the options.
	_, err := ParseRules("Colour:Red")
	if want := "(the options are CaptureOnAnyLanding, Columns, Endless, MaxLaps, Repetition, SelfEmptiedInnerRow, Setup, Win)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ParseRules(Colour:Red) = %v, want the options listed %s", err, want)
	}
	names := []string{All3.String(), Outer3.String(), Townshend1.String(), Townshend2.String(), SetupRule(9).String(),
		Loses.String(), Continues.String(), SelfEmptiedRule(9).String(),
		InnerRowEmptied.String(), OuterRowEmptied.String(), WinRule(9).String(),
		Draw.String(), Illegal.String(), EndlessRule(9).String(),
		NoKind.String(), SowKind.String(), CaptureKind.String(), MoveKind(9).String()}
	want := []string{"All3", "Outer3", "Townshend1", "Townshend2", "SetupRule(9)",
		"Loses", "Continues", "SelfEmptiedRule(9)",
		"InnerRowEmptied", "OuterRowEmptied", "WinRule(9)",
		"Draw", "Illegal", "EndlessRule(9)",
		"move", "sow", "capture", "move"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("enum names (-want +got):\n%s", diff)
	}
}
