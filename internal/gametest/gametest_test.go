package gametest

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/toy"
)

// TestToyPasses: the correct toy game passes every check.
func TestToyPasses(t *testing.T) {
	Run(t, toy.Descriptor(toy.None), Config[toy.Position, toy.Move]{Games: 300, MaxPlies: 200, Seed: 1})
}

// TestEachCheckCanFail feeds the suite a toy game with one deliberate defect
// at a time and requires the failure that defect must cause.
func TestEachCheckCanFail(t *testing.T) {
	want := map[toy.Bug]string{
		toy.Leak:      "seed total",
		toy.Order:     "out of order",
		toy.Dup:       "listed twice",
		toy.Refuse:    "legal move refused",
		toy.Accept:    "accepted",
		toy.Mutate:    "changed",
		toy.Print:     "Parse(String())",
		toy.Trace:     "replay",
		toy.Ending:    "Over() = true with",
		toy.Side:      "passes to the other side at turn+1",
		toy.MoveText:  "ParseMove",
		toy.OverError: "does not wrap ErrGameOver",
		toy.Order2:    "out of order",
		toy.Eval:      "not antisymmetric",
	}
	for _, b := range toy.Bugs() {
		t.Run(b.String(), func(t *testing.T) {
			msg, ok := want[b]
			if !ok {
				t.Fatalf("no expected failure listed for bug %v", b)
			}
			err := Check(toy.Descriptor(b), Config[toy.Position, toy.Move]{Games: 50, MaxPlies: 200, Seed: 1}, false)
			if err == nil {
				t.Fatalf("the suite passed a toy with bug %v", b)
			}
			if !strings.Contains(err.Error(), msg) {
				t.Fatalf("bug %v: got failure %q, want one mentioning %q", b, err, msg)
			}
		})
	}
}
