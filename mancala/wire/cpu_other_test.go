//go:build !unix

package wire

func cpuNanos() int64 { return 0 }

// CPUNanos is cpuNanos for the external test package.
var CPUNanos = cpuNanos
