//go:build unix

package main

import "syscall"

// fdLimit returns the process's limit of open files (RLIMIT_NOFILE, soft;
// the Go runtime raises it to the hard limit at start), or 0 if unknown.
func fdLimit() int {
	var r syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r) != nil || r.Cur > 1<<30 {
		return 0
	}
	return int(r.Cur)
}
