//go:build cgo && race

package main

import "testing"

// skipRace skips an allocation test: the race detector allocates.
func skipRace(t *testing.T) {
	t.Helper()
	t.Skip("allocation counts are not meaningful under the race detector")
}
