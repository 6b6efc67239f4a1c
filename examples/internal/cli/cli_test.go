package cli

import (
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
