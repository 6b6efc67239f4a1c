//go:build !race

package env_test

import "testing"

// skipRace skips an allocation test under the race detector (not here).
func skipRace(t *testing.T) { t.Helper() }
