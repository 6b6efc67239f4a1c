package env_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// pickActions chooses a legal id per environment from the batch's mask
// with rng.
func pickActions(rng *rand.Rand, b *env.Batch, n, actions int, dst []int32) {
	for i := range n {
		ids := legal(b.Mask[i*actions : (i+1)*actions])
		dst[i] = int32(ids[rng.IntN(len(ids))])
	}
}

// trajectory steps v with seeded random legal actions and returns a copy of
// every batch after each step.
func trajectory[P mancala.Position[P, M], M mancala.Move](t *testing.T, v *env.VecEnv[P, M], steps int) []env.Batch {
	t.Helper()
	b := v.NewBatch()
	if err := v.Reset(b); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	acts := make([]int32, v.N())
	var out []env.Batch
	for range steps {
		pickActions(rng, b, v.N(), v.Actions(), acts)
		if err := v.Step(acts, b); err != nil {
			t.Fatal(err)
		}
		c := *b
		c.Obs, c.Mask, c.Reward = slices.Clone(b.Obs), slices.Clone(b.Mask), slices.Clone(b.Reward)
		c.Terminated, c.Truncated, c.FinalObs = slices.Clone(b.Terminated), slices.Clone(b.Truncated), slices.Clone(b.FinalObs)
		c.FinalResult, c.ToMove, c.Plies = slices.Clone(b.FinalResult), slices.Clone(b.ToMove), slices.Clone(b.Plies)
		out = append(out, c)
	}
	return out
}

// TestVecWorkers checks that the results do not depend on the number of
// worker goroutines, in self-play and with random opponents.
func TestVecWorkers(t *testing.T) {
	vecWorkers(t, &kisolo.Descriptor, "Columns:6")
	vecWorkers(t, &kiothi.Descriptor, "")
	vecWorkers(t, &kimasai.Descriptor, "")
}

func vecWorkers[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules string) {
	t.Helper()
	steps := 120
	if testing.Short() {
		steps = 40
	}
	for _, cfg := range []struct {
		name string
		opt  env.VecOptions[P, M]
	}{
		{"self-play", env.VecOptions[P, M]{Options: env.Options[P, M]{Horizon: 30}}},
		{"random/alternate", env.VecOptions[P, M]{Options: env.Options[P, M]{Opponent: randomOpponent[P, M](), Seed: 5, Horizon: 60}, AlternateSeats: true}},
		{"random/North/both", env.VecOptions[P, M]{Options: env.Options[P, M]{Opponent: randomOpponent[P, M](), Seat: mancala.North, Seed: 6, Horizon: 70}, BothSeats: true}},
	} {
		var want []env.Batch
		for _, w := range []int{1, 2, 3, 8} {
			opt := cfg.opt
			opt.Workers = w
			v, err := env.NewVec(d, rules, 37, opt)
			if err != nil {
				t.Fatal(err)
			}
			got := trajectory(t, v, steps)
			if want == nil {
				want = got
				ended := 0
				for _, b := range got {
					for i := range b.Terminated {
						if b.Terminated[i] || b.Truncated[i] {
							ended++
						}
					}
				}
				if ended < 10 {
					t.Fatalf("%s %s: only %d episodes ended", d.Name, cfg.name, ended)
				}
				continue
			}
			for k := range want {
				if !reflect.DeepEqual(want[k], got[k]) { // cmp.Diff only to tell how: it is slow on thousands of values
					t.Fatalf("%s %s: %d workers differ from 1 at step %d (-want +got):\n%s", d.Name, cfg.name, w, k, cmp.Diff(want[k], got[k]))
				}
			}
		}
	}
}

