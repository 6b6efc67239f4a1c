package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// The Python package's expected values (examples/python/tests/testdata/
// golden.json), made here by the Go packages themselves: trajectories of
// mancala/env (self-play with recorded action ids, and against opponents
// by spec), and the moves of mancala/agent's agents for given positions,
// specs and seeds. The Python tests replay them through the C library and
// compare every value. go test ./examples/python/gengames -run Golden
// -update rewrites the file; without -update the test fails when the
// file differs from what the Go code makes now.
var update = flag.Bool("update", false, "rewrite examples/python/tests/testdata/golden.json")

type stepRec struct {
	Action     int        `json:"action"`
	Position   string     `json:"position"`
	Rewards    [2]float32 `json:"rewards"`
	Terminated bool       `json:"terminated"`
	Truncated  bool       `json:"truncated"`
	Plies      int        `json:"plies"`
	Legal      []int      `json:"legal"`
	ObsSouth   []float32  `json:"obsSouth"`
	ObsNorth   []float32  `json:"obsNorth"`
}

type trajectory struct {
	Game     string    `json:"game"`
	Rules    string    `json:"rules"`
	Horizon  int       `json:"horizon"`
	Opponent string    `json:"opponent"`
	Seat     int       `json:"seat"`
	Seed     uint64    `json:"seed"`
	Start    string    `json:"start"`
	Plies    int       `json:"plies"`
	Steps    []stepRec `json:"steps"`
}

type thinkRec struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	Spec     string `json:"spec"`
	Seed     uint64 `json:"seed"`
	Move     string `json:"move"`
}

type golden struct {
	Trajectories []trajectory `json:"trajectories"`
	Thinks       []thinkRec   `json:"thinks"`
}

func legalIDs(mask []bool) []int {
	ids := []int{}
	for i, ok := range mask {
		if ok {
			ids = append(ids, i)
		}
	}
	return ids
}

// play records one episode: the agent's actions drawn by a PCG seeded
// with seed among the legal ids, at most maxSteps steps.
func play[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules string, horizon int, opp string, seat mancala.Player, seed uint64, maxSteps int) (trajectory, []string) {
	t.Helper()
	opt := env.Options[P, M]{Horizon: horizon, Seed: seed}
	tr := trajectory{Game: d.Name, Rules: rules, Horizon: horizon, Opponent: opp, Seat: -1, Seed: seed}
	if opp != "" {
		s, err := agent.ParseSpec(opp)
		if err != nil {
			t.Fatal(err)
		}
		opt.Opponent, opt.Seat = env.SpecOpponent(d, s), seat
		tr.Seat = int(seat)
	}
	e, err := env.New(d, rules, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.ResetSeed(seed); err != nil {
		t.Fatal(err)
	}
	tr.Start, tr.Plies = fmt.Sprint(e.Position()), e.Plies()
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var positions []string
	for i := 0; i < maxSteps && !e.Terminated() && !e.Truncated(); i++ {
		positions = append(positions, fmt.Sprint(e.Position()))
		ids := legalIDs(e.AppendMask(nil))
		a := ids[rng.IntN(len(ids))]
		st, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := e.AppendObservation(nil, mancala.South)
		n, _ := e.AppendObservation(nil, mancala.North)
		rec := stepRec{Action: a, Position: fmt.Sprint(e.Position()), Rewards: st.Rewards, Terminated: st.Terminated,
			Truncated: st.Truncated, Plies: e.Plies(), Legal: legalIDs(e.AppendMask(nil)), ObsSouth: s, ObsNorth: n}
		if st.Terminated || st.Truncated {
			rec.Legal = []int{}
		}
		tr.Steps = append(tr.Steps, rec)
	}
	return tr, positions
}

func thinks[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], positions []string, specs []string) []thinkRec {
	t.Helper()
	var out []thinkRec
	for i, pos := range positions {
		p, err := d.Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		for j, spec := range specs {
			seed := uint64(1000*i + j)
			s, err := agent.ParseSpec(spec)
			if err != nil {
				t.Fatal(err)
			}
			s.Seed += seed
			a, err := agent.New(d, s)
			if err != nil {
				t.Fatal(err)
			}
			m, err := a.Move(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, thinkRec{Game: d.Name, Position: pos, Spec: spec, Seed: seed, Move: fmt.Sprint(m)})
		}
	}
	return out
}

// every returns every k-th position, at most n.
func every(positions []string, k, n int) []string {
	var out []string
	for i := 0; i < len(positions) && len(out) < n; i += k {
		out = append(out, positions[i])
	}
	return out
}

func makeGolden(t *testing.T) golden {
	var g golden
	specs := []string{"random", "alphabeta:3", "mcts:200", "mcts-eval:100", "level:casual", "Casual"}
	{
		d := &kisolo.Descriptor
		tr, pos := play(t, d, "", 0, "", 0, 1, 400)
		g.Trajectories = append(g.Trajectories, tr)
		tr2, _ := play(t, d, "Columns:6", 30, "", 0, 2, 400)
		g.Trajectories = append(g.Trajectories, tr2)
		tr3, _ := play(t, d, "", 0, "random", mancala.North, 3, 60)
		g.Trajectories = append(g.Trajectories, tr3)
		tr4, _ := play(t, d, "", 0, "alphabeta:2", mancala.South, 4, 40)
		g.Trajectories = append(g.Trajectories, tr4)
		g.Thinks = append(g.Thinks, thinks(t, d, every(pos, 7, 4), specs)...)
	}
	{
		d := &kiothi.Descriptor
		tr, pos := play(t, d, "", 0, "", 0, 5, 150)
		g.Trajectories = append(g.Trajectories, tr)
		tr2, _ := play(t, d, "Setup:FiveByFive", 20, "", 0, 6, 120)
		g.Trajectories = append(g.Trajectories, tr2)
		tr3, _ := play(t, d, "", 0, "level:beginner", mancala.North, 7, 60)
		g.Trajectories = append(g.Trajectories, tr3)
		g.Thinks = append(g.Thinks, thinks(t, d, every(pos, 17, 4), []string{"random", "alphabeta:2", "mcts:100", "level:beginner"})...)
	}
	{
		d := &kimasai.Descriptor
		tr, pos := play(t, d, "", 0, "", 0, 8, 200)
		g.Trajectories = append(g.Trajectories, tr)
		tr2, _ := play(t, d, "FreeFirstTurn:EachPlayer", 0, "mcts:50", mancala.South, 9, 40)
		g.Trajectories = append(g.Trajectories, tr2)
		g.Thinks = append(g.Thinks, thinks(t, d, every(pos, 9, 4), specs)...)
	}
	return g
}

func TestGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("writes the Python package's expected values: not in -short")
	}
	g := makeGolden(t)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(g); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "tests", "testdata", "golden.json")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, buf.Bytes()) {
		t.Errorf("%s differs from what the Go packages make now: go test ./examples/python/gengames -run Golden -update", path)
	}
}
