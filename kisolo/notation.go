package kisolo

import (
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// String returns the position in the DESIGN.md notation: "kisolo", the
// four rows from North's outer row d down to South's outer row a, each
// from file 1 to file C, the side to move, turn=, then result= once the
// game is over and rules= when the rules differ from the defaults:
//
//	kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0
//	kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner
//
// [Parse] reads it back to an equal position.
func (p Position) String() string {
	b, _ := p.MarshalText()
	return string(b)
}

// MarshalText returns p.String() as bytes; it never fails.
func (p Position) MarshalText() ([]byte, error) {
	g := p.geom()
	buf := make([]byte, 0, 96)
	buf = append(buf, Name...)
	buf = append(buf, ' ')
	var row [maxFiles]int
	for r := maxRows - 1; r >= 0; r-- {
		for f := 1; f <= g.c; f++ {
			row[f-1] = int(p.seeds[g.at[r][f]])
		}
		buf = notation.AppendRow(buf, row[:g.c], nil)
		if r > 0 {
			buf = append(buf, '/')
		}
	}
	buf = append(buf, ' ')
	buf = append(buf, p.ToMove().Letter()...)
	buf = append(buf, " turn="...)
	buf = strconv.AppendUint(buf, uint64(p.turn), 10)
	if p.result != 0 && !p.derived {
		buf = append(buf, " result="...)
		buf = append(buf, decodeResult(p.result).Result()...)
	}
	if rs := p.rules.String(); rs != "" {
		buf = append(buf, " rules="...)
		buf = append(buf, rs...)
	}
	return buf, nil
}

// UnmarshalText sets p from its notation as [Parse] reads it; on error p
// is unchanged.
func (p *Position) UnmarshalText(b []byte) error {
	q, err := Parse(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Parse reads a position in the DESIGN.md notation (see
// [Position.String]). Fields after the side may come in any order;
// rules= (as [ParseRules] reads it) sets the number of pits per row. A
// result= field is authoritative; without one the position is taken as
// set up with the side to move about to move, and Parse derives only what
// follows for that player: no legal move loses (C-8), and under Endless =
// Illegal a player whose every candidate is endless draws (C-6).
//
// A derived end is not written back: String writes exactly what was
// parsed (DESIGN.md), and Outcome reports the derived result.
//
// Errors are [*mancala.SyntaxError] values wrapping [mancala.ErrSyntax]:
// another game's name, not four rows, a row without C counts, a count
// that is not a number 0..255 or carries a '*' mark, more than 255 seeds in all, a side other
// than S or N or not matching the turn's parity, an unknown or repeated
// field, a malformed result or one these rules cannot produce (a draw
// other than draw:endless; inner or selfinner under Win =
// OuterRowEmptied; outer under Win = InnerRowEmptied; selfinner under
// SelfEmptiedInnerRow = Continues), and bad rules.
func Parse(s string) (Position, error) {
	t, err := notation.Split(Name, s, maxRows, "result", "rules")
	if err != nil {
		return Position{}, err
	}
	if t.Marked {
		return Position{}, notation.Errorf(Name, s, "Kisolo has no marked (*) pits")
	}
	var r Rules
	if v, ok := t.Field("rules"); ok {
		if v == "" {
			return Position{}, notation.Errorf(Name, "rules=", "empty rules field (leave it out for the defaults)")
		}
		if r, err = ParseRules(v); err != nil {
			return Position{}, err
		}
	}
	p := Position{rules: r, turn: uint32(t.Turn)}
	g := p.geom()
	total := 0
	for i, row := range t.Rows {
		if len(row) != g.c {
			return Position{}, notation.Errorf(Name, rowText(s, i), "row %d has %d pits, want %d", i+1, len(row), g.c)
		}
		r := maxRows - 1 - i
		for f, n := range row {
			p.seeds[g.at[r][f+1]] = uint8(n)
			total += n
		}
	}
	if total > notation.MaxSeeds {
		return Position{}, notation.Errorf(Name, s, "%d seeds in all, more than %d", total, notation.MaxSeeds)
	}
	if v, ok := t.Field("result"); ok {
		o, err := mancala.ParseResult(v)
		if err != nil {
			return Position{}, notation.Errorf(Name, "result="+v, "%s", strings.TrimPrefix(err.Error(), "mancala: bad result: "))
		}
		if msg := p.rules.impossible(o); msg != "" {
			return Position{}, notation.Errorf(Name, "result="+v, "%s", msg)
		}
		p.result = encodeResult(o)
		return p, nil
	}
	p.settle()
	p.derived = p.result != 0
	return p, nil
}

// impossible says why the rules cannot end a game with o, or "".
func (r Rules) impossible(o mancala.Outcome) string {
	switch {
	case o.Status == mancala.Draw && o.Reason != mancala.Endless:
		return "a Kisolo game is drawn only by endless sowing"
	case o.Reason == mancala.OuterRowEmptied && r.Win != OuterRowEmptied:
		return "outer needs Win:OuterRowEmptied"
	case (o.Reason == mancala.InnerRowEmptied || o.Reason == mancala.SelfEmptiedInnerRow) && r.Win != InnerRowEmptied:
		return o.Reason.String() + " cannot end a game under Win:OuterRowEmptied"
	case o.Reason == mancala.SelfEmptiedInnerRow && r.SelfEmptiedInnerRow == Continues:
		return "selfinner cannot end a game under SelfEmptiedInnerRow:Continues"
	}
	return ""
}

// rowText returns the i-th row of a position line, for error messages.
func rowText(s string, i int) string {
	f := strings.Fields(s)
	if len(f) < 2 {
		return s
	}
	rows := strings.Split(f[1], "/")
	if i < len(rows) {
		return rows[i]
	}
	return f[1]
}

// Diagram draws the board as a player in South's seat sees it: North's
// outer row d at the top, South's outer row a at the bottom, files 1..C
// from left to right, each row labelled with its letter and its owner,
// then whose turn it is (or the result):
//
//	     1  2  3  4  5  6  7
//	d    3  3  3  3  3  3  3   North
//	c    3  3  3  3  3  3  3   North
//	b    3  3  3  3  3  3  3   South
//	a    3  3  3  3  3  3  3   South
//	South to move, turn 0
func (p Position) Diagram() string {
	g := p.geom()
	var b strings.Builder
	b.WriteString("   ")
	for f := 1; f <= g.c; f++ {
		b.WriteString(pad(strconv.Itoa(f)))
	}
	b.WriteByte('\n')
	for r := maxRows - 1; r >= 0; r-- {
		b.WriteByte(byte('a' + r))
		b.WriteString("  ")
		for f := 1; f <= g.c; f++ {
			b.WriteString(pad(strconv.Itoa(int(p.seeds[g.at[r][f]]))))
		}
		if r >= 2 {
			b.WriteString("   North\n")
		} else {
			b.WriteString("   South\n")
		}
	}
	if o := p.Outcome(); o.Over() {
		b.WriteString("game over after turn " + strconv.Itoa(p.Turn()) + ": " + o.String())
	} else {
		b.WriteString(p.ToMove().String() + " to move, turn " + strconv.Itoa(p.Turn()))
	}
	if rs := p.rules.String(); rs != "" {
		b.WriteString("\nrules " + rs)
	}
	b.WriteByte('\n')
	return b.String()
}

func pad(s string) string {
	return strings.Repeat(" ", 3-len(s)) + s
}

// Counts returns the seeds of every pit (index 0..4C-1, KS-2) as plain
// counts, as front ends draw them; Kisolo has no stores, reserves, hand or
// marks.
func (p Position) Counts() mancala.Counts {
	n := 4 * p.geom().c
	c := mancala.Counts{Pits: make([]int, n)}
	for i := range n {
		c.Pits[i] = int(p.seeds[i])
	}
	return c
}
