package agent

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Bounds of a [Spec], beside [MaxDepth] and [MaxWorkers].
const (
	// MaxIterations is the largest MCTS iteration budget a Spec names.
	MaxIterations = 10_000_000
	// MaxTime is the largest time budget per move a Spec names.
	MaxTime = 24 * time.Hour
	// MaxNodes is the largest AlphaBeta node budget a Spec names.
	MaxNodes = 1 << 40
	// maxSpecLen bounds the text ParseSpec reads, in bytes.
	maxSpecLen = 256
)

// Kind is the kind of agent a [Spec] names. The zero Kind names none.
type Kind uint8

const (
	// KindRandom is [Random]: uniform legal moves. It takes a seed only.
	KindRandom Kind = iota + 1
	// KindAlphaBeta is [AlphaBeta] with the game's evaluation
	// ([NewAlphaBeta]); its budget is a depth in plies.
	KindAlphaBeta
	// KindMCTS is [MCTS] with uniform random playouts ([NewMCTS]); its
	// budget is a number of iterations (playouts).
	KindMCTS
	// KindMCTSEval is MCTS whose playouts are cut after [LeafPlies] plies
	// and scored by the game's evaluation ([NewMCTSEval]); its budget is
	// a number of iterations.
	KindMCTSEval
	// KindLevel names a level of a game's strength ladder
	// ([mancala.Descriptor].Levels) by its name or its number:
	// [Spec.Resolve] turns it into the level's agent.
	KindLevel
)

var kindNames = [...]string{"", "random", "alphabeta", "mcts", "mcts-eval", "level"}

// KindNames lists the agent kinds as their text, for help and errors:
// "random, alphabeta, mcts, mcts-eval".
const KindNames = "random, alphabeta, mcts, mcts-eval"

// String returns the kind as written in a spec ("random", "alphabeta",
// "mcts", "mcts-eval", "level"); out of range "Kind(9)".
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// ErrSpec reports an agent spec that cannot be read or is out of bounds;
// the errors of [ParseSpec], [Spec.Validate], [Spec.Resolve] and [New]
// wrap it.
var ErrSpec = errors.New("agent: bad spec")

// SpecError is a spec error: the Text read (empty for a Spec built in
// code) and the Reason. It unwraps to [ErrSpec].
type SpecError struct {
	Text   string
	Reason string
}

// Error returns "agent: spec "mcts:0": iterations 0: want 1..10000000".
func (e *SpecError) Error() string {
	if e.Text == "" {
		return "agent: spec: " + e.Reason
	}
	return "agent: spec " + strconv.Quote(e.Text) + ": " + e.Reason
}

// Unwrap returns [ErrSpec].
func (e *SpecError) Unwrap() error { return ErrSpec }

