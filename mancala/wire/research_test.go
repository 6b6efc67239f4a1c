package wire_test

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// call sends one line-protocol request in sess and decodes the answer.
func call[T any](t testing.TB, sess *wire.Session, cmd string, req any) (T, error) {
	t.Helper()
	var out T
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sess.Call(context.Background(), cmd, body)
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s: %v in %s", cmd, err, b)
	}
	return out, nil
}

func must[T any](t testing.TB, sess *wire.Session, cmd string, req any) T {
	t.Helper()
	v, err := call[T](t, sess, cmd, req)
	if err != nil {
		t.Fatalf("%s %v: %v", cmd, req, err)
	}
	return v
}

func unb64(t testing.TB, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func int32s(t testing.TB, s string) []int32 {
	b := unb64(t, s)
	out := make([]int32, len(b)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func float32s(t testing.TB, s string) []float32 {
	b := unb64(t, s)
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func actionsB64(a []int32) string {
	b := make([]byte, 0, 4*len(a))
	for _, x := range a {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return base64.StdEncoding.EncodeToString(b)
}

// TestEnvSpec pins the action counts, observation lengths, bounds and
// horizons of docs/engine.md.
func TestEnvSpec(t *testing.T) {
	sess := newService(t, wire.Limits{}).NewSession()
	for _, c := range []struct {
		game, rules           string
		actions, obs, horizon int
		high                  int
	}{
		{"kisolo", "", 21, 29, 300, 84},
		{"kisolo", "Columns:6", 18, 25, 300, 72},
		{"kisolo", "Columns:8", 24, 33, 400, 96},
		{"kisolo", "Setup:Outer3,Win:OuterRowEmptied", 21, 29, 1000, 42},
		{"kiothi", "", 631, 86, 200, 60},
		{"kiothi", "Setup:FiveByFive", 531, 86, 200, 50},
		{"kimasai", "", 16, 36, 600, 64},
		{"kimasai", "Endless:Illegal", 16, 36, 600, 64},
	} {
		s := must[wire.EnvSpec](t, sess, "env_spec", wire.EnvSpecRequest{Game: c.game, Rules: c.rules})
		o := s.Observation
		if s.Actions != c.actions || s.MaskBytes != (c.actions+7)/8 || o.Len != c.obs || len(o.Names) != c.obs ||
			len(o.Low) != c.obs || len(o.High) != c.obs || s.Horizon != c.horizon || o.High[0] != c.high {
			t.Errorf("%s %q: actions %d mask %d obs %d/%d horizon %d high[0] %d; want %d, %d, %d, %d, %d",
				c.game, c.rules, s.Actions, s.MaskBytes, o.Len, len(o.Names), s.Horizon, o.High[0], c.actions, (c.actions+7)/8, c.obs, c.horizon, c.high)
		}
		if o.Names[o.Len-1] != "ownTurn" || o.High[o.Len-1] != 1 {
			t.Errorf("%s: last element %s high %d", c.game, o.Names[o.Len-1], o.High[o.Len-1])
		}
	}
	s := must[wire.EnvSpec](t, sess, "env_spec", wire.EnvSpecRequest{Game: "kimasai"})
	want := []string{"seeds:b1", "seeds:b2"}
	if !slices.Equal(s.Observation.Names[:2], want) || s.Observation.Names[32] != "reserve:own" || s.Observation.Names[34] != "phase" ||
		s.Observation.Low[34] != 1 || s.Observation.High[34] != 2 {
		t.Errorf("kimasai names %v", s.Observation.Names)
	}
	if _, err := call[wire.EnvSpec](t, sess, "env_spec", wire.EnvSpecRequest{Game: "chess"}); err == nil {
		t.Error("env_spec of an unknown game answered")
	}
}

// TestStep: one step of the start of Kisolo, its rewards and both seats'
// observations, and the errors of bad ids.
func TestStep(t *testing.T) {
	sess := newService(t, wire.Limits{}).NewSession()
	start := kisolo.Start()
	a := 14 // xb7
	r := must[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: start.String(), Action: &a, Plies: 5})
	m, _ := kisolo.ParseMove("xb7")
	q, _ := start.Apply(m)
	if r.Position != q.String() || r.ToMove != "N" || r.Plies != 6 || r.Terminated || r.Truncated || r.Result != "*" || r.Reward != [2]float64{} {
		t.Errorf("step = %+v", r)
	}
	var legal []int
	texts := map[int]string{}
	for _, lm := range q.LegalMoves() {
		id, _ := q.Action(lm)
		legal = append(legal, id)
		texts[id] = lm.String()
	}
	slices.Sort(legal)
	if !slices.Equal(r.Legal, legal) {
		t.Errorf("legal %v, want %v", r.Legal, legal)
	}
	// moves[i] is the text of legal[i]: action ids and notation both ways.
	var moves []string
	for _, id := range legal {
		moves = append(moves, texts[id])
	}
	if !slices.Equal(r.Moves, moves) {
		t.Errorf("moves %v, want %v (the text of each id of legal %v)", r.Moves, moves, r.Legal)
	}
	// Seats: South sees its circuit a1..a7, b7..b1 first; North its own.
	for seat := range 2 {
		o := r.Obs[seat]
		if len(o) != 29 {
			t.Fatalf("obs len %d", len(o))
		}
		for i := range 28 {
			if want := q.Seeds((i + 14*seat) % 28); o[i] != want {
				t.Errorf("seat %d obs[%d] = %d, want %d", seat, i, o[i], want)
			}
		}
		if o[28] != seat { // North is to move
			t.Errorf("seat %d ownTurn %d", seat, o[28])
		}
	}
	// The same step by the move's notation; not both.
	if r2 := must[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: start.String(), Move: "xb7", Plies: 5}); !cmp.Equal(r, r2) {
		t.Errorf("step by move xb7 = %+v, by action 14 = %+v", r2, r)
	}
	if _, err := call[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: start.String(), Move: "xb7", Action: &a}); err == nil {
		t.Error("a step with both action and move answered")
	}
	if _, err := call[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: start.String(), Move: "b3"}); err == nil || !strings.Contains(err.Error(), "illegal") {
		t.Errorf("an illegal move: %v", err)
	}
	// Truncation at the horizon; no action = describe the position.
	r = must[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: start.String(), Plies: 10, Horizon: 10})
	if !r.Truncated || r.Terminated || r.Plies != 10 || r.Position != start.String() {
		t.Errorf("at the horizon: %+v", r)
	}
	// A move that ends the game: +1 for the winner, -1 for the loser
	// (here South empties its own inner row and loses, KS-11).
	end, _ := kisolo.Parse("kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10")
	ea := 13 // b1
	r = must[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: end.String(), Action: &ea})
	if !r.Terminated || r.Result != "N:selfinner" || r.Reward != [2]float64{-1, 1} || len(r.Legal) != 0 || r.ToMove != "N" {
		t.Errorf("ending step: %+v", r)
	}
	if _, err := call[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: r.Position, Action: &ea}); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("a step after the end: %v", err)
	}
	for _, c := range []struct {
		pos    string
		action int
		code   string
		msg    string
	}{
		{start.String(), 21, "bad_request", "kisolo: action 21 out of range 0..20"},
		{start.String(), -1, "bad_request", "kisolo: action -1 out of range 0..20"},
		{start.String(), 0, "illegal", "a capture is compulsory"},
		{"kisolo 3,3", 0, "syntax", ""},
	} {
		_, err := call[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: c.pos, Action: &c.action})
		var we *wire.Error
		if !errors.As(err, &we) || we.Code != c.code || !strings.Contains(we.Message, c.msg) {
			t.Errorf("step %d on %q: %v; want %s containing %q", c.action, c.pos, err, c.code, c.msg)
		}
	}
}

