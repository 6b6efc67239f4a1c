package kisolo

import (
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// String returns the position in the notation of docs/notation.md: "kisolo", the
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
			row[f-1] = int(p.circ[g.slot(int(g.at[r][f]))])
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
	if p.result != 0 && p.written {
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

// Parse reads a position in the notation of docs/notation.md (see
// [Position.String]). Fields after the side may come in any order;
// rules= (written as [Rules.String] writes it) sets the number of pits per
// row. A result= field is authoritative (it must agree with the board and
// the side to move, see below); without one the position is taken as
// set up with the side to move about to move, and Parse derives only what
// follows for that player: no legal move loses (C-8), under Endless =
// Illegal a player whose every candidate is endless draws (C-6), and
// otherwise a position at turn [mancala.MaxTurn] is drawn by the turn
// limit (C-9).
//
// A derived end is not written back: String writes exactly what was
// parsed (docs/notation.md), and Outcome reports the derived result.
//
// Errors are [*mancala.SyntaxError] values wrapping [mancala.ErrSyntax]:
// another game's name, not four rows, a row without C counts, a count
// that is not a number 0..255 or carries a '*' mark, more than 255 seeds in all, a side other
// than S or N or not matching the turn's parity, an unknown or repeated
// field, a malformed result or one these rules cannot produce (a draw
// other than draw:endless or draw:turnlimit; inner or selfinner under Win =
// OuterRowEmptied; outer under Win = InnerRowEmptied; selfinner under
// SelfEmptiedInnerRow = Continues), a win the board or the side to move
// contradicts (draw:endless under Endless=Draw at turn 0 or with no
// endless move for the player who moved last on this board, or under
// Endless=Illegal with a candidate that is not endless, C-6;
// draw:turnlimit at another turn than mancala.MaxTurn or in a game another
// rule ended, C-9; nomove while the side to move has seeds, C-8; inner won
// by the side to move, with its inner row holding seeds, or with the
// winner's inner row empty, KS-10, KS-7; selfinner
// lost by the side to move or with the last mover's inner row holding
// seeds, KS-11; outer rows that give the game to the other side; any of
// those but nomove at turn 0), bad rules, and rules= not written as
// [Rules.String] writes it (only the options that differ from the
// defaults, sorted by name), so that String writes back exactly what was
// parsed.
func Parse(s string) (Position, error) {
	t, err := notation.Split(Name, s, maxRows, "result", "rules")
	if err != nil {
		return Position{}, err
	}
	if t.Marked {
		return Position{}, notation.Syntax(Name, s, "Kisolo has no marked (*) pits")
	}
	var r Rules
	if v, ok := t.Field("rules"); ok {
		if r, err = ParseRules(v); err != nil {
			return Position{}, err
		}
		if err := notation.CanonicalRules(Name, v, r.String()); err != nil {
			return Position{}, err
		}
	}
	p := Position{rules: packRules(r), turn: uint32(t.Turn)}
	g := p.geom()
	total := 0
	for i, row := range t.Rows {
		if len(row) != g.c {
			return Position{}, notation.Syntax(Name, rowText(s, i), "row "+strconv.Itoa(i+1)+" has "+strconv.Itoa(len(row))+" pits, want "+strconv.Itoa(g.c))
		}
		r := maxRows - 1 - i
		for f, n := range row {
			p.circ[g.slot(int(g.at[r][f+1]))] = uint8(n)
			total += n
		}
	}
	if total > notation.MaxSeeds {
		return Position{}, notation.Syntax(Name, s, strconv.Itoa(total)+" seeds in all, more than "+strconv.Itoa(notation.MaxSeeds))
	}
	if v, ok := t.Field("result"); ok {
		o, err := notation.ParseResult(Name, v)
		if err != nil {
			return Position{}, err
		}
		if msg := r.impossible(o); msg != "" {
			return Position{}, notation.Syntax(Name, "result="+v, msg)
		}
		if msg := p.contradicts(o); msg != "" {
			return Position{}, notation.Syntax(Name, "result="+v, msg)
		}
		p.result, p.written = encodeResult(o), true
		return p, nil
	}
	p.settle()
	p.turnLimit() // a derived result: not written back
	return p, nil
}

// impossible says why the rules cannot end a game with o, or "".
func (r Rules) impossible(o mancala.Outcome) string {
	switch {
	case o.Status == mancala.Draw && o.Reason != mancala.Endless && o.Reason != mancala.TurnLimit && o.Reason != mancala.Repetition:
		return "a Kisolo game is drawn only by endless sowing (C-6), the turn limit (C-9) or repetition (C-10)"
	case o.Reason == mancala.Repetition && o.Status != mancala.Draw:
		return "repetition ends a Kisolo game as a draw (C-10)"
	case o.Reason == mancala.OuterRowEmptied && r.Win != OuterRowEmptied:
		return "outer needs Win:OuterRowEmptied"
	case (o.Reason == mancala.InnerRowEmptied || o.Reason == mancala.SelfEmptiedInnerRow) && r.Win != InnerRowEmptied:
		return o.Reason.String() + " cannot end a game under Win:OuterRowEmptied"
	case o.Reason == mancala.SelfEmptiedInnerRow && r.SelfEmptiedInnerRow == Continues:
		return "selfinner cannot end a game under SelfEmptiedInnerRow:Continues"
	}
	return ""
}

// contradicts says why o cannot be the result of a game that reached p's
// board with p's side to move, or "". The player who moved last wins by
// KS-10 (the side to move has an empty inner row) and by C-8 (the side to
// move has no seed); the side to move wins by KS-11 (the last mover's inner
// row is empty); under Win=OuterRowEmptied the last mover wins if the side
// to move has an empty outer row, else loses if their own is empty. A draw
// by endless sowing (C-6) needs, under Endless=Illegal, every candidate of
// the side to move to be endless, and under Endless=Draw a move played.
// Every end but C-8 and C-6 under Endless=Illegal follows a move, so needs
// turn 1 or later.
func (p *Position) contradicts(o mancala.Outcome) string {
	if o.Reason == mancala.Repetition {
		return p.repetitionContradiction()
	}
	if o.Reason == mancala.TurnLimit {
		// C-9: the limit ends a game at turn MaxTurn that no other rule
		// ended.
		if p.turn != mancala.MaxTurn {
			return "draw:turnlimit needs turn=" + strconv.Itoa(mancala.MaxTurn) + ", the last turn (C-9)"
		}
		q := *p
		q.settle()
		if q.result != 0 {
			return "the game ended by " + decodeResult(q.result).Result() + " first"
		}
		// The move that completed the last turn left this board: had it
		// emptied a row that ends the game (KS-10, KS-11), that end
		// stands.
		g := p.geom()
		n0, n1, l0, l1 := p.words() // the side to move's circuit, then the last mover's
		end := mancala.EndEmptyPit
		if n0&g.innerLo|n1&g.innerHi == 0 {
			end = mancala.EndInnerRowEmptied // only a capture empties it (KS-7)
		}
		if r := g.moveResult(p.ToMove().Other(), l0, l1, n0, n1, end, p.rules); r != 0 {
			return "the move that completed the last turn ended the game by " + decodeResult(r).Result() + " first (KS-10, KS-11)"
		}
		return ""
	}
	if o.Status == mancala.Draw {
		// C-6: under Endless=Illegal every candidate of the side to move
		// is endless (even if they are captures); under Endless=Draw an
		// endless move was played.
		if p.rules.illegal() {
			q := *p
			q.settle()
			if q.result != drawEndless {
				return "under Endless=Illegal draw:endless needs every candidate move of " + p.ToMove().String() + " to be endless (C-6)"
			}
		} else if p.turn == 0 {
			return "no move has been played at turn 0"
		} else if msg := p.noEndlessMove(); msg != "" {
			return msg
		}
		return ""
	}
	g := p.geom()
	c, ring := g.c, g.ring
	next := p.ToMove()
	last := next.Other()
	b := p.board()
	outer := func(pl mancala.Player) bool { return rowEmpty(&b, int(pl)*ring, c) }
	inner := func(pl mancala.Player) bool { return rowEmpty(&b, int(pl)*ring+c, c) }
	if o.Reason != mancala.NoMove && p.turn == 0 {
		return "no move has been played at turn 0"
	}
	switch o.Reason {
	case mancala.NoMove:
		switch {
		case o.Winner != last:
			return "the player to move loses by nomove (C-8)"
		case p.hasSeeds():
			return next.String() + " has seeds to move (C-8)"
		}
	case mancala.InnerRowEmptied:
		switch {
		case o.Winner != last:
			return "inner is won by the player who moved last (KS-10)"
		case !inner(next):
			return next.String() + "'s inner row is not empty (KS-10)"
		case inner(last):
			return last.String() + "'s inner row is empty, but the capture that won leaves seeds in the pit it went through (KS-7)"
		}
	case mancala.SelfEmptiedInnerRow:
		switch {
		case o.Winner != next:
			return "selfinner is lost by the player who moved last (KS-11)"
		case !inner(last):
			return last.String() + "'s inner row is not empty (KS-11)"
		}
	case mancala.OuterRowEmptied:
		switch {
		case o.Winner == last && !outer(next):
			return next.String() + "'s outer row is not empty (KS-11, Win=OuterRowEmptied)"
		case o.Winner == next && (outer(next) || !outer(last)):
			return "the outer rows give the game to " + last.String() + " or to nobody (KS-11, Win=OuterRowEmptied)"
		}
	}
	return ""
}

// noEndlessMove says why the player who moved last cannot have played an
// endless move to reach p under Endless=Draw (C-6), or "": such a move
// leaves the board as it was, so p with the turn taken back is the
// position it was played in, and one of its moves must be endless.
func (p *Position) noEndlessMove() string {
	q := *p
	q.turn--
	q.result, q.written = 0, false
	q.settle() // the legal moves of the player who moved last
	return notation.NoEndlessMove[Position, Move](q, "seed")
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
// from left to right, each row labelled with its letter, the direction
// its owner sows it in (KS-3: each circuit counter-clockwise, so South
// sows a1 → a7 then b7 → b1, North d7 → d1 then c1 → c7) and its owner,
// then whose turn it is (or the result):
//
//	     1  2  3  4  5  6  7
//	d    3  3  3  3  3  3  3   ← North
//	c    3  3  3  3  3  3  3   → North
//	b    3  3  3  3  3  3  3   ← South
//	a    3  3  3  3  3  3  3   → South
//	South to move, turn 0
func (p Position) Diagram() string { return p.DiagramWith(nil) }

// DiagramWith is [Position.Diagram] with the text of each pit's cell (its
// count, right-aligned in three columns) passed through cell(index, text),
// index numbering the pit as in KS-2, so that a front end can colour pits
// (those a move changed, say); cell must keep the text's visible width.
// A nil cell draws Diagram.
func (p Position) DiagramWith(cell func(index int, text string) string) string {
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
			pit := int(g.at[r][f])
			text := pad(strconv.Itoa(int(p.circ[g.slot(pit)])))
			if cell != nil {
				text = cell(pit, text)
			}
			b.WriteString(text)
		}
		b.WriteString([maxRows]string{"   → South\n", "   ← South\n", "   → North\n", "   ← North\n"}[r])
	}
	b.WriteString(notation.StatusLine(p.Outcome(), p.ToMove(), p.Turn(), ""))
	b.WriteByte('\n')
	b.WriteString(notation.RulesLine(p.rules.String()))
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
	b := p.board()
	for i := range n {
		c.Pits[i] = int(b[i])
	}
	return c
}
