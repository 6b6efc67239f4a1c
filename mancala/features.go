package mancala

// Featurer is the optional interface through which a game's position type
// gives generic evaluations (mancala/agent's Linear, fitted by the
// fitting program internal/cmd/fiteval) the features of a position:
// numbers the game's play rewards, such as material, mobility or a safe
// inner row.
//
// AppendFeatures appends the position's features for player pl to dst and
// returns the extended slice: one number per name of FeatureNames, in that
// order, each a difference "pl's minus the opponent's" (so that the
// features for the other player are the negation: antisymmetric), for a
// position whose game is not over. The first feature is the material
// (what the game's Evaluate counts), so that a linear evaluation's weights
// can be read in its unit. It must not allocate when dst has room, and
// must not change the position. A player out of range gives zeros.
//
// FeatureNames returns the features' names, short words such as
// "material", "mobility", the same slice on every call (not to be changed
// by the caller). FeatureWeights returns the weights fitted to the
// game's self-play (internal/cmd/fiteval), one per feature, in units of
// the first feature (its weight is 1): a linear evaluation's value is the
// weighted sum, in the game's evaluation unit (seeds).
type Featurer interface {
	AppendFeatures(dst []float32, pl Player) []float32
	FeatureNames() []string
	FeatureWeights() []float32
}