// refEnv is the reference a vector environment is checked against: the
// library played directly, one environment at a time.
type refEnv[P mancala.Position[P, M], M mancala.Move] struct {
	d     *mancala.Descriptor[P, M]
	start P
	pos   []P
	plies []int
}

// TestVecSelfPlay steps vector environments of every game with random
// legal actions and checks every answer against the library played
// directly: observations, masks, rewards, terminated, truncated, the
// same-step reset, final observations and results. n = 300 runs on two
// workers, n = 5 on one.
func TestVecSelfPlay(t *testing.T) {
	if testing.Short() {
		checkVec(t, &kisolo.Descriptor, "", 200, 20, 50)
		checkVec(t, &kisolo.Descriptor, "Columns:6", 5, 0, 60)
		checkVec(t, &kiothi.Descriptor, "", 130, 25, 40)
		checkVec(t, &kimasai.Descriptor, "Endless:Illegal,MaxLaps:2000", 130, 20, 30)
		return
	}
	checkVec(t, &kisolo.Descriptor, "", 300, 40, 400)
	checkVec(t, &kisolo.Descriptor, "Columns:6", 5, 0, 300)
	checkVec(t, &kiothi.Descriptor, "", 130, 0, 300)
	checkVec(t, &kimasai.Descriptor, "Endless:Illegal,MaxLaps:2000", 140, 50, 200)
}

