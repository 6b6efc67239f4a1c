package main

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzMerge: merge reads any shard file without panicking, and when it
// accepts one, the file held every game of the study exactly once: each
// cell counts its games, and its results add up.
func FuzzMerge(f *testing.F) {
	spec := filepath.Join(f.TempDir(), "spec.json")
	os.WriteFile(spec, []byte(`{"seed":3,"games":4,"openingPlies":2,"maxPlies":40,"cells":[
		{"game":"kisolo","rules":"","south":"random","north":"random"},
		{"game":"kiothi","rules":"","south":"alphabeta:1","north":"random","games":3}]}`), 0o644)
	good := f.TempDir()
	if code := main1(f.Context(), []string{"run", "-spec", spec, "-out", good, "-workers", "1", "-progress=false"}, func(string) string { return "" }, os.Stdout, os.Stderr); code != 0 {
		f.Fatalf("run: exit %d", code)
	}
	shard, err := os.ReadFile(filepath.Join(good, shardName(0, 1)))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(shard)
	f.Add([]byte{})
	f.Add(shard[:len(shard)/2])
	canon, err := os.ReadFile(filepath.Join(good, specName))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, specName), canon, 0o644)
		os.WriteFile(filepath.Join(dir, shardName(0, 1)), data, 0o644)
		s, st, err := merge(dir)
		if err != nil {
			return
		}
		for c, x := range st {
			if x.games != s.games(c) || x.southWins+x.northWins+x.draws+x.censored != x.games || x.aWins+x.aLosses != x.southWins+x.northWins {
				t.Errorf("cell %d: %+v, want %d games", c, x, s.games(c))
			}
		}
	})
}
