package agent

import (
	"context"
	"os"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// nodesTo returns the nodes of a search of the position after plies
// seeded random plies of d's game to depth, with the features in off
// turned off.
func nodesTo[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], plies, depth int, off uint8) int64 {
	p := d.Start()
	for seed := uint64(1); plies > 0; seed++ {
		q, n, err := mancala.RandomPlayout[P, M](d.Start(), seed, plies)
		if err != nil {
			t.Fatal(err)
		}
		if n == plies && !q.Outcome().Over() {
			p = q
			break
		}
	}
	a := NewAlphaBeta(d, depth)
	a.off = off
	r, err := a.Search(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return r.Nodes
}

// TestMeasureOrdering logs the nodes to a fixed depth with each search
// feature turned off in turn (SEARCH_MEASURE=1; node counts do not depend
// on the machine).
func TestMeasureOrdering(t *testing.T) {
	if os.Getenv("SEARCH_MEASURE") == "" {
		t.Skip("set SEARCH_MEASURE=1")
	}
	for _, off := range []struct {
		name string
		bits uint8
	}{{"all", 0}, {"-pvs", offPVS}, {"-aspiration", offAspiration}, {"-killers", offKillers}, {"-evalorder", offEvalOrder}, {"none", offPVS | offAspiration | offKillers | offEvalOrder}} {
		t.Logf("%-12s kisolo %7d %7d  kiothi %7d %7d %7d  kimasai %8d %8d", off.name,
			nodesTo(t, &kisolo.Descriptor, 0, 10, off.bits), nodesTo(t, &kisolo.Descriptor, 6, 12, off.bits),
			nodesTo(t, &kiothi.Descriptor, 50, 8, off.bits), nodesTo(t, &kiothi.Descriptor, 60, 9, off.bits), nodesTo(t, &kiothi.Descriptor, 45, 8, off.bits),
			nodesTo(t, &kimasai.Descriptor, 10, 9, off.bits), nodesTo(t, &kimasai.Descriptor, 30, 9, off.bits))
	}
}

// depthAt returns the depth a search of the position after plies seeded
// random plies of d's game completes within nodes.
func depthAt[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], plies int, nodes int64) int {
	p := d.Start()
	for seed := uint64(1); plies > 0; seed++ {
		q, n, err := mancala.RandomPlayout[P, M](d.Start(), seed, plies)
		if err != nil {
			t.Fatal(err)
		}
		if n == plies && !q.Outcome().Over() {
			p = q
			break
		}
	}
	a := NewAlphaBeta(d, 0)
	a.Nodes = nodes
	r, err := a.Search(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return r.Depth
}

// TestMeasureDepth logs the depth completed within a node budget
// (SEARCH_MEASURE=1).
func TestMeasureDepth(t *testing.T) {
	if os.Getenv("SEARCH_MEASURE") == "" {
		t.Skip("set SEARCH_MEASURE=1")
	}
	for _, nodes := range []int64{200_000, 800_000, 1_000_000} {
		t.Logf("%8d nodes: kisolo %d %d %d  kiothi %d %d %d  kimasai %d %d %d", nodes,
			depthAt(t, &kisolo.Descriptor, 0, nodes), depthAt(t, &kisolo.Descriptor, 6, nodes), depthAt(t, &kisolo.Descriptor, 20, nodes),
			depthAt(t, &kiothi.Descriptor, 45, nodes), depthAt(t, &kiothi.Descriptor, 50, nodes), depthAt(t, &kiothi.Descriptor, 60, nodes),
			depthAt(t, &kimasai.Descriptor, 10, nodes), depthAt(t, &kimasai.Descriptor, 30, nodes), depthAt(t, &kimasai.Descriptor, 50, nodes))
	}
}
