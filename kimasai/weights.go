package kimasai

// fittedWeights are the weights of Bao la Kimasai's features, written by
// internal/cmd/fiteval (go run ./internal/cmd/fiteval -game kimasai -games 1500
// -seed 1 -write): a logistic regression of self-play results on the
// features, divided by the material's weight.
var fittedWeights = [...]float32{1, -4.593, -0.199, 0.277, -0.099, 2.297}