// TestVecMatchesEnv checks a VecEnv against independent Envs with the same
// opponents' seeds, reset by hand as Gymnasium's SAME_STEP autoreset does.
func TestVecMatchesEnv(t *testing.T) {
	vecMatchesEnv(t, &kisolo.Descriptor, "", 40, 150, false)
	vecMatchesEnv(t, &kiothi.Descriptor, "", 40, 150, true)
	vecMatchesEnv(t, &kimasai.Descriptor, "", 40, 150, true)
	// The repetition rule (C-10): random games under
	// CaptureNeedsCrossing:true shuffle single warriors until a position
	// comes a third time; every episode ends by termination, none by the
	// horizon, and each environment of the vector ends its games where
	// a single Env does. These games are long (most of the test's 15 s):
	// not under -short.
	if testing.Short() {
		t.Log("the repetition cases are skipped under -short")
		return
	}
	vecMatchesEnv(t, &kiothi.Descriptor, "CaptureNeedsCrossing:true,Repetition:Three", 20000, 6000, false)
	vecMatchesEnv(t, &kiothi.Descriptor, "CaptureNeedsCrossing:true,Repetition:Three", 20000, 3000, true)
}

func vecMatchesEnv[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules string, horizon, steps int, opponent bool) {
	t.Helper()
	const n = 9
	var mu sync.Mutex
	var seeds []uint64
	opt := env.VecOptions[P, M]{Options: env.Options[P, M]{Horizon: horizon, Seed: 11}, AlternateSeats: opponent, Workers: 2}
	if opponent {
		opt.Opponent = func(seed uint64) (agent.Agent[P, M], error) {
			mu.Lock()
			seeds = append(seeds, seed)
			mu.Unlock()
			return agent.NewRandom[P, M](seed), nil
		}
	}
	v, err := env.NewVec(d, rules, n, opt)
	if err != nil {
		t.Fatal(err)
	}
	envs := make([]*env.Env[P, M], n)
	for i := range n {
		o := env.Options[P, M]{Horizon: horizon}
		if opponent {
			o.Opponent, o.Seed = randomOpponent[P, M](), seeds[i]
			o.Seat, _ = v.Seat(i)
		}
		if envs[i], err = env.New(d, rules, o); err != nil {
			t.Fatal(err)
		}
	}
	b := v.NewBatch()
	if err := v.Observe(b); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 2))
	acts := make([]int32, n)
	L, A := v.Width(), v.Actions()
	ended, repeated := 0, 0
	for step := range steps {
		pickActions(rng, b, n, A, acts)
		if err := v.Step(acts, b); err != nil {
			t.Fatal(err)
		}
		for i, e := range envs {
			seat := e.Position().ToMove()
			if s, ok := e.Seat(); ok {
				seat = s
			}
			s, err := e.Step(int(acts[i]))
			if err != nil {
				t.Fatal(err)
			}
			if s.Rewards[seat] != b.Reward[i] || s.Terminated != b.Terminated[i] || s.Truncated != b.Truncated[i] {
				t.Fatalf("step %d env %d: %+v for %v, vec %v %v %v", step, i, s, seat, b.Reward[i], b.Terminated[i], b.Truncated[i])
			}
			obsSeat := func() mancala.Player {
				if s, ok := e.Seat(); ok {
					return s
				}
				return e.Position().ToMove()
			}
			if s.Terminated || s.Truncated {
				ended++
				if e.Position().Outcome().Reason == mancala.Repetition {
					repeated++
				}
				if rules != "" && s.Truncated {
					t.Fatalf("step %d env %d: truncated under %s", step, i, rules)
				}
				final, _ := e.AppendObservation(nil, obsSeat())
				if diff := cmp.Diff(final, b.FinalObs[i*L:(i+1)*L]); diff != "" {
					t.Fatalf("step %d env %d: final observation (-env +vec):\n%s", step, i, diff)
				}
				var r int8
				if o := e.Position().Outcome(); o.Status == mancala.Win {
					r = map[mancala.Player]int8{mancala.South: 1, mancala.North: -1}[o.Winner]
				}
				if b.FinalResult[i] != r {
					t.Fatalf("step %d env %d: final result %d, want %d", step, i, b.FinalResult[i], r)
				}
				if err := e.Reset(); err != nil {
					t.Fatal(err)
				}
			}
			obs, _ := e.AppendObservation(nil, obsSeat())
			if diff := cmp.Diff(obs, b.Obs[i*L:(i+1)*L]); diff != "" {
				t.Fatalf("step %d env %d: observation (-env +vec):\n%s", step, i, diff)
			}
			if !slices.Equal(e.AppendMask(nil), b.Mask[i*A:(i+1)*A]) || b.ToMove[i] != e.Position().ToMove() || int(b.Plies[i]) != e.Plies() {
				t.Fatalf("step %d env %d: mask, player to move or plies differ", step, i)
			}
		}
	}
	if ended < n {
		t.Fatalf("%s: %d episodes ended", d.Name, ended)
	}
	if rules != "" && repeated == 0 {
		t.Fatalf("%s %s: no episode ended by repetition (%d ended)", d.Name, rules, ended)
	}
}

