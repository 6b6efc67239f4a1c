//go:build cgo

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/cabibuild"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// buildC builds the shared library (as CI and the Python build do:
// internal/cabibuild) and testdata/cabi_test.c against it, and returns the
// program's path. Without gcc it skips, but under CI=true (where
// .ci/cabi.sh installs gcc) it fails. MANCALA_LIB_DIR, when set, names a
// directory that already holds the library (.ci/cabi.sh builds it once).
func buildC(t *testing.T) (prog, dir string) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("gcc is missing (CI installs it)")
		}
		t.Skip("no gcc: the C ABI test needs a C compiler")
	}
	if testing.Short() {
		t.Skip("-short: building the shared library takes a while")
	}
	dir = os.Getenv("MANCALA_LIB_DIR")
	if dir == "" || !exists(filepath.Join(dir, cabibuild.SOName)) {
		libOnce.Do(func() {
			libDir, libErr = os.MkdirTemp("", "cabi-test-")
			if libErr == nil {
				_, libErr = cabibuild.Build("../../..", libDir)
			}
		})
		if libErr != nil {
			t.Fatal(libErr)
		}
		dir = libDir
	}
	prog = filepath.Join(t.TempDir(), "cabi_test")
	cmd := exec.Command("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", ".", "-o", prog, "testdata/cabi_test.c",
		"-L", dir, "-lmancala_env", "-lpthread", "-Wl,-rpath,"+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	return prog, dir
}

// The library one test process builds (once, for every test that needs
// it), removed by TestMain.
var (
	libOnce sync.Once
	libDir  string
	libErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if libDir != "" {
		os.RemoveAll(libDir)
	}
	os.Exit(code)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestCABI runs the C program (its own checks of bad input, exact start
// values and threads) and compares the trajectories it prints through the
// ABI with the same games stepped by mancala/env in Go.
func TestCABI(t *testing.T) {
	prog, _ := buildC(t)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(prog)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", prog, err, stderr.String())
	}
	t.Log(strings.TrimSpace(stderr.String()))
	var want strings.Builder
	envTrajectory(t, &want, &kisolo.Descriptor, "", "", -1, 1, 120)
	envTrajectory(t, &want, &kisolo.Descriptor, "Columns:6", "random", 1, 2, 80)
	envTrajectory(t, &want, &kiothi.Descriptor, "", "random", 1, 3, 80)
	envTrajectory(t, &want, &kimasai.Descriptor, "", "random", 0, 4, 80)
	envTrajectory(t, &want, &kisolo.Descriptor, "", "level:casual", 0, 5, 40)
	envTrajectory(t, &want, &kiothi.Descriptor, "", "mcts-eval:50", 1, 6, 20)
	vecTrajectory(t, &want, &kisolo.Descriptor, "", -1, 6, 30, false, 2, 40)
	vecTrajectory(t, &want, &kiothi.Descriptor, "random", seatAlternate, 5, 12, true, 3, 30)
	vecTrajectory(t, &want, &kimasai.Descriptor, "random", 1, 4, 0, false, 0, 30)
	vecTrajectory(t, &want, &kimasai.Descriptor, "mcts:20", seatAlternate, 3, 0, false, 2, 10)
	thinkTrajectory(t, &want, &kisolo.Descriptor, "alphabeta:3", 12)
	thinkTrajectory(t, &want, &kiothi.Descriptor, "level:casual", 16)
	thinkTrajectory(t, &want, &kimasai.Descriptor, "mcts:50", 8)
	thinkTrajectory(t, &want, &kimasai.Descriptor, "mcts-eval:40", 8)
	thinkTrajectory(t, &want, &kisolo.Descriptor, "random", 10)
	thinkEnd(t, &want, &kisolo.Descriptor)
	thinkEnd(t, &want, &kimasai.Descriptor)
	got := strings.Split(stdout.String(), "\n")
	for i, w := range strings.Split(want.String(), "\n") {
		if i >= len(got) || got[i] != w {
			g := ""
			if i < len(got) {
				g = got[i]
			}
			t.Fatalf("line %d differs (-Go +C):\n%s", i+1, cmp.Diff(w, g))
		}
	}
	if len(got) != strings.Count(want.String(), "\n")+1 {
		t.Fatalf("C printed %d lines, Go %d", len(got), strings.Count(want.String(), "\n")+1)
	}
}

// pick is cabi_test.c's pick: the k-th legal id, k modulo their number.
func pick(mask []bool, k int) int {
	var ids []int
	for a, f := range mask {
		if f {
			ids = append(ids, a)
		}
	}
	if len(ids) == 0 {
		return -1
	}
	return ids[k%len(ids)]
}

func ints(v []float32) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(int(x))
	}
	return strings.Join(s, ",")
}

