package mancala

// Hasher is the optional interface through which a game's position type
// gives generic searches (mancala/agent's transposition table) a 64-bit
// hash of itself. Hash returns the same value for equal positions (==),
// and is built to tell apart every two positions that differ in anything
// the rules read: pits, stores, reserves, hand, marks, the side to move,
// the turn counter (Bao la Kimasai's free first turn and Kiothi's opening
// read it), the rules and a written result. Two different positions share
// a hash only by a 64-bit collision. It is a fixed function of the
// position (no random seed): the same on every machine and in every
// process, so that searches keyed by it are reproducible. It must not
// allocate. kiothi.Position, kisolo.Position and kimasai.Position
// implement it; a search falls back to hashing the position's notation
// (String, which allocates) for position types that do not.
type Hasher interface {
	Hash() uint64
}
