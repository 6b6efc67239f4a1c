package gametest

import (
	"errors"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// RepetitionCase is a worked example of C-10: Cycle, played from Start
// (written under Repetition:Three), brings Start back (turn counter aside).
// Played twice, its last move makes Start's position for the third time:
// End is the exact position that ends the game by repetition and Result its
// result. Mirror is the same game with the board turned round and the sides
// swapped (the other player makes the third occurrence): its moves are the
// cycle's, translated by action id (ids are relative to the mover), and
// MirrorEnd and MirrorResult its end.
type RepetitionCase struct {
	Name                            string
	Start                           string
	Cycle                           []string
	End, Result                     string
	Mirror, MirrorEnd, MirrorResult string
}

// CheckRepetition checks C-10 on d's game with each case, for the case and
// its mirror: through a [mancala.History], the first round leaves the game
// going with Start's position counted twice; the second round's last move
// ends the game with exactly End (result Result, reason repetition), which
// reads back to itself and refuses every move with ErrGameOver; Undo takes
// the end back (the count falls to 2) and the move ends the game again;
// and the same game under Repetition:None goes on through three rounds
// (the position counted four times). Each text of refused fails Parse with
// exactly its error message.
func CheckRepetition[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], cases []RepetitionCase, refused map[string]string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			start := mustParse(t, d, c.Start)
			var cycle []M
			for _, s := range c.Cycle {
				m, err := d.ParseMove(s)
				if err != nil {
					t.Fatalf("ParseMove(%q): %v", s, err)
				}
				cycle = append(cycle, m)
			}
			checkCycle(t, d, start, cycle, c.End, c.Result)
			if c.Mirror == "" {
				return
			}
			// The mirror game: the same action ids from the turned board.
			mirror := mustParse(t, d, c.Mirror)
			p, q := start, mirror
			var mcycle []M
			for i, m := range cycle {
				a, err := d.Action(p, m)
				if err != nil {
					t.Fatalf("Action(%v) in %v: %v", m, p, err)
				}
				mm, err := d.ActionMove(q, a)
				if err != nil {
					t.Fatalf("ActionMove(%d) in %v: %v", a, q, err)
				}
				mcycle = append(mcycle, mm)
				if p, err = p.Apply(m); err != nil {
					t.Fatalf("ply %d %v: %v", i+1, m, err)
				}
				if q, err = q.Apply(mm); err != nil {
					t.Fatalf("mirror ply %d %v in %v: %v", i+1, mm, q, err)
				}
			}
			t.Run("mirror", func(t *testing.T) { checkCycle(t, d, mirror, mcycle, c.MirrorEnd, c.MirrorResult) })
		})
	}
	for text, want := range refused {
		if _, err := d.Parse(text); err == nil || err.Error() != want || !errors.Is(err, mancala.ErrSyntax) {
			t.Errorf("Parse(%s) = %v\nwant %s", text, err, want)
		}
	}
}

func mustParse[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], s string) P {
	t.Helper()
	p, err := d.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%s): %v", s, err)
	}
	return p
}

// checkCycle plays cycle twice from start under Repetition:Three, then
// three times under Repetition:None.
func checkCycle[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], start P, cycle []M, end, result string) {
	t.Helper()
	if d.Repetition(start) != mancala.RepetitionThree {
		t.Fatalf("%v: want Repetition:Three", start)
	}
	h := mancala.NewHistory(d, start)
	for round := 1; round <= 2; round++ {
		for i, m := range cycle {
			q, err := h.Apply(m)
			if err != nil {
				t.Fatalf("round %d ply %d %v: %v", round, i+1, m, err)
			}
			last := round == 2 && i == len(cycle)-1
			if q.Outcome().Over() != last {
				t.Fatalf("round %d ply %d %v: outcome %v", round, i+1, m, q.Outcome())
			}
		}
		if round == 1 {
			if got := h.Count(h.Position()); got != 2 || d.RepetitionKey(h.Position()) != d.RepetitionKey(start) {
				t.Fatalf("after round 1: %v counted %d times, want the start counted 2", h.Position(), got)
			}
		}
	}
	q := h.Position()
	if q.String() != end || q.Outcome().Result() != result || q.Outcome().Reason != mancala.Repetition {
		t.Fatalf("end: %v (%v)\nwant %s (%s)", q, q.Outcome().Result(), end, result)
	}
	if back, err := d.Parse(end); err != nil || back != q {
		t.Errorf("Parse(%s) = %v, %v; want the end the history gave", end, back, err)
	}
	if _, err := q.Apply(cycle[0]); !errors.Is(err, mancala.ErrGameOver) {
		t.Errorf("a move after the end: %v, want ErrGameOver", err)
	}
	if _, err := h.Apply(cycle[0]); !errors.Is(err, mancala.ErrGameOver) || h.Position() != q {
		t.Errorf("History.Apply after the end: %v, want ErrGameOver and nothing changed", err)
	}
	before, ok := h.Undo()
	if !ok || before.Outcome().Over() || h.Plies() != 2*len(cycle)-1 {
		t.Fatalf("Undo = %v, %v at ply %d", before, ok, h.Plies())
	}
	if again, err := h.Apply(cycle[len(cycle)-1]); err != nil || again != q {
		t.Errorf("the last move again = %v, %v; want %v", again, err, q)
	}
	// Under Repetition:None the same game goes on.
	rules := strings.ReplaceAll(d.Rules(start), "Repetition:Three", "")
	rules = strings.Trim(strings.ReplaceAll(rules, ",,", ","), ",")
	text := start.String()
	text = strings.Replace(text, "rules="+d.Rules(start), "rules="+rules, 1)
	if rules == "" {
		text = strings.TrimSuffix(strings.TrimSpace(strings.Replace(text, "rules=", "", 1)), " ")
	}
	none := mustParse(t, d, text)
	if d.Repetition(none) != mancala.RepetitionNone {
		t.Fatalf("%v: want Repetition:None", none)
	}
	h = mancala.NewHistory(d, none)
	for round := 1; round <= 3; round++ {
		for i, m := range cycle {
			q, err := h.Apply(m)
			if err != nil || q.Outcome().Over() {
				t.Fatalf("Repetition:None round %d ply %d %v: %v, %v", round, i+1, m, q.Outcome(), err)
			}
		}
	}
	if got := h.Count(none); got != 4 || h.Position().Turn() != none.Turn()+3*turns(t, none, cycle) {
		t.Errorf("Repetition:None: the start counted %d times, want 4", got)
	}
}

// turns returns the number of turns cycle completes from p.
func turns[P mancala.Position[P, M], M mancala.Move](t *testing.T, p P, cycle []M) int {
	t.Helper()
	q := p
	for _, m := range cycle {
		var err error
		if q, err = q.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return q.Turn() - p.Turn()
}
