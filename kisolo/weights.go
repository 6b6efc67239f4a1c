package kisolo

// fittedWeights are the weights of Kisolo's features, written by
// internal/cmd/fiteval (go run ./internal/cmd/fiteval -game kisolo -games 1500
// -seed 1 -write): a logistic regression of self-play results on the
// features, divided by the material's weight.
var fittedWeights = [...]float32{1, -1.856, 17.822, -6.258, -2.478, 26.928}
