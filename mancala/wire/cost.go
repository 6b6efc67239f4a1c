package wire

import (
	"context"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// workLaps is the work budget of an ordinary request, in laps of sowing
// of one move (C-6): a request in a work slot first plays its moves under
// this lap bound (a probe); a move endless under it may be a loop sown to
// the rules' bound, so the request moves to a costly slot before it plays
// the move by its rules (docs/wire.md, "Errors and limits"). A move that
// ends within the bound ends the same way under any larger one, so the
// probe never changes an answer; the longest finite move known is 2,411
// laps.
const workLaps = 10_000

// meter is the slot a request holds: a work slot, or a costly one for a
// request whose rules are costly by their text
// ([mancala.Descriptor.Costly]) or whose move passed workLaps. A nil
// meter (a Service method called directly, with no slots) holds none and
// never escalates. One request's meter is used by one goroutine.
type meter struct {
	s    *Service
	ctx  context.Context
	held chan struct{} // the pool whose slot is held (nil: none)
}

// meterKey is the context key of a request's meter.
type meterKey struct{}

// meterOf returns the meter of ctx's request, or nil.
func meterOf(ctx context.Context) *meter {
	m, _ := ctx.Value(meterKey{}).(*meter)
	return m
}

// release gives back the slot held.
func (m *meter) release() {
	if m.held != nil {
		<-m.held
		m.held = nil
	}
}

// costly reports whether m holds a costly slot, or is nil: whether work
// may go on without probing.
func (m *meter) costly() bool { return m == nil || m.held == m.s.costly }

// escalate moves the request from its work slot to a costly slot: it
// gives the work slot back at once, then waits for a costly one (at most
// Limits.BusyWait, then busy).
func (m *meter) escalate() error {
	if m.costly() {
		return nil
	}
	m.release()
	if err := acquire(m.ctx, m.s.costly, m.s.limits.BusyWait, "costly"); err != nil {
		e := err.(*Error)
		e.Message = "wire: busy: a move sows more than " + strconv.Itoa(workLaps) + " laps (a loop sown to the lap bound), and all " +
			strconv.Itoa(cap(m.s.costly)) + " costly slots stayed taken for " + m.s.limits.BusyWait.String() + "; try again later"
		return e
	}
	m.held = m.s.costly
	return nil
}

// costlyRequest reports whether req, a pointer to a request, names rules
// under which it can be slow by the Costly test of its game's descriptor
// ([mancala.Descriptor.Costly]); a request whose game is unknown is not
// (it fails at once).
func (s *Service) costlyRequest(req any) bool {
	costly := func(game, pos string, texts ...string) bool {
		if game == "" {
			game = firstWord(pos)
		}
		g, ok := s.byName[game]
		if !ok {
			return false
		}
		for _, t := range append(texts, pos) {
			if g.ops.costly(t) {
				return true
			}
		}
		return false
	}
	switch r := req.(type) {
	case *StateRequest:
		return costly(r.Game, r.Position, r.Rules)
	case *ApplyRequest:
		return costly(r.Game, r.Position)
	case *RecordRequest:
		return costly(r.Game, r.Start, r.Rules)
	case *ReplayRequest:
		text := strings.TrimSpace(r.Record)
		game, _ := record.GameOf(text)
		if game == "" {
			game = firstWord(text)
		}
		return costly(game, text)
	}
	return false
}

// firstWord returns the first word of a position line: its game.
func firstWord(pos string) string {
	for i := 0; i < len(pos); i++ {
		if pos[i] == ' ' || pos[i] == '\n' {
			return pos[:i]
		}
	}
	return pos
}
