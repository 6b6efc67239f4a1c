//go:build !(js && wasm)

package wire

import (
	"context"
	"errors"
	"slices"
	"strings"
)

// SetGameDone makes s's batch commands call f with each selfplay game's index once that
// game is answered (tests cancel a request there).
func SetGameDone(s *Service, f func(i int)) { s.batch.gameDone = f }

// The command table's names, for the tests: a program cannot add commands
// (the table is the protocol's), but the tests register commands that
// hold a slot, and read the table.
type (
	Command   = commandDef
	Session   = session
	Transport = transportSet
	Pool      = slotPool
)

const (
	HTTP       = overHTTP
	Lines      = overLines
	NoPool     = noPool
	WorkPool   = workPool
	CostlyPool = costlyPool
)

func NewCommand[Req, Resp any](name string, t Transport, pool Pool, fn func(ctx context.Context, sess *Session, req Req) (Resp, error)) Command {
	return newCommand(name, t, pool, fn)
}

// Register adds commands after the built-in ones, before s serves. It
// refuses a zero command, a name that is not lower case letters, digits
// and '_' starting with a letter, no transport, or a name a command of the
// same transport already has.
func (s *Service) Register(cmds ...Command) error {
	all := slices.Clone(s.commands())
	for _, c := range cmds {
		switch {
		case c.call == nil:
			return errors.New("wire: register: a zero command (use newCommand)")
		case !validName(c.Name):
			return errors.New("wire: register: bad command name " + quote(c.Name) + " (want lower case letters, digits and _, starting with a letter)")
		case c.Transports&(overHTTP|overLines) == 0:
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

func (s *Service) Commands() []Command { return slices.Clone(s.commands()) }

// String names the transports of t ("http", "lines", "http+lines"), as
// the package documentation's command table does.
func (t transportSet) String() string {
	var s []string
	if t&overHTTP != 0 {
		s = append(s, "http")
	}
	if t&overLines != 0 {
		s = append(s, "lines")
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "+")
}

// String returns "none", "work" or "costly", as the package
// documentation's command table does.
func (p slotPool) String() string {
	return [...]string{noPool: "none", workPool: "work", costlyPool: "costly"}[p]
}

func (s *Service) NewSession() *Session {
	return &session{svc: s, transport: overLines, maxLine: defaultMaxLine}
}

func (sess *session) Call(ctx context.Context, cmd string, body []byte) ([]byte, error) {
	v, err := sess.dispatch(ctx, cmd, body)
	if err != nil {
		return nil, err
	}
	return marshal(v)
}
