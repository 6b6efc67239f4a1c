package wire

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// Game is one game of a [Service], made by [NewGame] from the game's
// descriptor: the descriptor's position and move types are hidden, so
// that one service serves every game. The zero Game is not valid.
type Game struct {
	ops gameOps
}

// Name returns the game's notation name ("kisolo"), or "" for the zero
// Game.
func (g Game) Name() string {
	if g.ops == nil {
		return ""
	}
	return g.ops.info().Name
}

// Info returns the game's description as GET /api/v1/games gives it, a
// deep copy: changing it changes nothing in the game or its service.
func (g Game) Info() GameInfo {
	if g.ops == nil {
		return GameInfo{}
	}
	return g.ops.info().clone()
}

// clone returns a copy of gi that shares no slice with it.
func (gi GameInfo) clone() GameInfo {
	c := gi
	c.Options = append([]RuleOption(nil), gi.Options...)
	for i := range c.Options {
		c.Options[i].Values = slices.Clone(c.Options[i].Values)
	}
	c.Levels = slices.Clone(gi.Levels)
	c.Layout.Pits = slices.Clone(gi.Layout.Pits)
	c.Layout.Circuits.S = slices.Clone(gi.Layout.Circuits.S)
	c.Layout.Circuits.N = slices.Clone(gi.Layout.Circuits.N)
	c.Layout.Stores = slices.Clone(gi.Layout.Stores)
	c.Layout.Reserves = slices.Clone(gi.Layout.Reserves)
	return c
}

// gameOps is what a Service asks of a game; adapter implements it for
// every descriptor.
type gameOps interface {
	info() GameInfo
	start(rules string) (string, error)
	state(pos string) (State, error)
	apply(m *meter, pos, move string, maxEvents int, start string, history []string) (ApplyResponse, error)
	think(ctx context.Context, pos string, s agent.Spec) (ThinkResponse, error)
	levels() []mancala.Level
	record(m *meter, req RecordRequest) (RecordResponse, error)
	replay(m *meter, text string) (ReplayResponse, error)
	checkOver(pos string) error
	perft(ctx context.Context, req PerftRequest, l BatchLimits) (PerftResponse, error)
	playouts(ctx context.Context, req PlayoutsRequest, l BatchLimits) (PlayoutsResponse, error)
	selfplay(ctx context.Context, req SelfplayRequest, l BatchLimits, done func(i int)) (SelfplayResponse, error)
	// costly is the descriptor's Costly (false without one).
	costly(text string) bool
}

// NewGame returns the Game of descriptor d (kisolo.Descriptor and so on).
// The package never imports a game: a program passes the descriptors of
// the games it serves.
//
// A state's "moves" come from the descriptor's DescribeMove (kind "move"
// and no pit without one); its "phase" from a position type that
// implements [mancala.Phased] (Bao la Kimasai), its "opening" from one
// that implements [mancala.Opener] (Kiothi); the games assert that their
// Position implements them.
func NewGame[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) Game {
	start := d.Start()
	return newGame(&adapter[P, M]{d: d}, d.Name, d.Title, d.Words, d.Options, start.String(), d.Layout(start), d.Levels)
}

// newGame returns the Game of kernel k, the rest of NewGame (compiled once
// for every game).
func newGame(k kernel, name, title string, w mancala.Words, opts []mancala.RuleOption, start string, l *mancala.Layout, levels []mancala.Level) Game {
	g := &game{k: k, name: name, title: title, words: w}
	g.gi = GameInfo{
		Name:    name,
		Title:   title,
		Counter: w.Seed,
		Words:   wordsOf(w),
		Options: optionsOf(opts),
		Start:   start,
		Layout:  layoutOf(l, w),
		Levels:  levelsOf(levels),
	}
	return Game{ops: g}
}

// position is a position of any game, as the service's game-blind code
// holds it: a P of the game's descriptor in an interface (every P has
// these methods). Two positions are equal when they hold the same P.
type position interface {
	String() string
	ToMove() mancala.Player
	Turn() int
	Outcome() mancala.Outcome
}

