package wire

import (
	"errors"
	"strconv"
	"time"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// agentKinds are the agent kinds think and selfplay accept, as GET games
// lists them ([GamesResponse].Agents).
var agentKinds = []string{"random", "alphabeta", "mcts", "mcts-eval"}

// agentFields are the agent fields of a think or a selfplay player: Agent
// is an agent spec (mancala/agent.ParseSpec: "alphabeta", "mcts-eval:500",
// "level:casual"), the others the budget fields.
type agentFields struct {
	Agent      string
	Depth      int
	Nodes      int64
	Iterations int
	TimeMs     int64
	Seed       uint64
}

// agentSpec reads f into the spec of the agent to build for a game with
// the given levels, within the think caps l, its time budget always set
// (l.MaxTime when none is given). what prefixes the errors ("wire: ",
// "wire: selfplay south: "); dflt says what 0 stands for in an out of
// range error, given the field's default.
//
// A bare kind ("alphabeta") takes its budget from the fields, 0 meaning
// the default; a spec with its own budget, options or a level takes
// none of the fields, so that no request says one thing twice.
func agentSpec(what string, f agentFields, l Limits, levels []mancala.Level, dflt func(def int64) string) (agent.Spec, error) {
	bad := func(msg string) (agent.Spec, error) { return agent.Spec{}, newError(CodeBadRequest, what+msg) }
	if f.Agent == "" {
		return bad("missing agent (want random, alphabeta, mcts, mcts-eval or a level)")
	}
	s, err := agent.ParseSpec(f.Agent)
	if err == nil {
		s, err = s.Resolve(levels)
	}
	if err != nil {
		var se *agent.SpecError
		msg := err.Error()
		if errors.As(err, &se) {
			msg = "agent " + quote(f.Agent) + ": " + se.Reason
		}
		return agent.Spec{}, &Error{Code: CodeBadRequest, Message: what + msg, err: err}
	}
	bare := f.Agent == s.Kind.String()
	if !bare && (f.Depth != 0 || f.Nodes != 0 || f.Iterations != 0 || f.TimeMs != 0 || f.Seed != 0) {
		return bad("agent " + quote(f.Agent) + " carries its own budget and seed: give depth, nodes, iterations, timeMs and seed only with a bare kind (random, alphabeta, mcts, mcts-eval)")
	}
	if f.Nodes != 0 && s.Kind != agent.KindAlphaBeta {
		return bad("nodes is alphabeta's budget, not " + s.Kind.String() + "'s")
	}
	if bare {
		s = agent.Spec{Kind: s.Kind, Seed: f.Seed, Time: time.Duration(f.TimeMs) * time.Millisecond}
		if f.TimeMs < 0 || f.TimeMs > l.MaxTime.Milliseconds() {
			return bad("timeMs " + strconv.FormatInt(f.TimeMs, 10) + " out of range (want 1.." + strconv.FormatInt(l.MaxTime.Milliseconds(), 10) + ", or 0 for " + dflt(l.MaxTime.Milliseconds()) + ")")
		}
		if f.Depth < 0 || f.Depth > l.MaxDepth {
			return bad("depth " + strconv.Itoa(f.Depth) + " out of range (want 1.." + strconv.Itoa(l.MaxDepth) + ", or 0 for " + dflt(int64(min(agent.DefaultDepth, l.MaxDepth))) + ")")
		}
		if f.Nodes < 0 || f.Nodes > agent.MaxNodes {
			return bad("nodes " + strconv.FormatInt(f.Nodes, 10) + " out of range (want 1.." + strconv.FormatInt(agent.MaxNodes, 10) + ", or 0 for none)")
		}
		if f.Iterations < 0 || f.Iterations > l.MaxIterations {
			return bad("iterations " + strconv.Itoa(f.Iterations) + " out of range (want 1.." + strconv.Itoa(l.MaxIterations) + ", or 0 for " + dflt(int64(agent.DefaultIterations)) + ")")
		}
		switch s.Kind {
		case agent.KindAlphaBeta:
			s.Depth, s.Nodes = f.Depth, f.Nodes
			if s.Depth == 0 && s.Nodes == 0 {
				s.Depth = min(agent.DefaultDepth, l.MaxDepth)
			}
		case agent.KindMCTS, agent.KindMCTSEval:
			s.Iterations = f.Iterations
			if s.Iterations == 0 {
				s.Iterations = min(agent.DefaultIterations, l.MaxIterations)
			}
		}
	}
	switch {
	case s.Depth > l.MaxDepth:
		return bad("agent " + quote(f.Agent) + ": depth " + strconv.Itoa(s.Depth) + " out of range (want 1.." + strconv.Itoa(l.MaxDepth) + ")")
	case s.Iterations > l.MaxIterations:
		return bad("agent " + quote(f.Agent) + ": iterations " + strconv.Itoa(s.Iterations) + " out of range (want 1.." + strconv.Itoa(l.MaxIterations) + ")")
	case s.Time > l.MaxTime:
		return bad("agent " + quote(f.Agent) + ": time " + s.Time.String() + " out of range (want at most " + l.MaxTime.String() + ")")
	case s.Workers > 1:
		return bad("agent " + quote(f.Agent) + ": workers are not served (each think searches on one goroutine)")
	}
	if s.Kind == agent.KindRandom {
		s.Time = 0
	} else if s.Time == 0 {
		s.Time = l.MaxTime
	}
	if s.Kind == agent.KindAlphaBeta && s.Depth == 0 && s.Nodes == 0 {
		s.Depth = l.MaxDepth // a time budget without a depth: the deepest allowed
	}
	if (s.Kind == agent.KindMCTS || s.Kind == agent.KindMCTSEval) && s.Iterations == 0 {
		s.Iterations = l.MaxIterations
	}
	return s, nil
}
