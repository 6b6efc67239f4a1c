package wire

// Level is one rung of a game's strength ladder: a Name to show, the
// measured Rating (Elo, the weakest level of every game anchored at 1000)
// and the Agent that plays it, with the fields of a [ThinkRequest] (agent,
// depth, iterations, timeMs), so that a client can play the level through
// think or selfplay. GET /api/v1/games lists each game's levels in its
// entry ([GameInfo].Levels), weakest first.
//
// The ratings come from docs/strength.md: a round robin of the levels of
// each game over random openings played from both seats, fitted by
// maximum likelihood (mancala/agent/rating); each level beats the one
// below it by at least 100 Elo there. The same name can be a different
// agent in different games.
type Level struct {
	Name   string     `json:"name"`
	Rating int        `json:"rating"`
	Agent  LevelAgent `json:"agent"`
}

// LevelAgent is the agent of a [Level], in the fields of a [ThinkRequest]:
// Agent "random", "alphabeta" or "mcts", AlphaBeta's Depth in plies,
// MCTS's Iterations (playouts per move) and TimeMs, a time budget per move
// in milliseconds (0: none beyond the service's cap). Every level has a
// depth or iteration budget, not a time budget, so that it plays the same
// moves on every machine.
type LevelAgent struct {
	Agent      string `json:"agent"`
	Depth      int    `json:"depth,omitempty"`
	Iterations int    `json:"iterations,omitempty"`
	TimeMs     int64  `json:"timeMs,omitempty"`
}

// levels is the table: per game's notation name, weakest first. The
// ratings are those of docs/strength.md, rounded.
var levels = map[string][]Level{
	"kisolo": {
		{Name: "Beginner", Rating: 1000, Agent: LevelAgent{Agent: "random"}},
		{Name: "Casual", Rating: 1461, Agent: LevelAgent{Agent: "alphabeta", Depth: 2}},
		{Name: "Intermediate", Rating: 1662, Agent: LevelAgent{Agent: "alphabeta", Depth: 4}},
		{Name: "Strong", Rating: 1931, Agent: LevelAgent{Agent: "alphabeta", Depth: 6}},
		{Name: "Expert", Rating: 2305, Agent: LevelAgent{Agent: "alphabeta", Depth: 10}},
	},
	"kiothi": {
		{Name: "Beginner", Rating: 1000, Agent: LevelAgent{Agent: "random"}},
		{Name: "Novice", Rating: 1319, Agent: LevelAgent{Agent: "alphabeta", Depth: 1}},
		{Name: "Casual", Rating: 1656, Agent: LevelAgent{Agent: "alphabeta", Depth: 2}},
		{Name: "Strong", Rating: 1975, Agent: LevelAgent{Agent: "alphabeta", Depth: 4}},
		{Name: "Expert", Rating: 2277, Agent: LevelAgent{Agent: "alphabeta", Depth: 6}},
	},
	"kimasai": {
		{Name: "Beginner", Rating: 1000, Agent: LevelAgent{Agent: "random"}},
		{Name: "Novice", Rating: 1764, Agent: LevelAgent{Agent: "alphabeta", Depth: 1}},
		{Name: "Casual", Rating: 2056, Agent: LevelAgent{Agent: "alphabeta", Depth: 2}},
		{Name: "Intermediate", Rating: 2319, Agent: LevelAgent{Agent: "alphabeta", Depth: 3}},
		{Name: "Strong", Rating: 2581, Agent: LevelAgent{Agent: "alphabeta", Depth: 4}},
		{Name: "Expert", Rating: 2749, Agent: LevelAgent{Agent: "alphabeta", Depth: 6}},
	},
}

// Levels returns the strength ladder of the game named game ("kisolo",
// "kiothi", "kimasai"), weakest first, as a new slice; an empty slice for
// a game without one.
func Levels(game string) []Level {
	return append([]Level{}, levels[game]...)
}

// LevelNamed returns the level of game called name, compared without
// regard to case ("casual" finds "Casual"), or false when the game has no
// such level.
func LevelNamed(game, name string) (Level, bool) {
	for _, l := range levels[game] {
		if equalFold(l.Name, name) {
			return l, true
		}
	}
	return Level{}, false
}

// equalFold reports whether a and b are equal under ASCII case folding.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
