package agent

import (
	"errors"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

func TestLimitsCheck(t *testing.T) {
	l := DefaultLimits()
	for _, c := range []struct {
		spec, want string
	}{
		{"random", ""},
		{"alphabeta:10", ""},
		{"alphabeta", ""},
		{"alphabeta:time=2s", ""},
		{"mcts:100000:workers=8", ""},
		{"mcts-eval", ""},
		{"alphabeta:11", "agent: depth 11 is over the limit 10"},
		{"alphabeta:99", "agent: depth 99 is over the limit 10"},
		{"mcts:100001", "agent: iterations 100001 is over the limit 100000"},
		{"mcts-eval:500:workers=9", "agent: workers 9 is over the limit 8"},
		{"alphabeta:4:time=3s", "agent: time 3s is over the limit 2s"},
		{"mcts:time=2001ms", "agent: time 2.001s is over the limit 2s"},
	} {
		s, err := ParseSpec(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		err = l.Check(s)
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, ErrSpec) || !errors.Is(err, ErrLimit) {
				t.Errorf("%s: %v does not wrap ErrSpec and ErrLimit", c.spec, err)
			}
		}
		if got != c.want {
			t.Errorf("Check(%s) = %q, want %q", c.spec, got, c.want)
		}
	}
	if err := (Limits{}).Check(Spec{Kind: KindAlphaBeta, Depth: MaxDepth}); err != nil {
		t.Errorf("zero Limits: %v", err)
	}
	if err := l.Check(Spec{Kind: KindLevel, Level: "casual"}); err == nil || errors.Is(err, ErrLimit) || !errors.Is(err, ErrSpec) {
		t.Errorf("a level: %v, want a spec error", err)
	}
}

func TestLimitsCheckSpec(t *testing.T) {
	levels := []mancala.Level{{Name: "Easy", Agent: "alphabeta:2"}, {Name: "Huge", Agent: "alphabeta:20"}}
	l := Limits{MaxDepth: 10, MaxTime: time.Second}
	for _, c := range []struct {
		spec, want, err string
	}{
		{"level:easy:seed=3", "alphabeta:2:seed=3", ""},
		{"Huge", "", "agent: depth 20 is over the limit 10"},
		{"level:3", "", `agent: spec "level:3": the game has 2 levels (want level:1..level:2)`},
	} {
		s, err := ParseSpec(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := l.CheckSpec(s, levels)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err || err == nil && r.String() != c.want {
			t.Errorf("CheckSpec(%s) = %v, %q; want %s, %q", c.spec, r, got, c.want, c.err)
		}
	}
}

func TestDefaultLimits(t *testing.T) {
	l := DefaultLimits()
	if l.MaxDepth != 10 || l.MaxIterations != 100_000 || l.MaxWorkers != 8 || l.MaxTime != 2*time.Second {
		t.Errorf("DefaultLimits() = %+v", l)
	}
}