// TestVecRefusesWholeStep checks that one bad action refuses the step and
// changes no environment.
func TestVecRefusesWholeStep(t *testing.T) {
	d := &kisolo.Descriptor
	v, err := env.NewVec(d, "", 16, env.VecOptions[kisolo.Position, kisolo.Move]{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	b := v.NewBatch()
	if err := v.Observe(b); err != nil {
		t.Fatal(err)
	}
	acts := make([]int32, 16)
	pickActions(rand.New(rand.NewPCG(1, 1)), b, 16, v.Actions(), acts)
	before := slices.Clone(b.Obs)
	positions := func() []string {
		var s []string
		for i := range 16 {
			p, _, _ := v.Position(i)
			s = append(s, p.String())
		}
		return s
	}
	start := positions()
	for _, tc := range []struct {
		name string
		i    int
		a    int32
		want error
	}{
		{"out of range", 11, int32(v.Actions()), mancala.ErrNoAction},
		{"negative", 4, -1, mancala.ErrNoAction},
		{"illegal", 7, -2, mancala.ErrIllegalMove},
	} {
		bad := slices.Clone(acts)
		bad[tc.i] = tc.a
		if tc.a == -2 {
			for a, f := range b.Mask[tc.i*v.Actions() : (tc.i+1)*v.Actions()] {
				if !f {
					bad[tc.i] = int32(a)
					break
				}
			}
		}
		bad[13] = int32(v.Actions()) + 5 // a later bad one: the first is named
		err := v.Step(bad, b)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), fmt.Sprintf("environment %d:", tc.i)) {
			t.Errorf("%s: %v", tc.name, err)
		}
		if diff := cmp.Diff(start, positions()); diff != "" || !slices.Equal(before, b.Obs) {
			t.Errorf("%s changed the environments:\n%s", tc.name, diff)
		}
	}
	if err := v.Step(acts[:15], b); !errors.Is(err, env.ErrConfig) {
		t.Errorf("15 actions: %v", err)
	}
	short := &env.Batch{Obs: make([]float32, 3)}
	if err := v.Step(acts, short); !errors.Is(err, env.ErrConfig) || !slices.Equal(start, positions()) {
		t.Errorf("short Obs: %v", err)
	}
	if _, _, err := v.Position(16); !errors.Is(err, env.ErrConfig) {
		t.Errorf("Position(16): %v", err)
	}
	for _, n := range []int{0, env.MaxVecEnvs + 1} {
		if _, err := env.NewVec(d, "", n, env.VecOptions[kisolo.Position, kisolo.Move]{}); !errors.Is(err, env.ErrConfig) {
			t.Errorf("n %d: %v", n, err)
		}
	}
	if _, err := env.NewVec(d, "", 2, env.VecOptions[kisolo.Position, kisolo.Move]{AlternateSeats: true}); !errors.Is(err, env.ErrConfig) {
		t.Errorf("alternate seats without an opponent: %v", err)
	}
}

