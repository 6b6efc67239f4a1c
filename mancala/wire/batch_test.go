//go:build !(js && wasm)

package wire_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func newBatch(t testing.TB, l wire.BatchLimits) *wire.Service {
	t.Helper()
	return newService(t, wire.Limits{Batch: l})
}

func TestPerftCounts(t *testing.T) {
	b := newBatch(t, wire.BatchLimits{})
	tests := []struct {
		name string
		req  wire.PerftRequest
		want []uint64
	}{
		{"kisolo", wire.PerftRequest{Game: "kisolo", Depth: 6}, []uint64{7, 29, 107, 357, 1132, 3602}},
		{"kiothi", wire.PerftRequest{Game: "kiothi", Depth: 4}, []uint64{5, 15, 300, 3150}},
		{"kimasai", wire.PerftRequest{Game: "kimasai", Depth: 5}, []uint64{8, 64, 416, 2912, 20272}},
		{"finished", wire.PerftRequest{Position: "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner", Depth: 3}, []uint64{0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := b.Perft(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, r.Counts); diff != "" || r.Divide != nil {
				t.Errorf("counts (-want +got):\n%s\ndivide %v", diff, r.Divide)
			}
		})
	}
}

// perftAgrees checks perft and divide of the start of d under rules
// against the library's Perft and Divide.
func perftAgrees[P mancala.Position[P, M], M mancala.Move](t *testing.T, b *wire.Service, d *mancala.Descriptor[P, M], rules string, depth int) {
	t.Helper()
	r, err := b.Perft(context.Background(), wire.PerftRequest{Game: d.Name, Rules: rules, Depth: depth, Divide: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	var want []uint64
	for k := 1; k <= depth; k++ {
		n, err := mancala.Perft(p, k)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, n)
	}
	div, err := mancala.Divide(p, depth)
	if err != nil {
		t.Fatal(err)
	}
	wantDiv := []wire.DivideCount{}
	for _, e := range div {
		wantDiv = append(wantDiv, wire.DivideCount{Move: e.Move.String(), Nodes: e.Nodes})
	}
	if diff := cmp.Diff(want, r.Counts); diff != "" {
		t.Errorf("%s %q: counts (-library +batch):\n%s", d.Name, rules, diff)
	}
	if diff := cmp.Diff(wantDiv, r.Divide); diff != "" {
		t.Errorf("%s %q: divide (-library +batch):\n%s", d.Name, rules, diff)
	}
	if r.Position != p.String() {
		t.Errorf("position %q, want %q", r.Position, p)
	}
}

func TestPerftAgreesWithLibrary(t *testing.T) {
	b := newBatch(t, wire.BatchLimits{})
	for _, depth := range []int{1, 2, 5} {
		perftAgrees(t, b, &kisolo.Descriptor, "Columns:6", depth)
		perftAgrees(t, b, &kisolo.Descriptor, "Columns:8,CaptureOnAnyLanding:true", depth)
		perftAgrees(t, b, &kiothi.Descriptor, "OpeningUpTo:true", min(depth, 4))
		perftAgrees(t, b, &kimasai.Descriptor, "Endless:Illegal", depth)
	}
}

func TestPerftLimits(t *testing.T) {
	b := newBatch(t, wire.BatchLimits{MaxPerftNodes: 1000, MaxPerftDepth: 12})
	ctx := context.Background()
	_, err := b.Perft(ctx, wire.PerftRequest{Game: "kisolo", Depth: 0})
	wantCode(t, err, "bad_request", "wire: perft depth 0 out of range (want 1..12)")
	_, err = b.Perft(ctx, wire.PerftRequest{Game: "kisolo", Depth: 13})
	wantCode(t, err, "bad_request", "wire: perft depth 13 out of range (want 1..12)")
	// Kisolo's start counts 7+29+107+357 = 500 positions to depth 4, 1632
	// to depth 5.
	_, err = b.Perft(ctx, wire.PerftRequest{Game: "kisolo", Depth: 5})
	wantCode(t, err, "too_large", "wire: perft: more than 1000 positions; ask for a smaller depth")
	if _, err := b.Perft(ctx, wire.PerftRequest{Game: "kisolo", Depth: 4}); err != nil {
		t.Errorf("500 positions: %v", err)
	}
	slow := newBatch(t, wire.BatchLimits{MaxTime: 20 * time.Millisecond})
	_, err = slow.Perft(ctx, wire.PerftRequest{Game: "kimasai", Depth: 12})
	wantCode(t, err, "too_large", "wire: perft: not done within the 20ms deadline; ask for less")
	// A perft that finished is answered, even when its context is done
	// by the time it returns (depth 1 never looks at the context).
	done, cancel := context.WithCancel(ctx)
	cancel()
	if got, err := b.Perft(done, wire.PerftRequest{Game: "kisolo", Depth: 1}); err != nil || !slices.Equal(got.Counts, []uint64{7}) {
		t.Errorf("finished perft, context done: %v, %v; want counts [7]", got.Counts, err)
	}
	_, err = b.Perft(ctx, wire.PerftRequest{Depth: 2})
	wantCode(t, err, "bad_request", "wire: want a position, or a game (and rules) for its start")
	_, err = b.Perft(ctx, wire.PerftRequest{Game: "kisolo", Rules: "Columns:9", Depth: 2})
	wantCode(t, err, "syntax", "kisolo: bad rules")
}

// playoutsInProcess plays the games of a playouts request with the
// library, one by one, as its documentation says.
func playoutsInProcess[P mancala.Position[P, M], M mancala.Move](t *testing.T, start P, n int, seed uint64, maxPlies int) wire.PlayoutsResponse {
	t.Helper()
	r := wire.PlayoutsResponse{Games: n, Results: map[string]int{}}
	for i := range n {
		q, plies, err := mancala.NewPlayout[P, M](wire.BatchSeed(seed, uint64(i))).Run(start, maxPlies)
		if err != nil {
			t.Fatal(err)
		}
		r.Plies += int64(plies)
		o := q.Outcome()
		r.Results[o.Result()]++
		switch {
		case !o.Over():
			r.Unfinished++
		case o.Status == mancala.Draw:
			r.Draws++
		case o.Winner == mancala.South:
			r.South++
		default:
			r.North++
		}
		if o.Reason == mancala.Endless {
			r.Endless++
		}
	}
	return r
}

func playoutsAgree[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], rules string, n int, seed uint64, maxPlies int) wire.PlayoutsResponse {
	t.Helper()
	start, err := d.New(rules)
	if err != nil {
		t.Fatal(err)
	}
	want := playoutsInProcess(t, start, n, seed, maxPlies)
	var first wire.PlayoutsResponse
	for i, workers := range []int{1, 3} {
		b := newBatch(t, wire.BatchLimits{Workers: workers})
		got, err := b.Playouts(context.Background(), wire.PlayoutsRequest{Game: d.Name, Rules: rules, N: n, Seed: seed, MaxPlies: maxPlies})
		if err != nil {
			t.Fatal(err)
		}
		got.ElapsedMs = 0
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s %q, %d workers (-library +batch):\n%s", d.Name, rules, workers, diff)
		}
		if i == 0 {
			first = got
		}
	}
	return first
}

