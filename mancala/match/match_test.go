package match_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/match"
)

type (
	kp = kisolo.Position
	km = kisolo.Move
)

func alphabeta[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], depth int) match.Player[P, M] {
	return match.Player[P, M]{
		Name: fmt.Sprintf("alphabeta:%d", depth),
		New: func(uint64) (agent.Agent[P, M], error) {
			a := agent.NewAlphaBeta(d, depth)
			a.TableSize = 1 << 12
			return a, nil
		},
	}
}

func mcts[P mancala.Position[P, M], M mancala.Move](iters int) match.Player[P, M] {
	return match.Player[P, M]{
		Name: fmt.Sprintf("mcts:%d", iters),
		New: func(seed uint64) (agent.Agent[P, M], error) {
			return agent.NewMCTS[P, M](iters, seed), nil
		},
	}
}

func moves[M mancala.Move](ms []M) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// summary is a result in one line, for exact comparisons.
func summary[M mancala.Move](r match.Result[M]) string {
	south := "B"
	if r.ASouth {
		south = "A"
	}
	return fmt.Sprintf("%d south=%s %s plies=%d opening=%d censored=%v [%s]", r.Index, south, r.Result(), r.Plies, r.Opening, r.Censored, moves(r.Moves))
}

func playAll[P mancala.Position[P, M], M mancala.Move](t *testing.T, m *match.Match[P, M], n int) []string {
	t.Helper()
	var out []string
	for i := range n {
		r, err := m.Play(context.Background(), i)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		out = append(out, summary(r))
	}
	return out
}

// TestExactGames pins the first games of two matches: any change to the
// seeds, the opening draw or the seat order changes them (and every study
// and ladder table with them).
func TestExactGames(t *testing.T) {
	random := match.Match[kp, km]{Game: &kisolo.Descriptor, Start: kisolo.Start(), Seed: 1, Key: "kisolo|random|random", OpeningPlies: 4, MaxPlies: 2000}
	want := []string{
		"0 south=A S:inner plies=27 opening=4 censored=false [xb3 xc5 xb6 xc2]",
		"1 south=B N:inner plies=28 opening=4 censored=false [xb3 xc5 xb6 xc2]",
		"2 south=A N:inner plies=14 opening=4 censored=false [xb3 xc2 xb4 xc3]",
		"3 south=B S:inner plies=17 opening=4 censored=false [xb3 xc2 xb4 xc3]",
	}
	if diff := cmp.Diff(want, playAll(t, &random, 4)); diff != "" {
		t.Errorf("random vs random (-want +got):\n%s", diff)
	}
	agents := match.Match[kp, km]{Game: &kisolo.Descriptor, Start: kisolo.Start(), Seed: 1, Key: "kisolo|ab|mcts", OpeningPlies: 4, MaxPlies: 2000,
		A: alphabeta(&kisolo.Descriptor, 2), B: mcts[kp, km](50), KeepMoves: true}
	want = []string{
		"0 south=A N:inner plies=4 opening=4 censored=false [xb3 xc2 xb6 xc5]",
		"1 south=B N:inner plies=4 opening=4 censored=false [xb3 xc2 xb6 xc5]",
		"2 south=A S:inner plies=15 opening=4 censored=false [xb3 xc5 xb3 xc5 xb3 xc4 xb1 xc6 xb7 xc6 xb2 xc1 xb7 xc1 xb5]",
		"3 south=B N:inner plies=14 opening=4 censored=false [xb3 xc5 xb3 xc5 xb7 xc6 xb3 xc7 xb5 xc2 xb3 xc2 xb5 d7]",
	}
	if diff := cmp.Diff(want, playAll(t, &agents, 4)); diff != "" {
		t.Errorf("alphabeta:2 vs mcts:50 (-want +got):\n%s", diff)
	}
}

