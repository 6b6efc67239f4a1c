package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

func TestParseSpecCanonical(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		spec       agent.Spec
	}{
		{"random", "random", agent.Spec{Kind: agent.KindRandom}},
		{"random:seed=7", "random:seed=7", agent.Spec{Kind: agent.KindRandom, Seed: 7}},
		{"random:seed=0", "random", agent.Spec{Kind: agent.KindRandom}},
		{"alphabeta", "alphabeta:6", agent.Spec{Kind: agent.KindAlphaBeta, Depth: agent.DefaultDepth}},
		{"alphabeta:2", "alphabeta:2", agent.Spec{Kind: agent.KindAlphaBeta, Depth: 2}},
		{"alphabeta:02", "alphabeta:2", agent.Spec{Kind: agent.KindAlphaBeta, Depth: 2}},
		{"alphabeta:+2", "alphabeta:2", agent.Spec{Kind: agent.KindAlphaBeta, Depth: 2}},
		{"alphabeta:depth=2", "alphabeta:2", agent.Spec{Kind: agent.KindAlphaBeta, Depth: 2}},
		{"alphabeta:time=1000ms", "alphabeta:time=1s", agent.Spec{Kind: agent.KindAlphaBeta, Time: time.Second}},
		{"alphabeta:4:time=1.5s:seed=3", "alphabeta:4:time=1.5s:seed=3", agent.Spec{Kind: agent.KindAlphaBeta, Depth: 4, Time: 1500 * time.Millisecond, Seed: 3}},
		{"alphabeta:100", "alphabeta:100", agent.Spec{Kind: agent.KindAlphaBeta, Depth: 100}},
		{"alphabeta:nodes=200000", "alphabeta:nodes=200000", agent.Spec{Kind: agent.KindAlphaBeta, Nodes: 200000}},
		{"alphabeta:eval=linear:nodes=9", "alphabeta:nodes=9:eval=linear", agent.Spec{Kind: agent.KindAlphaBeta, Nodes: 9, Eval: "linear"}},
		{"alphabeta:time=1s:nodes=5:depth=9", "alphabeta:9:nodes=5:time=1s", agent.Spec{Kind: agent.KindAlphaBeta, Depth: 9, Nodes: 5, Time: time.Second}},
		{"mcts", "mcts:1000", agent.Spec{Kind: agent.KindMCTS, Iterations: agent.DefaultIterations}},
		{"mcts:+100", "mcts:100", agent.Spec{Kind: agent.KindMCTS, Iterations: 100}},
		{"mcts:100:workers=1", "mcts:100", agent.Spec{Kind: agent.KindMCTS, Iterations: 100}},
		{"mcts:iterations=100:workers=0", "mcts:100", agent.Spec{Kind: agent.KindMCTS, Iterations: 100}},
		{"mcts:100:seed=5:workers=4", "mcts:100:workers=4:seed=5", agent.Spec{Kind: agent.KindMCTS, Iterations: 100, Workers: 4, Seed: 5}},
		{"mcts:time=2s", "mcts:time=2s", agent.Spec{Kind: agent.KindMCTS, Time: 2 * time.Second}},
		{"mcts-eval:500", "mcts-eval:500", agent.Spec{Kind: agent.KindMCTSEval, Iterations: 500}},
		{"mcts-eval", "mcts-eval:1000", agent.Spec{Kind: agent.KindMCTSEval, Iterations: agent.DefaultIterations}},
		{"mcts:10000000", "mcts:10000000", agent.Spec{Kind: agent.KindMCTS, Iterations: agent.MaxIterations}},
		{"level:Casual", "level:casual", agent.Spec{Kind: agent.KindLevel, Level: "casual"}},
		{"Casual", "level:casual", agent.Spec{Kind: agent.KindLevel, Level: "casual"}},
		{"casual:seed=2", "level:casual:seed=2", agent.Spec{Kind: agent.KindLevel, Level: "casual", Seed: 2}},
		{"level:02", "level:2", agent.Spec{Kind: agent.KindLevel, Level: "2"}},
		{"level:+3", "level:3", agent.Spec{Kind: agent.KindLevel, Level: "3"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			s, err := agent.ParseSpec(tc.text)
			if err != nil {
				t.Fatalf("ParseSpec(%q): %v", tc.text, err)
			}
			if diff := cmp.Diff(tc.spec, s); diff != "" {
				t.Errorf("ParseSpec(%q) (-want +got):\n%s", tc.text, diff)
			}
			if got := s.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
			again, err := agent.ParseSpec(s.String())
			if err != nil || again != s {
				t.Errorf("ParseSpec(%q) = %+v, %v; want %+v", s.String(), again, err, s)
			}
		})
	}
}

func TestParseSpecErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", `agent: spec: empty (want random, alphabeta, mcts, mcts-eval, or a level)`},
		{"alpha-beta:2", `agent: spec "alpha-beta:2": unknown agent "alpha-beta" (want random, alphabeta, mcts, mcts-eval, or a level)`},
		{"AlphaBeta:2", `agent: spec "AlphaBeta:2": unknown agent "AlphaBeta" (want random, alphabeta, mcts, mcts-eval, or a level)`},
		{"random:3", `agent: spec "random:3": random takes no budget`},
		{"alphabeta:0", `agent: spec "alphabeta:0": alphabeta:0: want a positive budget, or none`},
		{"alphabeta:-1", `agent: spec "alphabeta:-1": depth -1: want 1..100`},
		{"alphabeta:101", `agent: spec "alphabeta:101": depth 101: want 1..100`},
		{"alphabeta:x", `agent: spec "alphabeta:x": budget "x": want a whole number`},
		{"alphabeta: 2", `agent: spec "alphabeta: 2": budget " 2": want a whole number`},
		{"alphabeta:", `agent: spec "alphabeta:": budget "": want a whole number`},
		{"alphabeta:99999999999999999999", `agent: spec "alphabeta:99999999999999999999": budget "99999999999999999999": want a whole number`},
		{"alphabeta:2:depth=3", `agent: spec "alphabeta:2:depth=3": depth given twice`},
		{"alphabeta:nodes=0", `agent: spec "alphabeta:nodes=0": nodes "0": want a whole number 1..1099511627776`},
		{"alphabeta:nodes=1099511627777", `agent: spec "alphabeta:nodes=1099511627777": nodes "1099511627777": want a whole number 1..1099511627776`},
		{"alphabeta:nodes=x", `agent: spec "alphabeta:nodes=x": nodes "x": want a whole number 1..1099511627776`},
		{"mcts:nodes=5", `agent: spec "mcts:nodes=5": mcts takes no node budget (alphabeta does)`},
		{"alphabeta:eval=neural", `agent: spec "alphabeta:eval=neural": eval "neural": want linear`},
		{"mcts-eval:eval=linear", `agent: spec "mcts-eval:eval=linear": mcts-eval takes no eval (alphabeta does)`},
		{"alphabeta:nodes=5:nodes=6", `agent: spec "alphabeta:nodes=5:nodes=6": nodes given twice`},
		{"alphabeta:2:iterations=3", `agent: spec "alphabeta:2:iterations=3": alphabeta takes no iterations (mcts and mcts-eval do)`},
		{"alphabeta:2:workers=2", `agent: spec "alphabeta:2:workers=2": alphabeta takes no workers (mcts and mcts-eval do)`},
		{"mcts:0", `agent: spec "mcts:0": mcts:0: want a positive budget, or none`},
		{"mcts:10000001", `agent: spec "mcts:10000001": iterations 10000001: want 1..10000000`},
		{"mcts:depth=3", `agent: spec "mcts:depth=3": mcts takes no depth (alphabeta does)`},
		{"mcts:5:workers=1025", `agent: spec "mcts:5:workers=1025": workers 1025: want 0..1024`},
		{"mcts:5:workers=-1", `agent: spec "mcts:5:workers=-1": workers -1: want 0..1024`},
		{"mcts:5:time=0s", `agent: spec "mcts:5:time=0s": time 0s: want a positive duration`},
		{"mcts:5:time=-1s", `agent: spec "mcts:5:time=-1s": time -1s: want a positive duration`},
		{"mcts:5:time=25h", `agent: spec "mcts:5:time=25h": time 25h0m0s: want a positive duration up to 24h0m0s`},
		{"mcts:5:time=soon", `agent: spec "mcts:5:time=soon": time "soon": want a duration such as 500ms or 2s`},
		{"mcts:5:time=1s:time=2s", `agent: spec "mcts:5:time=1s:time=2s": time given twice`},
		{"random:time=1s", `agent: spec "random:time=1s": random takes no time budget`},
		{"random:seed=-1", `agent: spec "random:seed=-1": seed "-1": want a decimal number 0..18446744073709551615`},
		{"random:", `agent: spec "random:": random takes no budget`},
		{"random:seed", `agent: spec "random:seed": random takes no budget`},
		{"mcts:5:seed", `agent: spec "mcts:5:seed": option "seed": want key=value`},
		{"mcts:5:", `agent: spec "mcts:5:": option "": want key=value`},
		{"mcts:5:6", `agent: spec "mcts:5:6": option "6": want key=value`},
		{"random,alphabeta", `agent: spec "random,alphabeta": unknown agent "random,alphabeta" (want random, alphabeta, mcts, mcts-eval, or a level)`},
		{"casual:2", `agent: spec "casual:2": unknown agent "casual" (want random, alphabeta, mcts, mcts-eval, or a level)`},
		{"random:colour=red", `agent: spec "random:colour=red": unknown option "colour" (want depth, nodes, eval, iterations, time, workers or seed)`},
		{"level", `agent: spec "level": level needs a name or number (level:casual, level:2)`},
		{"level:", `agent: spec "level:": level "": want a name of letters, digits, - and _ starting with a letter, or a number`},
		{"level:0", `agent: spec "level:0": level "0": want a number 1 or more, or a name`},
		{"level:casual:time=1s", `agent: spec "level:casual:time=1s": level takes no time budget`},
		{"level:casual:depth=2", `agent: spec "level:casual:depth=2": level takes no depth (alphabeta does)`},
		{"level:ca sual", `agent: spec "level:ca sual": level "ca sual": want a name of letters, digits, - and _ starting with a letter, or a number`},
		{"seed=1", `agent: spec "seed=1": unknown agent "seed=1" (want random, alphabeta, mcts, mcts-eval, or a level)`},
		{strings.Repeat("a", 257), `agent: spec "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...": longer than 256 bytes`},
	} {
		t.Run(tc.text, func(t *testing.T) {
			s, err := agent.ParseSpec(tc.text)
			if err == nil {
				t.Fatalf("ParseSpec(%q) = %v, want an error", tc.text, s)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("error\n got %s\nwant %s", got, tc.want)
			}
			if !errors.Is(err, agent.ErrSpec) {
				t.Errorf("error %v does not wrap ErrSpec", err)
			}
			var se *agent.SpecError
			if !errors.As(err, &se) {
				t.Errorf("error %v is not a *SpecError", err)
			}
		})
	}
}

