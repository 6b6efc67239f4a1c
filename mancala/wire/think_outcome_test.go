package wire_test

import (
	"context"
	"testing"

	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// TestThinkOutcome: think's answer (docs/wire.md, "Think's answer") has
// an outcome exactly when the search proved the result, and then it
// agrees with the value; the line is the principal variation, depth moves
// long unless the game ends.
func TestThinkOutcome(t *testing.T) {
	s := newService(t, wire.DefaultLimits())
	for _, tc := range []struct {
		pos, agent string
		depth      int
		outcome    string
		line       int
	}{
		{"kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/0,0,0,0,0,0,0/1,0,0,0,0,0,0 S turn=2", "alphabeta", 10, "loss", 1},
		{"kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "alphabeta", 4, "", 4},
		{"kiothi 0,0,1,1,0,1,3,0,4,0/0,1,0,1,0,6*,4,5,3,11 S turn=14 prisons=17,2", "alphabeta:8", 0, "", 8},
	} {
		r, err := s.Think(context.Background(), wire.ThinkRequest{Position: tc.pos, Agent: tc.agent, Depth: tc.depth})
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != tc.outcome || len(r.Line) != tc.line {
			t.Errorf("%s: outcome %q, line %v; want %q and %d moves", tc.pos, r.Outcome, r.Line, tc.outcome, tc.line)
		}
		if r.Line[0] != r.Move {
			t.Errorf("%s: line %v does not start with the move %s", tc.pos, r.Line, r.Move)
		}
		v := *r.Value
		want := ""
		switch {
		case r.Outcome == "":
		case v >= agent.WinValue/2:
			want = "win"
		case v <= -agent.WinValue/2:
			want = "loss"
		case v == 0:
			want = "draw"
		}
		if want != r.Outcome {
			t.Errorf("%s: outcome %q with value %d", tc.pos, r.Outcome, v)
		}
	}
}
