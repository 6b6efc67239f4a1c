package wire

import (
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"time"

	quotepkg "github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// Hard caps of [Limits]: a larger limit is lowered to its cap.
const (
	// maxBodyCap is the largest request body accepted, in bytes (64 KiB).
	maxBodyCap = 64 << 10
	// maxEventsCap is the most events an apply returns (20,000).
	maxEventsCap = 20_000
	// maxDepthCap is the deepest AlphaBeta search a think runs, in plies:
	// the service limit agent.DefaultMaxDepth (10).
	maxDepthCap = agent.DefaultMaxDepth
	// maxIterationsCap is the most MCTS playouts a think runs: the
	// service limit agent.DefaultMaxIterations (100,000).
	maxIterationsCap = agent.DefaultMaxIterations
	// maxTimeCap is the longest a think searches: the service limit
	// agent.DefaultMaxTime (2 s).
	maxTimeCap = agent.DefaultMaxTime
	// maxRecordMovesCap is the most moves a record request or a replayed
	// record may have.
	maxRecordMovesCap = 10_000
)

// Limits bound the work of every request. A zero field takes its default
// from [DefaultLimits]; a field above its cap (the Cap constants) is
// lowered to it.
type Limits struct {
	// MaxBody is the largest request body in bytes (default and cap
	// 64 KiB); a larger one is answered with too_large.
	MaxBody int64
	// MaxEvents is the most events an apply returns (default and cap
	// 20,000): the first MaxEvents-1 of the move and its end event.
	MaxEvents int
	// MaxDepth (default and cap 10 plies), MaxIterations (default and cap
	// 100,000 playouts) and MaxTime (default and cap 2 s) bound a think;
	// a request asking for more gets bad_request.
	MaxDepth      int
	MaxIterations int
	MaxTime       time.Duration
	// MaxThinks is the number of thinks searching at once (default
	// GOMAXPROCS); a think waits up to BusyWait (default 2 s) for a slot,
	// then gets busy. Handler uses BusyWait for its work slots too.
	MaxThinks int
	BusyWait  time.Duration
	// MaxWork is the number of other requests (state, apply, record,
	// replay) served at once (default 4*GOMAXPROCS), over
	// every transport of the service together.
	MaxWork int
	// MaxCostly is the number of those requests served at once that can
	// be slow (default GOMAXPROCS/2, at least 1): under rules the game
	// descriptor's Costly names, or with a move that sows more than
	// workLaps laps (docs/wire.md, "Errors and limits"). They leave the
	// work slots and half of the cores to ordinary requests.
	MaxCostly int
	// MaxRecordMoves is the most moves of a record request or a replayed
	// record (default and cap 10,000); more gets too_large.
	MaxRecordMoves int
	// Batch bounds the line protocol's batch commands (perft, playouts,
	// selfplay); see [BatchLimits].
	Batch BatchLimits
}

// DefaultLimits returns the limits used for zero fields, the defaults
// each field of [Limits] names.
func DefaultLimits() Limits {
	n := runtime.GOMAXPROCS(0)
	return Limits{MaxBody: maxBodyCap, MaxEvents: maxEventsCap, MaxDepth: maxDepthCap,
		MaxIterations: maxIterationsCap, MaxTime: maxTimeCap, MaxThinks: n, BusyWait: 2 * time.Second,
		MaxWork: 4 * n, MaxCostly: max(1, n/2), MaxRecordMoves: maxRecordMovesCap, Batch: DefaultBatchLimits()}
}

// normalize fills zero fields from DefaultLimits and lowers fields to
// their caps.
func (l Limits) normalize() Limits {
	d := DefaultLimits()
	l.MaxBody = fill(l.MaxBody, d.MaxBody, maxBodyCap)
	l.MaxEvents = fill(l.MaxEvents, d.MaxEvents, maxEventsCap)
	l.MaxDepth = fill(l.MaxDepth, d.MaxDepth, maxDepthCap)
	l.MaxIterations = fill(l.MaxIterations, d.MaxIterations, maxIterationsCap)
	l.MaxTime = fill(l.MaxTime, d.MaxTime, maxTimeCap)
	l.MaxThinks = fill(l.MaxThinks, d.MaxThinks, 0)
	l.BusyWait = fill(l.BusyWait, d.BusyWait, 0)
	l.MaxWork = fill(l.MaxWork, d.MaxWork, 0)
	l.MaxCostly = fill(l.MaxCostly, d.MaxCostly, 0)
	l.MaxRecordMoves = fill(l.MaxRecordMoves, d.MaxRecordMoves, maxRecordMovesCap)
	l.Batch = l.Batch.normalize()
	return l
}

// fill returns v, or def when v is not positive, lowered to limit when
// limit is positive.
func fill[T ~int | ~int64](v, def, limit T) T {
	if v <= 0 {
		v = def
	}
	if limit > 0 && v > limit {
		v = limit
	}
	return v
}

// Service answers the API's messages without any transport, through its
// command table: [Handler] serves it over HTTP,
// [Service.ServeLines] over JSON lines (examples/mancala-engine), and
// [Service.Call] to any other transport. It keeps no game state: a
// position's notation comes in, a state goes out. A Service is safe for
// concurrent use. Every method's error is an [*Error].
//
// The js/wasm build leaves out the transports and the command table
// (Handler, ServeLines, Call, DecodeRequest and their options), whose
// imports would weigh on a WebAssembly binary: a WebAssembly program (the
// page's worker, examples/web/wasm) calls the typed methods (State,
// Apply, Think, ...), which answer as the table does.
type Service struct {
	limits Limits
	games  []Game
	byName map[string]Game
	thinks chan struct{}
	work   chan struct{} // WorkPool's slots
	costly chan struct{} // CostlyPool's slots
	batch  *batch
	table  table
}

// NewService returns a service of the games given, in that order, with
// limits l (zero fields: [DefaultLimits]). It returns an error for no
// games, a zero Game or two games of the same name.
func NewService(l Limits, games ...Game) (*Service, error) {
	if len(games) == 0 {
		return nil, errors.New("wire: no games")
	}
	s := &Service{limits: l.normalize(), games: games, byName: map[string]Game{}}
	for i, g := range games {
		if g.ops == nil {
			return nil, errors.New("wire: game " + strconv.Itoa(i) + " is the zero Game (use NewGame)")
		}
		if _, dup := s.byName[g.Name()]; dup {
			return nil, errors.New("wire: two games named " + strconv.Quote(g.Name()))
		}
		s.byName[g.Name()] = g
	}
	s.thinks = make(chan struct{}, s.limits.MaxThinks)
	s.work = make(chan struct{}, s.limits.MaxWork)
	s.costly = make(chan struct{}, s.limits.MaxCostly)
	s.batch = newBatch(s, s.limits.Batch)
	return s, nil
}

// Limits returns the service's limits, defaults filled in.
func (s *Service) Limits() Limits { return s.limits }

// Games answers GET /api/v1/games.
func (s *Service) Games() GamesResponse {
	r := GamesResponse{Agents: append([]string{}, agentKinds...), Limits: LimitsInfo{
		MaxBody: s.limits.MaxBody, MaxEvents: s.limits.MaxEvents, MaxDepth: s.limits.MaxDepth,
		MaxIterations: s.limits.MaxIterations, MaxTimeMs: s.limits.MaxTime.Milliseconds(),
		MaxRecordMoves: s.limits.MaxRecordMoves}}
	for _, g := range s.games {
		r.Games = append(r.Games, g.Info())
	}
	return r
}

// game returns the game named name, or a bad_request error.
func (s *Service) game(name string) (gameOps, error) {
	g, ok := s.byName[name]
	if !ok {
		return nil, newError(CodeBadRequest, "wire: unknown game "+quote(name)+" (want "+s.names()+")")
	}
	if e, ok := g.ops.(elsewhere); ok {
		return nil, e.err()
	}
	return g.ops, nil
}

func (s *Service) names() string {
	n := make([]string, len(s.games))
	for i, g := range s.games {
		n[i] = g.Name()
	}
	return strings.Join(n, ", ")
}

// gameOf returns the game of a position line (its first word), checked
// against game when that is given. A position of an unknown game is a
// syntax error.
func (s *Service) gameOf(pos, game string) (gameOps, error) {
	if strings.TrimSpace(pos) == "" {
		return nil, newError(CodeBadRequest, "wire: missing position")
	}
	name, _, _ := strings.Cut(pos, " ")
	g, ok := s.byName[name]
	if !ok {
		return nil, newError(CodeSyntax, "wire: bad position "+quote(pos)+": unknown game "+quote(name)+" (want "+s.names()+")")
	}
	if e, ok := g.ops.(elsewhere); ok {
		return nil, e.err()
	}
	if game != "" && game != name {
		return nil, newError(CodeBadRequest, "wire: game "+quote(game)+" but the position is of "+quote(name))
	}
	return g.ops, nil
}

// State answers POST /api/v1/state: the state of req.Position, or of the
// standard start of req.Game under req.Rules.
func (s *Service) State(req StateRequest) (State, error) {
	pos := req.Position
	if pos == "" {
		if req.Game == "" {
			return State{}, newError(CodeBadRequest, "wire: want a position, or a game (and rules) for its start")
		}
		g, err := s.game(req.Game)
		if err != nil {
			return State{}, err
		}
		if pos, err = g.start(req.Rules); err != nil {
			return State{}, err
		}
		return g.state(pos)
	}
	if req.Rules != "" {
		return State{}, newError(CodeBadRequest, "wire: give rules or a position, not both (the position carries its rules)")
	}
	g, err := s.gameOf(pos, req.Game)
	if err != nil {
		return State{}, err
	}
	return g.state(pos)
}

// Apply answers POST /api/v1/apply: req.Move played in req.Position, with
// its events and summary.
func (s *Service) Apply(req ApplyRequest) (ApplyResponse, error) { return s.apply(nil, req) }

// apply is Apply metered by m (nil: not metered).
func (s *Service) apply(m *meter, req ApplyRequest) (ApplyResponse, error) {
	g, err := s.gameOf(req.Position, req.Game)
	if err != nil {
		return ApplyResponse{}, err
	}
	if req.Move == "" {
		return ApplyResponse{}, newError(CodeBadRequest, "wire: missing move")
	}
	if len(req.Moves) > s.limits.MaxRecordMoves {
		return ApplyResponse{}, newError(CodeTooLarge, "wire: "+strconv.Itoa(len(req.Moves))+" moves of history: at most "+strconv.Itoa(s.limits.MaxRecordMoves))
	}
	return g.apply(m, req.Position, req.Move, s.limits.MaxEvents, req.Start, req.Moves)
}

// Think answers POST /api/v1/think: the move agent req.Agent chooses in
// req.Position within its budget and the limits. It waits up to
// Limits.BusyWait for one of Limits.MaxThinks slots (then busy), and
// searches under a deadline of the time budget; ctx may end it sooner.
func (s *Service) Think(ctx context.Context, req ThinkRequest) (ThinkResponse, error) {
	g, err := s.gameOf(req.Position, req.Game)
	if err != nil {
		return ThinkResponse{}, err
	}
	l := s.limits
	spec, err := agentSpec("wire: ", agentFields{req.Agent, req.Depth, req.Nodes, req.Iterations, req.TimeMs, req.Seed}, l, g.levels(),
		func(def int64) string { return strconv.FormatInt(def, 10) })
	if err != nil {
		return ThinkResponse{}, err
	}
	budget := spec.Time
	if budget == 0 {
		budget = l.MaxTime
	}
	if err := g.checkOver(req.Position); err != nil {
		return ThinkResponse{}, err
	}
	if err := acquire(ctx, s.thinks, l.BusyWait, "thinks"); err != nil {
		return ThinkResponse{}, err
	}
	defer func() { <-s.thinks }()
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	return g.think(ctx, req.Position, spec)
}

// acquire takes a slot of sem, waiting at most wait, or gives busy.
func acquire(ctx context.Context, sem chan struct{}, wait time.Duration, what string) error {
	select {
	case sem <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case sem <- struct{}{}:
		return nil
	case <-t.C:
	case <-ctx.Done():
	}
	return newError(CodeBusy, "wire: busy: all "+strconv.Itoa(cap(sem))+" "+what+" slots stayed taken for "+wait.String()+"; try again later")
}

// Record answers POST /api/v1/record: the game record of req.Moves played
// from req.Start (or the standard start of req.Game under req.Rules).
func (s *Service) Record(req RecordRequest) (RecordResponse, error) { return s.record(nil, req) }

// record is Record metered by m (nil: not metered).
func (s *Service) record(m *meter, req RecordRequest) (RecordResponse, error) {
	if len(req.Moves) > s.limits.MaxRecordMoves {
		return RecordResponse{}, newError(CodeTooLarge, "wire: "+strconv.Itoa(len(req.Moves))+" moves: a record may have at most "+strconv.Itoa(s.limits.MaxRecordMoves))
	}
	var g gameOps
	var err error
	if req.Start != "" {
		g, err = s.gameOf(req.Start, req.Game)
	} else if req.Game == "" {
		err = newError(CodeBadRequest, "wire: want a start position, or a game (and rules) for its start")
	} else {
		g, err = s.game(req.Game)
	}
	if err != nil {
		return RecordResponse{}, err
	}
	return g.record(m, req)
}

// Replay answers POST /api/v1/replay: the record req.Record read and
// replayed to every position. A text that does not start with a header
// line ('[') is read as one position line: a game of no moves.
func (s *Service) Replay(req ReplayRequest) (ReplayResponse, error) { return s.replay(nil, req) }

// replay is Replay metered by m (nil: not metered).
func (s *Service) replay(m *meter, req ReplayRequest) (ReplayResponse, error) {
	text := strings.TrimSpace(req.Record)
	if text == "" {
		return ReplayResponse{}, newError(CodeBadRequest, "wire: missing record")
	}
	if text[0] != '[' {
		if strings.Contains(text, "\n") {
			return ReplayResponse{}, newError(CodeSyntax, "wire: bad record: want header lines, or one position line")
		}
		g, err := s.gameOf(text, "")
		if err != nil {
			return ReplayResponse{}, err
		}
		st, err := g.state(text)
		if err != nil {
			return ReplayResponse{}, err
		}
		return ReplayResponse{Game: st.Game, Rules: st.Rules, Start: st.Position, Moves: []string{},
			Positions: []string{st.Position}, Result: st.Outcome.Result, Headers: []Header{}}, nil
	}
	if n := moveTokens(text); n > s.limits.MaxRecordMoves {
		return ReplayResponse{}, newError(CodeTooLarge, "wire: "+strconv.Itoa(n)+" moves: a record may have at most "+strconv.Itoa(s.limits.MaxRecordMoves))
	}
	name, err := record.GameOf(text)
	if err != nil {
		return ReplayResponse{}, fromErr(err)
	}
	g, ok := s.byName[name]
	if !ok {
		return ReplayResponse{}, newError(CodeSyntax, "wire: bad record: unknown game "+quote(name)+" (want "+s.names()+")")
	}
	if e, ok := g.ops.(elsewhere); ok {
		return ReplayResponse{}, e.err()
	}
	return g.ops.replay(m, text)
}

// moveTokens counts the words of a record after its header lines that are
// not move numbers ("12.").
func moveTokens(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			continue
		}
		for _, f := range strings.Fields(line) {
			if !isMoveNumber(f) {
				n++
			}
		}
	}
	return n
}

func quote(s string) string { return quotepkg.String(s) }
