package games

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

func descName[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], suffix string) string {
	return d.Name + suffix
}

func TestList(t *testing.T) {
	if diff := cmp.Diff([]string{"kisolo", "kiothi", "kimasai"}, Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	Names()[0] = "changed"
	if Names()[0] != "kisolo" {
		t.Error("Names shares its slice")
	}
	if got := List(); got != "kisolo|kiothi|kimasai" {
		t.Errorf("List() = %q", got)
	}
	for _, n := range Names() {
		got, err := Do(n, "!", descName, descName, descName)
		if err != nil || got != n+"!" {
			t.Errorf("Do(%s) = %q, %v", n, got, err)
		}
		if len(Levels(n)) == 0 {
			t.Errorf("%s has no levels", n)
		}
	}
	if got, err := Do("oware", "!", descName, descName, descName); err == nil || got != "" ||
		err.Error() != `unknown game "oware" (want kisolo, kiothi, kimasai)` {
		t.Errorf("Do(oware) = %q, %v", got, err)
	}
	if Levels("oware") != nil || EvalScale("oware") != 0 || !strings.Contains(Unknown("x").Error(), `"x"`) {
		t.Error("Levels, EvalScale or Unknown of no game")
	}
	scales := map[string]int{}
	for _, n := range Names() {
		scales[n] = EvalScale(n)
	}
	if diff := cmp.Diff(map[string]int{"kisolo": 16, "kiothi": 6, "kimasai": 8}, scales); diff != "" {
		t.Errorf("EvalScale (-want +got):\n%s", diff)
	}
}

// TestLevelsWithinLimits: every level of every game fits the service
// limits (agent.DefaultLimits), so that every program and the C library
// can play each one.
func TestLevelsWithinLimits(t *testing.T) {
	for _, n := range Names() {
		for _, l := range Levels(n) {
			s, err := agent.ParseSpec(l.Agent)
			if err == nil {
				err = agent.DefaultLimits().Check(s)
			}
			if err != nil {
				t.Errorf("%s level %s (%s): %v", n, l.Name, l.Agent, err)
			}
		}
	}
}