// TestVecOpponentFirst is defect 4 of issue 25: Kiothi with the opponent
// at South (the agent North) and horizons 1..11, shorter than South's
// opening turn of many steps. Every environment must start, and go on,
// with the agent to move.
func TestVecOpponentFirst(t *testing.T) {
	for h := 1; h <= 11; h++ {
		v, err := env.NewVec(&kiothi.Descriptor, "", 8, env.VecOptions[kiothi.Position, kiothi.Move]{
			Options: env.Options[kiothi.Position, kiothi.Move]{Horizon: h, Opponent: randomOpponent[kiothi.Position, kiothi.Move](), Seat: mancala.North, Seed: 3}})
		if err != nil {
			t.Fatal(err)
		}
		b := v.NewBatch()
		if err := v.Observe(b); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(4, 4))
		acts := make([]int32, 8)
		for step := range 20 {
			for i, pl := range b.ToMove {
				if pl != mancala.North {
					t.Fatalf("horizon %d step %d env %d: %v to move, the agent plays North", h, step, i, pl)
				}
				if own := b.Obs[(i+1)*v.Width()-1]; own != 1 {
					t.Fatalf("horizon %d step %d env %d: ownTurn %v", h, step, i, own)
				}
			}
			pickActions(rng, b, 8, v.Actions(), acts)
			if err := v.Step(acts, b); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestVecStepAllocs checks that a step allocates nothing, with workers and
// a random opponent.
func TestVecStepAllocs(t *testing.T) {
	skipRace(t)
	vecAllocs(t, &kisolo.Descriptor, false)
	vecAllocs(t, &kiothi.Descriptor, true)
	vecAllocs(t, &kimasai.Descriptor, true)
}

func vecAllocs[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], opponent bool) {
	t.Helper()
	opt := env.VecOptions[P, M]{Workers: 2, Options: env.Options[P, M]{Horizon: 30}, AlternateSeats: opponent}
	if opponent {
		opt.Opponent = randomOpponent[P, M]()
	}
	v, err := env.NewVec(d, "", 64, opt)
	if err != nil {
		t.Fatal(err)
	}
	b := v.NewBatch()
	if err := v.Observe(b); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	acts := make([]int32, 64)
	step := func() {
		pickFirst(b, 64, v.Actions(), acts, rng)
		if err := v.Step(acts, b); err != nil {
			t.Fatal(err)
		}
	}
	for range 100 { // grow the opponents' buffers
		step()
	}
	if n := testing.AllocsPerRun(200, step); n != 0 {
		t.Errorf("%s: %v allocations per step", d.Name, n)
	}
}

// pickFirst picks a random legal id per environment without allocating.
func pickFirst(b *env.Batch, n, actions int, dst []int32, rng *rand.Rand) {
	for i := range n {
		m := b.Mask[i*actions : (i+1)*actions]
		k := 0
		for _, f := range m {
			if f {
				k++
			}
		}
		j := rng.IntN(k)
		for a, f := range m {
			if f {
				if j == 0 {
					dst[i] = int32(a)
					break
				}
				j--
			}
		}
	}
}

// TestVecOpponentFails checks a step whose opponents fail in two
// environments, under 1, 2 and 3 workers: the error wraps ErrAgent and
// names the lower environment, every environment keeps its position and
// plies, and the next step, the opponents mended, plays.
func TestVecOpponentFails(t *testing.T) {
	const n = 24
	type (
		P = kisolo.Position
		M = kisolo.Move
	)
	for _, workers := range []int{1, 2, 3} {
		var armed atomic.Bool
		made := 0 // opponents are made in environment order
		opp := func(seed uint64) (agent.Agent[P, M], error) {
			i := made % n
			made++
			r := agent.NewRandom[P, M](seed)
			return agent.AgentFunc[P, M](func(ctx context.Context, p P) (M, error) {
				if armed.Load() && (i == 5 || i == 17) {
					return M{}, errors.New("out of order")
				}
				return r.Move(ctx, p)
			}), nil
		}
		v, err := env.NewVec(&kisolo.Descriptor, "", n, env.VecOptions[P, M]{Workers: workers,
			Options: env.Options[P, M]{Opponent: opp, Seed: 8, Horizon: 400}})
		if err != nil {
			t.Fatal(err)
		}
		b := v.NewBatch()
		if err := v.Observe(b); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(2, 2))
		acts := make([]int32, n)
		for range 3 {
			pickActions(rng, b, n, v.Actions(), acts)
			if err := v.Step(acts, b); err != nil {
				t.Fatal(err)
			}
		}
		state := func() []string {
			var s []string
			for i := range n {
				p, plies, _ := v.Position(i)
				s = append(s, fmt.Sprintf("%v plies=%d", p, plies))
			}
			return s
		}
		before := state()
		pickActions(rng, b, n, v.Actions(), acts)
		armed.Store(true)
		err = v.Step(acts, b)
		if !errors.Is(err, env.ErrAgent) || !strings.Contains(err.Error(), "environment 5:") {
			t.Fatalf("%d workers: %v, want ErrAgent naming environment 5", workers, err)
		}
		if diff := cmp.Diff(before, state()); diff != "" {
			t.Fatalf("%d workers: the failed step changed the environments (-before +after):\n%s", workers, diff)
		}
		armed.Store(false)
		if err := v.Step(acts, b); err != nil {
			t.Fatalf("%d workers: after the opponents mended: %v", workers, err)
		}
		if diff := cmp.Diff(before, state()); diff == "" {
			t.Fatalf("%d workers: the step after did not play", workers)
		}
	}
}

