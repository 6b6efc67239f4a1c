package cli

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

func describe[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], pos, move string) string {
	t.Helper()
	p, err := d.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	m, err := d.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	s, after, err := Describe(d, p, m)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := p.Apply(m); want != after {
		t.Errorf("Describe returned %v, Apply %v", after, want)
	}
	return s
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		name, got, want string
	}{
		{"toy capture", describe(t, toy.Descriptor(toy.None), "toy 0,1,0/1,0,0 S turn=8 stores=5,5", "a1"),
			"1 lap, 1 seed sown; captured 2 from b2,a2; South prison 5->7; game over: South wins (nomove) 7-5"},
		{"kisolo KS6", describe(t, &kisolo.Descriptor, "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "xb1"),
			"1 lap, 3 seeds sown; captured 3 from c1,d1; game over: South wins (inner)"},
		{"kimasai BK2b", describe(t, &kimasai.Descriptor, "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,23", "b6"),
			"2 laps, 4 cows sown; 1 relay; South reserve 24->23"},
		{"kiothi KT1", describe(t, &kiothi.Descriptor, "kiothi 0,0,0,0,3,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0", "a3:2"),
			"1 lap, 2 warriors sown; captured 4 from b5,a5; South prison 0->5; 1 swept off the board; game over: South wins (nomove) 5-0"},
		{"kiothi lift", describe(t, &kiothi.Descriptor, "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0", "-a5"),
			"lifted 5 from a5"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

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
