package wire

import (
	"context"
	"errors"
	"runtime"
	"strconv"
	"time"

	batchpkg "github.com/seed8ebe013a/go-mancala/internal/batch"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// Hard caps of [BatchLimits]: a larger limit is lowered to its cap.
const (
	// maxPerftDepthCap is the deepest perft, in plies.
	maxPerftDepthCap = 20
	// maxPerftNodesCap is the most positions one perft counts, all depths
	// together (500,000,000: tens of seconds, within the batch deadline
	// maxBatchTimeCap, at the library's speed).
	maxPerftNodesCap = 500_000_000
	// maxPlayoutsCap is the most random games one playouts request plays.
	maxPlayoutsCap = 1_000_000
	// maxPlayoutPliesCap is the most plies of one random game.
	maxPlayoutPliesCap = 100_000
	// maxSelfplayGamesCap is the most games one selfplay request plays.
	maxSelfplayGamesCap = 1_000
	// maxSelfplayPliesCap is the most plies of one selfplay game: a
	// record's most moves.
	maxSelfplayPliesCap = maxRecordMovesCap
	// maxBatchTimeCap is the longest one batch request runs.
	maxBatchTimeCap = 60 * time.Second
)

// BatchLimits bound the work of the batch requests ([Service.Perft], [Service.Playouts], [Service.Selfplay]). A zero
// field takes its default from [DefaultBatchLimits]; a field above its cap
// (the Cap constants above) is lowered to it.
type BatchLimits struct {
	// MaxPerftDepth is the deepest perft in plies (default and cap 20),
	// MaxPerftNodes the most positions it counts, all depths together
	// (default and cap 500,000,000); more gets too_large.
	MaxPerftDepth int
	MaxPerftNodes int64
	// MaxPlayouts is the most random games of a playouts request (default
	// and cap 1,000,000), MaxPlayoutPlies the most plies of each (default
	// 10,000, cap 100,000): a game still going then counts as unfinished.
	MaxPlayouts     int
	MaxPlayoutPlies int
	// MaxSelfplayGames is the most games of a selfplay request (default
	// and cap 1,000), MaxSelfplayPlies the most plies of each (default
	// 1,000, cap 10,000). Each move's search is bounded as a think is
	// (Limits: depth, iterations, time).
	MaxSelfplayGames int
	MaxSelfplayPlies int
	// MaxTime is the deadline of every batch request (default and cap
	// 60 s): a perft not finished by then gets too_large; playouts and
	// selfplay answer the games finished by then (Incomplete).
	MaxTime time.Duration
	// Workers is the number of goroutines a playouts or selfplay request
	// plays on (default GOMAXPROCS); the results do not depend on it.
	Workers int
}

// DefaultBatchLimits returns the limits used for zero fields, the
// defaults each field of [BatchLimits] names.
func DefaultBatchLimits() BatchLimits {
	return BatchLimits{MaxPerftDepth: maxPerftDepthCap, MaxPerftNodes: maxPerftNodesCap,
		MaxPlayouts: maxPlayoutsCap, MaxPlayoutPlies: 10_000,
		MaxSelfplayGames: maxSelfplayGamesCap, MaxSelfplayPlies: 1_000,
		MaxTime: maxBatchTimeCap, Workers: runtime.GOMAXPROCS(0)}
}

func (l BatchLimits) normalize() BatchLimits {
	d := DefaultBatchLimits()
	l.MaxPerftDepth = fill(l.MaxPerftDepth, d.MaxPerftDepth, maxPerftDepthCap)
	l.MaxPerftNodes = fill(l.MaxPerftNodes, d.MaxPerftNodes, maxPerftNodesCap)
	l.MaxPlayouts = fill(l.MaxPlayouts, d.MaxPlayouts, maxPlayoutsCap)
	l.MaxPlayoutPlies = fill(l.MaxPlayoutPlies, d.MaxPlayoutPlies, maxPlayoutPliesCap)
	l.MaxSelfplayGames = fill(l.MaxSelfplayGames, d.MaxSelfplayGames, maxSelfplayGamesCap)
	l.MaxSelfplayPlies = fill(l.MaxSelfplayPlies, d.MaxSelfplayPlies, maxSelfplayPliesCap)
	l.MaxTime = fill(l.MaxTime, d.MaxTime, maxBatchTimeCap)
	l.Workers = fill(l.Workers, d.Workers, 0)
	return l
}

// BatchLimitsInfo reports the batch commands' limits to clients (the JSON-lines
// engine's games answer): perft depth in plies and positions, playouts
// and their plies, selfplay games and their plies, and the deadline of
// every batch request in milliseconds.
type BatchLimitsInfo struct {
	MaxPerftDepth    int   `json:"maxPerftDepth"`
	MaxPerftNodes    int64 `json:"maxPerftNodes"`
	MaxPlayouts      int   `json:"maxPlayouts"`
	MaxPlayoutPlies  int   `json:"maxPlayoutPlies"`
	MaxSelfplayGames int   `json:"maxSelfplayGames"`
	MaxSelfplayPlies int   `json:"maxSelfplayPlies"`
	MaxTimeMs        int64 `json:"maxTimeMs"`
}

// batch answers the batch requests of the JSON-lines engine
// (examples/mancala-engine) over the games of a [Service]: perft, random
// playouts and games between two agents ([Service.Perft],
// [Service.Playouts], [Service.Selfplay]).
type batch struct {
	s *Service
	l BatchLimits
	// gameDone, when not nil (tests), is called with each selfplay game's
	// index once the game is answered: a test cancels a request there.
	gameDone func(i int)
}

// newBatch returns the batch requests over s's games with limits l (zero
// fields: [DefaultBatchLimits]). Selfplay searches are bounded by s's
// [Limits] as thinks are.
func newBatch(s *Service, l BatchLimits) *batch {
	return &batch{s: s, l: l.normalize()}
}

// batchGame returns the game of a request that starts from position, or
// without a position from the standard start of game under rules.
func (s *Service) batchGame(game, rules, position string) (gameOps, error) {
	var g gameOps
	var err error
	switch {
	case position != "":
		g, err = s.gameOf(position, game)
	case game == "":
		err = newError(CodeBadRequest, "wire: want a position, or a game (and rules) for its start")
	default:
		g, err = s.game(game)
	}
	return g, err
}

// inRange returns a bad_request error unless lo <= v <= hi.
func inRange(what string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return newError(CodeBadRequest, "wire: "+what+" "+strconv.FormatInt(v, 10)+" out of range (want "+strconv.FormatInt(lo, 10)+".."+strconv.FormatInt(hi, 10)+")")
	}
	return nil
}

