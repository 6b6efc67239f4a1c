package kiothi

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/notation"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// String returns the position in the notation of docs/notation.md, one line:
//
//	kiothi <b1..b10>/<a1..a10> <S|N> turn=<n> prisons=<S>,<N> [hand=<n> lifted=<pits>|dropfrom=<pit>] [result=<r>] [rules=<opts>]
//
// Row b (North's, pits 19..10) comes first, then row a (pits 0..9), each
// from file 1 to 10; an nki pit carries a '*' (KI-8). hand= with lifted=
// (the pits emptied so far, in increasing pit order) or dropfrom= (the
// lowest pit in the mover's ring order the next drop may use) appear only
// in the middle of an opening turn (KI-7); result= once a move has ended
// the game (not for an end derived when parsing, see [Parse]); rules= lists
// the options that differ from the defaults. Parse(p.String()) == p.
func (p Position) String() string {
	return string(p.appendText(make([]byte, 0, 96)))
}

func (p *Position) appendText(b []byte) []byte {
	b = append(b, Name...)
	b = append(b, ' ')
	for f := 1; f <= Files; f++ { // row b, file 1..10 = pits 19..10
		b = p.appendPit(b, Pits-f, f > 1)
	}
	b = append(b, '/')
	for i := 0; i < Files; i++ {
		b = p.appendPit(b, i, i > 0)
	}
	b = append(b, ' ')
	b = append(b, p.ToMove().Letter()...)
	b = append(b, " turn="...)
	b = strconv.AppendUint(b, uint64(p.turn), 10)
	b = append(b, " prisons="...)
	b = strconv.AppendInt(b, int64(p.prisons[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.prisons[1]), 10)
	switch p.phase {
	case phaseLift:
		b = append(b, " hand="...)
		b = strconv.AppendInt(b, int64(p.hand), 10)
		b = append(b, " lifted="...)
		first := true
		for i := range Pits {
			if p.lifted&(1<<i) != 0 {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = append(b, layout.PitName(i)...)
			}
		}
	case phaseDrop:
		b = append(b, " hand="...)
		b = strconv.AppendInt(b, int64(p.hand), 10)
		b = append(b, " dropfrom="...)
		b = append(b, layout.PitName(int(p.dropFrom))...)
	}
	if p.status != mancala.Ongoing && p.written {
		b = append(b, " result="...)
		b = append(b, p.Outcome().Result()...)
	}
	if r := p.rules.String(); r != "" {
		b = append(b, " rules="...)
		b = append(b, r...)
	}
	return b
}

func (p *Position) appendPit(b []byte, pit int, comma bool) []byte {
	if comma {
		b = append(b, ',')
	}
	b = strconv.AppendInt(b, int64(p.pits[pit]), 10)
	if p.nki&(1<<pit) != 0 {
		b = append(b, '*')
	}
	return b
}

// MarshalText returns p.String() as bytes; it never fails.
func (p Position) MarshalText() ([]byte, error) { return p.appendText(nil), nil }

// UnmarshalText parses text as [Parse] does and stores the position in p;
// on error p is unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := Parse(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Parse reads a position in the notation of docs/notation.md (see
// [Position.String]); fields after turn= may come in any order. It checks
// that there are two rows of 10 counts, that board, prisons and hand hold
// at most 255 warriors, that the side matches the turn's parity, that nki
// marks appear only from turn 2 on, and under NkiClear=AnyLift only on
// occupied pits (an nki pit empties only by a lift, which clears the mark,
// KI-8), that the opening fields (hand=, lifted=, dropfrom=) appear only
// before turn 2 and only together as in an opening turn that can still be
// completed (KI-7), that result= names a Kiothi end from turn 2 on that
// the position agrees with, and that rules= is valid and written as
// [Rules.String] writes it. The results: draw:endless (C-6) from turn 3
// on, under Endless=Draw only if the player who moved last has an endless
// move on this board (the endless move left it unchanged), under
// Endless=Illegal only if every candidate of the player to move is
// endless; nomove for a player to move without a move, won by the side the
// prisons favour after the KI-15 sweep (KI-16); draw:turnlimit (C-9) only
// at turn [mancala.MaxTurn] with the player to move holding a legal move;
// repetition (C-10, KI-18) only under Repetition=Three from turn 4 on, with
// an empty board, won by the side with more warriors in prison (a draw for
// equal prisons). A position from turn 2 on without result= whose player to move has no
// legal move is over: its [Position.Outcome] is the result of KI-15 with
// the sweep counted (KT8), or a draw if every candidate move is endless
// under Endless=Illegal (C-6); one at turn mancala.MaxTurn otherwise is
// drawn by the turn limit (C-9). Errors wrap [mancala.ErrSyntax].
func Parse(s string) (Position, error) {
	t, err := notation.Split(Name, s, 2, "prisons", "hand", "lifted", "dropfrom", "result", "rules")
	if err != nil {
		return Position{}, err
	}
	bad := func(input, msg string) (Position, error) {
		return Position{}, notation.Syntax(Name, input, msg)
	}
	var p Position
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
	for ri, row := range t.Rows {
		if len(row) != Files {
			return bad(s, "row "+strconv.Itoa(ri+1)+" has "+strconv.Itoa(len(row))+" pits, want "+strconv.Itoa(Files))
		}
	}
	total := 0
	for f := 1; f <= Files; f++ {
		for ri, pit := range [2]int{Pits - f, f - 1} { // row b then row a
			n := t.Rows[ri][f-1]
			p.pits[pit] = uint8(n)
			total += n
			if t.Marks[ri][f-1] {
				p.nki |= 1 << pit
			}
		}
	}
	p.turn = uint32(t.Turn)
	if t.Marked && p.turn < 2 {
		return bad(s, "nki marks (*) before turn 2: pits become nki when turn 1 ends (KI-8)")
	}
	if p.rules&ownerLiftBit == 0 { // NkiClear=AnyLift
		for i := range Pits {
			if p.nki&(1<<i) != 0 && p.pits[i] == 0 {
				return bad(strings.SplitN(s, " ", 3)[1], layout.PitName(i)+" is nki but empty: under NkiClear=AnyLift an nki pit empties only by a lift, which clears its mark (KI-8)")
			}
		}
	}
	v, ok := t.Field("prisons")
	if !ok {
		return bad(s, "missing prisons=<S>,<N>")
	}
	ps, pn, err := notation.Pair(v)
	if err != nil {
		return bad("prisons="+v, "prisons: "+err.Error())
	}
	p.prisons = [2]uint8{uint8(ps), uint8(pn)}
	total += ps + pn
	if err := p.parseOpening(t, s); err != nil {
		return Position{}, err
	}
	total += int(p.hand)
	if total > notation.MaxSeeds {
		return bad(s, strconv.Itoa(total)+" warriors on the board, in the prisons and in hand; at most "+strconv.Itoa(notation.MaxSeeds))
	}
	if v, ok := t.Field("result"); ok {
		o, err := notation.ParseResult(Name, v)
		if err != nil {
			return Position{}, err
		}
		if msg := p.contradicts(o); msg != "" {
			return bad("result="+v, msg)
		}
		p.status, p.winner, p.reason, p.written = o.Status, o.Winner, o.Reason, true
		return p, nil
	}
	if p.turn >= 2 {
		candidate, legal := p.hasMoves()
		switch {
		case !candidate:
			p.setNoMoveResult()
		case !legal:
			p.status, p.reason = mancala.Draw, mancala.Endless
		case p.turn >= mancala.MaxTurn:
			p.status, p.reason = mancala.Draw, mancala.TurnLimit // C-9
		}
	}
	return p, nil
}

// contradicts says why o cannot be the result written for p, or "", as in
// the other games: a Kiothi game ends only from turn 2 on, by KI-15 (the
// player to move has no move; the prisons after the sweep decide it), by
// C-6 (under Endless=Illegal every candidate of the player to move is
// endless; under Endless=Draw an endless move was played, from turn 3 on)
// or by C-9.
func (p *Position) contradicts(o mancala.Outcome) string {
	if o.Reason != mancala.NoMove && o.Reason != mancala.Endless && o.Reason != mancala.TurnLimit && o.Reason != mancala.Repetition {
		return "a Kiothi game ends only by nomove (KI-15), endless (C-6), turnlimit (C-9) or repetition (C-10)"
	}
	if p.turn < 2 {
		return "a game cannot end before turn 2"
	}
	if o.Reason == mancala.TurnLimit {
		return p.turnLimitContradiction()
	}
	if o.Reason == mancala.Repetition {
		return p.repetitionContradiction(o)
	}
	if o.Reason == mancala.Endless {
		// C-6: under Endless=Illegal every candidate of the player to
		// move is endless; under Endless=Draw an endless move was
		// played, from turn 2 on.
		if p.rules.illegal() {
			if candidate, legal := p.hasMoves(); !candidate || legal {
				return "under Endless=Illegal draw:endless needs every candidate move of " + p.ToMove().String() + " to be endless (C-6)"
			}
		} else if p.turn < 3 {
			return "an endless move is played from turn 2 on, so draw:endless needs turn 3 or later (C-6)"
		} else {
			return p.noEndlessMove()
		}
	}
	if o.Reason == mancala.NoMove {
		// KI-15, KI-16: the player to move has no move, and the
		// prisons after the sweep decide the result.
		if candidate, _ := p.hasMoves(); candidate {
			return p.ToMove().String() + " has a move, so the game is not over by KI-15"
		}
		q := *p
		q.setNoMoveResult()
		if q.status != o.Status || q.winner != o.Winner {
			return "the prisons after the KI-15 sweep give " + q.Outcome().Result()
		}
	}
	return ""
}

// noEndlessMove says why the player who moved last cannot have played an
// endless move to reach p under Endless=Draw (C-6), or "": such a move
// leaves the board, the nki marks and the prisons as they were, so p with
// the turn taken back is the position it was played in, and one of its
// moves must be endless.
func (p *Position) noEndlessMove() string {
	q := *p
	q.turn--
	q.status, q.winner, q.reason, q.written = mancala.Ongoing, 0, mancala.NoReason, false
	return notation.NoEndlessMove[Position, Move](q, "warriors")
}

// turnLimitContradiction says why p cannot be a game drawn by the turn
// limit (C-9), or "": the limit ends a game at turn mancala.MaxTurn, and
// only if the player to move has a legal move (else KI-15 or C-6 ended it
// first).
func (p *Position) turnLimitContradiction() string {
	if p.turn != mancala.MaxTurn {
		return "draw:turnlimit needs turn=" + strconv.Itoa(mancala.MaxTurn) + ", the last turn (C-9)"
	}
	switch candidate, legal := p.hasMoves(); {
	case !candidate:
		return p.ToMove().String() + " has no move, so the game ended by KI-15 (nomove)"
	case !legal:
		return "every candidate move of " + p.ToMove().String() + " is endless, so the game ended drawn by C-6 (endless)"
	}
	return ""
}

// parseOpening reads hand=, lifted= and dropfrom= (KI-7).
func (p *Position) parseOpening(t *notation.Text, s string) error {
	hv, hok := t.Field("hand")
	lv, lok := t.Field("lifted")
	dv, dok := t.Field("dropfrom")
	if !hok && !lok && !dok {
		return nil
	}
	bad := func(input, msg string) error {
		return notation.Syntax(Name, input, msg)
	}
	switch {
	case p.turn >= 2:
		return bad(s, "hand=, lifted= and dropfrom= belong to an opening turn (turn 0 or 1)")
	case !hok:
		return bad(s, "lifted= and dropfrom= need hand=")
	case lok == dok:
		return bad(s, "hand= goes with exactly one of lifted= (while lifting) and dropfrom= (while dropping)")
	}
	h, err := notation.Count(hv)
	if err != nil {
		return bad("hand="+hv, "hand: "+err.Error())
	}
	if h == 0 {
		return bad("hand="+hv, "hand=0: the turn is over once the hand is empty (KI-7)")
	}
	p.hand = uint8(h)
	mover := p.ToMove()
	if dok {
		q, err := layout.ParsePitName(dv)
		if err != nil {
			return bad("dropfrom="+dv, "dropfrom: want a pit a1..a10 or b1..b10")
		}
		p.phase, p.dropFrom = phaseDrop, uint8(q)
		return nil
	}
	prev := -1
	for _, name := range strings.Split(lv, ",") {
		q, err := layout.ParsePitName(name)
		if err != nil {
			return bad("lifted="+lv, "lifted: want pits a1..a10 or b1..b10 separated by commas")
		}
		switch {
		case owner(q) != mover:
			return bad("lifted="+lv, "lifted: "+name+" is not in "+mover.String()+"'s row (KI-6)")
		case q <= prev:
			return bad("lifted="+lv, "lifted: list the pits once each, in increasing pit order (KI-7)")
		case p.pits[q] != 0:
			return bad("lifted="+lv, "lifted: "+name+" was emptied this turn but holds "+strconv.Itoa(int(p.pits[q])))
		}
		prev = q
		p.lifted |= 1 << q
	}
	p.phase = phaseLift
	done := bits.OnesCount32(p.lifted)
	need := p.need()
	if done >= need {
		return bad("lifted="+lv, "lifted: "+strconv.Itoa(done)+" pits lifted of "+strconv.Itoa(need)+": the drops have begun, write dropfrom= (KI-7)")
	}
	if p.rules&upToBit == 0 && p.occupiedAbove(prev) < need-done {
		return bad("lifted="+lv, "lifted: no occupied pit of "+mover.String()+"'s row after "+layout.PitName(prev)+" is left to lift: the turn cannot be completed (KI-7)")
	}
	return nil
}

// Diagram draws the position as a player in South's seat sees it: row b
// (North's) on top and row a below, files 1..10 from left to right, with
// the algebraic labels above and below, a '*' after each nki count (KI-8),
// an arrow after each row for the sowing direction (KI-3: one ring,
// counter-clockwise, a1 → a10 then b10 → b1), North's prison at the left
// end and South's at the right, then who is to move at which turn, the
// hand and the lifts of an opening turn in progress, and the result once
// the game is over. Example (the start):
//
//	        b1   b2   b3   b4   b5   b6   b7   b8   b9  b10
//	      +----+----+----+----+----+----+----+----+----+----+
//	      |  5 |  5 |  5 |  5 |  5 |  5 |  0 |  0 |  0 |  0 | ←
//	 N  0 +----+----+----+----+----+----+----+----+----+----+ 0   S
//	      |  0 |  0 |  0 |  0 |  5 |  5 |  5 |  5 |  5 |  5 | →
//	      +----+----+----+----+----+----+----+----+----+----+
//	        a1   a2   a3   a4   a5   a6   a7   a8   a9  a10
//	South to move, turn 0, opening
//	prisons: North 0 (left), South 0 (right)
func (p Position) Diagram() string { return p.DiagramWith(nil) }

// DiagramWith is [Position.Diagram] with the text of each pit's cell (its
// count right-aligned in three columns and a '*' or a space for its nki
// mark) passed through cell(index, text), index numbering the pit as in
// KI-2, so that a front end can colour pits (those a move changed, say);
// cell must keep the text's visible width. A nil cell draws Diagram.
func (p Position) DiagramWith(cell func(index int, text string) string) string {
	var b strings.Builder
	border := "      +" + strings.Repeat("----+", Files) + "\n"
	labels := func(row byte) {
		line := "      "
		for f := 1; f <= Files; f++ {
			name := string(row) + strconv.Itoa(f)
			line += strings.Repeat(" ", 4-len(name)) + name + " "
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	cells := func(pit func(f int) int, arrow string) {
		b.WriteString("      |")
		for f := 1; f <= Files; f++ {
			q := pit(f)
			n := strconv.Itoa(int(p.pits[q]))
			mark := " "
			if p.nki&(1<<q) != 0 {
				mark = "*"
			}
			text := strings.Repeat(" ", 3-len(n)) + n + mark
			if cell != nil {
				text = cell(q, text)
			}
			b.WriteString(text + "|")
		}
		b.WriteString(" " + arrow + "\n")
	}
	labels('b')
	b.WriteString(border)
	cells(func(f int) int { return Pits - f }, "←")
	np := strconv.Itoa(int(p.prisons[mancala.North]))
	sp := strconv.Itoa(int(p.prisons[mancala.South]))
	pad := func(n string) string { return strings.Repeat(" ", max(0, 3-len(n))) } // %3s and %-3s of a count 0..255
	b.WriteString(" N" + pad(np) + np + " " + strings.TrimSpace(border) + " " + sp + pad(sp) + " S\n")
	cells(func(f int) int { return f - 1 }, "→")
	b.WriteString(border)
	labels('a')
	detail := ""
	if p.turn < 2 {
		detail = "opening"
	}
	b.WriteString(notation.StatusLine(p.Outcome(), p.ToMove(), p.Turn(), detail) + "\n")
	b.WriteString("prisons: North " + np + " (left), South " + sp + " (right)\n")
	switch p.phase {
	case phaseLift:
		var names []string
		for i := range Pits {
			if p.lifted&(1<<i) != 0 {
				names = append(names, layout.PitName(i))
			}
		}
		b.WriteString("hand " + strconv.Itoa(int(p.hand)) + ", lifted " + strings.Join(names, ",") + "\n")
	case phaseDrop:
		b.WriteString("hand " + strconv.Itoa(int(p.hand)) + ", next drop into " + layout.PitName(int(p.dropFrom)) + " or later\n")
	}
	if p.nki != 0 {
		b.WriteString("* = nki\n")
	}
	b.WriteString(notation.RulesLine(p.rules.String()))
	return b.String()
}
