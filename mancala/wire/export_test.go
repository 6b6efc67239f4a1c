package wire

// SetGameDone makes s's batch commands call f with each selfplay game's index once that
// game is answered (tests cancel a request there).
func SetGameDone(s *Service, f func(i int)) { s.batch.hooks = &batchHooks{gameDone: f} }
