package wire

import (
	"context"
	"strconv"
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