func checkVec[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules string, n, horizon, steps int) {
	t.Helper()
	sess := newService(t, wire.Limits{}).NewSession()
	cr := must[wire.VecCreateResponse](t, sess, "vec_create", wire.VecConfig{Game: d.Name, Rules: rules, N: n, Seed: 7, Horizon: horizon})
	start, err := d.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	if horizon == 0 {
		horizon = d.Horizon(start)
	}
	ref := refEnv[P, M]{d: d, start: start, pos: make([]P, n), plies: make([]int, n)}
	for i := range n {
		ref.pos[i] = start
	}
	A, L, B := cr.Actions, cr.Observation.Len, cr.MaskBytes
	if A != d.Actions(start) || cr.N != n || cr.Horizon != horizon {
		t.Fatalf("info %+v", cr.VecInfo)
	}
	spec := must[wire.EnvSpec](t, sess, "env_spec", wire.EnvSpecRequest{Game: d.Name, Rules: rules})
	obsOf := func(p P, seat mancala.Player) []byte {
		r := must[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: p.String(), Horizon: wire.MaxHorizon})
		out := make([]byte, L)
		for i, v := range r.Obs[seat] {
			out[i] = byte(v)
		}
		return out
	}
	_ = spec
	state := cr.VecState
	rng := rand.New(rand.NewPCG(1, 2))
	ended := 0
	for step := range steps {
		obs, mask := unb64(t, state.Obs), unb64(t, state.Mask)
		toMove, plies := unb64(t, state.ToMove), int32s(t, state.Plies)
		actions := make([]int32, n)
		for i := range n {
			p := ref.pos[i]
			if step%17 == 0 && i%8 == 0 || i < 2 { // the stateless step's observation agrees
				if got, want := obs[i*L:(i+1)*L], obsOf(p, p.ToMove()); !slices.Equal(got, want) {
					t.Fatalf("step %d env %d: obs %v, want %v (%v)", step, i, got, want, p)
				}
			}
			flags := d.AppendMask(p, nil)
			var legal []int32
			for a := range A {
				bit := mask[i*B+a/8]>>(a%8)&1 == 1
				if bit != flags[a] {
					t.Fatalf("step %d env %d: mask bit %d = %v (%v)", step, i, a, bit, p)
				}
				if bit {
					legal = append(legal, int32(a))
				}
			}
			if int(toMove[i]) != int(p.ToMove()) || int(plies[i]) != ref.plies[i] {
				t.Fatalf("step %d env %d: toMove %d plies %d, want %v %d", step, i, toMove[i], plies[i], p.ToMove(), ref.plies[i])
			}
			actions[i] = legal[rng.IntN(len(legal))]
		}
		state = must[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env, Actions: actionsB64(actions)})
		reward, term, trunc := float32s(t, state.Reward), unb64(t, state.Terminated), unb64(t, state.Truncated)
		endedIdx, finalObs, finalRes := int32s(t, state.EndedIndex), unb64(t, state.FinalObs), unb64(t, state.FinalResult)
		if state.Ended != len(endedIdx) || len(finalObs) != L*len(endedIdx) || len(finalRes) != len(endedIdx) {
			t.Fatalf("ended %d, %d indices, %d final bytes", state.Ended, len(endedIdx), len(finalObs))
		}
		k := 0
		for i := range n {
			p := ref.pos[i]
			m, err := d.ActionMove(p, int(actions[i]))
			if err != nil {
				t.Fatal(err)
			}
			q, err := p.Apply(m)
			if err != nil {
				t.Fatal(err)
			}
			ref.plies[i]++
			o := q.Outcome()
			var want float32
			if o.Status == mancala.Win {
				want = -1
				if o.Winner == p.ToMove() {
					want = 1
				}
			}
			wantTrunc := !o.Over() && ref.plies[i] >= horizon
			if reward[i] != want || (term[i] == 1) != o.Over() || (trunc[i] == 1) != wantTrunc {
				t.Fatalf("step %d env %d: reward %v term %d trunc %d; want %v %v %v (%v -> %v)", step, i, reward[i], term[i], trunc[i], want, o.Over(), wantTrunc, p, q)
			}
			ref.pos[i] = q
			if o.Over() || wantTrunc {
				if k >= len(endedIdx) || int(endedIdx[k]) != i {
					t.Fatalf("step %d: env %d ended but endedIndex is %v", step, i, endedIdx)
				}
				if got, wantObs := finalObs[k*L:(k+1)*L], obsOf(q, q.ToMove()); !slices.Equal(got, wantObs) {
					t.Fatalf("step %d env %d: final obs %v, want %v", step, i, got, wantObs)
				}
				var r int8
				if o.Status == mancala.Win {
					r = 1
					if o.Winner == mancala.North {
						r = -1
					}
				}
				if int8(finalRes[k]) != r {
					t.Fatalf("step %d env %d: final result %d, want %d", step, i, int8(finalRes[k]), r)
				}
				k++
				ended++
				ref.pos[i], ref.plies[i] = start, 0
			}
		}
		if k != len(endedIdx) {
			t.Fatalf("step %d: %d ended, endedIndex %v", step, k, endedIdx)
		}
	}
	if ended == 0 {
		t.Errorf("%s: no game ended in %d steps", d.Name, steps)
	}
}

