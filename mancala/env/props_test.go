package env_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
	"pgregory.net/rapid"
)

// TestEnvProperties drives an Env (with or without an opponent, a short
// or the game's horizon) with any ids, legal or not, and resets, and
// checks after every action: a refused step changes nothing; the
// observation lies within its bounds and its ownTurn says who is to
// move; the mask is empty exactly when the game is over; an accepted
// step's flags and rewards agree with the position; with an opponent a
// running episode (neither terminated nor truncated) has the agent to
// move.
func TestEnvProperties(t *testing.T) {
	t.Run("kisolo", func(t *testing.T) { envProps(t, &kisolo.Descriptor) })
	t.Run("kiothi", func(t *testing.T) { envProps(t, &kiothi.Descriptor) })
	t.Run("kimasai", func(t *testing.T) { envProps(t, &kimasai.Descriptor) })
}

func envProps[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M]) {
	rapid.Check(t, func(r *rapid.T) {
		opt := env.Options[P, M]{Seed: rapid.Uint64().Draw(r, "seed"), Horizon: rapid.SampledFrom([]int{0, 1, 5, 40}).Draw(r, "horizon")}
		if rapid.Bool().Draw(r, "opponent") {
			opt.Opponent = randomOpponent[P, M]()
			opt.Seat = mancala.Player(rapid.IntRange(0, 1).Draw(r, "seat"))
		}
		e, err := env.New(d, "", opt)
		if err != nil {
			r.Fatal(err)
		}
		o := e.Observer()
		for range rapid.IntRange(1, 80).Draw(r, "steps") {
			mask := e.AppendMask(nil)
			ids := legal(mask)
			over := e.Terminated() || e.Truncated()
			if (len(ids) == 0) != e.Terminated() {
				r.Fatalf("%v: %d legal ids, terminated %v", e.Position(), len(ids), e.Terminated())
			}
			seat, hasOpp := e.Seat()
			if hasOpp && !over && e.Position().ToMove() != seat {
				r.Fatalf("%v: the opponent is to move", e.Position())
			}
			for _, s := range []mancala.Player{mancala.South, mancala.North} {
				v, err := e.AppendObservation(nil, s)
				if err != nil {
					r.Fatal(err)
				}
				for i, x := range v {
					if x < o.Low()[i] || x > o.High()[i] {
						r.Fatalf("%v from %v: %s = %v outside its bounds", e.Position(), s, o.Names()[i], x)
					}
				}
				if own := v[len(v)-1] == 1; own != (e.Position().ToMove() == s) {
					r.Fatalf("%v from %v: ownTurn %v", e.Position(), s, v[len(v)-1])
				}
			}
			if over || rapid.IntRange(0, 20).Draw(r, "reset") == 0 {
				if err := e.Reset(); err != nil {
					r.Fatal(err)
				}
				continue
			}
			var a int
			if len(ids) > 0 && rapid.IntRange(0, 3).Draw(r, "legal") > 0 {
				a = rapid.SampledFrom(ids).Draw(r, "id")
			} else {
				a = rapid.IntRange(-2, e.Actions()+2).Draw(r, "any id")
			}
			before, plies := e.Position(), e.Plies()
			s, err := e.Step(a)
			if err != nil {
				if e.Position() != before || e.Plies() != plies {
					r.Fatalf("a refused step (%v) changed the environment", err)
				}
				if a >= 0 && a < e.Actions() && mask[a] {
					r.Fatalf("legal id %d refused: %v", a, err)
				}
				if !errors.Is(err, mancala.ErrNoAction) && !errors.Is(err, mancala.ErrIllegalMove) {
					r.Fatalf("id %d: %v", a, err)
				}
				continue
			}
			if a < 0 || a >= len(mask) || !mask[a] {
				r.Fatalf("illegal id %d accepted", a)
			}
			out := e.Position().Outcome()
			if s.Terminated != out.Over() || s.Truncated != (!out.Over() && e.Plies() >= e.Horizon()) || e.Plies() <= plies {
				r.Fatalf("%+v for %v after %d plies", s, e.Position(), e.Plies())
			}
			sum := s.Rewards[0] + s.Rewards[1]
			if sum != 0 || (s.Rewards[0] != 0) != (out.Status == mancala.Win) {
				r.Fatalf("rewards %v for %v", s.Rewards, out)
			}
			if !slices.Contains([]float32{-1, 0, 1}, s.Rewards[0]) {
				r.Fatalf("reward %v", s.Rewards[0])
			}
		}
	})
}
