//go:build linux

package env

import "syscall"

// yieldThread offers the calling thread's core to the kernel's other
// runnable threads (sched_yield): a helper waiting for the next phase
// takes no core from other processes on a busy machine, and on an idle
// one it is back at once.
func yieldThread() {
	syscall.RawSyscall(syscall.SYS_SCHED_YIELD, 0, 0, 0)
}
