package kisolo

import "github.com/seed8ebe013a/go-mancala/mancala"

// levels is Descriptor.Levels: Kisolo's strength ladder, weakest first,
// with the ratings of docs/strength.md, rounded (Master: Expert's rating
// plus its measured gap over Expert, +491 Elo over Expert in 146 games, 104
// of them distinct, docs/strength.md).
var levels = []mancala.Level{
	{Name: "Beginner", Rating: 1000, Agent: "random"},
	{Name: "Casual", Rating: 1461, Agent: "alphabeta:2"},
	{Name: "Intermediate", Rating: 1662, Agent: "alphabeta:4"},
	{Name: "Strong", Rating: 1931, Agent: "alphabeta:6"},
	{Name: "Expert", Rating: 2305, Agent: "alphabeta:10"},
	{Name: "Master", Rating: 2796, Agent: "alphabeta:nodes=800000"},
}

// horizon is Descriptor.Horizon: 1,000 plies under Win:OuterRowEmptied,
// 400 on 8 files, 300 on 6 or 7. Each is above the longest of many random
// games measured (2-core AMD EPYC, seeded random legal moves: 200,000
// games of the default rules, longest 242 plies; Columns:6 100,000, 142;
// Columns:8 100,000, 310; Win:OuterRowEmptied with Outer3 50,000, 864)
// and above AlphaBeta self-play (depth 2 and 4, longest 110 plies).
func horizon(p Position) int {
	r := p.Rules()
	switch {
	case r.Win == OuterRowEmptied:
		return 1000
	case r.Layout().Files() == 8:
		return 400
	}
	return 300
}
