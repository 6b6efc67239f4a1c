package kimasai

import (
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// rowPits[r][f] is the pit at notation row r (0 = d, North's outer row, down
// to 3 = a, South's outer row) and file f+1.
var rowPits = func() (t [4][Files]int) {
	for r := range 4 {
		for f := range Files {
			p, _ := layout.Index(3-r, f+1)
			t[r][f] = p
		}
	}
	return t
}()

// String returns p in the notation of docs/notation.md:
//
//	kimasai <d>/<c>/<b>/<a> <S|N> turn=<n> reserves=<S>,<N> [result=<r>] [rules=<o>]
//
// with the rows from North's outer row d down to South's outer row a, each
// from file 1 to file 8; result= once a move has ended the game (or when it
// was parsed), rules= when the rules differ from the defaults. For example
// the start position is
//
//	kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24
func (p Position) String() string {
	b := make([]byte, 0, 128)
	b = append(b, Name...)
	b = append(b, ' ')
	for r := range 4 {
		if r > 0 {
			b = append(b, '/')
		}
		for f := range Files {
			if f > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(p.pits[rowPits[r][f]]), 10)
		}
	}
	b = append(b, ' ')
	b = append(b, p.ToMove().Letter()...)
	b = append(b, " turn="...)
	b = strconv.AppendInt(b, int64(p.turn), 10)
	b = append(b, " reserves="...)
	b = strconv.AppendInt(b, int64(p.reserves[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.reserves[1]), 10)
	if p.status != mancala.Ongoing && p.written {
		b = append(b, " result="...)
		b = append(b, p.Outcome().Result()...)
	}
	if rs := p.rules.String(); rs != "" {
		b = append(b, " rules="...)
		b = append(b, rs...)
	}
	return string(b)
}

// MarshalText returns p.String() as bytes; it never fails.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText parses text as [Parse] does and sets *p; on error *p is
// unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := Parse(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Parse reads a position in the notation of [Position.String]. The fields
// after turn= may come in any order; reserves= is required; result= and
// rules= are optional; rules= is written as [Rules.String] writes it (only
// the options that differ from the defaults, sorted by name), so that
// String writes back exactly what was parsed. result= is authoritative and
// takes one of S|N:nomove, S|N:inner, S|N:selfinner, draw:endless or
// draw:turnlimit, which
// must agree with the board and the side to move: nomove is won by the
// player who moved last when the side to move has no cow (C-8); inner by
// the player who moved last when the side to move has an empty inner row
// (KM-11), with both reserves empty (raids are phase 2 only, KM-9.2) and
// cows left in the winner's inner row (KM-10); selfinner by the side to
// move when the last mover's inner row is empty and SelfEmptiedInnerRow is
// Loses (KM-12); inner and selfinner not at turn 0; draw:endless (C-6)
// under Endless=Illegal only if every candidate of the side to move is
// endless, under Endless=Draw not at turn 0 and only if the player who
// moved last has an endless move on this board (the endless move left it
// unchanged); draw:turnlimit (C-9) only at turn [mancala.MaxTurn] and if
// no other rule ended the game. Without it, an end that follows from the
// position itself is derived (and not printed back): a player to move
// without any cow on their rows loses (C-8); with Endless=Illegal, one
// whose every candidate move is endless draws (C-6); otherwise a position
// at turn mancala.MaxTurn is drawn by the turn limit (C-9). The counts may total
// anything up to 255 (a hand-made position need not hold 64 cows).
//
// Malformed text gives a [*mancala.SyntaxError] wrapping [mancala.ErrSyntax]:
// another game's name, not four rows of eight counts 0..255, a side that
// does not match the turn's parity, an unknown, repeated or missing field,
// a total over 255 cows, bad rules or rules= not in that form, or a bad or
// contradicted result.
func Parse(s string) (Position, error) {
	t, err := notation.Split(Name, s, 4, "reserves", "result", "rules")
	if err != nil {
		return Position{}, err
	}
	if t.Marked {
		return Position{}, notation.Syntax(Name, s, "Bao la Kimasai has no nki marks ('*')")
	}
	var p Position
	total := 0
	for r, row := range t.Rows {
		if len(row) != Files {
			return Position{}, notation.Syntax(Name, s, "row "+strconv.Itoa(r+1)+" ("+string(rune('d'-r))+") has "+strconv.Itoa(len(row))+" pits, want "+strconv.Itoa(Files))
		}
		for f, n := range row {
			p.pits[rowPits[r][f]] = uint8(n)
			total += n
		}
	}
	p.turn = uint32(t.Turn)
	v, ok := t.Field("reserves")
	if !ok {
		return Position{}, notation.Syntax(Name, s, "missing reserves=<S>,<N>")
	}
	rs, rn, err := notation.Pair(v)
	if err != nil {
		return Position{}, notation.Syntax(Name, "reserves="+v, "reserves: "+err.Error())
	}
	p.reserves = [2]uint8{uint8(rs), uint8(rn)}
	total += rs + rn
	if total > notation.MaxSeeds {
		return Position{}, notation.Syntax(Name, s, strconv.Itoa(total)+" cows in all, more than "+strconv.Itoa(notation.MaxSeeds))
	}
	if v, ok := t.Field("rules"); ok {
		r, err := ParseRules(v)
		if err != nil {
			return Position{}, err
		}
		if err := notation.CanonicalRules(Name, v, r.String()); err != nil {
			return Position{}, err
		}
		p.rules = packRules(r)
	}
	if v, ok := t.Field("result"); ok {
		o, err := notation.ParseResult(Name, v)
		if err != nil {
			return Position{}, err
		}
		switch {
		case o.Status == mancala.Draw && (o.Reason == mancala.Endless || o.Reason == mancala.TurnLimit || o.Reason == mancala.Repetition):
		case o.Status == mancala.Win && (o.Reason == mancala.NoMove || o.Reason == mancala.InnerRowEmptied || o.Reason == mancala.SelfEmptiedInnerRow):
		default:
			return Position{}, &mancala.SyntaxError{Game: Name, What: "result", Input: v,
				Msg: "Bao la Kimasai results are S|N:nomove, S|N:inner, S|N:selfinner, draw:endless, draw:turnlimit or draw:repetition"}
		}
		if msg := p.contradicts(o); msg != "" {
			return Position{}, &mancala.SyntaxError{Game: Name, What: "result", Input: v, Msg: msg}
		}
		p.setResult(o.Status, o.Winner, o.Reason, true)
	} else {
		p.settle(false)
		p.turnLimit(false)
	}
	return p, nil
}

// contradicts says why a game cannot have ended with the win o in p (its
// board, side to move and rules), or "": the player who moved last wins by
// KM-11 (the side to move has an empty inner row) and by C-8 (the side to
// move has no cow on the board); the side to move wins by KM-12 (the last
// mover's inner row is empty, and SelfEmptiedInnerRow is Loses). KM-11 and
// KM-12 follow a move, so they need turn 1 or later. A draw by endless
// sowing (C-6) needs, under Endless=Illegal, every candidate of the side to
// move to be endless, and under Endless=Draw a move played (turn 1 on).
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
		q.settle(false)
		if q.status != mancala.Ongoing {
			return "the game ended by " + q.Outcome().Result() + " first"
		}
		// The move that completed the last turn left this board: had it
		// emptied an inner row, that end stands (KM-11 by a raid, in
		// phase 2 only; KM-12).
		next := p.ToMove()
		inner := func(pl mancala.Player) bool { return littleEndian.Uint64(p.pits[base(pl):]) == 0 }
		var end mancala.Outcome
		switch {
		case inner(next) && p.reserves[0]|p.reserves[1] == 0:
			end = mancala.Outcome{Status: mancala.Win, Winner: next.Other(), Reason: mancala.InnerRowEmptied}
		case inner(next.Other()) && p.rules&continuesBit == 0:
			end = mancala.Outcome{Status: mancala.Win, Winner: next, Reason: mancala.SelfEmptiedInnerRow}
		default:
			return ""
		}
		return "the move that completed the last turn ended the game by " + end.Result() + " first (KM-11, KM-12)"
	}
	if o.Status == mancala.Draw {
		// C-6: under Endless=Illegal every candidate of the side to move
		// is endless; under Endless=Draw an endless move was played.
		if p.rules.illegal() {
			q := *p
			q.settle(false)
			if q.status != mancala.Draw {
				return "under Endless=Illegal draw:endless needs every candidate move of " + p.ToMove().String() + " to be endless (C-6)"
			}
		} else if p.turn == 0 {
			return "no move has been played at turn 0"
		} else if msg := p.noEndlessMove(); msg != "" {
			return msg
		}
		return ""
	}
	next := p.ToMove()
	last := next.Other()
	inner := func(pl mancala.Player) bool { return littleEndian.Uint64(p.pits[base(pl):]) == 0 }
	if o.Reason != mancala.NoMove && p.turn == 0 {
		return "no move has been played at turn 0"
	}
	switch o.Reason {
	case mancala.NoMove:
		switch {
		case o.Winner != last:
			return "the player to move loses by nomove (C-8)"
		case !inner(next) || littleEndian.Uint64(p.pits[base(next)+8:]) != 0:
			return next.String() + " has cows to move (C-8)"
		}
	case mancala.InnerRowEmptied:
		switch {
		case o.Winner != last:
			return "inner is won by the player who moved last (KM-11)"
		case !inner(next):
			return next.String() + "'s inner row is not empty (KM-11)"
		case p.reserves[0]|p.reserves[1] != 0:
			return "a reserve still holds cows, so the last move was a phase-1 move, and phase 1 has no raids (KM-6, KM-9.2)"
		case inner(last):
			return last.String() + "'s inner row is empty, but the raid that won leaves cows in the pit it lands on (KM-10)"
		}
	case mancala.SelfEmptiedInnerRow:
		switch {
		case p.rules&continuesBit != 0:
			return "selfinner cannot end a game under SelfEmptiedInnerRow:Continues (KM-12)"
		case o.Winner != next:
			return "selfinner is lost by the player who moved last (KM-12)"
		case !inner(last):
			return last.String() + "'s inner row is not empty (KM-12)"
		}
	}
	return ""
}

