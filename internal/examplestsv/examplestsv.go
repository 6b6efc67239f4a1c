// Package examplestsv reads the worked examples of the rules files,
// rules/examples.tsv of the project's shared specification, for the games'
// tests: one row per move with five tab-separated columns (id, position
// before, move, position after or ILLEGAL, outcome); lines starting with
// '#' are comments.
package examplestsv

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Path is where the file lies seen from a package directory of this module
// (kisolo/, kiothi/, kimasai/): the shared specification sits beside the
// repository, on a developer's machine and in CI alike.
const Path = "../../shared/rules/examples.tsv"

// Rows returns, in file order, the rows of the file at path whose position
// before names game ("kisolo 3,3,..." for game "kisolo"). A missing file
// gives an error matching os.ErrNotExist (errors.Is), so that tests can
// skip; a row without five columns is an error naming its line.
func Rows(path, game string) ([][5]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows [][5]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 5", path, n, len(c))
		}
		if strings.HasPrefix(c[1], game+" ") {
			rows = append(rows, [5]string{c[0], c[1], c[2], c[3], c[4]})
		}
	}
	return rows, sc.Err()
}
