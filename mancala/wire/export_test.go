package wire

import "context"

// SetGameDone makes s's batch commands call f with each selfplay game's index once that
// game is answered (tests cancel a request there).
func SetGameDone(s *Service, f func(i int)) { s.batch.hooks = &batchHooks{gameDone: f} }

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

func (s *Service) Register(cmds ...Command) error { return s.register(cmds...) }

func (s *Service) Commands() []Command { return s.commands() }

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