// noEndlessMove says why the player who moved last cannot have played an
// endless move to reach p under Endless=Draw (C-6), or "": such a move
// leaves the board and reserves as they were, so p with the turn taken
// back is the position it was played in, and one of its moves must be
// endless.
func (p *Position) noEndlessMove() string {
	q := *p
	q.turn--
	q.setResult(mancala.Ongoing, 0, mancala.NoReason, false)
	q.settle(false) // the legal moves of the player who moved last
	return notation.NoEndlessMove[Position, Move](q, "cow")
}

// Diagram draws p as a player at South's seat sees it: North's outer row d
// on top, then c, b, and South's outer row a at the bottom, files 1..8 from
// left to right, each row followed by the direction its owner sows it in
// (KM-3: clockwise, so South sows b1 → b8 then a8 → a1, North c8 → c1
// then d1 → d8), each reserve beside its owner's outer row, and a last
// line saying whose turn it is (or how the game ended), the turn number
// and the phase. For the start position:
//
//	     1   2   3   4   5   6   7   8
//	d    0   0   0   0   0   0   0   0   → North reserve 24
//	c    1   1   1   1   1   1   1   1   ←
//	b    1   1   1   1   1   1   1   1   →
//	a    0   0   0   0   0   0   0   0   ← South reserve 24
//	South to move, turn 0, phase 1
func (p Position) Diagram() string { return p.DiagramWith(nil) }

