package cli

import (
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/toy"
)

func TestNewAgent(t *testing.T) {
	d := toy.Descriptor(toy.None)
	for _, name := range []string{"random", "alphabeta", "mcts"} {
		if _, err := NewAgent(d, name, Budget{Depth: 2, Iterations: 10}, 1); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := NewAgent(d, "oracle", Budget{}, 1); err == nil {
		t.Error("unknown player accepted")
	}
	if got := Names([]toy.Move{1, 6}); got != "a1 b1" {
		t.Errorf("Names = %q", got)
	}
}

func TestExplain(t *testing.T) {
	kiothi := mancala.Words{Seed: "warrior", Capture: "capture", Store: "prison"}
	kisolo := mancala.Words{Seed: "seed", Capture: "capture"}
	kimasai := mancala.Words{Seed: "cow", Capture: "raid", Reserve: "reserve"}
	win := func(w mancala.Player, r mancala.Reason) mancala.Outcome {
		return mancala.Outcome{Status: mancala.Win, Winner: w, Reason: r}
	}
	for _, tt := range []struct {
		o      mancala.Outcome
		toMove mancala.Player
		w      mancala.Words
		want   string
	}{
		{win(mancala.North, mancala.NoMove), mancala.South, kisolo, "North wins: South has no move left"},
		{mancala.Outcome{Status: mancala.Win, Winner: mancala.South, Reason: mancala.NoMove, HasScore: true, Score: [2]int{31, 29}}, mancala.North, kiothi,
			"South wins 31 to 29: North has no move left, and the warriors left on the board went into South's prison"},
		{mancala.Outcome{Status: mancala.Draw, Reason: mancala.NoMove, HasScore: true, Score: [2]int{30, 30}}, mancala.South, kiothi,
			"draw, 30 warriors each: South has no move left, and the warriors left on the board went into North's prison"},
		{win(mancala.South, mancala.InnerRowEmptied), mancala.North, kisolo, "South wins: a capture emptied North's inner row"},
		{win(mancala.North, mancala.InnerRowEmptied), mancala.South, kimasai, "North wins: a raid emptied South's inner row"},
		{win(mancala.North, mancala.SelfEmptiedInnerRow), mancala.North, kimasai, "North wins: South's own move left South's inner row empty"},
		{win(mancala.South, mancala.OuterRowEmptied), mancala.North, kisolo, "South wins: North's outer row is empty"},
		{mancala.Outcome{Status: mancala.Draw, Reason: mancala.Endless}, mancala.North, kisolo, "draw: South's last move would have sown for ever, so nothing moved"},
		{mancala.Outcome{Status: mancala.Draw, Reason: mancala.TurnLimit}, mancala.South, kisolo, "draw: the game reached the limit of 1000000000 turns"},
		{mancala.Outcome{}, mancala.South, kisolo, "the game goes on"},
	} {
		if got := Explain(tt.o, tt.toMove, tt.w); got != tt.want {
			t.Errorf("Explain(%v) = %q\nwant %q", tt.o, got, tt.want)
		}
	}
}

func TestPlain(t *testing.T) {
	for in, want := range map[string]string{
		"a capture is compulsory (KS-6)":                       "a capture is compulsory",
		"the move would sow forever (C-6, Endless=Illegal)":    "the move would sow forever",
		"drops go in ring order from a1 (KI-7): the next drop": "drops go in ring order from a1: the next drop",
		"want <pit>:<count> (a5:3), -<pit>, +<pit> or =":       "want <pit>:<count> (a5:3), -<pit>, +<pit> or =",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBudget(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    Budget
		want string
	}{
		{"alphabeta", Budget{Depth: 4}, "alphabeta (depth 4)"},
		{"alphabeta", Budget{}, "alphabeta (depth 6)"},
		{"alphabeta", Budget{Time: time.Second}, "alphabeta (1s a move)"},
		{"mcts", Budget{Iterations: 500, Workers: 2, Time: time.Second}, "mcts (500 iterations, 2 workers, 1s a move)"},
		{"mcts", Budget{}, "mcts (1000 iterations)"},
		{"random", Budget{Depth: 9}, "random"},
	} {
		if got := Describe(tt.name, tt.b); got != tt.want {
			t.Errorf("Describe(%s, %+v) = %q, want %q", tt.name, tt.b, got, tt.want)
		}
	}
	for _, b := range []Budget{{Depth: -1}, {Depth: 101}, {Iterations: -1}, {Time: -1}, {Workers: -1}, {Workers: 1025}} {
		if b.Check() == nil {
			t.Errorf("%+v accepted", b)
		}
	}
	if err := (Budget{Depth: 100, Workers: 1024}).Check(); err != nil {
		t.Error(err)
	}
}