func TestSeeds(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got, want uint64
	}{
		{"GameSeed(1,k,0)", match.GameSeed(1, "k", 0), 7563445697441535168},
		{"OpeningSeed(1,k,0)", match.OpeningSeed(1, "k", 0), 10034741843494783201},
		{"OpeningSeed(1,k,1)", match.OpeningSeed(1, "k", 1), 10034741843494783201},
		{"AgentSeed(1,k,0,A)", match.AgentSeed(1, "k", 0, true), 9537146349336417967},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	// Pairs share openings, nothing else does.
	seen := map[uint64]string{}
	add := func(what string, s uint64) {
		if prev, ok := seen[s]; ok {
			t.Errorf("%s and %s share the seed %d", prev, what, s)
		}
		seen[s] = what
	}
	for _, key := range []string{"a", "b", "kisolo|Columns:6"} {
		for seed := uint64(0); seed < 3; seed++ {
			for i := range 20 {
				if match.OpeningSeed(seed, key, 2*i) != match.OpeningSeed(seed, key, 2*i+1) {
					t.Errorf("OpeningSeed(%d, %q): games %d and %d differ", seed, key, 2*i, 2*i+1)
				}
				add(fmt.Sprintf("opening %d %q %d", seed, key, 2*i), match.OpeningSeed(seed, key, 2*i))
				add(fmt.Sprintf("game %d %q %d", seed, key, i), match.GameSeed(seed, key, i))
				add(fmt.Sprintf("A %d %q %d", seed, key, i), match.AgentSeed(seed, key, i, true))
				add(fmt.Sprintf("B %d %q %d", seed, key, i), match.AgentSeed(seed, key, i, false))
			}
		}
	}
}

