package cli

import (
	"context"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// A shallow search that probes the endgame tables knows a won endgame
// exactly, where the same search without them only estimates it; the
// tables are built into the directory on first use and read back after.
func TestEndgameOracle(t *testing.T) {
	dir := t.TempDir()
	// South to move with 3 warriors on the board and a prison lead: the
	// tables of 3 seeds know it.
	p, err := kiothi.Parse("kiothi 0,0,0,0,0,0,0,0,1,0/0,0,1,0,0,0,0,0,1,0 S turn=40 prisons=30,27")
	if err != nil {
		t.Fatal(err)
	}
	d := &kiothi.Descriptor
	start, _ := d.New(d.Rules(p))
	for round := range 2 { // built, then read from the file
		o, err := EndgameOracle(context.Background(), d, start, 3, dir)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		with := WithOracle[kiothi.Position, kiothi.Move](agent.NewAlphaBeta(d, 1), o).(*agent.AlphaBeta[kiothi.Position, kiothi.Move])
		r, err := with.Search(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome == agent.Unproven {
			t.Errorf("round %d: depth 1 with the tables: %+v, want a proven result", round, r)
		}
	}
	r, err := agent.NewAlphaBeta(d, 1).Search(context.Background(), p)
	if err != nil || r.Outcome != agent.Unproven {
		t.Errorf("depth 1 without the tables: %+v, %v; want no proof (the test's position is not trivial)", r, err)
	}
	if _, err := EndgameOracle(context.Background(), d, start, -1, dir); err == nil {
		t.Error("a negative seed limit was accepted")
	}
}
