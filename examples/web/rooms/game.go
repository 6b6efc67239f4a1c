package rooms

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// play is a room's game, its position and move types hidden: the
// authoritative history of the game (a mancala.History, so that C-10
// ends a game by repetition), played by move text.
type play interface {
	// apply plays the move text at the current position; a refused move
	// gives a *wire.Error (syntax, illegal or game_over) and changes
	// nothing.
	apply(move string) error
	position() string
	start() string
	toMove() string
	turn() int
	plies() int
	moves() []string
	// outcome returns the outcome of the current position (C-10 included).
	outcome() mancala.Outcome
	// record returns the game record of the moves (mancala/record), with
	// the players' names, the date, and extra headers.
	record(south, north string, date time.Time, extra []record.Tag) (string, error)
}

// newPlay returns the play of game from start (a position of the game;
// "" for the start of rules), replaying moves (from a database; a move
// refused there is an error).
func newPlay(game, rules, start string, moves []string) (play, error) {
	type arg struct{ rules, start string }
	p, err := games.Do(game, arg{rules, start},
		func(d *mancala.Descriptor[kisoloP, kisoloM], a arg) playOrErr { return mkPlay(d, a.rules, a.start) },
		func(d *mancala.Descriptor[kiothiP, kiothiM], a arg) playOrErr { return mkPlay(d, a.rules, a.start) },
		func(d *mancala.Descriptor[kimasaiP, kimasaiM], a arg) playOrErr { return mkPlay(d, a.rules, a.start) })
	if err != nil {
		return nil, &wire.Error{Code: wire.CodeBadRequest, Message: "rooms: " + err.Error()}
	}
	if p.err != nil {
		return nil, p.err
	}
	for i, m := range moves {
		if err := p.p.apply(m); err != nil {
			return nil, &wire.Error{Code: wire.CodeBadRequest, Message: "rooms: stored move " + itoa(i+1) + ": " + err.Error()}
		}
	}
	return p.p, nil
}

type (
	kisoloP  = kisolo.Position
	kisoloM  = kisolo.Move
	kiothiP  = kiothi.Position
	kiothiM  = kiothi.Move
	kimasaiP = kimasai.Position
	kimasaiM = kimasai.Move
)

// itoa formats n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }

type playOrErr struct {
	p   play
	err error
}

type gamePlay[P mancala.Position[P, M], M mancala.Move] struct {
	d *mancala.Descriptor[P, M]
	h *mancala.History[P, M]
	t []string // the moves' texts
}

func mkPlay[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], rules, start string) playOrErr {
	var p P
	var err error
	if start != "" {
		p, err = d.Parse(start)
	} else {
		p, err = d.New(rules)
	}
	if err != nil {
		return playOrErr{err: codeOf(err)}
	}
	if p.Outcome().Over() {
		return playOrErr{err: &wire.Error{Code: wire.CodeGameOver, Message: "rooms: the start position is a finished game"}}
	}
	return playOrErr{p: &gamePlay[P, M]{d: d, h: mancala.NewHistory(d, p)}}
}

// codeOf maps the library's errors to the API's (package wire's codes).
func codeOf(err error) *wire.Error {
	var we *wire.Error
	switch {
	case errors.As(err, &we):
		return we
	case errors.Is(err, mancala.ErrGameOver):
		return &wire.Error{Code: wire.CodeGameOver, Message: err.Error()}
	case errors.Is(err, mancala.ErrIllegalMove):
		return &wire.Error{Code: wire.CodeIllegal, Message: err.Error()}
	case errors.Is(err, mancala.ErrSyntax), errors.Is(err, mancala.ErrRules):
		return &wire.Error{Code: wire.CodeSyntax, Message: err.Error()}
	}
	return &wire.Error{Code: wire.CodeBadRequest, Message: err.Error()}
}

func (g *gamePlay[P, M]) apply(text string) error {
	m, err := g.d.ParseMove(strings.TrimSpace(text))
	if err != nil {
		return codeOf(err)
	}
	if _, err := g.h.Apply(m); err != nil {
		return codeOf(err)
	}
	g.t = append(g.t, m.String())
	return nil
}

func (g *gamePlay[P, M]) position() string         { return g.h.Position().String() }
func (g *gamePlay[P, M]) start() string            { return g.h.Start().String() }
func (g *gamePlay[P, M]) toMove() string           { return g.h.Position().ToMove().Letter() }
func (g *gamePlay[P, M]) turn() int                { return g.h.Position().Turn() }
func (g *gamePlay[P, M]) plies() int               { return g.h.Plies() }
func (g *gamePlay[P, M]) moves() []string          { return g.t }
func (g *gamePlay[P, M]) outcome() mancala.Outcome { return g.h.Outcome() }

func (g *gamePlay[P, M]) record(south, north string, date time.Time, extra []record.Tag) (string, error) {
	r, err := record.New(g.h.Start(), append([]M(nil), g.h.Moves()...))
	if err != nil {
		return "", err
	}
	r.South, r.North, r.Extra = south, north, extra
	if !date.IsZero() {
		r.Date = date.UTC().Format("2006-01-02")
	}
	return record.Format(g.d, r)
}