// Spec names an agent and its per-move budget, as one line of text that
// every program and transport reads the same way ([ParseSpec]) and writes
// the same way ([Spec.String]). [New] builds the agent for a game.
//
// # Text form
//
//	random[:seed=S]
//	alphabeta[:DEPTH][:nodes=N][:eval=linear][:time=T][:seed=S]
//	mcts[:ITERATIONS][:time=T][:workers=W][:seed=S]
//	mcts-eval[:ITERATIONS][:time=T][:workers=W][:seed=S]
//	level:NAME[:seed=S]     a level of the game's ladder by name ("level:casual")
//	level:N[:seed=S]        or by number from the weakest (level:1 is the first)
//	NAME[:seed=S]           a bare level name ("Casual"), the same as level:NAME
//
// The parts are separated by colons, never commas, so that specs can be
// listed with commas ("random,alphabeta:4,mcts:500:time=1s"). DEPTH is
// 1..[MaxDepth] plies and ITERATIONS 1..[MaxIterations]; they may also be
// written as the options depth=DEPTH and iterations=ITERATIONS, in any
// order with the others. N is AlphaBeta's node budget, 1..[MaxNodes]
// positions a move (AlphaBeta.Nodes: deterministic, as a depth is);
// eval=linear evaluates with the game's fitted features ([Linear]) instead
// of its Evaluate ([Evaluation]). T is a Go duration ("500ms", "2s"), at most
// [MaxTime]; W is 0..[MaxWorkers]; S is a decimal uint64 that seeds the
// agent's random stream (random, mcts and mcts-eval; alphabeta ignores
// it). Kinds are lower case; level names match in any case. Without a
// time or node budget, a search without a budget gets the default
// ([DefaultDepth], [DefaultIterations]): "alphabeta" is "alphabeta:6".
//
// # Canonical form
//
// ParseSpec returns a normalised Spec, and two texts that name the same
// agent read as equal Specs (==) whose String is the same canonical text:
// the kind, then ":" and the budget when there is one, then nodes, eval, time, workers
// (only above 1) and seed (only when not 0), in that order, numbers in
// plain decimal and the time as [time.Duration.String]; level names in
// lower case after "level:". So "alphabeta:02" and "alphabeta:+2" are
// "alphabeta:2", "mcts:100:workers=1" is "mcts:100", "Casual" is
// "level:casual" and "alphabeta:time=1000ms" is "alphabeta:time=1s".
type Spec struct {
	// Kind is the agent's kind; the zero Spec names no agent.
	Kind Kind
	// Level is a KindLevel spec's level: its name in lower case
	// ("casual") or its number from 1 in decimal ("2"). Empty otherwise.
	Level string
	// Depth is KindAlphaBeta's depth in plies: 1..MaxDepth, or 0 for no
	// depth limit when Time is set. Zero for the other kinds.
	Depth int
	// Nodes is KindAlphaBeta's node budget per move (AlphaBeta.Nodes):
	// 1..MaxNodes, or 0 for none. Zero for the other kinds.
	Nodes int64
	// Eval is KindAlphaBeta's evaluation: "" for the game's Evaluate
	// ([Evaluation]) or "linear" for its fitted features ([Linear]).
	Eval string
	// Iterations is KindMCTS's and KindMCTSEval's iterations (playouts)
	// per move: 1..MaxIterations, or 0 for no limit when Time is set.
	// Zero for the other kinds.
	Iterations int
	// Time bounds the search of one move: 0 (none) or up to MaxTime.
	// KindAlphaBeta, KindMCTS and KindMCTSEval only.
	Time time.Duration
	// Workers is the MCTS kinds' number of goroutines: 0 (one) or
	// 2..MaxWorkers (1 normalises to 0).
	Workers int
	// Seed seeds the agent's random stream (random and the MCTS kinds).
	Seed uint64
}

// ParseSpec reads an agent spec in the text form of [Spec] and returns it
// normalised, so that s.String() is the canonical text. Errors are
// [*SpecError]s wrapping [ErrSpec]; they name the part at fault and what
// it may be. A level is not looked up (there is no game yet):
// [Spec.Resolve] or [New] does that.
func ParseSpec(text string) (Spec, error) {
	var s Spec
	bad := func(reason string) (Spec, error) { return Spec{}, &SpecError{Text: text, Reason: reason} }
	if text == "" {
		return bad("empty (want " + KindNames + ", or a level)")
	}
	if len(text) > maxSpecLen {
		return Spec{}, &SpecError{Text: text[:32] + "...", Reason: "longer than " + strconv.Itoa(maxSpecLen) + " bytes"}
	}
	parts := strings.Split(text, ":")
	kind, rest := parts[0], parts[1:]
	switch kind {
	case "random":
		s.Kind = KindRandom
	case "alphabeta":
		s.Kind = KindAlphaBeta
	case "mcts":
		s.Kind = KindMCTS
	case "mcts-eval":
		s.Kind = KindMCTSEval
	case "level":
		if len(rest) == 0 {
			return bad("level needs a name or number (level:casual, level:2)")
		}
		s.Kind = KindLevel
		lv, err := levelText(rest[0])
		if err != nil {
			return bad(err.Error())
		}
		s.Level, rest = lv, rest[1:]
	default:
		if !isLevelName(kind) || len(rest) > 0 && !strings.Contains(rest[0], "=") {
			return bad("unknown agent " + strconv.Quote(kind) + " (want " + KindNames + ", or a level)")
		}
		s.Kind, s.Level = KindLevel, strings.ToLower(kind)
	}
	seen := map[string]bool{}
	if len(rest) > 0 && !strings.Contains(rest[0], "=") && s.Kind != KindLevel {
		arg := rest[0]
		rest = rest[1:]
		if s.Kind == KindRandom {
			return bad("random takes no budget")
		}
		n, err := strconv.Atoi(arg)
		if err != nil {
			return bad("budget " + strconv.Quote(arg) + ": want a whole number")
		}
		if s.Kind == KindAlphaBeta {
			s.Depth = n
			seen["depth"] = true
		} else {
			s.Iterations = n
			seen["iterations"] = true
		}
		if n == 0 {
			return bad(s.Kind.String() + ":0: want a positive budget, or none")
		}
	}
	for _, opt := range rest {
		key, val, ok := strings.Cut(opt, "=")
		if !ok {
			return bad("option " + strconv.Quote(opt) + ": want key=value")
		}
		if seen[key] {
			return bad(key + " given twice")
		}
		seen[key] = true
		if reason := s.setOption(key, val); reason != "" {
			return bad(reason)
		}
	}
	s = s.normalize()
	if err := s.validate(); err != "" {
		return bad(err)
	}
	return s, nil
}