func ids(mask []bool) string {
	var s []string
	for a, f := range mask {
		if f {
			s = append(s, fmt.Sprint(a))
		}
	}
	return strings.Join(s, ",")
}

func b01(b bool) int {
	if b {
		return 1
	}
	return 0
}

func opponent[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], spec string) env.Opponent[P, M] {
	t.Helper()
	if spec == "" {
		return nil
	}
	s, err := agent.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	return env.SpecOpponent(d, s)
}

func envTrajectory[P mancala.Position[P, M], M mancala.Move](t *testing.T, w *strings.Builder, d *mancala.Descriptor[P, M], rules, opp string, seat int, seed uint64, steps int) {
	t.Helper()
	opt := env.Options[P, M]{Opponent: opponent(t, d, opp), Seed: seed}
	if seat >= 0 {
		opt.Seat = mancala.Player(seat)
	}
	e, err := env.New(d, rules, opt)
	if err != nil {
		t.Fatal(err)
	}
	mask := e.AppendMask(nil)
	for k := range steps {
		a := pick(mask, k*7+3)
		text, err := e.ActionText(a)
		if err != nil {
			t.Fatal(err)
		}
		s, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		obs, _ := e.AppendObservation(nil, mancala.South)
		obs, _ = e.AppendObservation(obs, mancala.North)
		mask = e.AppendMask(mask[:0])
		fmt.Fprintf(w, "env %s %d %d %s r=%d,%d t=%d u=%d obs=%s mask=%s %s\n", d.Name, k, a, text, int(s.Rewards[0]), int(s.Rewards[1]),
			b01(s.Terminated), b01(s.Truncated), ints(obs), ids(mask), e.Position())
		if s.Terminated || s.Truncated {
			if err := e.Reset(); err != nil {
				t.Fatal(err)
			}
			mask = e.AppendMask(mask[:0])
		}
	}
}

func vecTrajectory[P mancala.Position[P, M], M mancala.Move](t *testing.T, w *strings.Builder, d *mancala.Descriptor[P, M], opp string, seat, n, horizon int, both bool, workers, steps int) {
	t.Helper()
	opt := env.VecOptions[P, M]{Options: env.Options[P, M]{Opponent: opponent(t, d, opp), Seed: 5, Horizon: horizon}, BothSeats: both, Workers: workers}
	switch seat {
	case seatAlternate:
		opt.AlternateSeats = true
	case 0, 1:
		opt.Seat = mancala.Player(seat)
	}
	v, err := env.NewVec(d, "", n, opt)
	if err != nil {
		t.Fatal(err)
	}
	b := v.NewBatch()
	if err := v.Reset(b); err != nil {
		t.Fatal(err)
	}
	A, W := v.Actions(), v.Width()
	acts := make([]int32, n)
	for k := range steps {
		for i := range n {
			acts[i] = int32(pick(b.Mask[i*A:(i+1)*A], k*5+i))
		}
		if err := v.Step(acts, b); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			fmt.Fprintf(w, "vec %s %d %d a=%d r=%d t=%d u=%d m=%d p=%d obs=%s mask=%s", d.Name, k, i, acts[i], int(b.Reward[i]),
				b01(b.Terminated[i]), b01(b.Truncated[i]), b.ToMove[i], b.Plies[i], ints(b.Obs[i*W:(i+1)*W]), ids(b.Mask[i*A:(i+1)*A]))
			if b.Terminated[i] || b.Truncated[i] {
				fmt.Fprintf(w, " res=%d final=%s", b.FinalResult[i], ints(b.FinalObs[i*W:(i+1)*W]))
			}
			w.WriteString("\n")
		}
	}
}