// TestSeatSwap: games 2j and 2j+1 play the same opening with A and B in
// swapped seats, in every game; a deterministic agent against itself plays
// the same game twice.
func TestSeatSwap(t *testing.T) {
	check := func(t *testing.T, results []string, opening func(i int) string, aSouth func(i int) bool) {
		for j := 0; j+1 < len(results); j += 2 {
			if opening(j) != opening(j+1) {
				t.Errorf("games %d and %d: openings %q and %q differ", j, j+1, opening(j), opening(j+1))
			}
			if !aSouth(j) || aSouth(j+1) {
				t.Errorf("games %d and %d: A South %v, %v; want true, false", j, j+1, aSouth(j), aSouth(j+1))
			}
		}
	}
	t.Run("kiothi", func(t *testing.T) {

		m := match.Match[kiothi.Position, kiothi.Move]{Game: &kiothi.Descriptor, Start: kiothi.Start(), Seed: 7, Key: "kiothi", OpeningPlies: 6, MaxPlies: 400,
			A: alphabeta(&kiothi.Descriptor, 1), B: mcts[kiothi.Position, kiothi.Move](20)}
		rs, err := m.PlayRange(context.Background(), 0, 8, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := make([]string, len(rs))
		for i, r := range rs {
			s[i] = summary(r)
			if r.Opening != 6 || len(r.Moves) != 6 {
				t.Errorf("game %d: %d opening plies, %d moves kept; want 6, 6", i, r.Opening, len(r.Moves))
			}
		}
		check(t, s, func(i int) string { return moves(rs[i].Moves) }, func(i int) bool { return rs[i].ASouth })
		// Different pairs have different openings.
		if moves(rs[0].Moves) == moves(rs[2].Moves) && moves(rs[2].Moves) == moves(rs[4].Moves) {
			t.Errorf("pairs 0, 1, 2 share the opening %s", moves(rs[0].Moves))
		}
	})
	t.Run("self-play", func(t *testing.T) {
		m := match.Match[kp, km]{Game: &kisolo.Descriptor, Start: kisolo.Start(), Seed: 3, Key: "self", OpeningPlies: 2, MaxPlies: 300,
			A: alphabeta(&kisolo.Descriptor, 3), B: alphabeta(&kisolo.Descriptor, 3), KeepMoves: true}
		rs, err := m.PlayRange(context.Background(), 0, 6, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 6; j += 2 {
			a, b := rs[j], rs[j+1]
			if moves(a.Moves) != moves(b.Moves) || a.Outcome != b.Outcome {
				t.Errorf("games %d and %d of a deterministic self-play differ:\n%s\n%s", j, j+1, summary(a), summary(b))
			}
			sa, _ := a.AScore()
			sb, _ := b.AScore()
			if a.Outcome.Status == mancala.Win && sa+sb != 1 {
				t.Errorf("games %d and %d: the same seat won both, but A scored %v and %v", j, j+1, sa, sb)
			}
		}
	})
}

// TestDeterminism: PlayRange gives Play's results whatever the number of
// workers, and Play gives the same result on every call, in any order.
func TestDeterminism(t *testing.T) {
	m := match.Match[kimasai.Position, kimasai.Move]{Game: &kimasai.Descriptor, Start: kimasai.Start(), Seed: 11, Key: "kimasai|mcts|random", OpeningPlies: 3, MaxPlies: 120,
		A: mcts[kimasai.Position, kimasai.Move](30), B: match.Player[kimasai.Position, kimasai.Move]{Name: "random"}, KeepMoves: true}
	var want []string
	for i := 9; i >= 0; i-- {
		r, err := m.Play(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		want = append([]string{summary(r)}, want...)
	}
	for _, workers := range []int{0, 1, 3, 16} {
		calls := 0
		done := make(chan struct{}, 10)
		rs, err := m.PlayRange(context.Background(), 0, 10, workers, func(match.Result[kimasai.Move]) { done <- struct{}{} })
		if err != nil {
			t.Fatal(err)
		}
		close(done)
		for range done {
			calls++
		}
		got := make([]string, len(rs))
		for i, r := range rs {
			got[i] = summary(r)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%d workers (-Play +PlayRange):\n%s", workers, diff)
		}
		if calls != 10 {
			t.Errorf("%d workers: done called %d times, want 10", workers, calls)
		}
	}
	rs, err := m.PlayRange(context.Background(), 4, 7, 2, nil)
	if err != nil || len(rs) != 3 || summary(rs[0]) != want[4] || summary(rs[2]) != want[6] {
		t.Errorf("PlayRange(4, 7) = %d results, %v; want games 4..6 as Play gives them", len(rs), err)
	}
}

// TestCensored: a game still going at the ply cap is censored, neither a
// win nor a draw, also when the cap falls inside the opening.
func TestCensored(t *testing.T) {
	type (
		P = kimasai.Position
		M = kimasai.Move
	)
	for _, tc := range []struct {
		name                string
		opening, cap        int
		a                   match.Player[P, M]
		wantPlies, wantOpen int
	}{
		{"random playout", 4, 30, match.Player[P, M]{}, 30, 4},
		{"agents", 4, 12, alphabeta(&kimasai.Descriptor, 1), 12, 4},
		{"cap inside the opening", 8, 5, alphabeta(&kimasai.Descriptor, 1), 5, 5},
		{"no opening", 0, 7, alphabeta(&kimasai.Descriptor, 1), 7, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.a
			m := match.Match[P, M]{Game: &kimasai.Descriptor, Start: kimasai.Start(), Seed: 5, Key: "cap", OpeningPlies: tc.opening, MaxPlies: tc.cap, A: tc.a, B: b}
			for i := range 4 {
				r, err := m.Play(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Censored || r.Outcome.Over() || r.Result() != "*" || r.Plies != tc.wantPlies || r.Opening != tc.wantOpen || r.Endless() {
					t.Errorf("game %d: %s; want censored at %d plies after %d opening plies", i, summary(r), tc.wantPlies, tc.wantOpen)
				}
				if _, ok := r.AScore(); ok {
					t.Errorf("game %d: a censored game has a score", i)
				}
			}
		})
	}
	// Without a cap the same games end.
	m := match.Match[P, M]{Game: &kimasai.Descriptor, Start: kimasai.Start(), Seed: 5, Key: "cap", OpeningPlies: 4}
	r, err := m.Play(context.Background(), 0)
	if err != nil || r.Censored || !r.Outcome.Over() {
		t.Errorf("uncapped: %s, %v; want a finished game", summary(r), err)
	}
}

func TestErrors(t *testing.T) {
	boom := errors.New("boom")
	base := match.Match[kp, km]{Game: &kisolo.Descriptor, Start: kisolo.Start(), Key: "e", A: alphabeta(&kisolo.Descriptor, 1), B: alphabeta(&kisolo.Descriptor, 1)}
	failing := match.Player[kp, km]{Name: "broken", New: func(uint64) (agent.Agent[kp, km], error) { return nil, boom }}
	nilAgent := match.Player[kp, km]{Name: "nil", New: func(uint64) (agent.Agent[kp, km], error) { return nil, nil }}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name   string
		change func(m *match.Match[kp, km])
		index  int
		ctx    context.Context
		is     error
		msg    string
	}{
		{"negative opening", func(m *match.Match[kp, km]) { m.OpeningPlies = -1 }, 0, nil, match.ErrMatch, "match: invalid settings: -1 opening plies"},
		{"negative cap", func(m *match.Match[kp, km]) { m.MaxPlies = -2 }, 0, nil, match.ErrMatch, "match: invalid settings: ply cap -2"},
		{"no game", func(m *match.Match[kp, km]) { m.Game = nil }, 0, nil, match.ErrMatch, "match: invalid settings: no game descriptor"},
		{"negative turns", func(m *match.Match[kp, km]) { m.OpeningTurns = -1 }, 0, nil, match.ErrMatch, "match: invalid settings: -1 opening turns"},
		{"plies and turns", func(m *match.Match[kp, km]) { m.OpeningPlies, m.OpeningTurns = 2, 2 }, 0, nil, match.ErrMatch, "match: invalid settings: an opening both in plies (2) and in turns (2)"},
		{"negative index", func(m *match.Match[kp, km]) {}, -1, nil, match.ErrMatch, "match: invalid settings: game index -1 is negative"},
		{"New fails", func(m *match.Match[kp, km]) { m.B = failing }, 3, nil, boom, "match e game 3: player broken: boom"},
		{"New returns nil", func(m *match.Match[kp, km]) { m.A = nilAgent }, 0, nil, nil, "match e game 0: player nil: no agent"},
		{"cancelled", func(m *match.Match[kp, km]) {}, 0, cancelled, context.Canceled, "match e game 0: context canceled"},
		{"cancelled playout", func(m *match.Match[kp, km]) { m.A, m.B = match.Player[kp, km]{}, match.Player[kp, km]{} }, 0, cancelled, context.Canceled, "context canceled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := base
			tc.change(&m)
			ctx := tc.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			_, err := m.Play(ctx, tc.index)
			if err == nil || err.Error() != tc.msg || (tc.is != nil && !errors.Is(err, tc.is)) {
				t.Errorf("Play = %v; want %q wrapping %v", err, tc.msg, tc.is)
			}
		})
	}
	m := base
	m.B = failing
	rs, err := m.PlayRange(context.Background(), 0, 20, 3, nil)
	if !errors.Is(err, boom) || len(rs) != 0 {
		t.Errorf("PlayRange with a failing player = %d results, %v; want none and boom", len(rs), err)
	}
	if _, err := base.PlayRange(context.Background(), 5, 4, 1, nil); !errors.Is(err, match.ErrMatch) {
		t.Errorf("PlayRange(5, 4) = %v; want ErrMatch", err)
	}
	rs, err = base.PlayRange(cancelled, 0, 4, 2, nil)
	if !errors.Is(err, context.Canceled) || len(rs) != 0 {
		t.Errorf("PlayRange cancelled = %d results, %v; want none and context.Canceled", len(rs), err)
	}
}

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		p              float64
		n              int
		wantLo, wantHi float64
	}{
		{0.5, 100, 0.4038315303659956, 0.5961684696340044},
		{0, 10, 0, 0.2775327998628892},
		{1, 10, 0.7224672001371108, 1},
		{0.386, 100000, 0.3829870822067073, 0.3890216759829618},
		{0.5, 0, 0, 1},
		{math.NaN(), 10, 0, 1},
		{1.5, 10, 0.7224672001371108, 1},
	} {
		lo, hi := match.Wilson(tc.p, tc.n)
		if math.Abs(lo-tc.wantLo) > 1e-12 || math.Abs(hi-tc.wantHi) > 1e-12 {
			t.Errorf("Wilson(%v, %d) = [%v, %v], want [%v, %v]", tc.p, tc.n, lo, hi, tc.wantLo, tc.wantHi)
		}
	}
}

