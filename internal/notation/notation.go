// Package notation holds the parts of the position notation
// (docs/notation.md) that every game shares: splitting a position line into
// its game name, rows, side, turn and named fields; reading and writing
// rows of counts with optional nki marks; pairs such as prisons=3,4; and
// the rules= field, written and read from a table of each game's rule
// options ([Options]). Each game package checks what its own fields mean.
package notation

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// MaxSeeds is the largest seed total a position may hold (docs/design.md: counts
// are uint8, so at most 255 seeds per pit and in all).
const MaxSeeds = 255

// Field is one name=value field of a position line, in the order written.
type Field struct {
	Name, Value string
}

// Text is a position line split into its parts, not yet checked against a
// game's rules.
type Text struct {
	Rows   [][]int  // rows from the far side (North's outer row) down to row a, files 1..N
	Marks  [][]bool // Marks[r][f] is true where the count carried a '*'
	Marked bool     // some count carried a '*'
	Side   mancala.Player
	Turn   int
	Fields []Field // the fields after turn=, in the order written, turn= excluded
}

// Field returns the value of the named field and whether it was present.
func (t *Text) Field(name string) (string, bool) {
	for _, f := range t.Fields {
		if f.Name == name {
			return f.Value, true
		}
	}
	return "", false
}

// Syntax returns a *mancala.SyntaxError for game about the position text
// input, saying msg.
func Syntax(game, input, msg string) error {
	return &mancala.SyntaxError{Game: game, What: "position", Input: input, Msg: msg}
}

// Split parses the shared shape of a position line: "<game> <rows> <side>
// turn=<n> [<field>=<value> ...]". It checks that the line names game, that
// there are nrows rows of counts 0..255 (files per row are checked by the
// caller), that the side matches the turn's parity, that fields are
// name=value with a name in allowed and none repeated. Fields may come in any
// order after the rows and side. Errors wrap mancala.ErrSyntax.
func Split(game, s string, nrows int, allowed ...string) (*Text, error) {
	if msg := layoutError(s); msg != "" {
		return nil, Syntax(game, s, msg)
	}
	tokens := strings.Split(s, " ")
	if len(tokens) < 4 {
		what := "only " + strconv.Itoa(len(tokens)) + " fields"
		if len(tokens) == 1 {
			what = "only 1 field"
		}
		return nil, Syntax(game, s, what+"; want at least four: <game> <rows> <side> turn=<n>")
	}
	if tokens[0] != game {
		return nil, Syntax(game, tokens[0], "not a "+game+" position")
	}
	t := &Text{}
	rows := strings.Split(tokens[1], "/")
	if len(rows) != nrows {
		return nil, Syntax(game, tokens[1], "want "+strconv.Itoa(nrows)+" rows separated by /, got "+strconv.Itoa(len(rows)))
	}
	for _, row := range rows {
		cells := strings.Split(row, ",")
		counts := make([]int, len(cells))
		marks := make([]bool, len(cells))
		for i, c := range cells {
			if strings.HasSuffix(c, "*") {
				marks[i] = true
				t.Marked = true
				c = c[:len(c)-1]
			}
			n, err := Count(c)
			if err != nil {
				return nil, Syntax(game, row, err.Error())
			}
			counts[i] = n
		}
		t.Rows = append(t.Rows, counts)
		t.Marks = append(t.Marks, marks)
	}
	side, err := mancala.ParsePlayer(tokens[2])
	if err != nil {
		return nil, Syntax(game, tokens[2], "side must be S or N")
	}
	t.Side = side
	seen := map[string]bool{}
	haveTurn := false
	for _, tok := range tokens[3:] {
		name, value, ok := strings.Cut(tok, "=")
		if !ok || name == "" {
			return nil, Syntax(game, tok, "want a field name=value")
		}
		if seen[name] {
			return nil, Syntax(game, tok, "field "+name+" given twice")
		}
		seen[name] = true
		if name == "turn" {
			n, err := Number(value)
			if err != nil {
				if allDigits(value) && value[0] != '0' {
					return nil, Syntax(game, tok, "turn: more than "+strconv.Itoa(mancala.MaxTurn)+", the last turn of a game (C-9)")
				}
				return nil, Syntax(game, tok, "turn: "+err.Error())
			}
			t.Turn, haveTurn = n, true
			continue
		}
		known := false
		for _, a := range allowed {
			known = known || a == name
		}
		if !known {
			return nil, Syntax(game, tok, "unknown field "+name)
		}
		t.Fields = append(t.Fields, Field{name, value})
	}
	if !haveTurn {
		return nil, Syntax(game, s, "missing turn=<n>")
	}
	if (t.Turn%2 == 0) != (t.Side == mancala.South) {
		return nil, Syntax(game, tokens[2], "side "+tokens[2]+" does not match turn="+strconv.Itoa(t.Turn)+" (South moves on even turns)")
	}
	return t, nil
}

// layoutError says why s is not laid out as one line of fields separated
// by single spaces, or "".
func layoutError(s string) string {
	switch {
	case s == "":
		return "empty text; want <game> <rows> <side> turn=<n>"
	case strings.TrimRight(s, "\r\n") != s && !strings.ContainsAny(strings.TrimRight(s, "\r\n"), "\r\n"):
		return "a line break at the end: a position is one line"
	case strings.ContainsAny(s, "\r\n"):
		return "a line break inside: a position is one line"
	case strings.Contains(s, "\t"):
		return "a tab: fields are separated by single spaces"
	case s[0] == ' ':
		return "a space at the start: fields are separated by single spaces"
	case s[len(s)-1] == ' ':
		return "a space at the end: fields are separated by single spaces"
	case strings.Contains(s, "  "):
		return "two spaces in a row: fields are separated by single spaces"
	}
	if !utf8.ValidString(s) {
		return "not UTF-8 text"
	}
	for _, c := range s {
		if unicode.IsControl(c) {
			return "a control character " + strconv.QuoteRune(c) + ": a position is printable text"
		}
	}
	return ""
}

