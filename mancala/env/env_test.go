package env_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// randomOpponent makes agent.Random opponents.
func randomOpponent[P mancala.Position[P, M], M mancala.Move]() env.Opponent[P, M] {
	return func(seed uint64) (agent.Agent[P, M], error) { return agent.NewRandom[P, M](seed), nil }
}

// legal returns the legal ids of a mask.
func legal(mask []bool) []int {
	var ids []int
	for a, f := range mask {
		if f {
			ids = append(ids, a)
		}
	}
	return ids
}

// TestEnvAgainstPlay checks an Env with a random opponent against the same
// game played by hand: the agent's moves by id, the opponent's by
// agent.Random with the same seed, Apply for both.
func TestEnvAgainstPlay(t *testing.T) {
	for _, seat := range []mancala.Player{mancala.South, mancala.North} {
		t.Run(seat.String(), func(t *testing.T) {
			envAgainstPlay(t, &kisolo.Descriptor, seat)
			envAgainstPlay(t, &kiothi.Descriptor, seat)
			envAgainstPlay(t, &kimasai.Descriptor, seat)
		})
	}
}

func envAgainstPlay[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], seat mancala.Player) {
	t.Helper()
	const seed = 42
	e, err := env.New(d, "", env.Options[P, M]{Opponent: randomOpponent[P, M](), Seat: seat, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	opp := agent.NewRandom[P, M](seed)
	rng := rand.New(rand.NewPCG(7, 7))
	p, plies := d.Start(), 0
	play := func() { // the opponent's plies, by hand
		for !p.Outcome().Over() && p.ToMove() != seat && plies < e.Horizon() {
			m, err := opp.Move(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = p.Apply(m); err != nil {
				t.Fatal(err)
			}
			plies++
		}
	}
	play()
	for step := 0; ; step++ {
		if e.Position() != p || e.Plies() != plies {
			t.Fatalf("%s step %d: env at %v (%d plies), by hand %v (%d)", d.Name, step, e.Position(), e.Plies(), p, plies)
		}
		if p.ToMove() != seat {
			t.Fatalf("%s step %d: %v to move, the agent plays %v", d.Name, step, p.ToMove(), seat)
		}
		ids := legal(e.AppendMask(nil))
		a := ids[rng.IntN(len(ids))]
		m, err := d.ActionMove(p, a)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Apply(m); err != nil {
			t.Fatal(err)
		}
		plies++
		play()
		s, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		o := p.Outcome()
		var want env.Step
		if o.Status == mancala.Win {
			want.Rewards[o.Winner], want.Rewards[o.Winner.Other()] = 1, -1
		}
		want.Terminated = o.Over()
		want.Truncated = !o.Over() && plies >= e.Horizon()
		if s != want {
			t.Fatalf("%s step %d: %+v, want %+v", d.Name, step, s, want)
		}
		if s.Terminated || s.Truncated {
			if step < 5 {
				t.Fatalf("%s: the episode ended after %d steps", d.Name, step)
			}
			return
		}
	}
}

// TestEnvErrors checks that bad input is an error of the documented kind
// and changes nothing.
func TestEnvErrors(t *testing.T) {
	d := &kisolo.Descriptor
	e, err := env.New(d, "", env.Options[kisolo.Position, kisolo.Move]{Horizon: 2})
	if err != nil {
		t.Fatal(err)
	}
	ids := legal(e.AppendMask(nil))
	illegal := -1
	for a, f := range e.AppendMask(nil) {
		if !f {
			illegal = a
			break
		}
	}
	if illegal < 0 {
		t.Fatal("no illegal id at the start")
	}
	before, plies := e.Position(), e.Plies()
	other, _ := kisolo.Descriptor.New("Columns:8")
	for _, tc := range []struct {
		name string
		do   func() error
		want error
	}{
		{"id -1", func() error { _, err := e.Step(-1); return err }, mancala.ErrNoAction},
		{"id Actions", func() error { _, err := e.Step(e.Actions()); return err }, mancala.ErrNoAction},
		{"illegal id", func() error { _, err := e.Step(illegal); return err }, mancala.ErrIllegalMove},
		{"other rules", func() error { return e.SetPosition(other, 0) }, env.ErrMismatch},
		{"other game", func() error { return e.ParsePosition(kiothi.Start().String(), 0) }, mancala.ErrSyntax},
		{"bad text", func() error { return e.ParsePosition("kisolo 3,3", 0) }, mancala.ErrSyntax},
		{"plies -1", func() error { return e.SetPosition(before, -1) }, env.ErrConfig},
		{"plies over horizon", func() error { return e.SetPosition(before, 3) }, env.ErrConfig},
		{"bad move text", func() error { _, err := e.ParseAction("z9"); return err }, mancala.ErrSyntax},
		{"action text -1", func() error { _, err := e.ActionText(-1); return err }, mancala.ErrNoAction},
		{"bad seat", func() error { _, err := e.AppendObservation(nil, 5); return err }, env.ErrConfig},
	} {
		err := tc.do()
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want an error wrapping %v", tc.name, err, tc.want)
		}
		if e.Position() != before || e.Plies() != plies {
			t.Errorf("%s changed the environment", tc.name)
		}
	}
	// The horizon: two steps truncate, a third is refused.
	for i := range 2 {
		s, err := e.Step(ids[0])
		if err != nil {
			t.Fatal(err)
		}
		if s.Truncated != (i == 1) || s.Terminated {
			t.Fatalf("step %d: %+v", i, s)
		}
		ids = legal(e.AppendMask(nil))
	}
	at := e.Position()
	if _, err := e.Step(ids[0]); !errors.Is(err, env.ErrEpisodeOver) || e.Position() != at {
		t.Fatalf("a step after the truncation: %v", err)
	}
	if !e.Truncated() || e.Terminated() {
		t.Fatal("not truncated")
	}
	if err := e.Reset(); err != nil || e.Plies() != 0 || e.Position() != kisolo.Start() || e.Truncated() {
		t.Fatalf("reset: %v", err)
	}
	// Bad configurations.
	for _, tc := range []struct {
		name string
		opt  env.Options[kisolo.Position, kisolo.Move]
	}{
		{"horizon -1", env.Options[kisolo.Position, kisolo.Move]{Horizon: -1}},
		{"horizon over", env.Options[kisolo.Position, kisolo.Move]{Horizon: env.MaxHorizon + 1}},
		{"seat without opponent", env.Options[kisolo.Position, kisolo.Move]{Seat: mancala.North}},
		{"seat 2", env.Options[kisolo.Position, kisolo.Move]{Seat: 2, Opponent: randomOpponent[kisolo.Position, kisolo.Move]()}},
	} {
		if _, err := env.New(d, "", tc.opt); !errors.Is(err, env.ErrConfig) {
			t.Errorf("%s: %v, want ErrConfig", tc.name, err)
		}
	}
	if _, err := env.New(d, "Columns:9", env.Options[kisolo.Position, kisolo.Move]{}); !errors.Is(err, mancala.ErrRules) {
		t.Errorf("bad rules: %v", err)
	}
	failing := func(uint64) (agent.Agent[kisolo.Position, kisolo.Move], error) { return nil, errors.New("no") }
	if _, err := env.New(d, "", env.Options[kisolo.Position, kisolo.Move]{Opponent: failing}); !errors.Is(err, env.ErrAgent) {
		t.Errorf("failing opponent: %v", err)
	}
}

// TestEnvActionText checks id -> text -> id over random games.
func TestEnvActionText(t *testing.T) {
	e, err := env.New(&kiothi.Descriptor, "", env.Options[kiothi.Position, kiothi.Move]{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	n := 0
	for range 300 {
		ids := legal(e.AppendMask(nil))
		for _, a := range ids {
			text, err := e.ActionText(a)
			if err != nil {
				t.Fatal(err)
			}
			b, err := e.ParseAction(text)
			if err != nil || b != a {
				t.Fatalf("%v: id %d is %q, which reads as %d, %v", e.Position(), a, text, b, err)
			}
			n++
		}
		s, err := e.Step(ids[rng.IntN(len(ids))])
		if err != nil {
			t.Fatal(err)
		}
		if s.Terminated || s.Truncated {
			if err := e.Reset(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 300 {
		t.Fatalf("%d ids checked", n)
	}
}

// TestEnvOpponentFirst is defect 4 of issue 25 for one environment: with
// the opponent at South of Kiothi (whose opening turn is many steps) and
// a horizon shorter than that turn, the episode still starts with the
// agent to move.
func TestEnvOpponentFirst(t *testing.T) {
	for h := 1; h <= 11; h++ {
		e, err := env.New(&kiothi.Descriptor, "", env.Options[kiothi.Position, kiothi.Move]{
			Horizon: h, Opponent: randomOpponent[kiothi.Position, kiothi.Move](), Seat: mancala.North, Seed: uint64(h)})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if p := e.Position(); p.ToMove() != mancala.North || p.Outcome().Over() {
				t.Fatalf("horizon %d: %v after the reset, the agent plays North", h, p)
			}
			ids := legal(e.AppendMask(nil))
			s, err := e.Step(ids[0])
			if err != nil {
				t.Fatal(err)
			}
			if !s.Truncated && !s.Terminated && e.Position().ToMove() != mancala.North {
				t.Fatalf("horizon %d: the opponent is to move after a step that did not end the episode", h)
			}
			if err := e.Reset(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestEnvSetPosition checks that a position set (clone, undo) continues
// like the original.
func TestEnvSetPosition(t *testing.T) {
	d := &kimasai.Descriptor
	a, _ := env.New(d, "", env.Options[kimasai.Position, kimasai.Move]{})
	b, _ := env.New(d, "", env.Options[kimasai.Position, kimasai.Move]{})
	rng := rand.New(rand.NewPCG(3, 3))
	var history []string
	for range 40 {
		ids := legal(a.AppendMask(nil))
		history = append(history, a.Position().String())
		if _, err := a.Step(ids[rng.IntN(len(ids))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.ParsePosition(a.Position().String(), a.Plies()); err != nil {
		t.Fatal(err)
	}
	oa, _ := a.AppendObservation(nil, mancala.North)
	ob, _ := b.AppendObservation(nil, mancala.North)
	if diff := cmp.Diff(oa, ob); diff != "" || !slices.Equal(a.AppendMask(nil), b.AppendMask(nil)) {
		t.Fatalf("a copy observes otherwise:\n%s", diff)
	}
	// undo: back 10 plies
	if err := b.ParsePosition(history[30], 30); err != nil || b.Position().String() != history[30] {
		t.Fatalf("undo: %v", err)
	}
}
