// Package games is the one list of the games the example servers serve
// (examples/web and examples/mancala-engine), in the order of their answers to
// games.
package games

import (
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Wire returns the games served, in order: Kisolo, Kiothi, Bao la
// Kimasai.
func Wire() []wire.Game {
	return []wire.Game{wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kiothi.Descriptor), wire.NewGame(&kimasai.Descriptor)}
}

// NewService returns a wire service of the games of [Wire] with limits l
// (zero fields: wire.DefaultLimits).
func NewService(l wire.Limits) (*wire.Service, error) {
	return wire.NewService(l, Wire()...)
}