func TestPlayouts(t *testing.T) {
	r := playoutsAgree(t, &kisolo.Descriptor, "", 200, 1, 0)
	want := wire.PlayoutsResponse{Games: 200, South: 101, North: 99, Plies: 4675, Results: map[string]int{"N:inner": 97, "N:selfinner": 2, "S:inner": 97, "S:selfinner": 4}}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("kisolo seed 1 (-want +got):\n%s", diff)
	}
	playoutsAgree(t, &kisolo.Descriptor, "Win:OuterRowEmptied,Setup:Outer3", 150, 7, 0)
	playoutsAgree(t, &kiothi.Descriptor, "", 150, 2, 0)
	playoutsAgree(t, &kimasai.Descriptor, "", 150, 3, 0)
	playoutsAgree(t, &kimasai.Descriptor, "Endless:Illegal", 100, 3, 0)
	short := playoutsAgree(t, &kiothi.Descriptor, "", 70, 5, 30)
	if short.Unfinished != 70 || short.Results["*"] != 70 || short.Plies != 70*30 {
		t.Errorf("30-ply kiothi games: %+v", short)
	}
	// A game that is already over cannot be played out.
	_, err := newBatch(t, wire.BatchLimits{}).Playouts(context.Background(), wire.PlayoutsRequest{N: 1,
		Position: "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"})
	wantCode(t, err, "game_over", "kisolo: the game is over: South wins: North's inner row is empty")
}

