package wire

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
)

// Transport is a set of the transports that serve a [Command].
type Transport uint8

const (
	// HTTP is [Handler] (POST /api/v1/<name>; GET for games) and
	// [Service.Call], which answers exactly as Handler does.
	HTTP Transport = 1 << iota
	// Lines is the JSON-lines protocol: [Service.ServeLines] and
	// [Session.Call] (examples/mancala-engine, docs/engine.md).
	Lines
)

// String names the transports of t ("http", "lines", "http+lines").
func (t Transport) String() string {
	var s []string
	if t&HTTP != 0 {
		s = append(s, "http")
	}
	if t&Lines != 0 {
		s = append(s, "lines")
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "+")
}

// Pool names the slots a [Command] waits for (at most Limits.BusyWait,
// then busy) before it runs.
type Pool uint8

const (
	// NoPool runs at once: games; think, which takes one of
	// Limits.MaxThinks think slots inside [Service.Think]; the batch
	// commands, which a line session runs one at a time under their own
	// deadline ([BatchLimits]).
	NoPool Pool = iota
	// WorkPool takes one of Limits.MaxWork work slots; a request whose
	// rules can make it slow by their text (the game descriptor's Costly:
	// Endless:Illegal, or MaxLaps above mancala.DefaultMaxLaps) takes one
	// of Limits.MaxCostly costly slots instead, and a request whose move
	// sows more than workLaps laps (a loop, under any rules) moves to a
	// costly slot as it passes them, so that slow requests cannot hold
	// the work slots or the cores that ordinary ones need.
	WorkPool
	// CostlyPool always takes one of Limits.MaxCostly costly slots.
	CostlyPool
)

// String returns "none", "work" or "costly".
func (p Pool) String() string {
	switch p {
	case NoPool:
		return "none"
	case WorkPool:
		return "work"
	case CostlyPool:
		return "costly"
	}
	return "Pool(" + fmt.Sprint(uint8(p)) + ")"
}

// A Command is one entry of a [Service]'s command table: a name, the
// transports that serve it, the slots it waits for, and a function that
// decodes its request strictly ([DecodeRequest]) and answers it. Every
// transport (HTTP, JSON lines, [Service.Call] for a WebAssembly worker)
// dispatches through the same table, so a command answers the same
// request the same way everywhere. Make one with [NewCommand]; the zero
// Command is not valid.
type Command struct {
	// Name is the command's name: the "cmd" of a request line, the last
	// element of its HTTP path (POST /api/v1/<Name>). Names are lower
	// case letters, digits and '_' starting with a letter.
	Name string
	// Transports is the set of transports that serve it.
	Transports Transport
	// Pool is the slots it waits for.
	Pool Pool
	// Request and Response are the types of its request (the fields of
	// the body or line) and of its answer; the documentation's tables
	// are checked against them.
	Request, Response reflect.Type

	call    func(ctx context.Context, sess *Session, body []byte) (any, error)
	getOnly bool // HTTP: GET (and HEAD) with no body, not POST
}

// NewCommand returns the command name answered by fn, served by the
// transports t and waiting for a slot of pool. Its request is a Req,
// decoded strictly from the body (the request line without "id" and
// "cmd"); struct{} takes no fields. fn gets the request's context (the
// HTTP request's, or the line session's), the [Session] of the call, and
// the request; its error should be an [*Error] (any other error is
// answered as internal). To serve it, pass it to [Service.Register].
//
// A line-only command that keeps state between the requests of one
// connection keeps it in its Session ([Session.Value], [Session.SetValue],
// [Session.OnClose]); see the example of [Session].
func NewCommand[Req, Resp any](name string, t Transport, pool Pool, fn func(ctx context.Context, sess *Session, req Req) (Resp, error)) Command {
	return Command{
		Name: name, Transports: t, Pool: pool,
		Request:  reflect.TypeFor[Req](),
		Response: reflect.TypeFor[Resp](),
		call: func(ctx context.Context, sess *Session, body []byte) (any, error) {
			var req Req
			if err := DecodeRequest(body, &req); err != nil {
				return nil, err
			}
			ctx, release, err := sess.svc.take(ctx, pool, any(&req))
			if err != nil {
				return nil, err
			}
			defer release()
			return fn(ctx, sess, req)
		},
	}
}