// TestVecBadAction: an id out of range or illegal refuses the whole step,
// naming the environment, and changes nothing: the next good step answers
// as if the bad one had not been sent.
func TestVecBadAction(t *testing.T) {
	run := func(bad bool) wire.VecState {
		sess := newService(t, wire.Limits{}).NewSession()
		cr := must[wire.VecCreateResponse](t, sess, "vec_create", wire.VecConfig{Game: "kisolo", N: 200, Seed: 3})
		good := make([]int32, 200)
		for i := range good {
			good[i] = 14 // xb7, legal at the start
		}
		if bad {
			for _, c := range []struct {
				i    int
				a    int32
				code string
				msg  string
			}{
				{150, 21, "bad_request", "environment 150: action 21: kisolo: action 21 out of range 0..20"},
				{199, 0, "illegal", "environment 199: action 0: kisolo: illegal move a1"},
				{3, -5, "bad_request", "environment 3: action -5"},
			} {
				acts := slices.Clone(good)
				acts[c.i] = c.a
				_, err := call[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env, Actions: actionsB64(acts)})
				var we *wire.Error
				if !errors.As(err, &we) || we.Code != c.code || !strings.Contains(we.Message, c.msg) {
					t.Errorf("bad action %d in env %d: %v; want %s %q", c.a, c.i, err, c.code, c.msg)
				}
			}
			for _, s := range []string{"", "!!", actionsB64(good[:199]), actionsB64(append(slices.Clone(good), 1))} {
				if _, err := call[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env, Actions: s}); err == nil {
					t.Errorf("actions %.20q answered", s)
				}
			}
			if _, err := call[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env + 1, Actions: actionsB64(good)}); err == nil {
				t.Error("a step of an unknown env answered")
			}
		}
		return must[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env, Actions: actionsB64(good)})
	}
	if diff := cmp.Diff(run(false), run(true)); diff != "" {
		t.Errorf("a refused step changed the environments (-clean +after refusals):\n%s", diff)
	}
}