func TestPlayoutsLimits(t *testing.T) {
	b := newBatch(t, wire.BatchLimits{MaxPlayouts: 100, MaxPlayoutPlies: 50})
	ctx := context.Background()
	for _, tt := range []struct {
		req  wire.PlayoutsRequest
		code string
		msg  string
	}{
		{wire.PlayoutsRequest{Game: "kisolo"}, "bad_request", "wire: playouts n 0 out of range (want 1..100)"},
		{wire.PlayoutsRequest{Game: "kisolo", N: 101}, "bad_request", "wire: playouts n 101 out of range (want 1..100)"},
		{wire.PlayoutsRequest{Game: "kisolo", N: 1, MaxPlies: 51}, "bad_request", "wire: playouts maxPlies 51 out of range (want 0..50)"},
		{wire.PlayoutsRequest{Game: "kisolo", N: 1, MaxPlies: -1}, "bad_request", "wire: playouts maxPlies -1 out of range (want 0..50)"},
		{wire.PlayoutsRequest{Game: "go", N: 1}, "bad_request", `wire: unknown game "go"`},
		{wire.PlayoutsRequest{Position: "kiothi 1/2 S turn=0", N: 1}, "syntax", "kiothi: bad position"},
	} {
		_, err := b.Playouts(ctx, tt.req)
		wantCode(t, err, tt.code, tt.msg)
	}
	// MaxPlies 0 is the limit.
	r, err := b.Playouts(ctx, wire.PlayoutsRequest{Game: "kiothi", N: 3})
	if err != nil || r.Plies != 150 || r.Unfinished != 3 {
		t.Errorf("kiothi, 50-ply limit: %+v %v", r, err)
	}
	// The deadline answers the games finished before it, a prefix, and
	// says the answer is incomplete; those games are the same as in a
	// complete request.
	slow := newBatch(t, wire.BatchLimits{MaxTime: 30 * time.Millisecond})
	cut, err := slow.Playouts(ctx, wire.PlayoutsRequest{Game: "kiothi", N: 1_000_000, Seed: 4, PerGame: false})
	if err != nil || !cut.Incomplete || cut.Games >= 1_000_000 {
		t.Fatalf("deadline-cut playouts: %v, incomplete %v, %d games", err, cut.Incomplete, cut.Games)
	}
	if cut.Games > 0 {
		full, err := newBatch(t, wire.BatchLimits{}).Playouts(ctx, wire.PlayoutsRequest{Game: "kiothi", N: cut.Games, Seed: 4})
		cut.ElapsedMs, full.ElapsedMs, cut.Incomplete = 0, 0, false
		if err != nil || !cmp.Equal(cut, full) {
			t.Errorf("the cut request's %d games differ from a complete request's: %v\n%s", cut.Games, err, cmp.Diff(full, cut))
		}
	}
	if l := newService(t, wire.Limits{Batch: wire.BatchLimits{MaxPlayouts: 1 << 30, MaxTime: time.Hour}}).Limits().Batch; l.MaxPlayouts != 1_000_000 ||
		l.MaxTime != 60*time.Second || l.MaxSelfplayPlies != 1000 || l.MaxPlayoutPlies != 10000 || l.Workers < 1 {
		t.Errorf("limits %+v", l)
	}
	// The line protocol's games answer reports them.
	raw, err := newBatch(t, wire.BatchLimits{}).NewSession().Call(context.Background(), "games", []byte(`{}`))
	var games wire.LineGamesResponse
	if err != nil || json.Unmarshal(raw, &games) != nil {
		t.Fatalf("games: %s %v", raw, err)
	}
	info := games.Engine.Batch
	wantInfo := wire.BatchLimitsInfo{MaxPerftDepth: 20, MaxPerftNodes: 500_000_000, MaxPlayouts: 1_000_000, MaxPlayoutPlies: 10_000,
		MaxSelfplayGames: 1000, MaxSelfplayPlies: 1000, MaxTimeMs: 60_000}
	if info != wantInfo {
		t.Errorf("info %+v, want %+v", info, wantInfo)
	}
}

