package kisolo

import "testing"

// TestMessages pins the exact text of errors that used to mislead (see
// the Kiothi test of the same name).
func TestMessages(t *testing.T) {
	start := Start().String()
	for _, tt := range []struct{ in, want string }{
		{"", `kisolo: bad position: empty text; want <game> <rows> <side> turn=<n>`},
		{start + "\n", `kisolo: bad position: "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S"...: a line break at the end: a position is one line`},
		{start + " rules=", `kisolo: bad position: "rules=": empty rules= field: leave it out for the default rules`},
	} {
		if _, err := Parse(tt.in); err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%.40q) error:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}
