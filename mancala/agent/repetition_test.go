package agent

import (
	"context"
	"strconv"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// ring is a cyclic test game for the repetition rule: a token goes round
// four places. The player to move plays 1 ("go": the token moves on and
// the other player moves) or 2 ("quit": a draw). A third occurrence ends
// the game as ringEnd says: South wins (as Kiothi's sweep can give one
// player the game). Its evaluation favours North by one point after a go,
// so that a search blind to the rule lets North go round into the lost
// repetition.
type ring struct {
	at     int8
	side   mancala.Player
	turn   int16
	result mancala.Status
	winner mancala.Player
}

type ringMove int8

func (m ringMove) String() string { return strconv.Itoa(int(m)) }

func (p ring) ToMove() mancala.Player { return p.side }
func (p ring) Turn() int              { return int(p.turn) }
func (p ring) String() string {
	return "ring " + strconv.Itoa(int(p.at)) + " " + p.side.String() + " " + strconv.Itoa(int(p.turn)) + " " + p.result.String()
}

func (p ring) AppendLegalMoves(dst []ringMove) []ringMove {
	if p.result != mancala.Ongoing {
		return dst
	}
	return append(dst, 1, 2)
}

func (p ring) Apply(m ringMove) (ring, error) {
	if p.result != mancala.Ongoing || m < 1 || m > 2 {
		return p, &mancala.MoveError{Game: "ring", Move: m.String(), Err: mancala.ErrIllegalMove}
	}
	q := p
	q.turn++
	if m == 2 {
		q.result = mancala.Draw
		return q, nil
	}
	q.at = (q.at + 1) % 4
	q.side = q.side.Other()
	return q, nil
}

func (p ring) Outcome() mancala.Outcome {
	if p.result == mancala.Ongoing {
		return mancala.Outcome{}
	}
	return mancala.Outcome{Status: p.result, Winner: p.winner, Reason: mancala.Repetition}
}

// Evaluate: one point for North.
func (p ring) Evaluate(pl mancala.Player) int {
	if pl == mancala.North {
		return 1
	}
	return -1
}

func ringEnd(p ring) ring {
	if p.result == mancala.Ongoing {
		p.result, p.winner = mancala.Win, mancala.South
	}
	return p
}

var ringD = &mancala.Descriptor[ring, ringMove]{
	Name:            "ring",
	MoveKey:         func(_ ring, m ringMove) int { return int(m) },
	RepetitionKey:   func(p ring) ring { p.turn = 0; return p },
	Repetition:      func(ring) mancala.RepetitionRule { return mancala.RepetitionThree },
	EndByRepetition: ringEnd,
}

// TestAlphaBetaRepetition: with the game's history the search sees that
// North's go makes a position for the third time, which the rules end as
// a win for South, so North quits (a draw) instead; without the rule (an
// AlphaBeta built by hand, no descriptor) it goes.
func TestAlphaBetaRepetition(t *testing.T) {
	// From (1, South) round the ring almost twice: North is to move at 0,
	// and the position its go makes, (1, South), has occurred twice.
	h := mancala.NewHistory(ringD, ring{at: 1, side: mancala.South})
	for range 7 {
		if _, err := h.Apply(1); err != nil {
			t.Fatal(err)
		}
	}
	next, _ := h.Position().Apply(1)
	if p := h.Position(); p.at != 0 || p.side != mancala.North || h.Count(next) != 2 {
		t.Fatalf("at %v, the go's position occurred %d times", p, h.Count(next))
	}
	a := NewAlphaBeta(ringD, 6)
	r, err := a.SearchHistory(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != 2 || r.Value != 0 {
		t.Errorf("with the history: %+v, want quit (2) at value 0", r)
	}
	m, err := a.MoveHistory(context.Background(), h)
	if err != nil || m != 2 {
		t.Errorf("MoveHistory = %v, %v; want 2", m, err)
	}
	// Blind to the rule, go and quit are both worth 0 (South quits after a
	// go) and the first, go, is played.
	blind := &AlphaBeta[ring, ringMove]{Depth: 6, Eval: Evaluation(ringD), Key: ringD.MoveKey}
	r, err = blind.Search(context.Background(), h.Position())
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != 1 {
		t.Errorf("blind to the rule: %+v, want go (1)", r)
	}
	// PlayHistory asks through MoveHistory: North quits at once.
	moves, err := PlayHistory[ring, ringMove](context.Background(), h, a, a, 0, nil)
	if err != nil || len(moves) != 1 || moves[0] != 2 || h.Outcome().Status != mancala.Draw {
		t.Errorf("PlayHistory: moves %v, err %v, outcome %v", moves, err, h.Outcome())
	}
}