func TestSelfplay(t *testing.T) {
	b := newBatch(t, wire.BatchLimits{})
	req := wire.SelfplayRequest{Game: "kisolo", Rules: "Columns:6", N: 3, Seed: 10,
		South: wire.AgentSpec{Agent: "random", Seed: 5}, North: wire.AgentSpec{Agent: "alphabeta", Depth: 2}}
	r, err := b.Selfplay(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	// Each game is agent.Play between the agents the request describes.
	start, _ := kisolo.Descriptor.New("Columns:6")
	var wins [2]int
	var plies int64
	for i := range 3 {
		south := agent.NewRandom[kisolo.Position, kisolo.Move](wire.BatchSeed(wire.BatchSeed(10, uint64(i)), 0) + 5)
		north := agent.NewAlphaBeta(&kisolo.Descriptor, 2)
		north.TableSize = 1 << 16
		moves, final, err := agent.Play(context.Background(), start, agent.Agent[kisolo.Position, kisolo.Move](south), north, 1000, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec, _ := record.New(start, moves)
		rec.South, rec.North = "random", "alphabeta depth 2"
		if want, err := record.Format(&kisolo.Descriptor, rec); err != nil || r.Records[i] != want {
			t.Errorf("game %d:\n%s\nwant\n%s", i, r.Records[i], want)
		}
		if r.Results[i] != final.Outcome().Result() {
			t.Errorf("game %d: result %q, want %q", i, r.Results[i], final.Outcome().Result())
		}
		wins[final.Outcome().Winner]++
		plies += int64(len(moves))
	}
	if r.South != wins[0] || r.North != wins[1] || r.Draws != 0 || r.Unfinished != 0 || r.Plies != plies || len(r.Records) != 3 {
		t.Errorf("tally %+v, want wins %v and %d plies", r, wins, plies)
	}
	if !strings.HasPrefix(r.Records[0], "[Game \"kisolo\"]\n[Rules \"Columns:6\"]\n[South \"random\"]\n[North \"alphabeta depth 2\"]\n") {
		t.Errorf("record headers:\n%s", r.Records[0])
	}
	again, err := b.Selfplay(context.Background(), req)
	if err != nil || !cmp.Equal(r.Records, again.Records) {
		t.Errorf("not reproducible: %v", err)
	}
	// Every game and agent; MCTS too; a ply cap leaves games unfinished.
	for _, g := range []string{"kisolo", "kiothi", "kimasai"} {
		r, err := b.Selfplay(context.Background(), wire.SelfplayRequest{Game: g, N: 2, MaxPlies: 4,
			South: wire.AgentSpec{Agent: "mcts", Iterations: 50}, North: wire.AgentSpec{Agent: "random"}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Unfinished != 2 || r.Plies != 8 || r.Results[0] != "*" || len(r.Records) != 2 ||
			!strings.Contains(r.Records[1], `[South "mcts 50 iterations"]`) {
			t.Errorf("%s: %+v", g, r)
		}
		for _, text := range r.Records {
			if _, err := record.GameOf(text); err != nil {
				t.Errorf("%s: %v", g, err)
			}
		}
	}
}

func TestSelfplayLimits(t *testing.T) {
	b := newBatch(t, wire.BatchLimits{MaxSelfplayGames: 10, MaxSelfplayPlies: 100})
	ctx := context.Background()
	ok := wire.AgentSpec{Agent: "random"}
	over := "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"
	for _, tt := range []struct {
		req  wire.SelfplayRequest
		code string
		msg  string
	}{
		{wire.SelfplayRequest{Game: "kisolo", South: ok, North: ok}, "bad_request", "wire: selfplay n 0 out of range (want 1..10)"},
		{wire.SelfplayRequest{Game: "kisolo", N: 11, South: ok, North: ok}, "bad_request", "wire: selfplay n 11 out of range (want 1..10)"},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, MaxPlies: 101, South: ok, North: ok}, "bad_request", "wire: selfplay maxPlies 101 out of range (want 0..100)"},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, North: ok}, "bad_request", "wire: selfplay south: missing agent (want random, alphabeta, mcts, mcts-eval or a level)"},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: ok, North: wire.AgentSpec{Agent: "oracle"}}, "bad_request", `wire: selfplay north: agent "oracle": unknown agent or level (want random, alphabeta, mcts, mcts-eval, or a level: its levels are Beginner, Casual, Intermediate, Strong, Expert, Master)`},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: ok, North: wire.AgentSpec{Agent: "alphabeta:4", Depth: 2}}, "bad_request", `wire: selfplay north: agent "alphabeta:4" carries its own budget and seed: give depth, nodes, iterations, timeMs and seed only with a bare kind (random, alphabeta, mcts, mcts-eval)`},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: ok, North: wire.AgentSpec{Agent: "level:expert", Seed: 1}}, "bad_request", `wire: selfplay north: agent "level:expert" carries its own budget and seed`},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: wire.AgentSpec{Agent: "alphabeta:11"}, North: ok}, "bad_request", `wire: selfplay south: agent "alphabeta:11": depth 11 out of range (want 1..10)`},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: wire.AgentSpec{Agent: "level:9"}, North: ok}, "bad_request", `wire: selfplay south: agent "level:9": the game has 6 levels (want level:1..level:6)`},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: wire.AgentSpec{Agent: "mcts:10:workers=2"}, North: ok}, "bad_request", `wire: selfplay south: agent "mcts:10:workers=2": workers are not served`},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: wire.AgentSpec{Agent: "mcts:0"}, North: ok}, "bad_request", `wire: selfplay south: agent "mcts:0": mcts:0: want a positive budget, or none`},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: wire.AgentSpec{Agent: "alphabeta", Depth: 11}, North: ok}, "bad_request", "wire: selfplay south: depth 11 out of range (want 1..10, or 0 for the default)"},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: ok, North: wire.AgentSpec{Agent: "mcts", Iterations: 100001}}, "bad_request", "wire: selfplay north: iterations 100001 out of range (want 1..100000, or 0 for the default)"},
		{wire.SelfplayRequest{Game: "kisolo", N: 1, South: ok, North: wire.AgentSpec{Agent: "mcts", TimeMs: -1}}, "bad_request", "wire: selfplay north: timeMs -1 out of range (want 1..2000, or 0 for the default)"},
		{wire.SelfplayRequest{Position: over, N: 1, South: ok, North: ok}, "game_over", "kisolo: the game is over"},
		{wire.SelfplayRequest{N: 1, South: ok, North: ok}, "bad_request", "wire: want a position, or a game (and rules) for its start"},
	} {
		_, err := b.Selfplay(ctx, tt.req)
		wantCode(t, err, tt.code, tt.msg)
	}
	slow := newBatch(t, wire.BatchLimits{MaxTime: 50 * time.Millisecond})
	r, err := slow.Selfplay(ctx, wire.SelfplayRequest{Game: "kiothi", N: 100,
		South: wire.AgentSpec{Agent: "mcts", Iterations: 100000}, North: wire.AgentSpec{Agent: "alphabeta", Depth: 10}})
	if err != nil || !r.Incomplete || r.Games != 0 || len(r.Records) != 0 {
		t.Errorf("a selfplay cut by its deadline before any game ended: %v %+v", err, r)
	}
}