// move is a move of any game: an M of the game's descriptor in an
// interface.
type move interface{ String() string }

// kernel is what the service's game-blind code (game) asks of one game's
// types: adapter[P, M] implements it for every descriptor by asserting
// the positions and moves it is given back to P and M. It is kept small
// on purpose: Go compiles a generic type's methods once per game, so the
// logic lives in game, compiled once (the page's WebAssembly worker
// carries one copy instead of three).
type kernel interface {
	parse(s string) (position, error)
	newPos(rules string) (position, error)
	parseMove(s string) (move, error)
	rules(p position) string
	layout(p position) *mancala.Layout
	counts(p position) mancala.Counts
	diagram(p position) string
	legal(p position) []move
	// describeMove is the descriptor's DescribeMove; ok is false
	// without one.
	describeMove(p position, m move) (info mancala.MoveInfo, ok bool)
	apply(p position, m move) (position, error)
	applyTrace(p position, m move, fn func(mancala.Event)) (position, error)
	newHistory(start position) history
	// search runs spec's agent at p, filling resp's agent fields, and
	// returns its move; its error is agent.New's as bad_request, or the
	// search's as an *Error (game_over in the game's words for a
	// finished p).
	search(ctx context.Context, p position, spec agent.Spec, resp *ThinkResponse) (move, error)
	// recordOf answers a record request of start and moves (read and
	// metered).
	recordOf(start position, moves []move, req RecordRequest) (RecordResponse, error)
	// replayOf answers a replay of the record text.
	replayOf(text string) (ReplayResponse, error)
	// recordStart returns the start position of a record's header lines.
	recordStart(head string) (position, error)
	levels() []mancala.Level
	costly(text string) bool
	perft(ctx context.Context, req PerftRequest, l BatchLimits) (PerftResponse, error)
	playouts(ctx context.Context, req PlayoutsRequest, l BatchLimits) (PlayoutsResponse, error)
	selfplay(ctx context.Context, req SelfplayRequest, l BatchLimits, done func(i int)) (SelfplayResponse, error)
}

// history is a mancala.History of a game's types.
type history interface {
	apply(m move) (position, error)
	position() position
}

// adapter is the kernel of descriptor d.
type adapter[P mancala.Position[P, M], M mancala.Move] struct {
	d *mancala.Descriptor[P, M]
}

