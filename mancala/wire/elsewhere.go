package wire

import (
	"context"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

// Elsewhere returns a Game that a service names but does not play, for a
// program that serves each game from a service of its own and must answer
// as one service of all the games would (the page's worker loads one
// WebAssembly file a game, each a service of its game and of Elsewhere of
// the others, in the same order). A request for it, by its name, a
// position or a record of it, gets an [*Error] of code [CodeElsewhere]
// whose Game is name, as soon as the service finds which game the request
// is for: every check before that, and the unknown games' errors (which
// list every game), are the same as in the service of all the games. Its
// Info has only its Name: GET /api/v1/games of such a service lists its
// names but not their rules.
func Elsewhere(name string) Game { return Game{ops: elsewhere(name)} }

// elsewhere is the gameOps of [Elsewhere]: every operation fails with
// CodeElsewhere (the service checks for it before any, so these are
// never reached through the typed methods).
type elsewhere string

func (e elsewhere) err() *Error {
	return &Error{Code: CodeElsewhere, Game: string(e), Message: "wire: game " + quote(string(e)) + " is played by another service"}
}

func (e elsewhere) info() GameInfo                                { return GameInfo{Name: string(e)} }
func (e elsewhere) start(string) (string, error)                  { return "", e.err() }
func (e elsewhere) state(string) (State, error)                   { return State{}, e.err() }
func (e elsewhere) levels() []mancala.Level                       { return nil }
func (e elsewhere) checkOver(string) error                        { return e.err() }
func (e elsewhere) costly(string) bool                            { return false }
func (e elsewhere) replay(*meter, string) (ReplayResponse, error) { return ReplayResponse{}, e.err() }
func (e elsewhere) apply(*meter, string, string, int, string, []string) (ApplyResponse, error) {
	return ApplyResponse{}, e.err()
}
func (e elsewhere) think(context.Context, string, agent.Spec) (ThinkResponse, error) {
	return ThinkResponse{}, e.err()
}
func (e elsewhere) record(*meter, RecordRequest) (RecordResponse, error) {
	return RecordResponse{}, e.err()
}
func (e elsewhere) perft(context.Context, PerftRequest, BatchLimits) (PerftResponse, error) {
	return PerftResponse{}, e.err()
}
func (e elsewhere) playouts(context.Context, PlayoutsRequest, BatchLimits) (PlayoutsResponse, error) {
	return PlayoutsResponse{}, e.err()
}
func (e elsewhere) selfplay(context.Context, SelfplayRequest, BatchLimits, func(int)) (SelfplayResponse, error) {
	return SelfplayResponse{}, e.err()
}