// TestBatchShards: playouts and selfplay split into 1, 3 and 7 requests
// (by first and n) give identical totals and per-game results, whatever
// the number of workers.
func TestBatchShards(t *testing.T) {
	ctx := context.Background()
	splits := [][]int{{40}, {13, 14, 13}, {1, 9, 5, 7, 3, 10, 5}}
	var base wire.PlayoutsResponse
	for k, split := range splits {
		b := newBatch(t, wire.BatchLimits{Workers: 1 + k})
		sum := wire.PlayoutsResponse{Results: map[string]int{}, GameResults: []string{}, GamePlies: []int{}}
		first := int64(0)
		for _, n := range split {
			r, err := b.Playouts(ctx, wire.PlayoutsRequest{Game: "kimasai", N: n, First: first, Seed: 9, PerGame: true})
			if err != nil {
				t.Fatal(err)
			}
			if r.First != first || r.Games != n || r.Incomplete || len(r.GameResults) != n || len(r.GamePlies) != n {
				t.Fatalf("shard first %d n %d: %+v", first, n, r)
			}
			sum.Games += r.Games
			sum.South, sum.North, sum.Draws, sum.Unfinished = sum.South+r.South, sum.North+r.North, sum.Draws+r.Draws, sum.Unfinished+r.Unfinished
			sum.Plies, sum.Endless = sum.Plies+r.Plies, sum.Endless+r.Endless
			for res, c := range r.Results {
				sum.Results[res] += c
			}
			sum.GameResults = append(sum.GameResults, r.GameResults...)
			sum.GamePlies = append(sum.GamePlies, r.GamePlies...)
			first += int64(n)
		}
		if k == 0 {
			base = sum
			total := int64(0)
			for _, p := range sum.GamePlies {
				total += int64(p)
			}
			if total != sum.Plies || sum.South+sum.North+sum.Draws+sum.Unfinished != 40 {
				t.Errorf("per-game plies add to %d, plies %d; %+v", total, sum.Plies, sum)
			}
			continue
		}
		if diff := cmp.Diff(base, sum); diff != "" {
			t.Errorf("playouts in %d requests (-1 request +%d):\n%s", len(split), len(split), diff)
		}
	}
	// Different seeds are unrelated: seed 9's game 1 is not seed 10's game 0.
	a, _ := newBatch(t, wire.BatchLimits{}).Playouts(ctx, wire.PlayoutsRequest{Game: "kisolo", N: 30, Seed: 9, PerGame: true})
	b, _ := newBatch(t, wire.BatchLimits{}).Playouts(ctx, wire.PlayoutsRequest{Game: "kisolo", N: 30, Seed: 10, PerGame: true})
	if slices.Equal(a.GamePlies[1:], b.GamePlies[:29]) {
		t.Error("seed 10 replays seed 9 shifted by one game")
	}

	req := func(first int64, n int) wire.SelfplayRequest {
		return wire.SelfplayRequest{Game: "kisolo", N: n, First: first, Seed: 3, MaxPlies: 60,
			South: wire.AgentSpec{Agent: "mcts", Iterations: 30}, North: wire.AgentSpec{Agent: "alphabeta", Depth: 2}}
	}
	var one wire.SelfplayResponse
	for k, split := range [][]int{{7}, {2, 3, 2}, {1, 1, 1, 1, 1, 1, 1}} {
		b := newBatch(t, wire.BatchLimits{Workers: 1 + k})
		sum := wire.SelfplayResponse{Records: []string{}, Results: []string{}, GamePlies: []int{}}
		first := int64(0)
		for _, n := range split {
			r, err := b.Selfplay(ctx, req(first, n))
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != n || r.First != first || r.Incomplete {
				t.Fatalf("selfplay shard %d+%d: %+v", first, n, r)
			}
			sum.Games += r.Games
			sum.Records = append(sum.Records, r.Records...)
			sum.Results = append(sum.Results, r.Results...)
			sum.GamePlies = append(sum.GamePlies, r.GamePlies...)
			sum.South, sum.North, sum.Draws, sum.Unfinished, sum.Plies = sum.South+r.South, sum.North+r.North, sum.Draws+r.Draws, sum.Unfinished+r.Unfinished, sum.Plies+r.Plies
			first += int64(n)
		}
		if k == 0 {
			one = sum
			if len(slices.Compact(slices.Clone(one.Records))) < 2 {
				t.Errorf("7 selfplay games are all the same game")
			}
			continue
		}
		if diff := cmp.Diff(one, sum); diff != "" {
			t.Errorf("selfplay in %d requests, %d workers (-1 request +split):\n%s", len(split), 1+k, diff)
		}
	}
	// A selfplay stopped early (its deadline, or as here its context,
	// cancelled once game 4 is answered) answers its finished games,
	// Incomplete: the same games as a complete request for that many.
	// With one worker exactly games 0..4 are finished; with two, the
	// finished prefix, which is empty when the other worker is still
	// playing game 0. No clock is involved.
	cutReq := wire.SelfplayRequest{Game: "kisolo", N: 1000, Seed: 3,
		South: wire.AgentSpec{Agent: "random"}, North: wire.AgentSpec{Agent: "alphabeta", Depth: 2}}
	for _, workers := range []int{1, 2} {
		b := newBatch(t, wire.BatchLimits{Workers: workers})
		cctx, cancel := context.WithCancel(ctx)
		wire.SetGameDone(b, func(i int) {
			if i == 4 {
				cancel()
			}
		})
		cut, err := b.Selfplay(cctx, cutReq)
		cancel()
		if err != nil || !cut.Incomplete || cut.Games >= 1000 || len(cut.Records) != cut.Games || (workers == 1 && cut.Games != 5) {
			t.Errorf("%d workers, cancelled after game 4: %v, incomplete %v, %d games", workers, err, cut.Incomplete, cut.Games)
			continue
		}
		if cut.Games == 0 {
			continue // two workers: game 0 was still being played
		}
		full := cutReq
		full.N = cut.Games
		want, err := newBatch(t, wire.BatchLimits{}).Selfplay(ctx, full)
		if err != nil || !cmp.Equal(want.Records, cut.Records) || want.Incomplete {
			t.Errorf("%d workers: the cut selfplay's %d games differ from a complete request's: %v", workers, cut.Games, err)
		}
	}
	for _, bad := range []wire.SelfplayRequest{{Game: "kisolo", N: 1, First: -1}, {Game: "kisolo", N: 2, First: 1<<53 - 1}} {
		bad.South, bad.North = wire.AgentSpec{Agent: "random"}, wire.AgentSpec{Agent: "random"}
		if _, err := newBatch(t, wire.BatchLimits{}).Selfplay(ctx, bad); err == nil {
			t.Errorf("first %d n %d answered", bad.First, bad.N)
		}
	}
	if _, err := newBatch(t, wire.BatchLimits{}).Playouts(ctx, wire.PlayoutsRequest{Game: "kisolo", N: 100_000 + 1, PerGame: true}); err == nil {
		t.Error("perGame over its limit answered")
	}
}

