package kiothi

import (
	"strings"
	"testing"
)

// TestMessages pins the exact text of errors that used to mislead:
// Parse("") spoke of single spaces, a trailing newline of a leading zero
// ("0\n"), prisons=0,0,0 of a leading zero in "0,0", a5:1000 of leading
// zeros; a huge input is quoted only in part.
func TestMessages(t *testing.T) {
	start := Start().String()
	for _, tt := range []struct{ in, want string }{
		{"", `kiothi: bad position: empty text; want <game> <rows> <side> turn=<n>`},
		{start + "\n", `kiothi: bad position: "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons="...: a line break at the end: a position is one line`},
		{"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0,0", `kiothi: bad position: "prisons=0,0,0": prisons: want two counts separated by a comma, got 3`},
		{"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=01,0", `kiothi: bad position: "prisons=01,0": prisons: number "01" has a leading zero`},
		{"kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=-1,0", `kiothi: bad position: "prisons=-1,0": prisons: number "-1" has a sign`},
		{start + " rules=", `kiothi: bad position: "rules=": empty rules= field: leave it out for the default rules`},
		{start + " ", `kiothi: bad position: "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons="...: a space at the end: fields are separated by single spaces`},
		{"kiothi 5,5/0 S", `kiothi: bad position: "kiothi 5,5/0 S": only 3 fields; want at least four: <game> <rows> <side> turn=<n>`},
		{strings.Repeat("x", 1<<20), `kiothi: bad position: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"...: only 1 field; want at least four: <game> <rows> <side> turn=<n>`},
	} {
		if _, err := Parse(tt.in); err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%.40q) error:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"a5:1000", `kiothi: bad move: "a5:1000": the count must be 1..255: a pit holds at most 255 warriors`},
		{"a5:0", `kiothi: bad move: "a5:0": the count must be at least 1: a move lifts 1..255 warriors`},
		{"a5:01", `kiothi: bad move: "a5:01": the count 01 has a leading zero: write 1`},
		{"a5", `kiothi: bad move: "a5": want <pit>:<count> (a5:3), -<pit>, +<pit> or =`},
	} {
		if _, err := ParseMove(tt.in); err == nil || err.Error() != tt.want {
			t.Errorf("ParseMove(%q) error:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}