// specGen draws valid Specs of every kind, normalised or not.
func specGen() *rapid.Generator[agent.Spec] {
	return rapid.Custom(func(t *rapid.T) agent.Spec {
		s := agent.Spec{Kind: agent.Kind(rapid.IntRange(1, 5).Draw(t, "kind"))}
		if rapid.Bool().Draw(t, "seeded") {
			s.Seed = rapid.Uint64().Draw(t, "seed")
		}
		timed := func() {
			if rapid.Bool().Draw(t, "timed") {
				s.Time = time.Duration(rapid.Int64Range(1, int64(agent.MaxTime)).Draw(t, "time"))
			}
		}
		switch s.Kind {
		case agent.KindAlphaBeta:
			s.Depth = rapid.IntRange(0, agent.MaxDepth).Draw(t, "depth")
			timed()
		case agent.KindMCTS, agent.KindMCTSEval:
			s.Iterations = rapid.IntRange(0, agent.MaxIterations).Draw(t, "iterations")
			s.Workers = rapid.IntRange(0, agent.MaxWorkers).Draw(t, "workers")
			timed()
		case agent.KindLevel:
			if rapid.Bool().Draw(t, "numbered") {
				s.Level = strconv.Itoa(rapid.IntRange(1, 1000).Draw(t, "n"))
			} else {
				s.Level = rapid.StringMatching(`[A-Za-z][A-Za-z0-9_-]{0,20}`).Draw(t, "name")
			}
		}
		return s
	})
}

