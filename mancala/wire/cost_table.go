//go:build !(js && wasm)

// The slots' part of the command table, left out of the js/wasm build
// with the table (command.go): a request's meter in its context, and the
// rules a request names that are costly by their text.

package wire

import (
	"context"
	"strings"

	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// meterKey is the context key of a request's meter.
type meterKey struct{}

// meterOf returns the meter of ctx's request, or nil.
func meterOf(ctx context.Context) *meter {
	m, _ := ctx.Value(meterKey{}).(*meter)
	return m
}

// costlyRequest reports whether req, a pointer to a request, names rules
// under which it can be slow by the Costly test of its game's descriptor
// ([mancala.Descriptor.Costly]); a request whose game is unknown is not
// (it fails at once).
func (s *Service) costlyRequest(req any) bool {
	costly := func(game, pos string, texts ...string) bool {
		if game == "" {
			game = firstWord(pos)
		}
		g, ok := s.byName[game]
		if !ok {
			return false
		}
		for _, t := range append(texts, pos) {
			if g.ops.costly(t) {
				return true
			}
		}
		return false
	}
	switch r := req.(type) {
	case *StateRequest:
		return costly(r.Game, r.Position, r.Rules)
	case *ApplyRequest:
		return costly(r.Game, r.Position)
	case *RecordRequest:
		return costly(r.Game, r.Start, r.Rules)
	case *ReplayRequest:
		text := strings.TrimSpace(r.Record)
		game, _ := record.GameOf(text)
		if game == "" {
			game = firstWord(text)
		}
		return costly(game, text)
	}
	return false
}

// firstWord returns the first word of a position line: its game.
func firstWord(pos string) string {
	for i := 0; i < len(pos); i++ {
		if pos[i] == ' ' || pos[i] == '\n' {
			return pos[:i]
		}
	}
	return pos
}
