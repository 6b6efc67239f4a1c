package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/mancala/match"
)

// stats is the reduction of one cell's games.
type stats struct {
	games                  int
	southWins, northWins   int
	draws, censored        int
	endless                int
	aWins, aLosses         int            // from the cell's south player's side (A)
	plies                  map[int]int    // plies -> games
	pliesTotal             int64          //
	hashes, finishedHashes map[string]int // distinct agent games (nil for random play)
}

// distinct returns the number of distinct games and of distinct finished
// games: for agent games, distinct move sequences; for random play, every
// game (two random playouts are the same game with negligible probability).
func (s *stats) distinct() (all, finished int) {
	if s.hashes == nil {
		return s.games, s.games - s.censored
	}
	return len(s.hashes), len(s.finishedHashes)
}

// median returns the median game length in plies (the lower middle for an
// even number of games).
func (s *stats) median() int {
	keys := make([]int, 0, len(s.plies))
	for k := range s.plies {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	seen := 0
	for _, k := range keys {
		seen += s.plies[k]
		if 2*seen >= s.games {
			return k
		}
	}
	return 0
}

var shardFile = regexp.MustCompile(`^shard-(\d{4,})-of-(\d{4,})\.jsonl$`)

// mergeError is a refusal of the merge: missing or duplicate games.
type mergeError struct{ msg string }

func (e *mergeError) Error() string { return e.msg }

// merge reads the spec and every shard file of dir and reduces them to one
// stats per cell. It refuses a directory whose shards are not exactly the
// n shards of one split, or whose games are not each there exactly once.
func merge(dir string) (*Spec, []*stats, error) {
	s, _, err := readSpec(filepath.Join(dir, specName))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: no study here: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	n := -1
	have := map[int]string{}
	for _, e := range entries {
		m := shardFile.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		k, _ := strconv.Atoi(m[1])
		of, _ := strconv.Atoi(m[2])
		if n >= 0 && of != n {
			return nil, nil, &mergeError{fmt.Sprintf("%s: shards of two splits, %d and %d shards (%s): merge one split", dir, n, of, e.Name())}
		}
		if of < 1 || k >= of || e.Name() != shardName(k, of) {
			return nil, nil, &mergeError{fmt.Sprintf("%s: %s is not a shard name this program writes", dir, e.Name())}
		}
		n = of
		have[k] = e.Name()
	}
	if n < 0 {
		return nil, nil, &mergeError{fmt.Sprintf("%s: no shard files (shard-*-of-*.jsonl): run the study first", dir)}
	}
	p := newPlan(s)
	var missing []string
	var missingGames int64
	for k := range n {
		if _, ok := have[k]; !ok {
			missing = append(missing, fmt.Sprintf("%d (%s)", k, shardName(k, n)))
			missingGames += p.shardGames(k, n)
		}
	}
	if len(missing) > 0 {
		list := strings.Join(missing, ", ")
		if len(missing) > 20 {
			list = strings.Join(missing[:20], ", ") + fmt.Sprintf(" and %d more", len(missing)-20)
		}
		return nil, nil, &mergeError{fmt.Sprintf("%s: missing %d of %d shards, %d games: shard %s; run them (study run -shard K/%d) and merge again", dir, len(missing), n, missingGames, list, n)}
	}
	st := make([]*stats, len(s.Cells))
	seen := make([][]uint64, len(s.Cells)) // bitmaps of the games read
	for c := range st {
		st[c] = &stats{plies: map[int]int{}}
		if s.Cells[c].South != "random" || s.Cells[c].North != "random" {
			st[c].hashes, st[c].finishedHashes = map[string]int{}, map[string]int{}
		}
		seen[c] = make([]uint64, (s.games(c)+63)/64)
	}
	for k := range n {
		if err := readShard(filepath.Join(dir, have[k]), k, n, s, p, st, seen); err != nil {
			return nil, nil, err
		}
	}
	// Every game exactly once: the duplicates were refused while reading,
	// so counting is enough; name the first missing game and its shard.
	for c := range st {
		if st[c].games == s.games(c) {
			continue
		}
		for i := range s.games(c) {
			if seen[c][i/64]&(1<<(i%64)) == 0 {
				k := p.shardOf(c, i, n)
				return nil, nil, &mergeError{fmt.Sprintf("%s: cell %d (%s) has %d of its %d games: game %d is missing from shard %d (%s)", dir, c, s.Cells[c].Label(), st[c].games, s.games(c), i, k, shardName(k, n))}
			}
		}
	}
	return s, st, nil
}

// readShard adds the games of shard file path (shard k of n) to st.
func readShard(path string, k, n int, s *Spec, p *plan, st []*stats, seen [][]uint64) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	name := path
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	ln := 0
	for sc.Scan() {
		ln++
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return &mergeError{fmt.Sprintf("%s:%d: %v", name, ln, err)}
		}
		bad := func(msg string) error { return &mergeError{fmt.Sprintf("%s:%d: %s", name, ln, msg)} }
		if l.Cell < 0 || l.Cell >= len(s.Cells) {
			return bad(fmt.Sprintf("cell %d: the study has cells 0..%d", l.Cell, len(s.Cells)-1))
		}
		c := &s.Cells[l.Cell]
		if l.Index < 0 || l.Index >= s.games(l.Cell) {
			return bad(fmt.Sprintf("game %d of cell %d (%s): the cell has games 0..%d", l.Index, l.Cell, c.Label(), s.games(l.Cell)-1))
		}
		if owner := p.shardOf(l.Cell, l.Index, n); owner != k {
			return bad(fmt.Sprintf("game %d of cell %d (%s) belongs to shard %d, not %d", l.Index, l.Cell, c.Label(), owner, k))
		}
		word, bit := l.Index/64, uint64(1)<<(l.Index%64)
		if seen[l.Cell][word]&bit != 0 {
			return bad(fmt.Sprintf("duplicate game %d of cell %d (%s): it was read before", l.Index, l.Cell, c.Label()))
		}
		seen[l.Cell][word] |= bit
		if err := st[l.Cell].add(l); err != nil {
			return bad(err.Error())
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// add counts one game.
func (t *stats) add(l line) error {
	aSouth := l.Index%2 == 0
	switch {
	case l.Censored:
		if l.Result != "*" {
			return fmt.Errorf("a censored game with the result %q", l.Result)
		}
		t.censored++
	case strings.HasPrefix(l.Result, "S:"):
		t.southWins++
		if aSouth {
			t.aWins++
		} else {
			t.aLosses++
		}
	case strings.HasPrefix(l.Result, "N:"):
		t.northWins++
		if aSouth {
			t.aLosses++
		} else {
			t.aWins++
		}
	case strings.HasPrefix(l.Result, "draw:"):
		t.draws++
	default:
		return fmt.Errorf("result %q: want S:<reason>, N:<reason>, draw:<reason> or * (censored)", l.Result)
	}
	if l.Endless {
		t.endless++
	}
	if l.Plies < 0 {
		return fmt.Errorf("%d plies", l.Plies)
	}
	t.games++
	t.plies[l.Plies]++
	t.pliesTotal += int64(l.Plies)
	if t.hashes != nil {
		t.hashes[l.Hash]++
		if !l.Censored {
			t.finishedHashes[l.Hash]++
		}
	}
	return nil
}

// row is one cell's figures, as the Markdown, CSV and SVG show them.
type row struct {
	spec                             *Spec
	cell                             *Cell
	st                               *stats
	distinct, distinctFinished       int
	first, firstLo, firstHi          float64 // the first player's (South's) score over finished games
	sWin, sWinLo, sWinHi             float64 // shares of all games
	draw, drawLo, drawHi             float64
	nWin, nWinLo, nWinHi             float64
	censored, censoredLo, censoredHi float64
	endless                          float64
	a, aLo, aHi                      float64 // the south player's (A's) score over finished games
	meanPlies                        float64
	medianPlies                      int
}

func rows(s *Spec, st []*stats) []row {
	out := make([]row, len(st))
	for c, t := range st {
		r := row{spec: s, cell: &s.Cells[c], st: t, meanPlies: float64(t.pliesTotal) / float64(t.games), medianPlies: t.median()}
		r.distinct, r.distinctFinished = t.distinct()
		finished := t.games - t.censored
		share := func(k int) (p, lo, hi float64) {
			p = float64(k) / float64(t.games)
			lo, hi = match.Wilson(p, r.distinct)
			return
		}
		score := func(w int) (p, lo, hi float64) {
			if finished == 0 {
				return math.NaN(), 0, 1
			}
			p = (float64(w) + float64(t.draws)/2) / float64(finished)
			lo, hi = match.Wilson(p, r.distinctFinished)
			return
		}
		r.first, r.firstLo, r.firstHi = score(t.southWins)
		r.a, r.aLo, r.aHi = score(t.aWins)
		r.sWin, r.sWinLo, r.sWinHi = share(t.southWins)
		r.draw, r.drawLo, r.drawHi = share(t.draws)
		r.nWin, r.nWinLo, r.nWinHi = share(t.northWins)
		r.censored, r.censoredLo, r.censoredHi = share(t.censored)
		r.endless = float64(t.endless) / float64(t.games)
		out[c] = r
	}
	return out
}

func pct(p float64) string {
	if math.IsNaN(p) {
		return "–"
	}
	return strconv.FormatFloat(100*p, 'f', 1, 64)
}

func interval(p, lo, hi float64) string {
	if math.IsNaN(p) {
		return "–"
	}
	return pct(p) + " [" + pct(lo) + ", " + pct(hi) + "]"
}

// writeMarkdown writes the table of each study in Markdown.
func writeMarkdown(w io.Writer, specs []*Spec, rs []row) error {
	b := &strings.Builder{}
	for i, s := range specs {
		var total int64
		var mine []row
		for _, r := range rs {
			if r.spec == s {
				mine = append(mine, r)
				total += int64(r.st.games)
			}
		}
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "Study: %d cells, %d games; seed %d, %s, ply cap %s.\n\n", len(mine), total, s.Seed, s.openingText(), capText(s.MaxPlies))
		b.WriteString("| game | rules | south | north | games | distinct | first player's score % [95% CI] | South wins % [95% CI] | draws % [95% CI] | North wins % [95% CI] | endless % | censored % | mean plies | median plies | south player's score % [95% CI] |\n")
		b.WriteString("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, r := range mine {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %d | %s | %s | %s | %s | %s | %s | %.1f | %d | %s |\n",
				r.cell.Game, mdEscape(r.cell.RulesLabel()), r.cell.South, r.cell.North, r.st.games, r.distinct,
				interval(r.first, r.firstLo, r.firstHi), interval(r.sWin, r.sWinLo, r.sWinHi), interval(r.draw, r.drawLo, r.drawHi),
				interval(r.nWin, r.nWinLo, r.nWinHi), pct(r.endless), pct(r.censored), r.meanPlies, r.medianPlies,
				interval(r.a, r.aLo, r.aHi))
		}
	}
	b.WriteString("\nSouth moves first. Scores count a win 1 and a draw 1/2 over the finished games (censored games, still going at the ply cap, are left out of scores and counted apart from draws); the shares are of all games. Intervals are Wilson's at 95% over distinct games (a deterministic agent against itself plays each opening once per seat, the same game twice). The south player is the cell's `south` agent, which sits South in the even games and North in the odd ones.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func capText(n int) string {
	if n == 0 {
		return "none"
	}
	return strconv.Itoa(n) + " plies"
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// csvHeader is the CSV's first row.
var csvHeader = []string{"game", "rules", "south", "north", "games", "distinct", "south_wins", "north_wins", "draws", "censored", "endless",
	"first_score", "first_score_lo", "first_score_hi", "south_win_rate", "south_win_lo", "south_win_hi", "draw_rate", "draw_lo", "draw_hi",
	"north_win_rate", "north_win_lo", "north_win_hi", "censored_rate", "endless_rate", "mean_plies", "median_plies", "south_player_score", "south_player_lo", "south_player_hi",
	"opening_plies", "opening_turns", "max_plies", "seed"}

// writeCSV writes one row per cell (rules "" for the defaults).
func writeCSV(w io.Writer, rs []row) error {
	var b strings.Builder
	b.WriteString(strings.Join(csvHeader, ",") + "\n")
	f := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'f', 6, 64)
	}
	for _, r := range rs {
		fields := []string{csvField(r.cell.Game), csvField(r.cell.Rules), csvField(r.cell.South), csvField(r.cell.North),
			strconv.Itoa(r.st.games), strconv.Itoa(r.distinct), strconv.Itoa(r.st.southWins), strconv.Itoa(r.st.northWins),
			strconv.Itoa(r.st.draws), strconv.Itoa(r.st.censored), strconv.Itoa(r.st.endless),
			f(r.first), f(r.firstLo), f(r.firstHi), f(r.sWin), f(r.sWinLo), f(r.sWinHi), f(r.draw), f(r.drawLo), f(r.drawHi),
			f(r.nWin), f(r.nWinLo), f(r.nWinHi), f(r.censored), f(r.endless), strconv.FormatFloat(r.meanPlies, 'f', 3, 64), strconv.Itoa(r.medianPlies),
			f(r.a), f(r.aLo), f(r.aHi),
			strconv.Itoa(r.spec.OpeningPlies), strconv.Itoa(r.spec.OpeningTurns), strconv.Itoa(r.spec.MaxPlies), strconv.FormatUint(r.spec.Seed, 10)}
		b.WriteString(strings.Join(fields, ",") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// csvField quotes a field holding a comma or a quote (RFC 4180).
func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// games names the games in the order the tables show them.
func gameOrder(rs []row) []string {
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.cell.Game) {
			out = append(out, r.cell.Game)
		}
	}
	return out
}
