package quote

import (
	"strings"
	"testing"
)

// TestString: error messages quote at most Max bytes of an input, cut at a
// character boundary.
func TestString(t *testing.T) {
	long := strings.Repeat("x", Max+10)
	tests := []struct{ in, want string }{
		{"", `""`},
		{"a\tb", `"a\tb"`},
		{long[:Max], `"` + long[:Max] + `"`},
		{long, `"` + long[:Max] + `"...`},
		// A three-byte character across the cut is left out whole.
		{strings.Repeat("x", Max-1) + "€", `"` + strings.Repeat("x", Max-1) + `"...`},
	}
	for _, tt := range tests {
		if got := String(tt.in); got != tt.want {
			t.Errorf("String(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
