package mancala_test

import (
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// FuzzParsePit: every layout either refuses a name with ErrSyntax or
// returns a pit whose name is the input.
func FuzzParsePit(f *testing.F) {
	for _, s := range []string{"a1", "b10", "d7", "e1", "a0", "a11", "", "c08"} {
		f.Add(s)
	}
	ls := layouts(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, nl := range ls {
			p, err := nl.l.ParsePitName(s)
			if err != nil {
				if !errors.Is(err, mancala.ErrSyntax) {
					t.Fatalf("%s: ParsePit(%q) error %v does not wrap ErrSyntax", nl.name, s, err)
				}
				continue
			}
			if nl.l.PitName(p) != s {
				t.Fatalf("%s: ParsePit(%q) = %d named %q", nl.name, s, p, nl.l.PitName(p))
			}
		}
	})
}

// FuzzParseResult: a result either fails with ErrSyntax or prints back the
// same text.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"S:nomove", "draw:endless", "N:inner", "x", "draw:inner"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := mancala.ParseResult(s)
		if err != nil {
			if !errors.Is(err, mancala.ErrSyntax) {
				t.Fatalf("ParseResult(%q) error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		if o.Result() != s {
			t.Fatalf("ParseResult(%q).Result() = %q", s, o.Result())
		}
	})
}
