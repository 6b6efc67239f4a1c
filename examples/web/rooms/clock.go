package rooms

import (
	"sort"
	"sync"
	"time"
)

// Clock is the time of the rooms: the players' clocks, flag-fall,
// abandonment, idle rooms and the message rate all read it, so that a
// test controls time instead of waiting for it ([ManualClock]).
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed, unless
	// the returned stop function is called first (it reports whether it
	// stopped the call).
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// SystemClock is the Clock of the system's time (time.Now,
// time.AfterFunc).
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (SystemClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// ManualClock is a Clock that moves only when told ([ManualClock.Advance]):
// for tests, and for the server's test-only clock (the roomstest build
// tag). Its zero value is not ready; use [NewManualClock].
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	next   int
	timers map[int]manualTimer
}

type manualTimer struct {
	at time.Time
	f  func()
}

// NewManualClock returns a ManualClock showing start.
func NewManualClock(start time.Time) *ManualClock {
	return &ManualClock{now: start, timers: map[int]manualTimer{}}
}

// Now returns the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc schedules f for d after the clock's time; f runs during the
// Advance that reaches it.
func (c *ManualClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	id := c.next
	c.next++
	c.timers[id] = manualTimer{c.now.Add(d), f}
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		_, ok := c.timers[id]
		delete(c.timers, id)
		return ok
	}
}

// Advance moves the clock d forward (d < 0 counts as 0) and calls, in
// this goroutine and in the order of their times, every function whose
// time has come; it returns once they have returned.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	if d > 0 {
		c.now = c.now.Add(d)
	}
	now := c.now
	var due []int
	for id, t := range c.timers {
		if !t.at.After(now) {
			due = append(due, id)
		}
	}
	sort.Slice(due, func(i, j int) bool {
		a, b := c.timers[due[i]], c.timers[due[j]]
		if !a.at.Equal(b.at) {
			return a.at.Before(b.at)
		}
		return due[i] < due[j]
	})
	fs := make([]func(), 0, len(due))
	for _, id := range due {
		fs = append(fs, c.timers[id].f)
		delete(c.timers, id)
	}
	c.mu.Unlock()
	for _, f := range fs {
		f()
	}
}
