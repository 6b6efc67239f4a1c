// Package hashmix mixes 64-bit words into a hash, for the games'
// mancala.Hasher methods: a fixed function (no random seed), the same on
// every machine and in every process, allocation-free.
package hashmix

// Start is the hash of no words.
const Start uint64 = 0x243f6a8885a308d3

// Add mixes the word w into h and returns the new hash.
func Add(h, w uint64) uint64 {
	h ^= w
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 31
	return h
}

// Bytes mixes b into h, eight bytes at a time (the last word padded with
// zeros), and returns the new hash.
func Bytes(h uint64, b []byte) uint64 {
	for len(b) >= 8 {
		h = Add(h, littleEndian.Uint64(b))
		b = b[8:]
	}
	if len(b) > 0 {
		var w [8]byte
		copy(w[:], b)
		h = Add(h, littleEndian.Uint64(w[:])^uint64(len(b))<<56)
	}
	return h
}

// Finish scrambles h (SplitMix64's finaliser), so that every bit of the
// result depends on every bit mixed in.
func Finish(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}