// TestSpecRoundTrip: every valid Spec prints as a text that reads back as
// the same Spec, normalised, whose String is the same text.
func TestSpecRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := specGen().Draw(t, "spec")
		if err := s.Validate(); err != nil {
			t.Fatalf("generated spec %+v: %v", s, err)
		}
		text := s.String()
		got, err := agent.ParseSpec(text)
		if err != nil {
			t.Fatalf("ParseSpec(%q): %v", text, err)
		}
		if got.String() != text {
			t.Fatalf("ParseSpec(%q).String() = %q", text, got.String())
		}
		again, err := agent.ParseSpec(got.String())
		if err != nil || again != got {
			t.Fatalf("ParseSpec(%q) = %+v, %v; want %+v", got.String(), again, err, got)
		}
		if s.Seed != got.Seed || s.Kind != got.Kind || s.Time != got.Time {
			t.Fatalf("%+v read back as %+v", s, got)
		}
		if b, err := json.Marshal(got); err != nil || string(b) != strconv.Quote(text) {
			t.Fatalf("json.Marshal = %s, %v; want %q", b, err, text)
		}
	})
}

// TestSpecSameAgentSameText: writing a budget as ":N" or "depth=N" /
// "iterations=N", with leading zeros or a sign, gives the same Spec.
func TestSpecSameAgentSameText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		kind := rapid.SampledFrom([]string{"alphabeta", "mcts", "mcts-eval"}).Draw(t, "kind")
		max, key := agent.MaxIterations, "iterations"
		if kind == "alphabeta" {
			max, key = agent.MaxDepth, "depth"
		}
		n := rapid.IntRange(1, max).Draw(t, "n")
		zeros := strings.Repeat("0", rapid.IntRange(0, 3).Draw(t, "zeros"))
		sign := rapid.SampledFrom([]string{"", "+"}).Draw(t, "sign")
		a, err := agent.ParseSpec(kind + ":" + sign + zeros + strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		b, err := agent.ParseSpec(kind + ":" + key + "=" + strconv.Itoa(n))
		if err != nil {
			t.Fatal(err)
		}
		if a != b || a.String() != kind+":"+strconv.Itoa(n) {
			t.Fatalf("%+v (%s) != %+v (%s)", a, a, b, b)
		}
	})
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "alphabeta:02", "mcts:+100:workers=2", "mcts-eval:time=1s:seed=9",
		"level:Casual", "casual", "level:2", "alphabeta:2:depth=3", "random:", "level:0", "casual:seed=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := agent.ParseSpec(text)
		if err != nil {
			if !errors.Is(err, agent.ErrSpec) || s != (agent.Spec{}) {
				t.Fatalf("ParseSpec(%q) = %+v, %v", text, s, err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("ParseSpec(%q) = %+v, which does not validate: %v", text, s, err)
		}
		again, err := agent.ParseSpec(s.String())
		if err != nil || again != s {
			t.Fatalf("ParseSpec(%q) = %+v; its text %q reads as %+v, %v", text, s, s.String(), again, err)
		}
	})
}

