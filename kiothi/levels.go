package kiothi

import "github.com/seed8ebe013a/go-mancala/mancala"

// levels is Descriptor.Levels: Kiothi's strength ladder, weakest first,
// with the ratings of docs/strength.md, rounded (Master: Expert's rating
// plus its measured gap over Expert, +316 Elo over Expert in 106 games, 104
// of them distinct, docs/strength.md).
var levels = []mancala.Level{
	{Name: "Beginner", Rating: 1000, Agent: "random"},
	{Name: "Novice", Rating: 1319, Agent: "alphabeta:1"},
	{Name: "Casual", Rating: 1656, Agent: "alphabeta:2"},
	{Name: "Strong", Rating: 1975, Agent: "alphabeta:4"},
	{Name: "Expert", Rating: 2277, Agent: "alphabeta:6"},
	{Name: "Master", Rating: 2593, Agent: "alphabeta:nodes=1000000"},
}

// horizon is Descriptor.Horizon: 200 plies under every rule set, above the
// longest of 100,000 seeded random games measured (129 plies, opening
// steps included; 2-core AMD EPYC) and of AlphaBeta self-play (depth 2
// and 4, 131 plies).
func horizon(Position) int { return 200 }
