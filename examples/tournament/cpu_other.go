//go:build !unix

package main

import "time"

// cpuTime reports that the process's CPU time is not measured here.
func cpuTime() (time.Duration, bool) { return 0, false }