// MaxNumber is the largest number [Number] reads.
const MaxNumber = 1_000_000_000

// Number parses a non-negative decimal number without sign or leading
// zeros, at most MaxNumber. The error names what is wrong: not a number
// at all, a sign, a leading zero, too large.
func Number(s string) (int, error) {
	switch {
	case s == "":
		return 0, errString("empty number")
	case !allDigits(s):
		if (s[0] == '-' || s[0] == '+') && allDigits(s[1:]) {
			return 0, errString("number " + quote.String(s) + " has a sign")
		}
		return 0, errString(quote.String(s) + " is not a number")
	case len(s) > 1 && s[0] == '0':
		return 0, errString("number " + quote.String(s) + " has a leading zero")
	case len(s) > 10:
		return 0, errString("number " + quote.String(s) + " is too large")
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	if n > MaxNumber {
		return 0, errString("number " + quote.String(s) + " is too large")
	}
	return n, nil
}

// Count parses a seed count 0..255.
func Count(s string) (int, error) {
	n, err := Number(s)
	if err != nil {
		return 0, err
	}
	if n > MaxSeeds {
		return 0, errString("count " + s + " is over 255")
	}
	return n, nil
}

// Pair parses "a,b" of two counts 0..255 (prisons=, reserves=).
func Pair(s string) (a, b int, err error) {
	switch n := strings.Count(s, ",") + 1; {
	case n == 1:
		return 0, 0, errString("want two counts separated by a comma, got one")
	case n > 2:
		return 0, 0, errString("want two counts separated by a comma, got " + strconv.Itoa(n))
	}
	x, y, _ := strings.Cut(s, ",")
	if a, err = Count(x); err != nil {
		return 0, 0, err
	}
	if b, err = Count(y); err != nil {
		return 0, 0, err
	}
	return a, b, nil
}

// AppendRow appends a row of counts, comma-separated, with '*' after the
// marked ones (marks may be nil).
func AppendRow(dst []byte, counts []int, marks []bool) []byte {
	for i, n := range counts {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(n), 10)
		if marks != nil && marks[i] {
			dst = append(dst, '*')
		}
	}
	return dst
}

type errString string

func (e errString) Error() string { return string(e) }

// StatusLine returns the status line every game's Diagram ends with
// (before its rules line): "South to move, turn 12" with ", "+detail when
// detail is not empty ("South to move, turn 0, phase 1"), or, once the
// game is over, "game over after turn 12: South wins (inner)".
func StatusLine(o mancala.Outcome, toMove mancala.Player, turn int, detail string) string {
	if o.Over() {
		return "game over after turn " + strconv.Itoa(turn) + ": " + o.String()
	}
	s := toMove.String() + " to move, turn " + strconv.Itoa(turn)
	if detail != "" {
		s += ", " + detail
	}
	return s
}

// RulesLine returns the line a Diagram adds for non-default rules, "rules
// Endless:Illegal\n", or "" for the defaults (rules == "").
func RulesLine(rules string) string {
	if rules == "" {
		return ""
	}
	return "rules " + rules + "\n"
}

// ParseResult is [mancala.ParseResult] for game: its error names the game
// (a copy of the core's *mancala.SyntaxError with Game set).
func ParseResult(game, s string) (mancala.Outcome, error) {
	o, err := mancala.ParseResult(s)
	if err != nil {
		var se *mancala.SyntaxError
		if errors.As(err, &se) {
			c := *se
			c.Game, c.Input = game, "result="+s
			return o, &c
		}
		return o, err
	}
	return o, nil
}

// NoEndlessMove says why no endless move can lead from before, the
// position an endless move would have been played in under Endless=Draw,
// to a position written with result=draw:endless, or "" when one of its
// legal moves is endless (C-6: an endless move leaves the board as it
// was, so the position after it is before with the turn passed). counters
// is the game's plural for its counters ("warriors"), for the message.
func NoEndlessMove[P mancala.Game[P, M], M comparable](before P, counters string) string {
	moves := before.AppendLegalMoves(nil)
	for _, m := range moves {
		if r, err := before.Apply(m); err == nil && r.Outcome().Reason == mancala.Endless {
			return ""
		}
	}
	mover := before.ToMove().String()
	if len(moves) == 0 {
		return mover + ", who moved last, has no " + counters + " to move here, so no endless move was played (C-6)"
	}
	return "no move of " + mover + " (who moved last) is endless here, so no endless move was played (C-6)"
}

// CanonicalRules checks that a position's rules= field was written as the
// game writes it (written == canonical, the parsed rules' String): only
// the options that differ from the defaults, sorted by name, and never
// empty (the defaults leave the field out), so that String writes back
// exactly what Parse read. The error wraps mancala.ErrSyntax.
func CanonicalRules(game, written, canonical string) error {
	switch {
	case written == "":
		return Syntax(game, "rules=", "empty rules= field: leave it out for the default rules")
	case canonical == "":
		return Syntax(game, "rules="+written, "these are the default rules: leave rules= out")
	case written != canonical:
		return Syntax(game, "rules="+written, "write rules= as "+strconv.Quote(canonical)+": only the options that differ from the defaults, sorted by name")
	}
	return nil
}
