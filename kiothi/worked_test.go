package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestExamples plays every worked example of docs/rules/kiothi.md (the KT
// rows of the module's examples.tsv): the move's result or refusal, the
// outcome with the final prisons, and the trace replayed on the old
// counts.
func TestExamples(t *testing.T) {
	for _, ex := range gametest.Examples(t, Name) {
		t.Run(ex.ID, func(t *testing.T) { runExample(t, ex, false) })
	}
}

// TestExamplesMirrored plays every worked example turned half a turn: North
// in South's place (KT9 is KT1's mirror written out in the rules file).
func TestExamplesMirrored(t *testing.T) {
	for _, ex := range gametest.Examples(t, Name) {
		t.Run(ex.ID, func(t *testing.T) { runExample(t, ex, true) })
	}
}

// TestMirrorOfKT1IsKT9 pins the rotation used by the mirrored tests to the
// rules file's own mirror example.
func TestMirrorOfKT1IsKT9(t *testing.T) {
	kt1, kt9 := gametest.ExampleByID(t, Name, "KT1"), gametest.ExampleByID(t, Name, "KT9")
	if got := rotateText(t, kt1.Before); got != kt9.Before {
		t.Errorf("rotated KT1 = %q, want KT9 %q", got, kt9.Before)
	}
	if got := rotateMove(mustMove(t, kt1.Move)).String(); got != kt9.Move {
		t.Errorf("rotated move %q, want %q", got, kt9.Move)
	}
	if got := rotateText(t, kt1.After); got != kt9.After {
		t.Errorf("rotated KT1 after = %q, want KT9 %q", got, kt9.After)
	}
	if got := gametest.MirrorOutcome(kt1.Outcome); got != kt9.Outcome {
		t.Errorf("mirrored KT1 outcome %q, want KT9 %q", got, kt9.Outcome)
	}
}
