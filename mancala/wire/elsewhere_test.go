package wire_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// TestElsewhere: a service of one game and Elsewhere of the others
// answers every request as the service of all three, but a request for
// another game, which gets CodeElsewhere (421) naming that game; and the
// service of that game then answers it as the whole service does.
func TestElsewhere(t *testing.T) {
	all := newService(t, wire.Limits{})
	names := []string{"kisolo", "kiothi", "kimasai"}
	one := map[string]*wire.Service{}
	for i, g := range games() {
		gs := make([]wire.Game, 3)
		for j, n := range names {
			gs[j] = wire.Elsewhere(n)
		}
		gs[i] = g
		s, err := wire.NewService(wire.Limits{}, gs...)
		if err != nil {
			t.Fatal(err)
		}
		one[names[i]] = s
	}
	if got := wire.Elsewhere("kiothi").Info(); !cmp.Equal(got, wire.GameInfo{Name: "kiothi"}) {
		t.Errorf("Elsewhere's Info = %+v", got)
	}
	kisoloStart := "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"
	type wireErr struct{ Code, Message, Game string }
	type answer struct {
		V   any
		Err *wireErr
	}
	do := func(s *wire.Service, f func(*wire.Service) (any, error)) answer {
		v, err := f(s)
		var e *wire.Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("not an *Error: %v", err)
		}
		if r, ok := v.(wire.ThinkResponse); ok {
			r.ElapsedMs = 0 // the time taken differs
			v = r
		}
		if e != nil {
			if e.Code == wire.CodeElsewhere && e.Status() != 421 {
				t.Errorf("%s: status %d", e.Message, e.Status())
			}
			return answer{Err: &wireErr{Code: e.Code, Message: e.Message, Game: e.Game}}
		}
		return answer{V: v}
	}
	for _, c := range []struct {
		name string
		game string // the game the request is for, "" for none
		f    func(*wire.Service) (any, error)
	}{
		{"state of kiothi", "kiothi", func(s *wire.Service) (any, error) { return s.State(wire.StateRequest{Game: "kiothi"}) }},
		{"state of oware", "", func(s *wire.Service) (any, error) { return s.State(wire.StateRequest{Game: "oware"}) }},
		{"state of nothing", "", func(s *wire.Service) (any, error) { return s.State(wire.StateRequest{}) }},
		{"state of a chess position", "", func(s *wire.Service) (any, error) { return s.State(wire.StateRequest{Position: "chess 8/8 w"}) }},
		{"state of a kisolo position", "kisolo", func(s *wire.Service) (any, error) { return s.State(wire.StateRequest{Position: kisoloStart}) }},
		{"apply in kisolo", "kisolo", func(s *wire.Service) (any, error) {
			return s.Apply(wire.ApplyRequest{Position: kisoloStart, Move: "xb1"})
		}},
		{"apply, kiothi named", "kisolo", func(s *wire.Service) (any, error) {
			return s.Apply(wire.ApplyRequest{Game: "kiothi", Position: kisoloStart, Move: "xb1"})
		}},
		{"think in kimasai", "kimasai", func(s *wire.Service) (any, error) {
			return s.Think(context.Background(), wire.ThinkRequest{Position: "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24", Agent: "random", Seed: 3})
		}},
		{"record of kiothi", "kiothi", func(s *wire.Service) (any, error) { return s.Record(wire.RecordRequest{Game: "kiothi"}) }},
		{"replay of kisolo", "kisolo", func(s *wire.Service) (any, error) {
			return s.Replay(wire.ReplayRequest{Record: "[Game \"kisolo\"]\n\nxb1 xc7\n"})
		}},
		{"replay of go", "", func(s *wire.Service) (any, error) { return s.Replay(wire.ReplayRequest{Record: "[Game \"go\"]\n\n"}) }},
		{"replay of a kimasai position", "kimasai", func(s *wire.Service) (any, error) {
			return s.Replay(wire.ReplayRequest{Record: "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24"})
		}},
	} {
		want := do(all, c.f)
		for n, s := range one {
			got := do(s, c.f)
			if c.game != "" && c.game != n {
				w := answer{Err: &wireErr{Code: wire.CodeElsewhere, Game: c.game, Message: `wire: game "` + c.game + `" is played by another service`}}
				if diff := cmp.Diff(w, got); diff != "" {
					t.Errorf("%s, service of %s (-want +got):\n%s", c.name, n, diff)
				}
				continue
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s, service of %s (-all +one):\n%s", c.name, n, diff)
			}
		}
	}
}