// deadlineErr is the error of a batch request stopped by its deadline (or
// its caller's context).
func deadlineErr(ctx context.Context, what string, l BatchLimits) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return newError(CodeTooLarge, "wire: "+what+": not done within the "+l.MaxTime.String()+" deadline; ask for less")
	}
	return newError(CodeTooLarge, "wire: "+what+": cancelled before it was done")
}

// PerftRequest asks for the perft counts (docs/rules/common.md, "Perft
// convention") of Position, or of the standard start of Game under Rules,
// for every depth from 1 to Depth (1..BatchLimits.MaxPerftDepth), and
// with Divide the count below each legal move at Depth.
type PerftRequest struct {
	Game     string `json:"game,omitempty"`
	Rules    string `json:"rules,omitempty"`
	Position string `json:"position,omitempty"`
	Depth    int    `json:"depth"`
	Divide   bool   `json:"divide,omitempty"`
}

// DivideCount is one legal move of a divided position (mancala.Divide)
// and the positions Depth-1 plies after it.
type DivideCount struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// PerftResponse is the Position counted from, the Counts of positions
// exactly 1, 2, ..., Depth plies after it (Counts[d-1] is perft(d), as
// mancala.Perft), with Divide the count below each legal move in the
// game's order (they add up to perft(Depth)), and the time taken.
type PerftResponse struct {
	Position  string        `json:"position"`
	Counts    []uint64      `json:"counts"`
	Divide    []DivideCount `json:"divide,omitempty"`
	ElapsedMs int64         `json:"elapsedMs"`
}

