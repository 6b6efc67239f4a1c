package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

func TestNewAgent(t *testing.T) {
	d := toy.Descriptor(toy.None)
	for _, name := range []string{"random", "alphabeta", "mcts", "mcts-eval", "level:1", "beginner"} {
		s, err := Player(name, Budget{Depth: 2, Iterations: 10})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := NewAgent(d, s, 1); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	s, err := Player("oracle", Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewAgent(d, s, 1); err == nil {
		t.Error("unknown player accepted")
	}
	if _, err := Player("alphabeta:0", Budget{}); err == nil {
		t.Error("alphabeta:0 accepted")
	}
	if got := Names([]toy.Move{1, 6}); got != "a1 b1" {
		t.Errorf("Names = %q", got)
	}
}

func TestPlayer(t *testing.T) {
	b := Budget{Depth: 3, Iterations: 50, Workers: 2, Time: time.Second}
	for _, tt := range []struct{ text, want string }{
		{"random", "random"},
		{"alphabeta", "alphabeta:3:time=1s"},
		{"mcts", "mcts:50:time=1s:workers=2"},
		{"mcts-eval", "mcts-eval:50:time=1s:workers=2"},
		{"alphabeta:5", "alphabeta:5"},
		{"alphabeta:05", "alphabeta:5"},
		{"mcts:+100", "mcts:100"},
		{"Casual", "level:casual"},
		{"level:2", "level:2"},
	} {
		s, err := Player(tt.text, b)
		if err != nil || s.String() != tt.want {
			t.Errorf("Player(%q) = %q, %v; want %q", tt.text, s, err, tt.want)
		}
	}
	if s, err := Player("alphabeta", Budget{}); err != nil || s.String() != "alphabeta:6" {
		t.Errorf("Player(alphabeta) without a budget = %q, %v", s, err)
	}
}

func TestLevel(t *testing.T) {
	levels := []mancala.Level{{Name: "Beginner", Rating: 1000, Agent: "random"}, {Name: "Casual", Rating: 1252, Agent: "alphabeta:2"}}
	for _, tt := range []struct{ text, want, err string }{
		{"casual", "Casual (alphabeta, depth 2; 1252 Elo)", ""},
		{"level:1", "Beginner (random; 1000 Elo)", ""},
		{"level:3", "", `toy: "level:3": the game has 2 levels (want level:1..level:2)`},
		{"expert", "", `toy: "expert": unknown agent or level (want random, alphabeta, mcts, mcts-eval, or a level: its levels are Beginner, Casual)`},
	} {
		s, err := agent.ParseSpec(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		l, err := Level("toy", levels, s)
		got, gotErr := "", ""
		if err != nil {
			gotErr = err.Error()
		} else {
			got = DescribeLevel(l)
		}
		if got != tt.want || gotErr != tt.err {
			t.Errorf("%s: %q, %q; want %q, %q", tt.text, got, gotErr, tt.want, tt.err)
		}
	}
	if got := LevelNames(); !strings.HasPrefix(got, "kisolo: Beginner, Casual, Intermediate, Strong, Expert, Master; kiothi: Beginner, Novice") {
		t.Errorf("LevelNames() = %q", got)
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
		{"mcts-eval", Budget{Iterations: 30}, "mcts-eval (30 iterations)"},
		{"random", Budget{Depth: 9}, "random"},
		{"casual", Budget{Depth: 9}, "level:casual"},
	} {
		s, err := Player(tt.name, tt.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := Describe(s); got != tt.want {
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
