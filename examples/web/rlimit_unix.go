//go:build unix

package main

import (
	"os"
	"syscall"
)

// fdLimit returns the process's limit of open files (RLIMIT_NOFILE, soft;
// the Go runtime raises it to the hard limit at start), or 0 if unknown.
func fdLimit() int {
	var r syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r) != nil || r.Cur > 1<<30 {
		return 0
	}
	return int(r.Cur)
}

// fdsOpen returns the number of files the process has open (standard
// streams, the runtime's poller, inherited descriptors), or 16 where
// /proc/self/fd cannot be read.
func fdsOpen() int {
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return 16
	}
	return len(es) - 1 // the directory's own descriptor, closed now
}