// TestVecCreateErrors: bad configurations are refused with a message.
func TestVecCreateErrors(t *testing.T) {
	sess := newService(t, wire.Limits{}).NewSession()
	for _, c := range []struct {
		cfg wire.VecConfig
		msg string
	}{
		{wire.VecConfig{Game: "kisolo", N: 0}, "n must be 1..8192"},
		{wire.VecConfig{Game: "kisolo", N: 8193}, "n must be 1..8192"},
		{wire.VecConfig{Game: "kisolo", N: 65, Opponent: &wire.VecOpponent{Agent: "alphabeta", Depth: 2}}, "n must be 1..64"},
		{wire.VecConfig{Game: "kisolo", N: 1, Opponent: &wire.VecOpponent{Agent: "alphabeta", Depth: 4}}, "depth must be 1..3"},
		{wire.VecConfig{Game: "kisolo", N: 1, Opponent: &wire.VecOpponent{Agent: "mcts"}}, "unknown opponent"},
		{wire.VecConfig{Game: "kisolo", N: 1, Seat: "N"}, "a seat needs an opponent"},
		{wire.VecConfig{Game: "kisolo", N: 1, Opponent: &wire.VecOpponent{Agent: "random"}, Seat: "E"}, "bad seat"},
		{wire.VecConfig{Game: "kisolo", N: 1, Horizon: -1}, "horizon must be"},
		{wire.VecConfig{Game: "kisolo", N: 1, Rules: "Columns:9"}, "Columns"},
		{wire.VecConfig{Game: "go", N: 1}, "unknown game"},
	} {
		_, err := call[wire.VecCreateResponse](t, sess, "vec_create", c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("vec_create %+v: %v; want %q", c.cfg, err, c.msg)
		}
	}
	for range wire.MaxVecPerSession {
		must[wire.VecCreateResponse](t, sess, "vec_create", wire.VecConfig{Game: "kisolo", N: 1})
	}
	if _, err := call[wire.VecCreateResponse](t, sess, "vec_create", wire.VecConfig{Game: "kisolo", N: 1}); err == nil {
		t.Errorf("vec_create number %d answered", wire.MaxVecPerSession+1)
	}
	if r := must[wire.VecCloseResponse](t, sess, "vec_close", wire.VecCloseRequest{Env: 1}); r.Open != wire.MaxVecPerSession-1 {
		t.Errorf("open after close: %d", r.Open)
	}
	if _, err := call[wire.VecCloseResponse](t, sess, "vec_close", wire.VecCloseRequest{Env: 1}); err == nil {
		t.Error("closing twice answered")
	}
}

// TestVecBothSeats: with bothSeats every observation is South's seat's
// then North's, as the stateless step gives them.
func TestVecBothSeats(t *testing.T) {
	sess := newService(t, wire.Limits{}).NewSession()
	cr := must[wire.VecCreateResponse](t, sess, "vec_create", wire.VecConfig{Game: "kiothi", N: 1, BothSeats: true})
	p := kiothi.Start()
	state := cr.VecState
	for range 40 {
		want := must[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: p.String()})
		obs := unb64(t, state.Obs)
		if len(obs) != 2*86 {
			t.Fatalf("obs length %d", len(obs))
		}
		for seat := range 2 {
			for j, v := range want.Obs[seat] {
				if int(obs[seat*86+j]) != v {
					t.Fatalf("%v: seat %d obs[%d] = %d, want %d", p, seat, j, obs[seat*86+j], v)
				}
			}
		}
		a := int32(want.Legal[len(want.Legal)/2])
		m, _ := p.ActionMove(int(a))
		p, _ = p.Apply(m)
		state = must[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env, Actions: actionsB64([]int32{a})})
	}
}