// setOption sets the option key to val, or returns why it cannot.
func (s *Spec) setOption(key, val string) string {
	num := func(what string) (int, string) {
		n, err := strconv.Atoi(val)
		if err != nil {
			return 0, what + " " + strconv.Quote(val) + ": want a whole number"
		}
		return n, ""
	}
	var reason string
	switch key {
	case "depth":
		if s.Kind != KindAlphaBeta {
			return s.Kind.String() + " takes no depth (alphabeta does)"
		}
		s.Depth, reason = num("depth")
		if reason == "" && s.Depth == 0 {
			reason = "depth 0: want 1.." + strconv.Itoa(MaxDepth) + ", or none"
		}
	case "nodes":
		if s.Kind != KindAlphaBeta {
			return s.Kind.String() + " takes no node budget (alphabeta does)"
		}
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil || n <= 0 || n > MaxNodes {
			return "nodes " + strconv.Quote(val) + ": want a whole number 1.." + strconv.FormatInt(MaxNodes, 10)
		}
		s.Nodes = n
	case "eval":
		if s.Kind != KindAlphaBeta {
			return s.Kind.String() + " takes no eval (alphabeta does)"
		}
		if val != "linear" {
			return "eval " + strconv.Quote(val) + ": want linear"
		}
		s.Eval = val
	case "iterations":
		if s.Kind != KindMCTS && s.Kind != KindMCTSEval {
			return s.Kind.String() + " takes no iterations (mcts and mcts-eval do)"
		}
		s.Iterations, reason = num("iterations")
		if reason == "" && s.Iterations == 0 {
			reason = "iterations 0: want 1.." + strconv.Itoa(MaxIterations) + ", or none"
		}
	case "time":
		if s.Kind == KindRandom || s.Kind == KindLevel {
			return s.Kind.String() + " takes no time budget"
		}
		d, err := time.ParseDuration(val)
		if err != nil {
			return "time " + strconv.Quote(val) + ": want a duration such as 500ms or 2s"
		}
		if d <= 0 {
			return "time " + val + ": want a positive duration"
		}
		s.Time = d
	case "workers":
		if s.Kind != KindMCTS && s.Kind != KindMCTSEval {
			return s.Kind.String() + " takes no workers (mcts and mcts-eval do)"
		}
		s.Workers, reason = num("workers")
	case "seed":
		n, err := strconv.ParseUint(val, 10, 64)
		if err != nil {
			return "seed " + strconv.Quote(val) + ": want a decimal number 0.." + strconv.FormatUint(^uint64(0), 10)
		}
		s.Seed = n
	default:
		return "unknown option " + strconv.Quote(key) + " (want depth, nodes, eval, iterations, time, workers or seed)"
	}
	return reason
}

// levelText reads the NAME or N of level:NAME / level:N: a number in
// plain decimal, a name in lower case.
func levelText(arg string) (string, error) {
	if arg != "" && arg[0] >= '0' && arg[0] <= '9' || arg != "" && arg[0] == '+' {
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			return "", errors.New("level " + strconv.Quote(arg) + ": want a number 1 or more, or a name")
		}
		return strconv.Itoa(n), nil
	}
	if !isLevelName(arg) {
		return "", errors.New("level " + strconv.Quote(arg) + ": want a name of letters, digits, - and _ starting with a letter, or a number")
	}
	return strings.ToLower(arg), nil
}

// isLevelName reports whether s can be a level's name: ASCII letters,
// digits, '-' and '_', starting with a letter, at most 64 bytes.
func isLevelName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '-' || c == '_'):
		default:
			return false
		}
	}
	return true
}

// normalize returns s with the defaults filled in and equivalent values
// made equal: a search without a budget gets the default one when it has
// no time (or node) budget either; one worker is written as 0.
func (s Spec) normalize() Spec {
	switch s.Kind {
	case KindAlphaBeta:
		if s.Depth == 0 && s.Time == 0 && s.Nodes == 0 {
			s.Depth = DefaultDepth
		}
	case KindMCTS, KindMCTSEval:
		if s.Iterations == 0 && s.Time == 0 {
			s.Iterations = DefaultIterations
		}
	}
	if s.Workers == 1 {
		s.Workers = 0
	}
	if s.Kind == KindLevel {
		if lv, err := levelText(s.Level); err == nil {
			s.Level = lv
		}
	}
	return s
}

