// Package gameswire is the wire games of the list of [games]: what the
// servers (the web page, the engine) serve, in the list's order.
package gameswire

import (
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func newGame[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], _ struct{}) wire.Game {
	return wire.NewGame(d)
}

// Wire returns the games served, in the order of [games.Names]: Kisolo,
// Kiothi, Bao la Kimasai.
func Wire() []wire.Game {
	var out []wire.Game
	for _, n := range games.Names() {
		g, err := games.Do(n, struct{}{}, newGame, newGame, newGame)
		if err != nil {
			panic(err) // a name of the list is a game of Do
		}
		out = append(out, g)
	}
	return out
}

// NewService returns a wire service of the games of [Wire] with limits l
// (zero fields: wire.DefaultLimits).
func NewService(l wire.Limits) (*wire.Service, error) {
	return wire.NewService(l, Wire()...)
}
