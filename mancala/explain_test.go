package mancala_test

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

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
			"Draw, 30 warriors each: South has no move left, and the warriors left on the board went into North's prison"},
		{win(mancala.South, mancala.InnerRowEmptied), mancala.North, kisolo, "South wins: North's inner row is empty"},
		{win(mancala.North, mancala.InnerRowEmptied), mancala.South, kimasai, "North wins: South's inner row is empty"},
		{win(mancala.North, mancala.SelfEmptiedInnerRow), mancala.North, kimasai, "North wins: South's own move left South's inner row empty"},
		{win(mancala.South, mancala.OuterRowEmptied), mancala.North, kisolo, "South wins: North's outer row is empty"},
		{mancala.Outcome{Status: mancala.Draw, Reason: mancala.Endless}, mancala.North, kisolo, "Draw: a move would sow for ever (endless sowing)"},
		{mancala.Outcome{Status: mancala.Draw, Reason: mancala.TurnLimit}, mancala.South, kisolo, "Draw: the game reached the limit of 1000000000 turns"},
		{mancala.Outcome{}, mancala.South, kisolo, "the game goes on"},
	} {
		if got := tt.o.Explain(tt.toMove, tt.w); got != tt.want {
			t.Errorf("Explain(%v) = %q\nwant %q", tt.o, got, tt.want)
		}
	}
}