// validate returns why s is out of bounds, or "".
func (s Spec) validate() string {
	switch {
	case s.Kind < KindRandom || s.Kind > KindLevel:
		return "no agent kind (want " + KindNames + ", or a level)"
	case s.Depth < 0 || s.Depth > MaxDepth:
		return "depth " + strconv.Itoa(s.Depth) + ": want 1.." + strconv.Itoa(MaxDepth)
	case s.Depth != 0 && s.Kind != KindAlphaBeta:
		return s.Kind.String() + " takes no depth (alphabeta does)"
	case s.Nodes < 0 || s.Nodes > MaxNodes:
		return "nodes " + strconv.FormatInt(s.Nodes, 10) + ": want 1.." + strconv.FormatInt(MaxNodes, 10)
	case s.Nodes != 0 && s.Kind != KindAlphaBeta:
		return s.Kind.String() + " takes no node budget (alphabeta does)"
	case s.Eval != "" && s.Eval != "linear":
		return "eval " + strconv.Quote(s.Eval) + ": want linear"
	case s.Eval != "" && s.Kind != KindAlphaBeta:
		return s.Kind.String() + " takes no eval (alphabeta does)"
	case s.Iterations < 0 || s.Iterations > MaxIterations:
		return "iterations " + strconv.Itoa(s.Iterations) + ": want 1.." + strconv.Itoa(MaxIterations)
	case s.Iterations != 0 && s.Kind != KindMCTS && s.Kind != KindMCTSEval:
		return s.Kind.String() + " takes no iterations (mcts and mcts-eval do)"
	case s.Time < 0 || s.Time > MaxTime:
		return "time " + s.Time.String() + ": want a positive duration up to " + MaxTime.String()
	case s.Time != 0 && (s.Kind == KindRandom || s.Kind == KindLevel):
		return s.Kind.String() + " takes no time budget"
	case s.Workers < 0 || s.Workers > MaxWorkers:
		return "workers " + strconv.Itoa(s.Workers) + ": want 0.." + strconv.Itoa(MaxWorkers)
	case s.Workers > 1 && s.Kind != KindMCTS && s.Kind != KindMCTSEval:
		return s.Kind.String() + " takes no workers (mcts and mcts-eval do)"
	case s.Kind == KindLevel && s.Level == "":
		return "level needs a name or number (level:casual, level:2)"
	case s.Kind == KindLevel:
		if _, err := levelText(s.Level); err != nil {
			return err.Error()
		}
	case s.Level != "":
		return s.Kind.String() + " names no level"
	}
	return ""
}

// Validate reports a Spec that [New] would refuse: no kind, a budget out
// of its bounds (depth 1..MaxDepth, nodes 1..MaxNodes, iterations 1..MaxIterations, time up
// to MaxTime, workers 0..MaxWorkers) or one the kind does not take. The
// error is a [*SpecError] wrapping [ErrSpec]. A zero Depth or Iterations
// is valid: the default budget, or none with a time budget.
func (s Spec) Validate() error {
	if r := s.validate(); r != "" {
		return &SpecError{Reason: r}
	}
	return nil
}

// String returns s's canonical text (see [Spec]): ParseSpec(s.String())
// is s normalised. An invalid Spec prints as far as it can ("Kind(0)").
func (s Spec) String() string {
	s = s.normalize()
	var b strings.Builder
	b.WriteString(s.Kind.String())
	switch s.Kind {
	case KindAlphaBeta:
		if s.Depth != 0 {
			b.WriteString(":" + strconv.Itoa(s.Depth))
		}
	case KindMCTS, KindMCTSEval:
		if s.Iterations != 0 {
			b.WriteString(":" + strconv.Itoa(s.Iterations))
		}
	case KindLevel:
		b.WriteString(":" + s.Level)
	}
	if s.Nodes != 0 {
		b.WriteString(":nodes=" + strconv.FormatInt(s.Nodes, 10))
	}
	if s.Eval != "" {
		b.WriteString(":eval=" + s.Eval)
	}
	if s.Time != 0 {
		b.WriteString(":time=" + s.Time.String())
	}
	if s.Workers > 1 {
		b.WriteString(":workers=" + strconv.Itoa(s.Workers))
	}
	if s.Seed != 0 {
		b.WriteString(":seed=" + strconv.FormatUint(s.Seed, 10))
	}
	return b.String()
}