// DiagramWith is [Position.Diagram] with the text of each pit's cell (its
// count, right-aligned in four columns) passed through cell(index, text),
// index numbering the pit as in KM-2, so that a front end can colour pits
// (those a move changed, say); cell must keep the text's visible width.
// A nil cell draws Diagram.
func (p Position) DiagramWith(cell func(index int, text string) string) string {
	var b strings.Builder
	b.WriteString(" ")
	for f := 1; f <= Files; f++ {
		b.WriteString(pad(strconv.Itoa(f), 4))
	}
	b.WriteByte('\n')
	for r := range 4 {
		b.WriteByte(byte('d' - r))
		for f := range Files {
			pit := rowPits[r][f]
			text := pad(strconv.Itoa(int(p.pits[pit])), 4)
			if cell != nil {
				text = cell(pit, text)
			}
			b.WriteString(text)
		}
		b.WriteString([4]string{"   →", "   ←", "   →", "   ←"}[r])
		switch r {
		case 0:
			b.WriteString(" North reserve " + strconv.Itoa(int(p.reserves[mancala.North])))
		case 3:
			b.WriteString(" South reserve " + strconv.Itoa(int(p.reserves[mancala.South])))
		}
		b.WriteByte('\n')
	}
	b.WriteString(notation.StatusLine(p.Outcome(), p.ToMove(), p.Turn(), "phase "+strconv.Itoa(p.Phase())))
	b.WriteByte('\n')
	b.WriteString(notation.RulesLine(p.rules.String()))
	return b.String()
}

func pad(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}
