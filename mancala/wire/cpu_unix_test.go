//go:build unix

package wire

import "syscall"

// cpuNanos returns the user and system CPU time the process has used, in
// nanoseconds: benchmarks report it per op beside the wall time, which a
// loaded machine inflates.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// CPUNanos is cpuNanos for the external test package.
var CPUNanos = cpuNanos
