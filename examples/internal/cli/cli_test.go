package cli

import (
	"testing"
	"time"

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
