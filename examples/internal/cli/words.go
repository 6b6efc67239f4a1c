package cli

import (
	"io"
	"os"
	"regexp"

	"golang.org/x/term"
)

// clauseRef matches a parenthesised remark that cites a rule clause, such
// as " (KS-6)" or " (C-6, Endless=Illegal)".
var clauseRef = regexp.MustCompile(`\s*\([^()]*\b(?:C|KI|KS|KM)-\d+[^()]*\)`)

// Plain returns an error message for players: the library's reason
// without the rule clauses it cites ("a capture is compulsory (KS-6)"
// becomes "a capture is compulsory").
func Plain(reason string) string {
	return clauseRef.ReplaceAllString(reason, "")
}

// IsTerminal reports whether w is a terminal (an *os.File on one).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
