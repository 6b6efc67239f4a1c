// Command gengames prints, as JSON, what the Python package mancala_engine
// knows of the games without loading its library: every game of
// internal/games (the list the C library has) by name and title, its
// levels, its rule options, and the learning environment's sizes (action
// ids, observation length, names and bounds, horizon, start position)
// under the default rules and under each non-default value of each rule
// option on its own. The wheel's build (examples/python/setup.py) runs it
// and writes the answer into mancala_engine/_games.py, so that the
// Gymnasium ids, the PettingZoo and OpenSpiel registrations and the spaces
// of those rules are known at import, before the library is loaded (a
// process that forks must not have loaded it).
//
//	go run ./examples/python/gengames > games.json
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// spec is one rule set's environment sizes (the Python package's Spec).
type spec struct {
	Rules   string    `json:"rules"`
	Actions int       `json:"actions"`
	ObsLen  int       `json:"obsLen"`
	Names   []string  `json:"names"`
	Low     []float32 `json:"low"`
	High    []float32 `json:"high"`
	Horizon int       `json:"horizon"`
	Start   string    `json:"start"`
}

type level struct {
	Name   string `json:"name"`
	Rating int    `json:"rating"`
	Agent  string `json:"agent"`
}

type option struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Clause  string   `json:"clause"`
}

type game struct {
	Name    string   `json:"name"`
	Title   string   `json:"title"`
	Levels  []level  `json:"levels"`
	Options []option `json:"options"`
	// Specs holds the defaults' spec first (rules ""), then one per
	// non-default value of each option with a short list of values, keyed
	// by the canonical rules text.
	Specs []spec `json:"specs"`
}

func specOf[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], rules string) (spec, error) {
	e, err := env.New(d, rules, env.Options[P, M]{})
	if err != nil {
		return spec{}, err
	}
	o := e.Observer()
	return spec{Rules: e.Rules(), Actions: e.Actions(), ObsLen: o.Len(), Names: o.Names(), Low: o.Low(),
		High: o.High(), Horizon: e.Horizon(), Start: fmt.Sprint(e.Position())}, nil
}

func describe[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M]) (game, error) {
	g := game{Name: d.Name, Title: d.Title}
	for _, l := range d.Levels {
		g.Levels = append(g.Levels, level{Name: l.Name, Rating: l.Rating, Agent: l.Agent})
	}
	s, err := specOf(d, "")
	if err != nil {
		return g, err
	}
	g.Specs = append(g.Specs, s)
	for _, o := range d.Options {
		g.Options = append(g.Options, option{Name: o.Name, Values: o.Values, Default: o.Default, Clause: o.Clause})
		for _, v := range o.Values {
			if v == o.Default {
				continue
			}
			s, err := specOf(d, o.Name+":"+v)
			if err != nil {
				continue // a value valid only with other options (Kisolo's Setup:Outer3)
			}
			g.Specs = append(g.Specs, s)
		}
	}
	return g, nil
}

type described struct {
	g   game
	err error
}

func run[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], _ struct{}) described {
	g, err := describe(d)
	return described{g, err}
}

func main() {
	var out []game
	for _, name := range games.Names() {
		r, err := games.Do(name, struct{}{}, run, run, run)
		if err == nil {
			err = r.err
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gengames:", err)
			os.Exit(1)
		}
		out = append(out, r.g)
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(map[string]any{"games": out}); err != nil {
		fmt.Fprintln(os.Stderr, "gengames:", err)
		os.Exit(1)
	}
}
