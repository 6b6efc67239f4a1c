package kisolo

import "github.com/seed8ebe013a/go-mancala/mancala"

var _ mancala.Featurer = Position{}

// featureNames are Kisolo's features ([Position.AppendFeatures]).
var featureNames = []string{"material", "inner", "innerPits", "movable", "singles", "tempo"}

// FeatureNames returns the names of [Position.AppendFeatures]'s features
// (mancala.Featurer): material (Evaluate's value: two points a seed and
// one an occupied inner pit), inner (seeds on the inner row), innerPits
// (occupied inner pits), movable (pits of two seeds or more), singles
// (pits of one seed) and tempo (1 for the player to move, -1 for the
// other).
func (Position) FeatureNames() []string { return featureNames }

// FeatureWeights returns the weights fitted to Kisolo's self-play, in
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
	var f [2][5]int
	c := p.geom().c
	for x := range 2 {
		first := 16 * x
		for i := 0; i < 2*c; i++ {
			n := int(p.circ[first+i])
			if i >= c {
				f[x][1] += n
				if n > 0 {
					f[x][2]++
				}
			}
			switch {
			case n >= 2:
				f[x][3]++
			case n == 1:
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
