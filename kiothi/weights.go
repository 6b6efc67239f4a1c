package kiothi

// fittedWeights are the weights of Kiothi's features, written by
// internal/cmd/fiteval (go run ./internal/cmd/fiteval -game kiothi -games 1500
// -seed 1 -write): a logistic regression of self-play results on the
// features, divided by the material's weight.
var fittedWeights = [...]float32{1, 20.069, -0.228, -7.886, 22.392, -1.869, 12.647}