// thinkTrajectory is cabi_test.c's think_trajectory: a self-play game,
// each move an agent of spec's (seed 3) think, its answer printed. It
// builds the agent and reads its answers through mancala/agent directly.
func thinkTrajectory[P mancala.Position[P, M], M mancala.Move](t *testing.T, w *strings.Builder, d *mancala.Descriptor[P, M], spec string, plies int) {
	t.Helper()
	s, err := agent.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	s.Seed += 3
	a, err := agent.New(d, s)
	if err != nil {
		t.Fatal(err)
	}
	p := d.Start()
	ctx := context.Background()
	for k := 0; k < plies && !p.Outcome().Over(); k++ {
		var m M
		var value, nodes, iters, visits int64
		var outcome, depth int
		line := ""
		switch x := a.(type) {
		case *agent.AlphaBeta[P, M]:
			r, err := x.Search(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			m, value, nodes, depth = r.Move, int64(r.Value), r.Nodes, r.Depth
			exact := r.Depth < x.Depth && x.Time == 0 // every line ended
			switch {
			case r.Value >= agent.WinValue/2 || exact && r.Value > 0:
				outcome = 1
			case r.Value <= -agent.WinValue/2 || exact && r.Value < 0:
				outcome = 3
			case exact:
				outcome = 2
			}
			var ms []string
			for _, lm := range x.AppendLine(nil, p, r) {
				ms = append(ms, lm.String())
			}
			line = strings.Join(ms, " ")
		case *agent.MCTS[P, M]:
			r, err := x.Search(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			m, iters, visits = r.Move, int64(r.Iterations), int64(r.Visits)
		default:
			if m, err = a.Move(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		if line == "" {
			line = m.String()
		}
		id, err := d.Action(p, m)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(w, "think %s %s %d %s a=%d v=%d o=%d d=%d n=%d it=%d vis=%d lm=%d line=%s\n", d.Name, spec, k, m, id,
			value, outcome, depth, nodes, iters, visits, strings.Count(line, " ")+1, line)
		if p, err = p.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}

// thinkEnd is cabi_test.c's think_end: a self-play game to its end, then
// alphabeta:6's answers 4..1 plies before the end.
func thinkEnd[P mancala.Position[P, M], M mancala.Move](t *testing.T, w *strings.Builder, d *mancala.Descriptor[P, M]) {
	t.Helper()
	e, err := env.New(d, "", env.Options[P, M]{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var before []P
	var mask []bool
	for k := 0; ; k++ {
		before = append(before, e.Position())
		mask = e.AppendMask(mask[:0])
		s, err := e.Step(pick(mask, k*7+3))
		if err != nil {
			t.Fatal(err)
		}
		if s.Terminated {
			break
		}
	}
	x := agent.NewAlphaBeta(d, 6)
	x.TableSize = 1 << 16
	for i := 4; i >= 1; i-- {
		p := before[len(before)-i]
		r, err := x.Search(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		exact := r.Depth < 6
		o := 0
		switch {
		case r.Value >= agent.WinValue/2 || exact && r.Value > 0:
			o = 1
		case r.Value <= -agent.WinValue/2 || exact && r.Value < 0:
			o = 3
		case exact:
			o = 2
		}
		var ms []string
		for _, lm := range x.AppendLine(nil, p, r) {
			ms = append(ms, lm.String())
		}
		id, err := d.Action(p, r.Move)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(w, "end %s %d %s a=%d v=%d o=%d d=%d line=%s\n", d.Name, i, r.Move, id, r.Value, o, r.Depth, strings.Join(ms, " "))
	}
}
