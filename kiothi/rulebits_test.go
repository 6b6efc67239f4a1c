package kiothi

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/gametest"
)

// TestRuleSets: positions hold their rules (packed in one word) so that
// every rule set reads back and distinct rule sets give distinct positions.
func TestRuleSets(t *testing.T) { gametest.RuleSets(t, &Descriptor) }
