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
	a := &adapter[P, M]{d: d}
	start := d.Start()
	a.gi = GameInfo{
		Name:    d.Name,
		Title:   d.Title,
		Counter: d.Words.Seed,
		Words:   wordsOf(d.Words),
		Options: optionsOf(d.Options),
		Start:   start.String(),
		Layout:  layoutOf(d.Layout(start), d.Words),
		Levels:  levelsOf(d.Levels),
	}
	return Game{ops: a}
}

type adapter[P mancala.Position[P, M], M mancala.Move] struct {
	d  *mancala.Descriptor[P, M]
	gi GameInfo
}

func (a *adapter[P, M]) info() GameInfo { return a.gi }

func (a *adapter[P, M]) levels() []mancala.Level { return a.d.Levels }

func (a *adapter[P, M]) costly(text string) bool { return a.d.Costly != nil && a.d.Costly(text) }

// probe returns p with its lap bound lowered to workLaps (C-6), for
// playing moves under the work budget; ok is false when p's own bound is
// no larger (its moves are cheap as they are) or the position cannot be
// read back so (then the request is played as it is).
func (a *adapter[P, M]) probe(p P) (q P, ok bool) {
	var opts []string
	if r := a.d.Rules(p); r != "" {
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
	q, err := a.d.Parse(strings.Join(fields, " "))
	return q, err == nil
}

// meterMoves plays moves from start under the work budget of m (a probe:
// the lap bound lowered to workLaps), up to the first move that fails or
// the end of the game, and moves the request to a costly slot at the
// first move that is endless under that bound: it may sow to the rules'
// bound when played by them. Its only error is m's busy.
func (a *adapter[P, M]) meterMoves(m *meter, start P, moves ...M) error {
	if m.costly() {
		return nil
	}
	p, ok := a.probe(start)
	if !ok {
		return nil
	}
	for _, mv := range moves {
		if p.Outcome().Over() {
			return nil
		}
		q, err := p.Apply(mv)
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

func (a *adapter[P, M]) parse(pos string) (P, error) {
	p, err := a.d.Parse(pos)
	if err != nil {
		return p, fromErr(err)
	}
	return p, nil
}

func (a *adapter[P, M]) start(rules string) (string, error) {
	p, err := a.d.New(rules)
	if err != nil {
		return "", fromErr(err)
	}
	return p.String(), nil
}

func (a *adapter[P, M]) checkOver(pos string) error {
	p, err := a.parse(pos)
	if err != nil {
		return err
	}
	return a.overErr(p)
}

func (a *adapter[P, M]) state(pos string) (State, error) {
	p, err := a.parse(pos)
	if err != nil {
		return State{}, err
	}
	return a.stateOf(p), nil
}

// stateOf builds the State of p.
func (a *adapter[P, M]) stateOf(p P) State {
	d := a.d
	l := d.Layout(p)
	c := d.Counts(p)
	text := p.String()
	s := State{
		Game:     d.Name,
		Title:    d.Title,
		Rules:    d.Rules(p),
		Position: text,
		ToMove:   p.ToMove().Letter(),
		Turn:     p.Turn(),
		Layout:   layoutOf(l, d.Words),
		Hand:     c.Hand,
		Total:    c.Total(),
		Diagram:  d.Diagram(p),
		Words:    a.gi.Words,
		Outcome:  outcomeOf(p.Outcome(), p.ToMove(), d.Words),
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
	if d.Words.Reserve != "" {
		s.Reserves = &Sides{S: c.Reserves[mancala.South], N: c.Reserves[mancala.North]}
	}
	if ph, ok := any(p).(mancala.Phased); ok {
		s.Phase = ph.Phase()
	}
	moves := p.AppendLegalMoves(nil)
	s.Legal = make([]string, len(moves))
	s.Moves = make([]LegalMove, len(moves))
	for i, m := range moves {
		s.Legal[i] = m.String()
		s.Moves[i] = a.describe(p, m, s.Legal[i], l)
	}
	s.Opening = openingOf(any(p), l, s.Moves)
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
func (a *adapter[P, M]) describe(p P, m M, text string, l *mancala.Layout) LegalMove {
	if a.d.DescribeMove == nil {
		return LegalMove{Text: text, Kind: mancala.MoveUnknown.String(), Index: -1}
	}
	info := a.d.DescribeMove(p, m)
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

func (a *adapter[P, M]) apply(mt *meter, pos, move string, maxEvents int, start string, history []string) (ApplyResponse, error) {
	d := a.d
	p, err := a.parse(pos)
	if err != nil {
		return ApplyResponse{}, err
	}
	m, err := d.ParseMove(move)
	if err != nil {
		return ApplyResponse{}, fromErr(err)
	}
	h, err := a.history(mt, p, start, history)
	if err != nil {
		return ApplyResponse{}, err
	}
	l := d.Layout(p)
	names := make([]string, l.Pits())
	for i := range names {
		names[i] = l.PitName(i)
	}
	z := mancala.NewSummarizer(l, d.Words)
	var resp ApplyResponse
	var end Event
	if err := a.meterMoves(mt, p, m); err != nil {
		return ApplyResponse{}, err
	}
	q, err := d.ApplyTrace(p, m, func(e mancala.Event) {
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
	if r, _ := h.Apply(m); r != q {
		// The move made a position for the third time under
		// Repetition:Three (C-10): what moves from the board to the
		// prisons (Kiothi, KI-18) comes before the end event.
		resp.Events = append(resp.Events, repetitionEvents(d, q, r, names)...)
		q = r
	}
	resp.Events = append(resp.Events, end)
	resp.Move = m.String()
	resp.Summary = z.Summary().String()
	resp.After = a.stateOf(q)
	return resp, nil
}

func (a *adapter[P, M]) think(ctx context.Context, pos string, spec agent.Spec) (ThinkResponse, error) {
	p, err := a.parse(pos)
	if err != nil {
		return ThinkResponse{}, err
	}
	t0 := time.Now()
	ag, err := agent.New(a.d, spec)
	if err != nil {
		return ThinkResponse{}, &Error{Code: CodeBadRequest, Message: "wire: " + err.Error(), err: err}
	}
	resp := ThinkResponse{Agent: spec.Kind.String()}
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
		if over := a.overErr(p); over != nil && errors.Is(err, mancala.ErrGameOver) {
			return ThinkResponse{}, over
		}
		return ThinkResponse{}, fromErr(err)
	}
	resp.Move = m.String()
	resp.ElapsedMs = time.Since(t0).Milliseconds()
	return resp, nil
}

func (a *adapter[P, M]) startOf(rules, start string) (P, error) {
	if start != "" {
		if rules != "" {
			var zero P
			return zero, newError(CodeBadRequest, "wire: give rules or a start position, not both (the position carries its rules)")
		}
		return a.parse(start)
	}
	p, err := a.d.New(rules)
	if err != nil {
		return p, fromErr(err)
	}
	return p, nil
}

func (a *adapter[P, M]) record(mt *meter, req RecordRequest) (RecordResponse, error) {
	start, err := a.startOf(req.Rules, req.Start)
	if err != nil {
		return RecordResponse{}, err
	}
	moves := make([]M, len(req.Moves))
	for i, s := range req.Moves {
		if moves[i], err = a.d.ParseMove(s); err != nil {
			return RecordResponse{}, fromErr(&record.Error{Ply: i + 1, Token: s, Err: err})
		}
	}
	if err := a.meterMoves(mt, start, moves...); err != nil {
		return RecordResponse{}, err
	}
	r, err := record.New(start, moves)
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

func (a *adapter[P, M]) replay(mt *meter, text string) (ReplayResponse, error) {
	if !mt.costly() {
		if start, moves, ok := a.recordMoves(text); ok {
			if err := a.meterMoves(mt, start, moves...); err != nil {
				return ReplayResponse{}, err
			}
		}
	}
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

// recordMoves returns the start and the moves of the record text, read
// without playing them (for meterMoves): the start from the header lines
// (read by record.Parse, less the Result header, which only the final
// position can check) and the moves from the move text (move numbers
// left out). ok is false when either cannot be read; record.Parse then
// says why.
func (a *adapter[P, M]) recordMoves(text string) (start P, moves []M, ok bool) {
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
	r, err := record.Parse(strings.Join(head, "\n")+"\n", a.d)
	if err != nil {
		return start, nil, false
	}
	for _, line := range lines[i:] {
		for _, tok := range strings.Fields(line) {
			if isMoveNumber(tok) {
				continue
			}
			mv, err := a.d.ParseMove(tok)
			if err != nil {
				return start, nil, false
			}
			moves = append(moves, mv)
		}
	}
	return r.Start, moves, true
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
func (a *adapter[P, M]) history(mt *meter, p P, start string, texts []string) (*mancala.History[P, M], error) {
	if start == "" && len(texts) == 0 {
		return mancala.NewHistory(a.d, p), nil
	}
	if start == "" {
		return nil, newError(CodeBadRequest, "wire: moves without a start: give the position they are played from")
	}
	s, err := a.parse(start)
	if err != nil {
		return nil, err
	}
	bad := func(i int, err error) error {
		e := fromErr(err)
		e.Message = "wire: history: move " + strconv.Itoa(i+1) + ": " + e.Message
		return e
	}
	moves := make([]M, len(texts))
	for i, text := range texts {
		if moves[i], err = a.d.ParseMove(text); err != nil {
			return nil, bad(i, err)
		}
	}
	if err := a.meterMoves(mt, s, moves...); err != nil {
		return nil, err
	}
	h := mancala.NewHistory(a.d, s)
	for i, m := range moves {
		if _, err := h.Apply(m); err != nil {
			return nil, bad(i, err)
		}
	}
	if h.Position() != p {
		return nil, newError(CodeBadRequest, "wire: history: the moves from start lead to "+h.Position().String()+", not to the position")
	}
	return h, nil
}

// repetitionEvents returns the events that take q, the position a move
// made, to r, the same position ended by repetition (C-10): for a game
// with stores (Kiothi, KI-18) each pit's seeds swept into its owner's
// store, and each nki mark cleared; none for the other games, whose board
// stays as it is.
func repetitionEvents[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], q, r P, names []string) []Event {
	l := d.Layout(q)
	if !l.HasStores() {
		return nil
	}
	c := d.Counts(q)
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
