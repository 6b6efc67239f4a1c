package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/match"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// rerate fills the pairings' results from the records in dirs (a
// comma-separated list of directories that -records wrote, read in name
// order) instead of playing: each record's South and North headers name
// two of the players (their labels), its moves and Result are the game's,
// a game that is not over is censored. A record of a pair that is not
// one of the pairings, of a player not listed, or that does not read
// (record.Read replays it and checks its Result) is an error naming the
// file. Move times are not in records: the clocks stay empty.
func rerate[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], dirs string, players []player, pairings []*pairing[M]) error {
	index := map[string]int{}
	for i, p := range players {
		index[p.name] = i
	}
	byPair := map[[2]int]*pairing[M]{}
	for _, pr := range pairings {
		byPair[[2]int{pr.a, pr.b}] = pr
	}
	for _, dir := range strings.Split(dirs, ",") {
		files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		if err != nil {
			return fmt.Errorf("-rerate: %w", err)
		}
		if len(files) == 0 {
			return fmt.Errorf("-rerate: %s: no records (*.txt)", dir)
		}
		sort.Strings(files)
		for _, name := range files {
			f, err := os.Open(name)
			if err != nil {
				return fmt.Errorf("-rerate: %w", err)
			}
			r, err := record.Read(f, d)
			f.Close()
			if err != nil {
				return fmt.Errorf("-rerate: %s: %w", name, err)
			}
			s, okS := index[r.South]
			no, okN := index[r.North]
			if !okS || !okN {
				return fmt.Errorf("-rerate: %s: players %q and %q: want two of the players listed", name, r.South, r.North)
			}
			pr := byPair[[2]int{min(s, no), max(s, no)}]
			if pr == nil {
				return fmt.Errorf("-rerate: %s: %s and %s are not a pairing", name, r.South, r.North)
			}
			final, err := r.Final()
			if err != nil {
				return fmt.Errorf("-rerate: %s: %w", name, err)
			}
			res := match.Result[M]{Index: len(pr.results), ASouth: s == pr.a, Outcome: final.Outcome(), Plies: len(r.Moves), Moves: r.Moves}
			res.Censored = !res.Outcome.Over()
			pr.results = append(pr.results, res)
		}
	}
	return nil
}