// TestVecOpponent: with an opponent the agent always is to move, its seat
// observed; the same seed replays the same games; reset with the seed
// replays the start.
func TestVecOpponent(t *testing.T) {
	for _, opp := range []wire.VecOpponent{{Agent: "random"}, {Agent: "alphabeta", Depth: 2}} {
		play := func() []wire.VecState {
			sess := newService(t, wire.Limits{}).NewSession()
			cr := must[wire.VecCreateResponse](t, sess, "vec_create", wire.VecConfig{Game: "kisolo", N: 6, Seed: 11, Opponent: &opp, Seat: "alternate"})
			if cr.Seats != "SNSNSN" {
				t.Fatalf("seats %q", cr.Seats)
			}
			states := []wire.VecState{cr.VecState}
			rng := rand.New(rand.NewPCG(5, 5))
			for range 60 {
				s := states[len(states)-1]
				mask, toMove := unb64(t, s.Mask), unb64(t, s.ToMove)
				acts := make([]int32, 6)
				for i := range 6 {
					if want := byte(i % 2); toMove[i] != want {
						t.Fatalf("%s: env %d: %d to move, the agent is %d", opp.Agent, i, toMove[i], want)
					}
					var legal []int32
					for a := range cr.Actions {
						if mask[i*cr.MaskBytes+a/8]>>(a%8)&1 == 1 {
							legal = append(legal, int32(a))
						}
					}
					acts[i] = legal[rng.IntN(len(legal))]
				}
				states = append(states, must[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env, Actions: actionsB64(acts)}))
			}
			seed := uint64(11)
			r := must[wire.VecState](t, sess, "vec_reset", wire.VecResetRequest{Env: cr.Env, Seed: &seed})
			if diff := cmp.Diff(cr.VecState, r); diff != "" {
				t.Errorf("%s: reset with the seed differs from create:\n%s", opp.Agent, diff)
			}
			return states
		}
		a, b := play(), play()
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("%s: the same seed gave different games:\n%s", opp.Agent, diff)
		}
		ended := 0
		for _, s := range a {
			ended += s.Ended
		}
		if ended == 0 {
			t.Errorf("%s: no game ended", opp.Agent)
		}
	}
}

