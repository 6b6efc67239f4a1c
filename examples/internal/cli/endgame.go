package cli

import (
	"context"
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/endgame"
)

// EndgameSpace returns the endgame space (docs/endgame.md) of d's game
// under the rules of start, with layers of up to seeds seeds on the
// board: the game package's EndgameSpace behind the generic interface.
// Rules a game's space refuses (Kiothi's NkiClear:OwnerLift) give its
// error.
func EndgameSpace[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], start P, seeds int) (endgame.Space[P], error) {
	rules := d.Rules(start)
	var sp any
	var err error
	switch any(d).(type) {
	case *mancala.Descriptor[kiothi.Position, kiothi.Move]:
		var r kiothi.Rules
		if r, err = kiothi.ParseRules(rules); err == nil {
			sp, err = kiothi.NewEndgameSpace(r, seeds)
		}
	case *mancala.Descriptor[kisolo.Position, kisolo.Move]:
		var r kisolo.Rules
		if r, err = kisolo.ParseRules(rules); err == nil {
			sp, err = kisolo.NewEndgameSpace(r, seeds)
		}
	case *mancala.Descriptor[kimasai.Position, kimasai.Move]:
		var r kimasai.Rules
		if r, err = kimasai.ParseRules(rules); err == nil {
			sp, err = kimasai.NewEndgameSpace(r, seeds)
		}
	default:
		return nil, fmt.Errorf("%s has no endgame tables", d.Name)
	}
	if err != nil {
		return nil, err
	}
	s, ok := sp.(endgame.Space[P])
	if !ok {
		return nil, fmt.Errorf("%s: its endgame space does not fit its positions", d.Name)
	}
	return s, nil
}

// EndgameOracle opens (or builds, on first use) the endgame tables of d's
// game under the rules of start with up to seeds seeds in play, in dir
// ("" for the user's cache directory: endgame.DefaultDir), and returns
// them as an oracle for [agent.AlphaBeta]'s Oracle field: the search then
// takes their exact values where they know the position. It is safe for
// use by many searches at once.
func EndgameOracle[P mancala.Position[P, M], M mancala.Move](ctx context.Context, d *mancala.Descriptor[P, M], start P, seeds int, dir string) (agent.Oracle[P], error) {
	sp, err := EndgameSpace(d, start, seeds)
	if err != nil {
		return nil, err
	}
	if dir == "" {
		if dir, err = endgame.DefaultDir(); err != nil {
			return nil, err
		}
	}
	t, _, err := endgame.Open[P, M](ctx, dir, sp, seeds)
	if err != nil {
		return nil, err
	}
	return endgame.NewOracle(t, agent.ProvenWin, agent.ProvenDraw, agent.ProvenLoss, agent.WinValue), nil
}

// WithOracle sets o as the oracle of a when a is an AlphaBeta search
// (other agents, and a nil o, are left as they are) and returns a.
func WithOracle[P mancala.Position[P, M], M mancala.Move](a agent.Agent[P, M], o agent.Oracle[P]) agent.Agent[P, M] {
	if ab, ok := a.(*agent.AlphaBeta[P, M]); ok && o != nil {
		ab.Oracle = o
	}
	return a
}