// table is a Service's commands, in the order of the documentation.
type table struct {
	once sync.Once // fills cmds with the built-in commands at first use
	mu   sync.RWMutex
	cmds []Command
}

// loadTable fills s's table with the built-in commands, once. It runs at
// the first use of the table (Call, Commands, Register, Handler,
// ServeLines), not in NewService: a program that only calls the typed
// methods (State, Apply, Think, ...: the page's WebAssembly worker) then
// does not link the line protocol's batch and research commands.
func (s *Service) loadTable() {
	s.table.once.Do(func() {
		s.table.mu.Lock()
		s.table.cmds = append(s.builtins(), s.table.cmds...)
		s.table.mu.Unlock()
	})
}

// validName reports whether name is lower case letters, digits and '_'
// starting with a letter.
func validName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := range len(name) {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// Register adds commands to s's table, after the built-in ones, in the
// order given (the order the line protocol's games answer lists them
// in). It returns an error, and adds none of them, for a zero Command, a
// name that is not lower case letters, digits and '_' starting with a
// letter, no transport, or a name a command of the same transport
// already has. Register is safe to call while s serves, though a program
// normally registers its commands before it serves.
func (s *Service) Register(cmds ...Command) error {
	s.loadTable()
	s.table.mu.Lock()
	defer s.table.mu.Unlock()
	all := slices.Clone(s.table.cmds)
	for _, c := range cmds {
		switch {
		case c.call == nil:
			return errors.New("wire: register: a zero Command (use NewCommand)")
		case !validName(c.Name):
			return errors.New("wire: register: bad command name " + quote(c.Name) + " (want lower case letters, digits and _, starting with a letter)")
		case c.Transports&(HTTP|Lines) == 0:
			return errors.New("wire: register: command " + quote(c.Name) + " has no transport")
		}
		for _, d := range all {
			if d.Name == c.Name && d.Transports&c.Transports != 0 {
				return errors.New("wire: register: two commands named " + quote(c.Name) + " over " + (d.Transports & c.Transports).String())
			}
		}
		all = append(all, c)
	}
	s.table.cmds = all
	return nil
}

// Commands returns s's command table, in order: the built-in commands
// (games, state, apply, think, record, replay over both transports, with
// two games entries since the line protocol's answer has more; then the
// line-only perft, playouts and selfplay) and the ones
// registered.
func (s *Service) Commands() []Command {
	s.loadTable()
	s.table.mu.RLock()
	defer s.table.mu.RUnlock()
	return slices.Clone(s.table.cmds)
}

// command returns the command name of transport t.
func (s *Service) command(name string, t Transport) (Command, bool) {
	s.loadTable()
	s.table.mu.RLock()
	defer s.table.mu.RUnlock()
	for _, c := range s.table.cmds {
		if c.Name == name && c.Transports&t != 0 {
			return c, true
		}
	}
	return Command{}, false
}

// commandNames returns the names of the commands of transport t, in order.
func (s *Service) commandNames(t Transport) []string {
	var names []string
	for _, c := range s.Commands() {
		if c.Transports&t != 0 {
			names = append(names, c.Name)
		}
	}
	return names
}

// builtins returns the built-in commands of s.
func (s *Service) builtins() []Command {
	both := HTTP | Lines
	games := NewCommand("games", HTTP, NoPool, func(context.Context, *Session, struct{}) (GamesResponse, error) {
		return s.Games(), nil
	})
	games.getOnly = true
	cmds := []Command{
		games,
		NewCommand("games", Lines, NoPool, func(_ context.Context, sess *Session, _ struct{}) (LineGamesResponse, error) {
			return LineGamesResponse{GamesResponse: s.Games(), Engine: EngineInfo{MaxLine: sess.maxLine,
				Commands: s.commandNames(Lines), Batch: s.batch.info()}}, nil
		}),
		NewCommand("state", both, WorkPool, func(_ context.Context, _ *Session, r StateRequest) (State, error) { return s.State(r) }),
		NewCommand("apply", both, WorkPool, func(ctx context.Context, _ *Session, r ApplyRequest) (ApplyResponse, error) {
			return s.apply(meterOf(ctx), r)
		}),
		NewCommand("think", both, NoPool, func(ctx context.Context, _ *Session, r ThinkRequest) (ThinkResponse, error) {
			return s.Think(ctx, r)
		}),
		NewCommand("record", both, WorkPool, func(ctx context.Context, _ *Session, r RecordRequest) (RecordResponse, error) {
			return s.record(meterOf(ctx), r)
		}),
		NewCommand("replay", both, WorkPool, func(ctx context.Context, _ *Session, r ReplayRequest) (ReplayResponse, error) {
			return s.replay(meterOf(ctx), r)
		}),
		NewCommand("perft", Lines, NoPool, func(ctx context.Context, _ *Session, r PerftRequest) (PerftResponse, error) {
			return s.Perft(ctx, r)
		}),
		NewCommand("playouts", Lines, NoPool, func(ctx context.Context, _ *Session, r PlayoutsRequest) (PlayoutsResponse, error) {
			return s.Playouts(ctx, r)
		}),
		NewCommand("selfplay", Lines, NoPool, func(ctx context.Context, _ *Session, r SelfplayRequest) (SelfplayResponse, error) {
			return s.Selfplay(ctx, r)
		}),
	}
	return cmds
}

// LineGamesResponse is the line protocol's answer to games: the HTTP
// API's [GamesResponse] and what only the line protocol has.
type LineGamesResponse struct {
	GamesResponse
	Engine EngineInfo `json:"engine"`
}

// EngineInfo tells a line client the session's own limits: the longest
// request line in bytes, the commands of the line protocol in order, and
// the batch limits.
type EngineInfo struct {
	MaxLine  int             `json:"maxLine"`
	Commands []string        `json:"commands"`
	Batch    BatchLimitsInfo `json:"batch"`
}

// Session is the state of one conversation over a transport: one
// [Service.ServeLines] call (one connection of the line protocol), one
// [Service.NewSession] a program drives with [Session.Call], or one HTTP
// request or [Service.Call] (a session of one request). Commands get it
// to keep state between the requests of a line connection, such as a
// vector of environments stepped by later requests; it is closed (its
// OnClose functions run) when ServeLines returns or the program calls
// Close. A Session is safe for concurrent use, though the line protocol
// answers one request at a time.
type Session struct {
	svc       *Service
	transport Transport
	maxLine   int

	mu      sync.Mutex
	values  map[any]any
	closers []func()
	closed  bool

	log io.Writer // where a panic's stack goes, if not nil
}

// NewSession returns a session of the line protocol's commands over s,
// for a transport other than ServeLines (a WebSocket, a worker's message
// port): each [Session.Call] answers as a request line of one connection
// would. Close it when the conversation ends.
func (s *Service) NewSession() *Session {
	return &Session{svc: s, transport: Lines, maxLine: defaultMaxLine}
}

// Service returns the service of the session.
func (sess *Session) Service() *Service { return sess.svc }

// Transport returns the transport of the session: HTTP or Lines.
func (sess *Session) Transport() Transport { return sess.transport }

// Value returns the value stored under key, or nil.
func (sess *Session) Value(key any) any {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	return sess.values[key]
}

// SetValue stores v under key (any comparable value; a command uses a key
// of an unexported type of its own package, as with context keys); a nil
// v deletes it.
func (sess *Session) SetValue(key, v any) {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if v == nil {
		delete(sess.values, key)
		return
	}
	if sess.values == nil {
		sess.values = map[any]any{}
	}
	sess.values[key] = v
}

// OnClose registers f to run when the session is closed (in the reverse
// order of registration); on a closed session it runs f at once.
func (sess *Session) OnClose(f func()) {
	sess.mu.Lock()
	if !sess.closed {
		sess.closers = append(sess.closers, f)
		sess.mu.Unlock()
		return
	}
	sess.mu.Unlock()
	f()
}

// Close runs the OnClose functions and drops the values. Closing twice
// does nothing.
func (sess *Session) Close() {
	sess.mu.Lock()
	closers := sess.closers
	sess.closers, sess.values, sess.closed = nil, nil, true
	sess.mu.Unlock()
	for i := len(closers) - 1; i >= 0; i-- {
		closers[i]()
	}
}

// take takes a slot of pool for req, waiting at most Limits.BusyWait,
// and returns the context to answer req in (with the request's meter, for
// a pool) and the function that gives the slot back. A WorkPool request
// whose rules are costly by their text takes a costly slot instead.
func (s *Service) take(ctx context.Context, pool Pool, req any) (context.Context, func(), error) {
	var sem chan struct{}
	what := "costly"
	switch pool {
	case NoPool:
		return ctx, func() {}, nil
	case WorkPool:
		sem, what = s.work, "work"
		if s.costlyRequest(req) {
			sem, what = s.costly, "costly"
		}
	default:
		sem = s.costly
	}
	if err := acquire(ctx, sem, s.limits.BusyWait, what); err != nil {
		return ctx, nil, err
	}
	m := &meter{s: s, ctx: ctx, held: sem}
	return context.WithValue(ctx, meterKey{}, m), m.release, nil
}

// Call answers one request of the line protocol: cmd with body, the
// request's fields (a JSON object; the line without "id" and "cmd"), as
// the n-th line of this session's connection would be answered. The
// answer is the JSON text of the response's fields, or the error an
// *Error (answered over lines as {"ok": false, "error", "code"}).
func (sess *Session) Call(ctx context.Context, cmd string, body []byte) ([]byte, error) {
	v, err := sess.dispatch(ctx, cmd, body)
	if err != nil {
		return nil, err
	}
	return marshal(v)
}

// Call answers one request exactly as [Handler] answers it over HTTP (the
// same table, decoder, slots and messages): cmd is the last element of
// the path ("state"), body the request body (ignored by games). The
// answer is the response's JSON text, without a trailing line break, or
// the error an [*Error], whose Status is the HTTP status Handler would
// answer with. A transport that is neither HTTP nor lines (a WebAssembly
// worker's messages) uses it to be served as the HTTP API is.
func (s *Service) Call(ctx context.Context, cmd string, body []byte) ([]byte, error) {
	sess := &Session{svc: s, transport: HTTP}
	c, ok := s.command(cmd, HTTP)
	if !ok {
		return nil, errorf(CodeNotFound, "wire: no endpoint %s (see GET /api/v1/games)", quote("/api/v1/"+cmd))
	}
	if c.getOnly {
		body = []byte("{}")
	}
	v, err := sess.run(ctx, c, body)
	if err != nil {
		return nil, err
	}
	return marshal(v)
}

// marshal returns v's JSON text as the transports write it (no HTML
// escaping, no trailing line break), or an internal *Error.
func marshal(v any) ([]byte, error) {
	b, err := encodeJSON(v)
	if err != nil {
		return nil, errorf(CodeInternal, "wire: internal error: %s", err.Error())
	}
	return b[:len(b)-1], nil
}

// dispatch answers cmd of the session's transport with body.
func (sess *Session) dispatch(ctx context.Context, cmd string, body []byte) (any, error) {
	c, ok := sess.svc.command(cmd, sess.transport)
	if !ok {
		return nil, errorf(CodeNotFound, "engine: unknown command %s (want %s)", quote(cmd), strings.Join(sess.svc.commandNames(sess.transport), ", "))
	}
	return sess.run(ctx, c, body)
}

// run calls c with body; a panic (a bug) is answered as internal, its
// stack logged to the session's log if it has one.
func (sess *Session) run(ctx context.Context, c Command, body []byte) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			if sess.log != nil {
				fmt.Fprintf(sess.log, "engine: panic answering %s %.200q: %v\n%s", c.Name, body, p, debug.Stack())
			}
			v, err = nil, errorf(CodeInternal, "wire: internal error: %v", p)
		}
	}()
	v, err = c.call(ctx, sess, body)
	if err != nil {
		return nil, fromErr(err)
	}
	return v, nil
}