// TestVecDeadline: a step whose opponent's searches reach the deadline is
// refused with too_large and changes nothing.
func TestVecDeadline(t *testing.T) {
	run := func(cut bool) wire.VecState {
		svc := newService(t, wire.Limits{})
		sess := svc.NewSession()
		cfg := wire.VecConfig{Game: "kisolo", N: 64, Seed: 2, Opponent: &wire.VecOpponent{Agent: "alphabeta", Depth: 3}, Seat: "alternate"}
		cr, err := svc.VecCreate(context.Background(), sess, cfg)
		if err != nil {
			t.Fatal(err)
		}
		mask := unb64(t, cr.Mask)
		acts := make([]int32, 64)
		for i := range acts {
			for a := range cr.Actions {
				if mask[i*cr.MaskBytes+a/8]>>(a%8)&1 == 1 {
					acts[i] = int32(a)
					break
				}
			}
		}
		req := wire.VecStepRequest{Env: cr.Env, Actions: actionsB64(acts)}
		if cut {
			// A deadline already past: the context is done before the step
			// starts (a deadline in the future is done only once its timer
			// has fired, which a loaded machine delays).
			ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
			defer cancel()
			_, err := svc.VecStep(ctx, sess, req)
			var we *wire.Error
			if !errors.As(err, &we) || we.Code != "too_large" || !strings.Contains(we.Message, "nothing changed") {
				t.Fatalf("a step past its deadline: %v", err)
			}
		}
		s, err := svc.VecStep(context.Background(), sess, req)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if diff := cmp.Diff(run(false), run(true)); diff != "" {
		t.Errorf("a step cut by its deadline changed the environments:\n%s", diff)
	}
}

// TestObservationSeat: the observation command with a seat answers the
// seat observation (the step's obs for that seat) with names and bounds;
// a position seen from South and the same position turned half a turn
// seen from North are the same vector.
func TestObservationSeat(t *testing.T) {
	sess := newService(t, wire.Limits{}).NewSession()
	for _, c := range []struct{ pos, turned string }{
		{"kisolo 0,3,0,3,0,3,0/0,3,0,3,0,3,0/7,7,7,7,0,8,8/7,2,0,1,7,3,2 N turn=1",
			"kisolo 2,3,7,1,0,2,7/8,8,0,7,7,7,7/0,3,0,3,0,3,0/0,3,0,3,0,3,0 S turn=2"},
		{"kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20",
			"kimasai 0,1,0,1,0,1,2,1/1,0,1,0,1,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N turn=9 reserves=20,21"},
		{"kiothi 0,0,0,0,3*,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=25,30",
			"kiothi 0,0,0,0,0,0,0,2,0,0/0,0,0,0,0,3*,0,0,0,0 N turn=3 prisons=30,25"},
	} {
		step := must[wire.StepResponse](t, sess, "step", wire.StepRequest{Position: c.pos})
		for seat, letter := range []string{"S", "N"} {
			o := must[wire.Observation](t, sess, "observation", wire.ObservationRequest{Position: c.pos, Seat: letter})
			if !slices.Equal(o.Values, step.Obs[seat]) || o.Seat != letter || len(o.Low) != len(o.Values) || len(o.High) != len(o.Values) || len(o.Names) != len(o.Values) {
				t.Errorf("%s seat %s: %+v, step obs %v", c.pos, letter, o, step.Obs[seat])
			}
			for i, v := range o.Values {
				if v < o.Low[i] || v > o.High[i] {
					t.Errorf("%s seat %s: %s = %d outside %d..%d", c.pos, letter, o.Names[i], v, o.Low[i], o.High[i])
				}
			}
		}
		s := must[wire.Observation](t, sess, "observation", wire.ObservationRequest{Position: c.pos, Seat: "S"})
		n := must[wire.Observation](t, sess, "observation", wire.ObservationRequest{Position: c.turned, Seat: "N"})
		if !slices.Equal(s.Values, n.Values) {
			t.Errorf("%s from South %v, turned from North %v", c.pos, s.Values, n.Values)
		}
	}
	if _, err := call[wire.Observation](t, sess, "observation", wire.ObservationRequest{Game: "kisolo", Seat: "E"}); err == nil || !strings.Contains(err.Error(), "bad seat") {
		t.Errorf("seat E: %v", err)
	}
}

// TestVecOpponentFirstShortHorizon is defect 4 of issue 25: Kiothi with
// the opponent at South (the agent North) and a horizon of 1..11 plies,
// shorter than South's opening turn of many steps. Every environment must
// start, and after every step go on, with the agent to move; before the
// fix the opponent was to move and the agent's actions were played for it.
func TestVecOpponentFirstShortHorizon(t *testing.T) {
	for h := 1; h <= 11; h++ {
		sess := newService(t, wire.Limits{}).NewSession()
		cr := must[wire.VecCreateResponse](t, sess, "vec_create", wire.VecConfig{Game: "kiothi", N: 4, Seed: 2, Horizon: h,
			Opponent: &wire.VecOpponent{Agent: "random"}, Seat: "N"})
		s := cr.VecState
		rng := rand.New(rand.NewPCG(uint64(h), 1))
		for step := range 12 {
			mask, toMove, obs := unb64(t, s.Mask), unb64(t, s.ToMove), unb64(t, s.Obs)
			L := cr.Observation.Len
			acts := make([]int32, 4)
			for i := range 4 {
				if toMove[i] != 1 || obs[(i+1)*L-1] != 1 {
					t.Fatalf("horizon %d step %d env %d: player %d to move (ownTurn %d); the agent plays North", h, step, i, toMove[i], obs[(i+1)*L-1])
				}
				var legal []int32
				for a := range cr.Actions {
					if mask[i*cr.MaskBytes+a/8]>>(a%8)&1 == 1 {
						legal = append(legal, int32(a))
					}
				}
				acts[i] = legal[rng.IntN(len(legal))]
			}
			s = must[wire.VecState](t, sess, "vec_step", wire.VecStepRequest{Env: cr.Env, Actions: actionsB64(acts)})
		}
	}
}
