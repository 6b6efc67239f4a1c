//go:build cgo && !race

package main

import "testing"

// skipRace skips an allocation test under the race detector (not here).
func skipRace(t *testing.T) { t.Helper() }
