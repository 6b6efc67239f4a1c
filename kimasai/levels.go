package kimasai

import "github.com/seed8ebe013a/go-mancala/mancala"

// levels is Descriptor.Levels: Bao la Kimasai's strength ladder, weakest
// first, with the ratings of docs/strength.md, rounded (Master: Expert's rating
// plus its measured gap over Expert, +362 Elo over Expert in 100 games, docs/strength.md).
var levels = []mancala.Level{
	{Name: "Beginner", Rating: 1000, Agent: "random"},
	{Name: "Novice", Rating: 1764, Agent: "alphabeta:1"},
	{Name: "Casual", Rating: 2056, Agent: "alphabeta:2"},
	{Name: "Intermediate", Rating: 2319, Agent: "alphabeta:3"},
	{Name: "Strong", Rating: 2581, Agent: "alphabeta:4"},
	{Name: "Expert", Rating: 2749, Agent: "alphabeta:6"},
	{Name: "Master", Rating: 3111, Agent: "alphabeta:nodes=200000"},
}

// horizon is Descriptor.Horizon: 600 plies under every rule set, above the
// longest of 100,000 seeded random games measured (538 plies; 2-core AMD
// EPYC) and of AlphaBeta self-play (depth 2 and 4, 134 plies).
func horizon(Position) int { return 600 }
