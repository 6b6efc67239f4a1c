package gameswire

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func TestWire(t *testing.T) {
	var served []string
	for _, g := range Wire() {
		served = append(served, g.Name())
	}
	if diff := cmp.Diff(games.Names(), served); diff != "" {
		t.Errorf("Wire serves (-Names +Wire):\n%s", diff)
	}
	if _, err := NewService(wire.Limits{}); err != nil {
		t.Fatal(err)
	}
}