// MarshalText returns the canonical text, so that a Spec is a JSON
// string; an invalid Spec gives its [Spec.Validate] error.
func (s Spec) MarshalText() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads text with [ParseSpec]; on error *s is unchanged.
func (s *Spec) UnmarshalText(text []byte) error {
	v, err := ParseSpec(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// IgnoresSeed reports whether the agent's moves depend on the positions
// only, not on its seed: an alphabeta spec without a time budget (a level
// is not known before [Spec.Resolve]).
func (s Spec) IgnoresSeed() bool { return s.Kind == KindAlphaBeta && s.Time == 0 }

// LookupLevel returns the level of levels (a game's Descriptor.Levels)
// that a KindLevel spec's Level names: by number from 1, or by name in
// any case. Anything else gives a [*SpecError] listing the levels.
func LookupLevel(levels []mancala.Level, level string) (mancala.Level, error) {
	if n, err := strconv.Atoi(level); err == nil {
		if n >= 1 && n <= len(levels) {
			return levels[n-1], nil
		}
		if len(levels) == 0 {
			return mancala.Level{}, &SpecError{Text: "level:" + level, Reason: "the game has no levels"}
		}
		return mancala.Level{}, &SpecError{Text: "level:" + level,
			Reason: "the game has " + strconv.Itoa(len(levels)) + " levels (want level:1..level:" + strconv.Itoa(len(levels)) + ")"}
	}
	names := make([]string, len(levels))
	for i, l := range levels {
		if strings.EqualFold(l.Name, level) {
			return l, nil
		}
		names[i] = l.Name
	}
	want := "the game has no levels"
	if len(names) > 0 {
		want = "its levels are " + strings.Join(names, ", ")
	}
	return mancala.Level{}, &SpecError{Text: level, Reason: "unknown agent or level (want " + KindNames + ", or a level: " + want + ")"}
}

// Resolve returns the spec of the agent that plays s: s itself unless it
// names a level, else the agent of that level of levels (a game's
// Descriptor.Levels), with s's Seed added to it. It also checks the
// result as [Spec.Validate] does. Errors are [*SpecError]s.
func (s Spec) Resolve(levels []mancala.Level) (Spec, error) {
	if err := s.Validate(); err != nil {
		return Spec{}, err
	}
	if s.Kind != KindLevel {
		return s.normalize(), nil
	}
	l, err := LookupLevel(levels, s.Level)
	if err != nil {
		return Spec{}, err
	}
	r, err := ParseSpec(l.Agent)
	if err != nil {
		return Spec{}, &SpecError{Text: l.Agent, Reason: "level " + l.Name + ": " + err.(*SpecError).Reason}
	}
	if r.Kind == KindLevel {
		return Spec{}, &SpecError{Text: l.Agent, Reason: "level " + l.Name + " names another level"}
	}
	r.Seed += s.Seed
	return r, nil
}

// New returns the agent s names for d's game: a [*Random], an
// [*AlphaBeta] from [NewAlphaBeta] with a transposition table of 2^16
// entries (2^20 with a node budget), or an [*MCTS] from [NewMCTS] or [NewMCTSEval], with s's budget
// and seed; a level is resolved through d.Levels first ([Spec.Resolve]).
// A spec that does not validate or names no level of d's gives a
// [*SpecError] naming the game, wrapping [ErrSpec].
func New[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s Spec) (Agent[P, M], error) {
	r, err := s.Resolve(d.Levels)
	if err != nil {
		var se *SpecError
		if errors.As(err, &se) && s.Kind == KindLevel {
			return nil, &SpecError{Text: s.String(), Reason: d.Name + ": " + se.Reason}
		}
		return nil, err
	}
	switch r.Kind {
	case KindRandom:
		return NewRandom[P, M](r.Seed), nil
	case KindAlphaBeta:
		a := NewAlphaBeta(d, r.Depth)
		a.Time, a.Nodes, a.TableSize = r.Time, r.Nodes, 1<<16
		if r.Nodes > 0 {
			a.TableSize = 1 << 20
		}
		if r.Eval == "linear" {
			a.Eval = Linear(d)
		}
		return a, nil
	case KindMCTS:
		m := NewMCTS[P, M](r.Iterations, r.Seed)
		m.Time, m.Workers = r.Time, r.Workers
		return m, nil
	}
	m := NewMCTSEval(d, r.Iterations, r.Seed)
	m.Time, m.Workers = r.Time, r.Workers
	return m, nil
}