func TestSpecValidate(t *testing.T) {
	for _, tc := range []struct {
		spec agent.Spec
		want string
	}{
		{agent.Spec{}, "agent: spec: no agent kind (want random, alphabeta, mcts, mcts-eval, or a level)"},
		{agent.Spec{Kind: 9}, "agent: spec: no agent kind (want random, alphabeta, mcts, mcts-eval, or a level)"},
		{agent.Spec{Kind: agent.KindRandom, Depth: 2}, "agent: spec: random takes no depth (alphabeta does)"},
		{agent.Spec{Kind: agent.KindAlphaBeta, Iterations: 2}, "agent: spec: alphabeta takes no iterations (mcts and mcts-eval do)"},
		{agent.Spec{Kind: agent.KindAlphaBeta, Depth: -1}, "agent: spec: depth -1: want 1..100"},
		{agent.Spec{Kind: agent.KindMCTS, Time: -time.Second}, "agent: spec: time -1s: want a positive duration up to 24h0m0s"},
		{agent.Spec{Kind: agent.KindLevel}, "agent: spec: level needs a name or number (level:casual, level:2)"},
		{agent.Spec{Kind: agent.KindLevel, Level: "no way"}, `agent: spec: level "no way": want a name of letters, digits, - and _ starting with a letter, or a number`},
		{agent.Spec{Kind: agent.KindMCTS, Level: "casual"}, "agent: spec: mcts names no level"},
		{agent.Spec{Kind: agent.KindAlphaBeta}, ""},
		{agent.Spec{Kind: agent.KindMCTS, Workers: 1}, ""},
	} {
		err := tc.spec.Validate()
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, agent.ErrSpec) {
				t.Errorf("%+v: %v does not wrap ErrSpec", tc.spec, err)
			}
		}
		if got != tc.want {
			t.Errorf("%+v.Validate() = %q, want %q", tc.spec, got, tc.want)
		}
	}
	if _, err := (agent.Spec{}).MarshalText(); !errors.Is(err, agent.ErrSpec) {
		t.Errorf("MarshalText of the zero Spec: %v, want ErrSpec", err)
	}
	s := agent.Spec{Kind: agent.KindRandom, Seed: 4}
	if err := s.UnmarshalText([]byte("mcts:0")); err == nil || s != (agent.Spec{Kind: agent.KindRandom, Seed: 4}) {
		t.Errorf("UnmarshalText(mcts:0) = %v and left %+v", err, s)
	}
}

