//go:build !linux

package env

// yieldThread is a no-op where sched_yield is not at hand: the waiting
// helper yields only to the Go scheduler (runtime.Gosched).
func yieldThread() {}