// TestSelfplayRepetition checks that selfplay applies C-10: from the Kiothi
// cycle of docs/rules/kiothi.md (KT-R) under Repetition:Three, random
// games end by repetition within the ply cap, and each record reads back
// with its result; under Repetition:None the same games are still going.
func TestSelfplayRepetition(t *testing.T) {
	b := newBatch(t, wire.BatchLimits{})
	const start = "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules=CaptureNeedsCrossing:true"
	count := func(rules string) (repetition, unfinished int) {
		r, err := b.Selfplay(context.Background(), wire.SelfplayRequest{Position: start + rules, N: 10, Seed: 3,
			South: wire.AgentSpec{Agent: "random"}, North: wire.AgentSpec{Agent: "random"}, MaxPlies: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for i, res := range r.Results {
			if strings.HasSuffix(res, ":repetition") {
				repetition++
			}
			rec, err := record.Parse(r.Records[i], &kiothi.Descriptor)
			if err != nil || rec.Result != res {
				t.Errorf("%s game %d: record reads back as %v, %v; want result %s", rules, i, rec, err, res)
			}
		}
		return repetition, r.Unfinished
	}
	if rep, _ := count(",Repetition:Three"); rep == 0 {
		t.Errorf("Repetition:Three: no game ended by repetition")
	}
	if rep, unfinished := count(""); rep != 0 || unfinished == 0 {
		t.Errorf("Repetition:None: %d by repetition, %d unfinished; want none, and some unfinished", rep, unfinished)
	}
}