func TestSpecResolve(t *testing.T) {
	levels := []mancala.Level{
		{Name: "Beginner", Rating: 1000, Agent: "random"},
		{Name: "Casual", Rating: 1400, Agent: "alphabeta:2"},
		{Name: "Bad", Rating: 1500, Agent: "alphabeta:0"},
		{Name: "Loop", Rating: 1600, Agent: "level:1"},
	}
	for _, tc := range []struct {
		text, want, err string
	}{
		{"alphabeta:3", "alphabeta:3", ""},
		{"casual", "alphabeta:2", ""},
		{"level:CASUAL", "alphabeta:2", ""},
		{"level:2", "alphabeta:2", ""},
		{"level:1:seed=5", "random:seed=5", ""},
		{"level:5", "", `agent: spec "level:5": the game has 4 levels (want level:1..level:4)`},
		{"expert", "", `agent: spec "expert": unknown agent or level (want random, alphabeta, mcts, mcts-eval, or a level: its levels are Beginner, Casual, Bad, Loop)`},
		{"level:bad", "", `agent: spec "alphabeta:0": level Bad: alphabeta:0: want a positive budget, or none`},
		{"level:loop", "", `agent: spec "level:1": level Loop names another level`},
	} {
		s, err := agent.ParseSpec(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Resolve(levels)
		got, gotErr := "", ""
		if err != nil {
			gotErr = err.Error()
		} else {
			got = r.String()
		}
		if got != tc.want || gotErr != tc.err {
			t.Errorf("%s: Resolve = %q, %q; want %q, %q", tc.text, got, gotErr, tc.want, tc.err)
		}
	}
	if _, err := agent.LookupLevel(nil, "2"); err == nil || err.Error() != `agent: spec "level:2": the game has no levels` {
		t.Errorf("LookupLevel(nil, 2) = %v", err)
	}
}

// TestGameLevels: every level of every game names an agent in canonical
// text, and New builds it.
func TestGameLevels(t *testing.T) {
	check := func(name string, levels []mancala.Level, build func(agent.Spec) error) {
		if len(levels) == 0 {
			t.Errorf("%s has no levels", name)
		}
		for i, l := range levels {
			s, err := agent.ParseSpec(l.Agent)
			if err != nil {
				t.Errorf("%s level %s: %v", name, l.Name, err)
				continue
			}
			if s.String() != l.Agent || s.Kind == agent.KindLevel || s.Time != 0 {
				t.Errorf("%s level %s: agent %q is not a canonical spec of a search without a time budget (%q)", name, l.Name, l.Agent, s)
			}
			if i > 0 && l.Rating <= levels[i-1].Rating {
				t.Errorf("%s level %s: rating %d not above %d", name, l.Name, l.Rating, levels[i-1].Rating)
			}
			if err := build(agent.Spec{Kind: agent.KindLevel, Level: strconv.Itoa(i + 1)}); err != nil {
				t.Errorf("%s level %d: %v", name, i+1, err)
			}
		}
	}
	check("kisolo", kisolo.Descriptor.Levels, func(s agent.Spec) error { _, err := agent.New(&kisolo.Descriptor, s); return err })
	check("kiothi", kiothi.Descriptor.Levels, func(s agent.Spec) error { _, err := agent.New(&kiothi.Descriptor, s); return err })
	check("kimasai", kimasai.Descriptor.Levels, func(s agent.Spec) error { _, err := agent.New(&kimasai.Descriptor, s); return err })
}

// TestNew: New builds the agent a spec names, with its budget, and plays
// the moves the agent built by hand plays.
func TestNew(t *testing.T) {
	d := &kisolo.Descriptor
	p := d.Start()
	ctx := context.Background()
	for _, tc := range []struct {
		text string
		want agent.Agent[kisolo.Position, kisolo.Move]
	}{
		{"random:seed=3", agent.NewRandom[kisolo.Position, kisolo.Move](3)},
		{"alphabeta:3", agent.NewAlphaBeta(d, 3)},
		{"level:casual", agent.NewAlphaBeta(d, 2)},
		{"mcts:50:seed=2", agent.NewMCTS[kisolo.Position, kisolo.Move](50, 2)},
		{"mcts-eval:50:seed=2", agent.NewMCTSEval(d, 50, 2)},
	} {
		s, err := agent.ParseSpec(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		a, err := agent.New(d, s)
		if err != nil {
			t.Fatalf("New(%s): %v", tc.text, err)
		}
		q := p
		for ply := 0; ply < 6 && !q.Outcome().Over(); ply++ {
			got, err := a.Move(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want, err := tc.want.Move(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%s: ply %d: %v, want %v", tc.text, ply, got, want)
			}
			if q, err = q.Apply(got); err != nil {
				t.Fatal(err)
			}
		}
	}
	ab, err := agent.New(d, agent.Spec{Kind: agent.KindAlphaBeta, Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if got := ab.(*agent.AlphaBeta[kisolo.Position, kisolo.Move]); got.Depth != 0 || got.Time != time.Second || got.TableSize != 1<<16 {
		t.Errorf("alphabeta:time=1s: %+v", got)
	}
	m, err := agent.New(d, agent.Spec{Kind: agent.KindMCTSEval, Iterations: 9, Workers: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.(*agent.MCTS[kisolo.Position, kisolo.Move]); got.Iterations != 9 || got.Workers != 3 || got.Seed != 4 || got.Leaf == nil {
		t.Errorf("mcts-eval:9:workers=3:seed=4: %+v", got)
	}
	for _, tc := range []struct {
		spec agent.Spec
		want string
	}{
		{agent.Spec{}, "agent: spec: no agent kind (want random, alphabeta, mcts, mcts-eval, or a level)"},
		{agent.Spec{Kind: agent.KindLevel, Level: "grandmaster"}, `agent: spec "level:grandmaster": kisolo: unknown agent or level (want random, alphabeta, mcts, mcts-eval, or a level: its levels are Beginner, Casual, Intermediate, Strong, Expert, Master)`},
		{agent.Spec{Kind: agent.KindLevel, Level: "9"}, `agent: spec "level:9": kisolo: the game has 6 levels (want level:1..level:6)`},
	} {
		if _, err := agent.New(d, tc.spec); err == nil || err.Error() != tc.want || !errors.Is(err, agent.ErrSpec) {
			t.Errorf("New(%+v) = %v, want %s", tc.spec, err, tc.want)
		}
	}
}