// Perft counts the positions 1..req.Depth plies after the start of req.
// It stops with too_large once it has counted more than
// BatchLimits.MaxPerftNodes positions (all depths together) or at the
// deadline. A finished game counts no positions.
func (s *Service) Perft(ctx context.Context, req PerftRequest) (PerftResponse, error) {
	return s.batch.perft(ctx, req)
}

func (b *batch) perft(ctx context.Context, req PerftRequest) (PerftResponse, error) {
	if err := inRange("perft depth", int64(req.Depth), 1, int64(b.l.MaxPerftDepth)); err != nil {
		return PerftResponse{}, err
	}
	g, err := b.s.batchGame(req.Game, req.Rules, req.Position)
	if err != nil {
		return PerftResponse{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, b.l.MaxTime)
	defer cancel()
	return g.perft(ctx, req, b.l)
}

func (a *adapter[P, M]) perft(ctx context.Context, req PerftRequest, l BatchLimits) (PerftResponse, error) {
	start, err := a.startOf(req.Rules, req.Position)
	if err != nil {
		return PerftResponse{}, err
	}
	t0 := time.Now()
	counts, divide, err := batchpkg.Perft(ctx, start, req.Depth, uint64(l.MaxPerftNodes))
	switch {
	case errors.Is(err, batchpkg.ErrNodes):
		return PerftResponse{}, newError(CodeTooLarge, "wire: perft: more than "+strconv.FormatInt(l.MaxPerftNodes, 10)+" positions; ask for a smaller depth")
	case err != nil && ctx.Err() != nil:
		return PerftResponse{}, deadlineErr(ctx, "perft", l)
	case err != nil:
		return PerftResponse{}, newError(CodeInternal, "wire: internal error: "+err.Error())
	}
	resp := PerftResponse{Position: start.String(), Counts: counts, ElapsedMs: time.Since(t0).Milliseconds()}
	if req.Divide {
		resp.Divide = make([]DivideCount, len(divide))
		for i, e := range divide {
			resp.Divide[i] = DivideCount{Move: e.Move.String(), Nodes: e.Nodes}
		}
	}
	return resp, nil
}

// PlayoutsRequest asks for the seeded random games First..First+N-1
// (N 1..BatchLimits.MaxPlayouts, First+N at most 2^53) from Position, or
// from the standard start of Game under Rules, each of at most MaxPlies
// plies (0: BatchLimits.MaxPlayoutPlies); game i is
// mancala.NewPlayout(BatchSeed(Seed, i)).Run(start, maxPlies), so a study
// can be sharded across requests (docs/engine.md, "Reproducibility and
// sharding"). PerGame (N at most 100,000) lists each game's result.
type PlayoutsRequest struct {
	Game     string `json:"game,omitempty"`
	Rules    string `json:"rules,omitempty"`
	Position string `json:"position,omitempty"`
	N        int    `json:"n"`
	First    int64  `json:"first,omitempty"`
	Seed     uint64 `json:"seed,omitempty"`
	MaxPlies int    `json:"maxPlies,omitempty"`
	PerGame  bool   `json:"perGame,omitempty"`
}

// PlayoutsResponse counts the Games played, First..First+Games-1: by
// winner, Unfinished at MaxPlies, Plies in all, Endless (draw:endless),
// by result text in Results ("*" unfinished), with PerGame each game's
// result and plies in index order, and the time taken. Incomplete: the
// deadline stopped the request after Games games, every one finished.
type PlayoutsResponse struct {
	Games       int            `json:"games"`
	First       int64          `json:"first"`
	Incomplete  bool           `json:"incomplete"`
	South       int            `json:"south"`
	North       int            `json:"north"`
	Draws       int            `json:"draws"`
	Unfinished  int            `json:"unfinished"`
	Plies       int64          `json:"plies"`
	Endless     int            `json:"endless"`
	Results     map[string]int `json:"results"`
	GameResults []string       `json:"gameResults,omitempty"`
	GamePlies   []int          `json:"gamePlies,omitempty"`
	ElapsedMs   int64          `json:"elapsedMs"`
}

// maxGameIndex bounds a batch request's game indices: First+N is at most
// 2^53, so that every index is an exact JSON number everywhere.
const maxGameIndex = 1 << 53

// maxPerGame is the most games of a playouts request with PerGame.
const maxPerGame = 100_000

// BatchSeed returns the seed of game index of a batch request (playouts,
// selfplay) with seed seed: a SplitMix64 mix of both, so that nearby seeds
// and indices give unrelated streams (seed s game i+1 is not seed s+1 game
// i). It is not match.GameSeed, the seed of a game of a match, which also
// hashes the match's key.
func BatchSeed(seed, index uint64) uint64 { return batchpkg.Seed(seed, index) }

// checkFirst checks a request's first game index and count.
func checkFirst(what string, first int64, n int) error {
	if first < 0 || first > maxGameIndex-int64(n) {
		return newError(CodeBadRequest, "wire: "+what+" first "+strconv.FormatInt(first, 10)+" out of range (want 0..2^53-n)")
	}
	return nil
}

// Playouts plays req.N seeded random games from the start of req on
// BatchLimits.Workers goroutines and counts their results; the answer
// depends only on the request (not on the workers). A finished start
// gives game_over; the deadline answers the games finished before it,
// Incomplete.
func (s *Service) Playouts(ctx context.Context, req PlayoutsRequest) (PlayoutsResponse, error) {
	return s.batch.playouts(ctx, req)
}

func (b *batch) playouts(ctx context.Context, req PlayoutsRequest) (PlayoutsResponse, error) {
	g, err := b.games("playouts", req.N, b.l.MaxPlayouts, &req.MaxPlies, b.l.MaxPlayoutPlies, req.Game, req.Rules, req.Position)
	if err != nil {
		return PlayoutsResponse{}, err
	}
	if err := checkFirst("playouts", req.First, req.N); err != nil {
		return PlayoutsResponse{}, err
	}
	if req.PerGame && req.N > maxPerGame {
		return PlayoutsResponse{}, newError(CodeBadRequest, "wire: playouts n "+strconv.Itoa(req.N)+" with perGame out of range (want 1.."+strconv.Itoa(maxPerGame)+")")
	}
	ctx, cancel := context.WithTimeout(ctx, b.l.MaxTime)
	defer cancel()
	return g.playouts(ctx, req, b.l)
}

// games checks the size of a request of n games (1..maxN) of at most
// *maxPlies plies each (0..limit; 0 is set to limit) and returns the game
// of its start.
func (b *batch) games(what string, n, maxN int, maxPlies *int, limit int, game, rules, position string) (gameOps, error) {
	if err := inRange(what+" n", int64(n), 1, int64(maxN)); err != nil {
		return nil, err
	}
	if err := inRange(what+" maxPlies", int64(*maxPlies), 0, int64(limit)); err != nil {
		return nil, err
	}
	if *maxPlies == 0 {
		*maxPlies = limit
	}
	return b.s.batchGame(game, rules, position)
}

// wins counts games by how they ended.
type wins struct{ south, north, draws, unfinished int }

// add counts a game that ended with o (or is still going).
func (w *wins) add(o mancala.Outcome) {
	switch {
	case !o.Over():
		w.unfinished++
	case o.Status == mancala.Draw:
		w.draws++
	case o.Winner == mancala.South:
		w.south++
	default:
		w.north++
	}
}

func (a *adapter[P, M]) playouts(ctx context.Context, req PlayoutsRequest, l BatchLimits) (PlayoutsResponse, error) {
	start, err := a.startOf(req.Rules, req.Position)
	if err != nil {
		return PlayoutsResponse{}, err
	}
	if err := a.overErr(start); err != nil {
		return PlayoutsResponse{}, err
	}
	t0 := time.Now()
	ends, err := batchpkg.Playouts(ctx, start, req.Seed, req.First, req.N, req.MaxPlies, l.Workers)
	if err != nil {
		return PlayoutsResponse{}, newError(CodeInternal, "wire: internal error: "+err.Error())
	}
	k := len(ends)
	resp := PlayoutsResponse{Games: k, First: req.First, Incomplete: k < req.N, Results: map[string]int{}}
	if req.PerGame {
		resp.GameResults, resp.GamePlies = make([]string, k), make([]int, k)
	}
	var w wins
	for i, e := range ends {
		resp.Plies += int64(e.Plies)
		o := e.Outcome()
		w.add(o)
		if o.Reason == mancala.Endless {
			resp.Endless++
		}
		resp.Results[o.Result()]++
		if req.PerGame {
			resp.GameResults[i], resp.GamePlies[i] = o.Result(), int(e.Plies)
		}
	}
	resp.South, resp.North, resp.Draws, resp.Unfinished = w.south, w.north, w.draws, w.unfinished
	resp.ElapsedMs = time.Since(t0).Milliseconds()
	return resp, nil
}

// AgentSpec is one player of a selfplay request, with a [ThinkRequest]'s
// agent fields, ranges and defaults (an agent spec of
// mancala/agent.ParseSpec, or a bare kind and its budget); Seed is added
// to the game's seed.
type AgentSpec struct {
	Agent      string `json:"agent"`
	Depth      int    `json:"depth,omitempty"`
	Nodes      int64  `json:"nodes,omitempty"`
	Iterations int    `json:"iterations,omitempty"`
	Seed       uint64 `json:"seed,omitempty"`
	TimeMs     int64  `json:"timeMs,omitempty"`

	spec agent.Spec // set by check: the agent to build
}

// check validates s against the think caps l and the game's levels, and
// sets s.spec.
func (s *AgentSpec) check(side string, l Limits, levels []mancala.Level) error {
	spec, err := agentSpec("wire: selfplay "+side+": ", agentFields{s.Agent, s.Depth, s.Nodes, s.Iterations, s.TimeMs, s.Seed}, l, levels,
		func(int64) string { return "the default" })
	s.spec = spec
	return err
}

// label names the player in a record: "random", "alphabeta depth 4",
// "mcts 2000 iterations", "mcts-eval 500 iterations".
func (s AgentSpec) label() string {
	switch s.spec.Kind {
	case agent.KindAlphaBeta:
		return "alphabeta depth " + strconv.Itoa(s.spec.Depth)
	case agent.KindMCTS, agent.KindMCTSEval:
		return s.spec.Kind.String() + " " + strconv.Itoa(s.spec.Iterations) + " iterations"
	}
	return s.spec.Kind.String()
}

// SelfplayRequest asks for the games First..First+N-1 (N
// 1..BatchLimits.MaxSelfplayGames, First+N at most 2^53) between the South
// and North agents from Position, or from the standard start of Game under
// Rules, each of at most MaxPlies plies (0:
// BatchLimits.MaxSelfplayPlies). Game i's agents are seeded with
// BatchSeed(BatchSeed(Seed, i), 0)+South.Seed and BatchSeed(BatchSeed(Seed,
// i), 1)+North.Seed, so a split into requests plays the same games; a
// search that reaches its time budget depends on the machine's speed.
type SelfplayRequest struct {
	Game     string    `json:"game,omitempty"`
	Rules    string    `json:"rules,omitempty"`
	Position string    `json:"position,omitempty"`
	N        int       `json:"n"`
	First    int64     `json:"first,omitempty"`
	Seed     uint64    `json:"seed,omitempty"`
	South    AgentSpec `json:"south"`
	North    AgentSpec `json:"north"`
	MaxPlies int       `json:"maxPlies,omitempty"`
}

// SelfplayResponse holds each game's Record (mancala/record, players
// named "alphabeta depth 4" and so on), Result ("*" unfinished) and
// GamePlies in order, the games by winner and Unfinished, the Plies of all
// games and the time taken; Games and Incomplete as in [PlayoutsResponse].
type SelfplayResponse struct {
	Games      int      `json:"games"`
	First      int64    `json:"first"`
	Incomplete bool     `json:"incomplete"`
	Records    []string `json:"records"`
	Results    []string `json:"results"`
	GamePlies  []int    `json:"gamePlies"`
	South      int      `json:"south"`
	North      int      `json:"north"`
	Draws      int      `json:"draws"`
	Unfinished int      `json:"unfinished"`
	Plies      int64    `json:"plies"`
	ElapsedMs  int64    `json:"elapsedMs"`
}

// Selfplay plays req.N games between two agents on BatchLimits.Workers
// goroutines, each move searched within the think caps of the Service's
// [Limits]. A finished start gives game_over; the deadline answers the
// games finished before it, Incomplete.
func (s *Service) Selfplay(ctx context.Context, req SelfplayRequest) (SelfplayResponse, error) {
	return s.batch.selfplay(ctx, req)
}

func (b *batch) selfplay(ctx context.Context, req SelfplayRequest) (SelfplayResponse, error) {
	g, err := b.games("selfplay", req.N, b.l.MaxSelfplayGames, &req.MaxPlies, b.l.MaxSelfplayPlies, req.Game, req.Rules, req.Position)
	if err != nil {
		return SelfplayResponse{}, err
	}
	if err := checkFirst("selfplay", req.First, req.N); err != nil {
		return SelfplayResponse{}, err
	}
	if err := req.South.check("south", b.s.limits, g.levels()); err != nil {
		return SelfplayResponse{}, err
	}
	if err := req.North.check("north", b.s.limits, g.levels()); err != nil {
		return SelfplayResponse{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, b.l.MaxTime)
	defer cancel()
	return g.selfplay(ctx, req, b.l, b.gameDone)
}

// newAgent builds the agent of a checked player, as a think builds it,
// its seed added to seed.
func (a *adapter[P, M]) newAgent(s AgentSpec, seed uint64) (agent.Agent[P, M], error) {
	spec := s.spec
	spec.Seed += seed
	return agent.New(a.d, spec)
}

func (a *adapter[P, M]) selfplay(ctx context.Context, req SelfplayRequest, l BatchLimits, done func(i int)) (SelfplayResponse, error) {
	start, err := a.startOf(req.Rules, req.Position)
	if err != nil {
		return SelfplayResponse{}, err
	}
	if err := a.overErr(start); err != nil {
		return SelfplayResponse{}, err
	}
	t0 := time.Now()
	players := func(i int) (south, north agent.Agent[P, M], err error) {
		seed := BatchSeed(req.Seed, uint64(req.First)+uint64(i))
		if south, err = a.newAgent(req.South, BatchSeed(seed, 0)); err == nil {
			north, err = a.newAgent(req.North, BatchSeed(seed, 1))
		}
		return south, north, err
	}
	games, err := batchpkg.Selfplay(ctx, a.d, start, req.N, req.MaxPlies, l.Workers, players, done)
	if err != nil {
		return SelfplayResponse{}, newError(CodeInternal, "wire: internal error: selfplay: "+err.Error())
	}
	k := len(games)
	resp := SelfplayResponse{Games: k, First: req.First, Incomplete: k < req.N,
		Records: make([]string, k), Results: make([]string, k), GamePlies: make([]int, k)}
	var w wins
	for i, g := range games {
		r, err := record.New(start, g.Moves)
		if err == nil {
			r.South, r.North = req.South.label(), req.North.label()
			resp.Records[i], err = record.Format(a.d, r)
		}
		if err != nil {
			return SelfplayResponse{}, newError(CodeInternal, "wire: internal error: selfplay: "+err.Error())
		}
		resp.Results[i], resp.GamePlies[i] = r.Result, len(g.Moves)
		resp.Plies += int64(len(g.Moves))
		w.add(g.Final.Outcome())
	}
	resp.South, resp.North, resp.Draws, resp.Unfinished = w.south, w.north, w.draws, w.unfinished
	resp.ElapsedMs = time.Since(t0).Milliseconds()
	return resp, nil
}
