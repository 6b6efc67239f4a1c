package endgame

import "github.com/seed8ebe013a/go-mancala/mancala"

// Space is what a game provides so that its positions with few seeds in
// play can be tabulated: a perfect index of the positions of one rule set
// with at most MaxSeeds() seeds in play, layer by layer, and its inverse.
// kiothi.EndgameSpace is one. The retrograde analysis ([Build]) plays every
// legal move of every position with the game's own AppendLegalMoves and
// Apply, so the rules are exactly the game's.
//
// The space must be closed: every move from a position of layer n that
// does not end the game leads to a position of the space in layer n or
// below (seeds in play never return), and a move that stays in layer n
// leaves the material ([Space.Material]) of the players unchanged. [Build]
// checks both and fails with [ErrSpace] otherwise.
//
// A Space must be safe for concurrent use once made (the games' spaces are
// immutable).
type Space[P any] interface {
	// Game returns the game's notation name ("kiothi"): the first part of a
	// table file's name.
	Game() string
	// Rules returns the space's rules as in a position's rules= field (""
	// for the defaults). A table file's name carries a hash of it.
	Rules() string
	// Version returns the version of the index: a table file built with
	// another version is refused.
	Version() int
	// Repetition returns the Repetition option of the space's rules (C-10).
	Repetition() mancala.RepetitionRule
	// MaxSeeds returns the largest number of seeds in play the space holds.
	MaxSeeds() int
	// Scored reports whether the game is decided by material out of play
	// (Kiothi's prisons): then a position's result depends on
	// [Space.Material], and a finished game's outcome score decides it.
	Scored() bool
	// Size returns the number of indices of layer n (positions with
	// exactly n seeds in play); 0 out of [0, MaxSeeds()].
	Size(n int) uint64
	// Index returns the layer and index of p and true, or false when p is
	// not in the space (another rule set, a finished game, more seeds in
	// play, a phase the space does not cover).
	Index(p P) (n int, i uint64, ok bool)
	// Position returns a position with index i in layer n and true, or
	// false for an index that names no position (a space may leave gaps)
	// or is out of range. The position has no material out of play
	// (Material 0 before its game ends: the table's values are relative to
	// the lead, see docs/endgame.md); if its player to move has no move it
	// is returned over, as Apply would leave it. Index(Position(n, i)) is
	// (n, i, true) for every position that is not over.
	Position(n int, i uint64) (P, bool)
	// Material returns the material of p out of play for the player to
	// move: their seeds out of play minus the other's (0 in a game that is
	// not scored).
	Material(p P) int
}
