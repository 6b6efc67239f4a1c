//go:build race

package kiothi

// raceEnabled: the race detector's instrumentation can allocate where the
// plain build does not, so allocation counts are checked without it.
const raceEnabled = true