func (a *adapter[P, M]) parse(s string) (position, error) {
	p, err := a.d.Parse(s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (a *adapter[P, M]) newPos(rules string) (position, error) {
	p, err := a.d.New(rules)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (a *adapter[P, M]) parseMove(s string) (move, error) {
	m, err := a.d.ParseMove(s)
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (a *adapter[P, M]) rules(p position) string           { return a.d.Rules(p.(P)) }
func (a *adapter[P, M]) layout(p position) *mancala.Layout { return a.d.Layout(p.(P)) }
func (a *adapter[P, M]) counts(p position) mancala.Counts  { return a.d.Counts(p.(P)) }
func (a *adapter[P, M]) diagram(p position) string         { return a.d.Diagram(p.(P)) }
func (a *adapter[P, M]) levels() []mancala.Level           { return a.d.Levels }
func (a *adapter[P, M]) costly(text string) bool           { return a.d.Costly != nil && a.d.Costly(text) }

func (a *adapter[P, M]) legal(p position) []move {
	ms := p.(P).AppendLegalMoves(nil)
	out := make([]move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

func (a *adapter[P, M]) describeMove(p position, m move) (mancala.MoveInfo, bool) {
	if a.d.DescribeMove == nil {
		return mancala.MoveInfo{}, false
	}
	return a.d.DescribeMove(p.(P), m.(M)), true
}

func (a *adapter[P, M]) apply(p position, m move) (position, error) {
	q, err := p.(P).Apply(m.(M))
	if err != nil {
		return nil, err
	}
	return q, nil
}

func (a *adapter[P, M]) applyTrace(p position, m move, fn func(mancala.Event)) (position, error) {
	q, err := a.d.ApplyTrace(p.(P), m.(M), fn)
	if err != nil {
		return nil, err
	}
	return q, nil
}

// historyOf is the history of a game's types.
type historyOf[P mancala.Position[P, M], M mancala.Move] struct{ h *mancala.History[P, M] }

func (a *adapter[P, M]) newHistory(start position) history {
	return historyOf[P, M]{mancala.NewHistory(a.d, start.(P))}
}

func (h historyOf[P, M]) apply(m move) (position, error) {
	q, err := h.h.Apply(m.(M))
	return q, err
}

func (h historyOf[P, M]) position() position { return h.h.Position() }

func (a *adapter[P, M]) search(ctx context.Context, p0 position, spec agent.Spec, resp *ThinkResponse) (move, error) {
	p := p0.(P)
	ag, err := agent.New(a.d, spec)
	if err != nil {
		return nil, &Error{Code: CodeBadRequest, Message: "wire: " + err.Error(), err: err}
	}
	*resp = ThinkResponse{Agent: spec.Kind.String()}
	var m M
	switch ag := ag.(type) {
	case *agent.AlphaBeta[P, M]:
		var r agent.Result[M]
		r, err = ag.Search(ctx, p)
		m = r.Move
		v := r.Value
		resp.Value, resp.Outcome, resp.Depth, resp.Nodes = &v, r.Outcome.String(), r.Depth, r.Nodes
		if err == nil {
			var buf [agent.MaxDepth]M
			for _, lm := range ag.AppendLine(buf[:0], p, r) {
				resp.Line = append(resp.Line, lm.String())
			}
		}
	case *agent.MCTS[P, M]:
		var r agent.MCTSResult[M]
		r, err = ag.Search(ctx, p)
		m = r.Move
		wr := r.WinRate
		resp.Visits, resp.Iterations, resp.WinRate = r.Visits, r.Iterations, &wr
	default:
		m, err = ag.Move(ctx, p)
	}
	if err != nil {
		if over := overErr(a.d.Name, p, a.d.Words); over != nil && errors.Is(err, mancala.ErrGameOver) {
			return nil, over
		}
		return nil, fromErr(err)
	}
	return m, nil
}

func (a *adapter[P, M]) recordOf(start position, mvs []move, req RecordRequest) (RecordResponse, error) {
	moves := make([]M, len(mvs))
	for i, m := range mvs {
		moves[i] = m.(M)
	}
	r, err := record.New(start.(P), moves)
	if err != nil {
		return RecordResponse{}, fromErr(err)
	}
	r.South, r.North, r.Date = req.South, req.North, req.Date
	text, err := record.Format(a.d, r) // refuses what record.Read would refuse
	if err != nil {
		return RecordResponse{}, fromErr(err)
	}
	final, err := r.Final()
	if err != nil {
		return RecordResponse{}, fromErr(err)
	}
	return RecordResponse{Record: text, Result: r.Result, Final: final.String()}, nil
}

func (a *adapter[P, M]) replayOf(text string) (ReplayResponse, error) {
	r, err := record.Parse(text, a.d)
	if err != nil {
		return ReplayResponse{}, fromErr(err)
	}
	ps, err := r.Positions()
	if err != nil {
		return ReplayResponse{}, fromErr(err)
	}
	out := ReplayResponse{Game: a.d.Name, Rules: a.d.Rules(r.Start), Start: r.Start.String(),
		Moves: make([]string, len(r.Moves)), Positions: make([]string, len(ps)), Result: r.Result}
	for i, m := range r.Moves {
		out.Moves[i] = m.String()
	}
	for i, p := range ps {
		out.Positions[i] = p.String()
	}
	for _, t := range record.Headers(a.d, r) {
		out.Headers = append(out.Headers, Header{t.Key, t.Value})
	}
	return out, nil
}

func (a *adapter[P, M]) recordStart(head string) (position, error) {
	r, err := record.Parse(head, a.d)
	if err != nil {
		return nil, err
	}
	return r.Start, nil
}

// startOf is game.startOf for a P (the batch commands').
func (a *adapter[P, M]) startOf(rules, start string) (P, error) {
	g := &game{k: a, name: a.d.Name, words: a.d.Words}
	p, err := g.startOf(rules, start)
	if err != nil {
		var zero P
		return zero, err
	}
	return p.(P), nil
}

// overErr is game.overErr for a P (the batch commands').
func (a *adapter[P, M]) overErr(p P) error { return overErr(a.d.Name, p, a.d.Words) }

// game is a Game's gameOps: the service's work on one game, written once
// for every game over its kernel k.
type game struct {
	k     kernel
	name  string
	title string
	words mancala.Words
	gi    GameInfo
}

func (g *game) info() GameInfo          { return g.gi }
func (g *game) levels() []mancala.Level { return g.k.levels() }
func (g *game) costly(text string) bool { return g.k.costly(text) }

func (g *game) perft(ctx context.Context, req PerftRequest, l BatchLimits) (PerftResponse, error) {
	return g.k.perft(ctx, req, l)
}

func (g *game) playouts(ctx context.Context, req PlayoutsRequest, l BatchLimits) (PlayoutsResponse, error) {
	return g.k.playouts(ctx, req, l)
}

func (g *game) selfplay(ctx context.Context, req SelfplayRequest, l BatchLimits, done func(i int)) (SelfplayResponse, error) {
	return g.k.selfplay(ctx, req, l, done)
}

// overErr is the game_over error for a finished p, in the game's words,
// or nil while p's game goes on.
func overErr(name string, p position, w mancala.Words) error {
	if o := p.Outcome(); o.Over() {
		return &Error{Code: CodeGameOver, err: mancala.ErrGameOver,
			Message: name + ": the game is over: " + outcomeOf(o, p.ToMove(), w).Text}
	}
	return nil
}

func (g *game) overErr(p position) error { return overErr(g.name, p, g.words) }

// probe returns p with its lap bound lowered to workLaps (C-6), for
// playing moves under the work budget; ok is false when p's own bound is
// no larger (its moves are cheap as they are) or the position cannot be
// read back so (then the request is played as it is).
func (g *game) probe(p position) (q position, ok bool) {
	var opts []string
	if r := g.k.rules(p); r != "" {
		opts = strings.Split(r, ",")
	}
	kept := opts[:0]
	for _, o := range opts {
		if v, isLaps := strings.CutPrefix(o, "MaxLaps:"); isLaps {
			if n, err := strconv.Atoi(v); err == nil && n <= workLaps {
				return q, false
			}
			continue
		}
		kept = append(kept, o)
	}
	kept = append(kept, "MaxLaps:"+strconv.Itoa(workLaps))
	sort.Slice(kept, func(i, j int) bool {
		ni, _, _ := strings.Cut(kept[i], ":")
		nj, _, _ := strings.Cut(kept[j], ":")
		return ni < nj
	})
	fields := strings.Fields(p.String())
	rules := "rules=" + strings.Join(kept, ",")
	found := false
	for i, f := range fields {
		if strings.HasPrefix(f, "rules=") {
			fields[i], found = rules, true
		}
	}
	if !found {
		fields = append(fields, rules)
	}
	q, err := g.k.parse(strings.Join(fields, " "))
	return q, err == nil
}

// meterMoves plays moves from start under the work budget of m (a probe:
// the lap bound lowered to workLaps), up to the first move that fails or
// the end of the game, and moves the request to a costly slot at the
// first move that is endless under that bound: it may sow to the rules'
// bound when played by them. Its only error is m's busy.
func (g *game) meterMoves(m *meter, start position, moves ...move) error {
	if m.costly() {
		return nil
	}
	p, ok := g.probe(start)
	if !ok {
		return nil
	}
	for _, mv := range moves {
		if p.Outcome().Over() {
			return nil
		}
		q, err := g.k.apply(p, mv)
		if err != nil {
			return nil
		}
		if q.Outcome().Reason == mancala.Endless {
			return m.escalate()
		}
		p = q
	}
	return nil
}

func wordsOf(w mancala.Words) Words {
	return Words{Seed: w.Seed, Capture: w.Capture, Store: w.Store, Reserve: w.Reserve}
}

func optionsOf(opts []mancala.RuleOption) []RuleOption {
	out := make([]RuleOption, len(opts))
	for i, o := range opts {
		out[i] = RuleOption{Name: o.Name, Kind: o.Kind.String(), Values: append([]string{}, o.Values...),
			Min: o.Min, Max: o.Max, Default: o.Default, Clause: o.Clause, Doc: o.Doc}
	}
	return out
}

func layoutOf(l *mancala.Layout, w mancala.Words) Layout {
	out := Layout{Rows: l.Rows(), Files: l.Files(), SharedRing: l.SharedRing(),
		Direction: "counterclockwise", Stores: []string{}, Reserves: []string{}}
	out.Pits = make([]PitInfo, l.Pits())
	for p := range l.Pits() {
		out.Pits[p] = PitInfo{Name: l.PitName(p), Index: p, Row: l.Row(p), File: l.File(p),
			Owner: l.Owner(p).Letter(), Inner: l.IsInner(p)}
	}
	names := func(pl mancala.Player) []string {
		c := l.Circuit(pl)
		s := make([]string, len(c))
		for i, p := range c {
			s[i] = l.PitName(p)
		}
		return s
	}
	out.Circuits = Circuits{S: names(mancala.South), N: names(mancala.North)}
	// South's first pit is in the inner row exactly when seeds travel
	// clockwise (mancala.Clockwise: b1 first; CounterClockwise: a1 first).
	if c := l.Circuit(mancala.South); len(c) > 0 && l.Rows() == 4 && l.Row(c[0]) == 1 {
		out.Direction = "clockwise"
	}
	if l.HasStores() {
		out.Stores = []string{"store:S", "store:N"}
	}
	if w.Reserve != "" {
		out.Reserves = []string{"reserve:S", "reserve:N"}
	}
	return out
}

func (g *game) parse(pos string) (position, error) {
	p, err := g.k.parse(pos)
	if err != nil {
		return nil, fromErr(err)
	}
	return p, nil
}

func (g *game) start(rules string) (string, error) {
	p, err := g.k.newPos(rules)
	if err != nil {
		return "", fromErr(err)
	}
	return p.String(), nil
}

func (g *game) checkOver(pos string) error {
	p, err := g.parse(pos)
	if err != nil {
		return err
	}
	return g.overErr(p)
}

func (g *game) state(pos string) (State, error) {
	p, err := g.parse(pos)
	if err != nil {
		return State{}, err
	}
	return g.stateOf(p), nil
}

// stateOf builds the State of p.
func (g *game) stateOf(p position) State {
	l := g.k.layout(p)
	c := g.k.counts(p)
	text := p.String()
	s := State{
		Game:     g.name,
		Title:    g.title,
		Rules:    g.k.rules(p),
		Position: text,
		ToMove:   p.ToMove().Letter(),
		Turn:     p.Turn(),
		Layout:   layoutOf(l, g.words),
		Hand:     c.Hand,
		Total:    c.Total(),
		Diagram:  g.k.diagram(p),
		Words:    g.gi.Words,
		Outcome:  outcomeOf(p.Outcome(), p.ToMove(), g.words),
	}
	s.Pits = make([]Pit, len(s.Layout.Pits))
	for i, info := range s.Layout.Pits {
		s.Pits[i] = Pit{PitInfo: info}
		if i < len(c.Pits) {
			s.Pits[i].Seeds = c.Pits[i]
		}
		if i < len(c.Nki) {
			s.Pits[i].Nki = c.Nki[i]
		}
	}
	if l.HasStores() {
		s.Stores = &Sides{S: c.Stores[mancala.South], N: c.Stores[mancala.North]}
	}
	if g.words.Reserve != "" {
		s.Reserves = &Sides{S: c.Reserves[mancala.South], N: c.Reserves[mancala.North]}
	}
	if ph, ok := p.(mancala.Phased); ok {
		s.Phase = ph.Phase()
	}
	moves := g.k.legal(p)
	s.Legal = make([]string, len(moves))
	s.Moves = make([]LegalMove, len(moves))
	for i, m := range moves {
		s.Legal[i] = m.String()
		s.Moves[i] = g.describe(p, m, s.Legal[i], l)
	}
	s.Opening = openingOf(p, l, s.Moves)
	return s
}

func openingOf(p any, l *mancala.Layout, moves []LegalMove) *Opening {
	op, ok := p.(mancala.Opener)
	if !ok || !op.InOpening() {
		return nil
	}
	o := &Opening{Step: "lift", Hand: op.Hand(), Lifted: []string{}, Pits: []string{}}
	if from, ok := op.DropFrom(); ok {
		o.Step = "drop"
		o.DropFrom = l.PitName(from)
	}
	for i := range l.Pits() {
		if op.Lifted(i) {
			o.Lifted = append(o.Lifted, l.PitName(i))
		}
	}
	for _, m := range moves {
		switch m.Kind {
		case "lift", "drop":
			o.Pits = append(o.Pits, m.Pit)
		case "stop":
			o.CanStop = true
		}
	}
	return o
}

// describe returns the LegalMove of m (text is m.String()) from the
// descriptor's DescribeMove; a descriptor without one gives kind "move"
// and no pit.
func (g *game) describe(p position, m move, text string, l *mancala.Layout) LegalMove {
	info, ok := g.k.describeMove(p, m)
	if !ok {
		return LegalMove{Text: text, Kind: mancala.MoveUnknown.String(), Index: -1}
	}
	lm := LegalMove{Text: text, Kind: info.Kind.String(), Index: -1, Count: info.Count}
	if info.Index >= 0 && info.Index < l.Pits() {
		lm.Pit, lm.Index = l.PitName(info.Index), info.Index
	}
	return lm
}

// outcomeOf describes o; toMove is the player to move in the final
// position (the one without a move, for nomove).
func outcomeOf(o mancala.Outcome, toMove mancala.Player, w mancala.Words) Outcome {
	out := Outcome{Status: o.Status.String(), Reason: o.Reason.String(), Result: o.Result()}
	if !o.Over() {
		return out
	}
	if o.HasScore {
		out.Score = &Sides{S: o.Score[mancala.South], N: o.Score[mancala.North]}
	}
	if o.Status == mancala.Win {
		out.Winner = o.Winner.Letter()
	}
	out.Text = o.Explain(toMove, w)
	return out
}

var eventKinds = [...]string{mancala.Lift: "lift", mancala.Relay: "relay", mancala.Drop: "drop",
	mancala.Capture: "capture", mancala.Reserve: "reserve", mancala.Sweep: "sweep",
	mancala.NkiSet: "nkiset", mancala.NkiClear: "nkiclear", mancala.End: "end"}

var endReasons = [...]string{mancala.EndEmptyPit: "empty", mancala.EndNextEmpty: "nextempty",
	mancala.EndInnerRowEmptied: "inner", mancala.EndEndless: "endless", mancala.EndStep: "step"}

func placeName(pl mancala.Place, names []string) string {
	switch pl.Kind {
	case mancala.PitPlace:
		if pl.Index >= 0 && pl.Index < len(names) {
			return names[pl.Index]
		}
	case mancala.StorePlace:
		return "store:" + mancala.Player(pl.Index).Letter()
	case mancala.ReservePlace:
		return "reserve:" + mancala.Player(pl.Index).Letter()
	case mancala.HandPlace:
		return "hand"
	}
	return ""
}

func eventOf(e mancala.Event, names []string) Event {
	ev := Event{From: placeName(e.From, names), To: placeName(e.To, names), Count: e.Count}
	if int(e.Kind) < len(eventKinds) {
		ev.Kind = eventKinds[e.Kind]
	}
	if e.Kind == mancala.End && int(e.EndReason) < len(endReasons) {
		ev.Reason = endReasons[e.EndReason]
	}
	return ev
}

func (g *game) apply(mt *meter, pos, mv string, maxEvents int, start string, history []string) (ApplyResponse, error) {
	p, err := g.parse(pos)
	if err != nil {
		return ApplyResponse{}, err
	}
	m, err := g.k.parseMove(mv)
	if err != nil {
		return ApplyResponse{}, fromErr(err)
	}
	h, err := g.history(mt, p, start, history)
	if err != nil {
		return ApplyResponse{}, err
	}
	l := g.k.layout(p)
	names := make([]string, l.Pits())
	for i := range names {
		names[i] = l.PitName(i)
	}
	z := mancala.NewSummarizer(l, g.words)
	var resp ApplyResponse
	var end Event
	if err := g.meterMoves(mt, p, m); err != nil {
		return ApplyResponse{}, err
	}
	q, err := g.k.applyTrace(p, m, func(e mancala.Event) {
		z.Add(e)
		resp.EventCount++
		if e.Kind == mancala.End {
			end = eventOf(e, names)
			return
		}
		if len(resp.Events) < maxEvents-1 {
			resp.Events = append(resp.Events, eventOf(e, names))
		} else {
			resp.Truncated = true
		}
	})
	if err != nil {
		return ApplyResponse{}, fromErr(err)
	}
	if r, _ := h.apply(m); r != q {
		// The move made a position for the third time under
		// Repetition:Three (C-10): what moves from the board to the
		// prisons (Kiothi, KI-18) comes before the end event.
		resp.Events = append(resp.Events, g.repetitionEvents(q, names)...)
		q = r
	}
	resp.Events = append(resp.Events, end)
	resp.Move = m.String()
	resp.Summary = z.Summary().String()
	resp.After = g.stateOf(q)
	return resp, nil
}

func (g *game) think(ctx context.Context, pos string, spec agent.Spec) (ThinkResponse, error) {
	p, err := g.parse(pos)
	if err != nil {
		return ThinkResponse{}, err
	}
	t0 := time.Now()
	var resp ThinkResponse
	m, err := g.k.search(ctx, p, spec, &resp)
	if err != nil {
		return ThinkResponse{}, err
	}
	resp.Move = m.String()
	resp.ElapsedMs = time.Since(t0).Milliseconds()
	return resp, nil
}

func (g *game) startOf(rules, start string) (position, error) {
	if start != "" {
		if rules != "" {
			return nil, newError(CodeBadRequest, "wire: give rules or a start position, not both (the position carries its rules)")
		}
		return g.parse(start)
	}
	p, err := g.k.newPos(rules)
	if err != nil {
		return nil, fromErr(err)
	}
	return p, nil
}

func (g *game) record(mt *meter, req RecordRequest) (RecordResponse, error) {
	start, err := g.startOf(req.Rules, req.Start)
	if err != nil {
		return RecordResponse{}, err
	}
	moves := make([]move, len(req.Moves))
	for i, s := range req.Moves {
		if moves[i], err = g.k.parseMove(s); err != nil {
			return RecordResponse{}, fromErr(&record.Error{Ply: i + 1, Token: s, Err: err})
		}
	}
	if err := g.meterMoves(mt, start, moves...); err != nil {
		return RecordResponse{}, err
	}
	return g.k.recordOf(start, moves, req)
}

func (g *game) replay(mt *meter, text string) (ReplayResponse, error) {
	if !mt.costly() {
		if start, moves, ok := g.recordMoves(text); ok {
			if err := g.meterMoves(mt, start, moves...); err != nil {
				return ReplayResponse{}, err
			}
		}
	}
	return g.k.replayOf(text)
}

// recordMoves returns the start and the moves of the record text, read
// without playing them (for meterMoves): the start from the header lines
// (read by record.Parse, less the Result header, which only the final
// position can check) and the moves from the move text (move numbers
// left out). ok is false when either cannot be read; record.Parse then
// says why.
func (g *game) recordMoves(text string) (start position, moves []move, ok bool) {
	lines := strings.Split(text, "\n")
	var head []string
	i := 0
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" && len(head) == 0 {
			continue
		}
		if line == "" || line[0] != '[' {
			break
		}
		if !strings.HasPrefix(line, "["+record.KeyResult+" ") {
			head = append(head, line)
		}
	}
	start, err := g.k.recordStart(strings.Join(head, "\n") + "\n")
	if err != nil {
		return nil, nil, false
	}
	for _, line := range lines[i:] {
		for _, tok := range strings.Fields(line) {
			if isMoveNumber(tok) {
				continue
			}
			mv, err := g.k.parseMove(tok)
			if err != nil {
				return nil, nil, false
			}
			moves = append(moves, mv)
		}
	}
	return start, moves, true
}

// isMoveNumber reports whether tok is a move number ("12.") of a record's
// move text, as moveTokens counts them.
func isMoveNumber(tok string) bool {
	return strings.TrimRight(tok, ".") != tok && strings.Trim(tok, "0123456789.") == ""
}

// history returns the history of a game at p: the moves played from start
// (p itself when start is "" and there are no moves), which must lead to p
// (bad_request otherwise; a bad start or move is answered as in Parse and
// Apply, naming the move). The moves are metered as a record's are.
func (g *game) history(mt *meter, p position, start string, texts []string) (history, error) {
	if start == "" && len(texts) == 0 {
		return g.k.newHistory(p), nil
	}
	if start == "" {
		return nil, newError(CodeBadRequest, "wire: moves without a start: give the position they are played from")
	}
	s, err := g.parse(start)
	if err != nil {
		return nil, err
	}
	bad := func(i int, err error) error {
		e := fromErr(err)
		e.Message = "wire: history: move " + strconv.Itoa(i+1) + ": " + e.Message
		return e
	}
	moves := make([]move, len(texts))
	for i, text := range texts {
		if moves[i], err = g.k.parseMove(text); err != nil {
			return nil, bad(i, err)
		}
	}
	if err := g.meterMoves(mt, s, moves...); err != nil {
		return nil, err
	}
	h := g.k.newHistory(s)
	for i, m := range moves {
		if _, err := h.apply(m); err != nil {
			return nil, bad(i, err)
		}
	}
	if h.position() != p {
		return nil, newError(CodeBadRequest, "wire: history: the moves from start lead to "+h.position().String()+", not to the position")
	}
	return h, nil
}

// repetitionEvents returns the events that take q, the position a move
// made, to the same position ended by repetition (C-10): for a game
// with stores (Kiothi, KI-18) each pit's seeds swept into its owner's
// store, and each nki mark cleared; none for the other games, whose board
// stays as it is.
func (g *game) repetitionEvents(q position, names []string) []Event {
	l := g.k.layout(q)
	if !l.HasStores() {
		return nil
	}
	c := g.k.counts(q)
	var evs []Event
	for i, n := range c.Pits {
		if n > 0 {
			evs = append(evs, eventOf(mancala.Event{Kind: mancala.Sweep, From: mancala.PitOf(i), To: mancala.StoreOf(l.Owner(i)), Count: n}, names))
		}
		if i < len(c.Nki) && c.Nki[i] {
			evs = append(evs, eventOf(mancala.Event{Kind: mancala.NkiClear, From: mancala.PitOf(i)}, names))
		}
	}
	return evs
}
