// Package games is the module's one list of its games, for its programs
// (examples/...) and its C library (mancala/env/cabi): their notation
// names in order ([Names], [List]), their levels ([Levels]) and the
// dispatch of a program's generic work to a game by name ([Do]). The
// servers' wire games are in [gameswire] (kept apart so that the C
// library does not link the JSON service). Library packages under
// mancala/ name no game and never import it. Adding a game means adding it
// here: [Do]'s signature then changes, so that every program that does
// not handle the new game stops compiling rather than refusing it at run
// time.
package games

import (
	"errors"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// names are the games' notation names in the order of Wire.
var names = []string{kisolo.Descriptor.Name, kiothi.Descriptor.Name, kimasai.Descriptor.Name}

// Names returns the games' notation names, in order: kisolo, kiothi,
// kimasai (a new slice).
func Names() []string { return append([]string{}, names...) }

// List returns the games' names for a flag's help: "kisolo|kiothi|kimasai".
func List() string { return strings.Join(names, "|") }

// Unknown returns the error for a name that is no game: `unknown game
// "oware" (want kisolo, kiothi, kimasai)`.
func Unknown(name string) error {
	return errors.New("unknown game " + strconv.Quote(name) + " (want " + strings.Join(names, ", ") + ")")
}

// Levels returns the levels of the game named name (its descriptor's
// Levels, weakest first; not to be changed), or nil for a name that is no
// game.
func Levels(name string) []mancala.Level {
	switch name {
	case kisolo.Descriptor.Name:
		return kisolo.Descriptor.Levels
	case kiothi.Descriptor.Name:
		return kiothi.Descriptor.Levels
	case kimasai.Descriptor.Name:
		return kimasai.Descriptor.Levels
	}
	return nil
}

// EvalScale returns the lead, in the points of the game named name's
// evaluation (the agents' value unit: Kisolo counts a seed two, Kiothi a
// prisoner two, Bao la Kimasai a cow one), that the page's evaluation bar
// shows as three quarters of its length: about a tenth of the material in
// play. It is 0 for a name that is no game. examples/web writes the
// page's static/games.js from it (TestGamesJS).
func EvalScale(name string) int {
	switch name {
	case kisolo.Descriptor.Name:
		return 16
	case kiothi.Descriptor.Name:
		return 6
	case kimasai.Descriptor.Name:
		return 8
	}
	return 0
}

// Do calls the function of the game named name with its descriptor and
// arg, and returns its result; a name that is no game gives [Unknown]'s
// error. A program passes the same generic function once per game, in
// the order of [Names], and Go instantiates it for each:
//
//	err := games.Do(name, o, run, run, run)
//
// where run is func[P mancala.Position[P, M], M mancala.Move](d
// *mancala.Descriptor[P, M], o options) error.
func Do[A, R any](name string, arg A,
	kisoloFn func(*mancala.Descriptor[kisolo.Position, kisolo.Move], A) R,
	kiothiFn func(*mancala.Descriptor[kiothi.Position, kiothi.Move], A) R,
	kimasaiFn func(*mancala.Descriptor[kimasai.Position, kimasai.Move], A) R) (R, error) {
	switch name {
	case kisolo.Descriptor.Name:
		return kisoloFn(&kisolo.Descriptor, arg), nil
	case kiothi.Descriptor.Name:
		return kiothiFn(&kiothi.Descriptor, arg), nil
	case kimasai.Descriptor.Name:
		return kimasaiFn(&kimasai.Descriptor, arg), nil
	}
	var zero R
	return zero, Unknown(name)
}