// TestOpeningTurns checks openings counted in turns: a Kiothi opening turn
// of many steps (KI-6, KI-7) is one turn, so two opening turns are both
// redistributions, every step random, and the players take over at turn 2
// whatever the number of steps; the pair of games of an opening share it.
func TestOpeningTurns(t *testing.T) {
	d := &kiothi.Descriptor
	m := match.Match[kiothi.Position, kiothi.Move]{Game: d, Start: kiothi.Start(), Seed: 9, Key: "turns", OpeningTurns: 2, MaxPlies: 60,
		A: alphabeta(d, 1), B: alphabeta(d, 1), KeepMoves: true}
	var openings []string
	for i := range 6 {
		r, err := m.Play(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		p := kiothi.Start()
		for k, mv := range r.Moves[:r.Opening] {
			if p.Turn() >= 2 {
				t.Fatalf("game %d: opening ply %d at turn %d", i, k, p.Turn())
			}
			if p, err = p.Apply(mv); err != nil {
				t.Fatal(err)
			}
		}
		if p.Turn() != 2 {
			t.Errorf("game %d: after %d opening plies the turn is %d, want 2", i, r.Opening, p.Turn())
		}
		openings = append(openings, moves(r.Moves[:r.Opening]))
	}
	for j := 0; j < 6; j += 2 {
		if openings[j] != openings[j+1] {
			t.Errorf("games %d and %d: openings differ", j, j+1)
		}
	}
	if openings[0] == openings[2] || openings[2] == openings[4] {
		t.Errorf("the openings of different pairs coincide: %q", openings)
	}
}

// TestRepetition checks that a match applies C-10: from the Kiothi cycle
// of docs/rules/kiothi.md (KT-R), where random play under
// CaptureNeedsCrossing:true mostly shuffles single warriors for ever,
// every game ends under Repetition:Three (many by repetition, each with
// the prisons' result), while under Repetition:None games reach a cap of
// 2,000 plies.
func TestRepetition(t *testing.T) {
	const cycle = "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules=CaptureNeedsCrossing:true"
	count := func(rules string, maxPlies int) (censored, repetition int) {
		start, err := kiothi.Parse(cycle + rules)
		if err != nil {
			t.Fatal(err)
		}
		m := match.Match[kiothi.Position, kiothi.Move]{Game: &kiothi.Descriptor, Start: start, Seed: 4, Key: "rep", MaxPlies: maxPlies}
		rs, err := m.PlayRange(context.Background(), 0, 20, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.Censored {
				censored++
			}
			if r.Outcome.Reason == mancala.Repetition {
				repetition++
				if !r.Outcome.HasScore || r.Outcome.Score[0]+r.Outcome.Score[1] != 60 {
					t.Errorf("game %d: %v, want the prisons holding all 60 warriors", r.Index, r.Outcome)
				}
			}
		}
		return censored, repetition
	}
	if c, r := count(",Repetition:Three", 20000); c != 0 || r == 0 {
		t.Errorf("Repetition:Three: %d censored, %d by repetition; want none censored and some by repetition", c, r)
	}
	if c, r := count("", 2000); c == 0 || r != 0 {
		t.Errorf("Repetition:None: %d censored, %d by repetition; want some censored and none by repetition", c, r)
	}
}