// TestVecBytes checks ObsU8 and FinalObsU8 against Obs and FinalObs: two
// VecEnvs of one seed stepped with the same actions, one writing floats,
// the other bytes only (with an opponent: both seats' rows, BothSeats).
func TestVecBytes(t *testing.T) {
	vecBytes(t, &kisolo.Descriptor, false)
	vecBytes(t, &kiothi.Descriptor, true)
	vecBytes(t, &kimasai.Descriptor, false)
}

func vecBytes[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], both bool) {
	const n = 40
	opt := env.VecOptions[P, M]{Options: env.Options[P, M]{Horizon: 25, Seed: 5}, BothSeats: both, Workers: 2}
	if both {
		opt.Opponent = randomOpponent[P, M]()
		opt.AlternateSeats = true
	}
	var vs [2]*env.VecEnv[P, M]
	for k := range vs {
		v, err := env.NewVec(d, "", n, opt)
		if err != nil {
			t.Fatal(err)
		}
		vs[k] = v
	}
	fb := vs[0].NewBatch()
	bb := vs[1].NewBatch()
	w := vs[1].Width()
	bb.Obs, bb.FinalObs = nil, nil
	bb.ObsU8, bb.FinalObsU8 = make([]uint8, n*w), make([]uint8, n*w)
	bytes := func(f []float32) []uint8 {
		u := make([]uint8, len(f))
		for k, x := range f {
			if x != float32(uint8(x)) {
				t.Fatalf("%s: value %v is not a byte", d.Name, x)
			}
			u[k] = uint8(x)
		}
		return u
	}
	if err := vs[0].Reset(fb); err != nil {
		t.Fatal(err)
	}
	if err := vs[1].Reset(bb); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	acts := make([]int32, n)
	ended := 0
	for step := range 120 {
		if !slices.Equal(bytes(fb.Obs), bb.ObsU8) {
			t.Fatalf("%s step %d: ObsU8 differs from Obs", d.Name, step)
		}
		pickActions(rng, fb, n, vs[0].Actions(), acts)
		for k, b := range []*env.Batch{fb, bb} {
			if err := vs[k].Step(acts, b); err != nil {
				t.Fatal(err)
			}
		}
		for i := range n {
			if fb.Terminated[i] || fb.Truncated[i] {
				ended++
				if !slices.Equal(bytes(fb.FinalObs[i*w:(i+1)*w]), bb.FinalObsU8[i*w:(i+1)*w]) {
					t.Fatalf("%s step %d env %d: FinalObsU8 differs from FinalObs", d.Name, step, i)
				}
			}
		}
		if !slices.Equal(fb.Reward, bb.Reward) || !slices.Equal(fb.Mask, bb.Mask) {
			t.Fatalf("%s step %d: the two VecEnvs differ", d.Name, step)
		}
	}
	if ended == 0 {
		t.Fatalf("%s: no episode ended", d.Name)
	}
	if err := vs[1].Observe(&env.Batch{ObsU8: make([]uint8, 3)}); !errors.Is(err, env.ErrConfig) {
		t.Errorf("%s: a short ObsU8: %v", d.Name, err)
	}
}
