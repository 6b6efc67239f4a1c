package kiothi

import (
	"math/bits"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

var _ mancala.Featurer = Position{}

// featureNames are Kiothi's features ([Position.AppendFeatures]).
var featureNames = []string{"material", "prison", "row", "nki", "occupied", "singles", "tempo"}

// FeatureNames returns the names of [Position.AppendFeatures]'s features
// (mancala.Featurer): material (Evaluate's value: two points a warrior in
// prison, one on the row or in hand), prison (warriors in the player's
// prison), row (warriors on the player's row), nki (the player's nki
// pits), occupied (the player's occupied pits: mobility), singles (pits of
// one warrior) and tempo (1 for the player to move, -1 for the other).
func (Position) FeatureNames() []string { return featureNames }

// FeatureWeights returns the weights fitted to Kiothi's self-play, in
// material points (mancala.Featurer; internal/cmd/fiteval).
func (Position) FeatureWeights() []float32 { return fittedWeights[:] }

// AppendFeatures appends p's features for pl to dst (mancala.Featurer):
// for each name of [Position.FeatureNames], pl's count minus the
// opponent's. It allocates nothing when dst has room; a player out of
// range gets zeros.
func (p Position) AppendFeatures(dst []float32, pl mancala.Player) []float32 {
	if pl > mancala.North {
		for range featureNames {
			dst = append(dst, 0)
		}
		return dst
	}
	var f [2][6]int
	for x := range 2 {
		f[x][1] = int(p.prisons[x])
		f[x][3] = bits.OnesCount32(p.nki >> (10 * x) & 0x3ff)
		for i := 10 * x; i < 10*x+10; i++ {
			n := int(p.pits[i])
			f[x][2] += n
			if n > 0 {
				f[x][4]++
			}
			if n == 1 {
				f[x][5]++
			}
		}
	}
	o := pl.Other()
	dst = append(dst, float32(p.Evaluate(pl)))
	for k := 1; k < 6; k++ {
		dst = append(dst, float32(f[pl][k]-f[o][k]))
	}
	tempo := float32(1)
	if p.ToMove() != pl {
		tempo = -1
	}
	return append(dst, tempo)
}
