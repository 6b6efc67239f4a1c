package kimasai

import "testing"

// TestMessages pins the exact text of errors that used to mislead (see
// the Kiothi test of the same name); xb3 used to say "file must be a
// number from 1".
func TestMessages(t *testing.T) {
	start := Start().String()
	for _, tt := range []struct{ in, want string }{
		{"", `kimasai: bad position: empty text; want <game> <rows> <side> turn=<n>`},
		{start + "\n", `kimasai: bad position: "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,"...: a line break at the end: a position is one line`},
		{"kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24,0", `kimasai: bad position: "reserves=24,24,0": reserves: want two counts separated by a comma, got 3`},
		{start + " rules=", `kimasai: bad position: "rules=": empty rules= field: leave it out for the default rules`},
	} {
		if _, err := Parse(tt.in); err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%.40q) error:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
	if _, err := ParseMove("xb3"); err == nil || err.Error() != `kimasai: bad move: "xb3": want a pit name a1..d8 (a row letter a..d and a file 1..8); Bao la Kimasai has no capture moves, a raid follows from the sowing` {
		t.Errorf("ParseMove(xb3) error: %v", err)
	}
}
