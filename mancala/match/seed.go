package match

import "github.com/seed8ebe013a/go-mancala/internal/seed"

// Seeds. Every generator of a match is seeded from the match's seed, its
// key and a game index through SplitMix64's finaliser (a bijection of
// 64-bit words with good avalanche) over the FNV-1a hash of the key, so
// that the seeds are fixed by their inputs alone, on every machine.

// mix is SplitMix64's output function (internal/seed.Mix).
var mix = seed.Mix

// keyHash is the 64-bit FNV-1a hash of key.
func keyHash(key string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(key); i++ {
		h ^= uint64(key[i])
		h *= 1099511628211
	}
	return h
}

// Derive returns the seed of stream number stream drawn from seed: distinct
// streams of one seed give unrelated seeds.
func Derive(seed, stream uint64) uint64 {
	return mix(mix(seed) ^ mix(stream^0x5851f42d4c957f2d))
}

// GameSeed returns the seed of game i of the match (seed, key): the agents'
// seeds ([AgentSeed]) and a random-vs-random game's playout come from it.
// It differs for every i, so the two games of an opening pair (2j, 2j+1)
// get different agent seeds.
func GameSeed(seed uint64, key string, i int) uint64 {
	return mix(Derive(seed, keyHash(key)) ^ mix(uint64(i)<<1|1))
}

// OpeningSeed returns the seed of the random opening of game i of the
// match (seed, key). It depends on i/2 only, so games 2j and 2j+1 play the
// same opening.
func OpeningSeed(seed uint64, key string, i int) uint64 {
	return mix(Derive(seed, keyHash(key)) ^ mix(uint64(i/2)<<1))
}

// AgentSeed returns the seed Play gives player A (a == true) or B in game
// i of the match (seed, key).
func AgentSeed(seed uint64, key string, i int, a bool) uint64 {
	if a {
		return Derive(GameSeed(seed, key, i), streamA)
	}
	return Derive(GameSeed(seed, key, i), streamB)
}
