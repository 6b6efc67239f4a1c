package wire

// SetGameDone makes b call f with each selfplay game's index once that
// game is answered (tests cancel a request there).
func SetGameDone(b *Batch, f func(i int)) { b.hooks = &batchHooks{gameDone: f} }
