// Package seed mixes 64-bit seeds: the one SplitMix64 finaliser that the
// match runner, the batch commands and the vector environments derive
// their generators' seeds with, so that nearby seeds and indices give
// unrelated streams on every machine.
package seed

// Mix is SplitMix64's output function: a bijection of uint64 whose every
// output bit depends on every input bit (Mix(0) = 0xe220a8397b1dcdaf).
func Mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
