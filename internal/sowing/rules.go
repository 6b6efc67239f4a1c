package sowing

import (
	"errors"
	"strconv"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Each game keeps its validated, normalised rules packed in one word (its
// ruleBits), the two options of C-6 and the option of C-10 that every game
// has at the same bits and the game's own options in bits 0..8.
const (
	// IllegalBit is set for Endless=Illegal (C-6).
	IllegalBit = 1 << 9
	// LapsShift is the bit where MaxLaps starts: 0 (meaning
	// mancala.DefaultMaxLaps) to mancala.MaxLapsLimit, 22 bits.
	LapsShift = 10
	// RepetitionBit is set for Repetition=Three (C-10), above MaxLaps's
	// 21 bits.
	RepetitionBit = 1 << 31
	// lapsMask keeps MaxLaps's bits once shifted down.
	lapsMask = RepetitionBit>>LapsShift - 1
)

// PackC6 returns the bits of C-6's options: Endless=Illegal (illegal) and
// MaxLaps (0..mancala.MaxLapsLimit).
func PackC6(illegal bool, maxLaps int) uint32 {
	b := uint32(maxLaps) << LapsShift
	if illegal {
		b |= IllegalBit
	}
	return b
}

// UnpackC6 returns C-6's options from a packed rule word.
func UnpackC6(b uint32) (illegal bool, maxLaps int) {
	return b&IllegalBit != 0, int(b >> LapsShift & lapsMask)
}

// Laps returns the lap bound of C-6 a packed rule word holds: MaxLaps, or
// mancala.DefaultMaxLaps when MaxLaps is 0 ([mancala.Laps]).
func Laps(b uint32) uint {
	if l := uint(b >> LapsShift & lapsMask); l != 0 {
		return l
	}
	return mancala.DefaultMaxLaps
}

// Perft is the frame of every game's Position.Perft: a negative depth is an
// error, as for mancala.Perft; otherwise it returns count(depth).
func Perft(game string, depth int, count func(depth int) uint64) (uint64, error) {
	if depth < 0 {
		return 0, errors.New(game + ": perft: depth " + strconv.Itoa(depth) + " is negative")
	}
	return count(depth), nil
}
