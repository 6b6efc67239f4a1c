package kimasai

import "github.com/seed8ebe013a/go-mancala/mancala"

var _ mancala.Featurer = Position{}

// featureNames are Bao la Kimasai's features ([Position.AppendFeatures]).
var featureNames = []string{"material", "reserve", "front", "frontPits", "movable", "tempo"}

// FeatureNames returns the names of [Position.AppendFeatures]'s features
// (mancala.Featurer): material (Evaluate's value: the cows the player
// owns), reserve (cows in the player's reserve), front (cows on the
// player's front, inner row, KM-2), frontPits (occupied front pits: a
// player whose front row empties loses, KM-11, KM-12), movable (pits of
// two cows or more) and tempo (1 for the player to move, -1 for the
// other).
func (Position) FeatureNames() []string { return featureNames }

// FeatureWeights returns the weights fitted to Bao la Kimasai's self-play,
// in cows (mancala.Featurer; internal/cmd/fiteval).
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
	var f [2][5]int
	for x := range 2 {
		first := 16 * x
		f[x][1] = int(p.reserves[x])
		for i := first; i < first+16; i++ {
			n := int(p.pits[i])
			if i < first+Files {
				f[x][2] += n
				if n > 0 {
					f[x][3]++
				}
			}
			if n >= 2 {
				f[x][4]++
			}
		}
	}
	o := pl.Other()
	dst = append(dst, float32(p.Evaluate(pl)))
	for k := 1; k < 5; k++ {
		dst = append(dst, float32(f[pl][k]-f[o][k]))
	}
	tempo := float32(1)
	if p.ToMove() != pl {
		tempo = -1
	}
	return append(dst, tempo)
}
