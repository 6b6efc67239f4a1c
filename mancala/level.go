package mancala

// Level is one rung of a game's strength ladder ([Descriptor].Levels): a
// Name to show ("Casual"), the measured Rating in Elo (the weakest level of
// every game is anchored at 1000; docs/strength.md) and the Agent that
// plays it, as the canonical text of an agent spec ("random",
// "alphabeta:2"; mancala/agent.ParseSpec reads it). Every level has a
// depth or iteration budget, never a time budget, so that it plays the
// same moves on every machine. The same name can be a different agent in
// different games.
type Level struct {
	Name   string
	Rating int
	Agent  string
}
