package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/mancala"
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
// n shards of one split, of this study and of one program version, or
// whose games are not each there exactly once in the order run writes
// them, or any line run could not have written; each refusal names the
// file (and line). Its memory grows with what it reads (the distinct
// game lengths and agent games), not with the games a spec claims.
func merge(dir string) (*Spec, []*stats, error) {
	s, canon, err := readSpec(filepath.Join(dir, specName))
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
	// Every shard of this study and of one program: read the headers
	// first, and name every file of another study.
	digest := specDigest(canon)
	var program, programFile string
	var others []string
	for k := range n {
		path := filepath.Join(dir, have[k])
		h, err := shardHeader(path)
		if err != nil {
			return nil, nil, &mergeError{err.Error()}
		}
		if h.Spec != digest {
			others = append(others, have[k])
			continue
		}
		if program == "" {
			program, programFile = h.Program, have[k]
		}
		if err := sameStudy(path, h, header{Spec: digest, Program: program, Shard: k, Of: n}); err != nil {
			return nil, nil, &mergeError{err.Error() + " (" + programFile + " was played by " + program + ")"}
		}
	}
	if len(others) > 0 {
		list := strings.Join(others, ", ")
		if len(others) > 20 {
			list = strings.Join(others[:20], ", ") + fmt.Sprintf(" and %d more", len(others)-20)
		}
		return nil, nil, &mergeError{fmt.Sprintf("%s: %d of %d shards belong to another study than %s (spec %s): %s; a study's shards come from its own spec: run them again into an empty directory", dir, len(others), n, specName, digest, list)}
	}
	st := make([]*stats, len(s.Cells))
	for c := range st {
		st[c] = &stats{plies: map[int]int{}}
		if s.Cells[c].South != "random" || s.Cells[c].North != "random" {
			st[c].hashes, st[c].finishedHashes = map[string]int{}, map[string]int{}
		}
	}
	for k := range n {
		if err := readShard(filepath.Join(dir, have[k]), k, n, s, p, st); err != nil {
			return nil, nil, err
		}
	}
	return s, st, nil
}

// shardHeader reads the header of the shard file path.
func shardHeader(path string) (header, error) {
	f, err := os.Open(path)
	if err != nil {
		return header{}, err
	}
	defer f.Close()
	return readHeader(path, bufio.NewReaderSize(f, maxHeader+1))
}

// next returns the game after game i of cell c in shard k of n, in the
// order run writes them (cell, then index): ok is false after the last.
// Start with c = 0, i = -1.
func (p *plan) next(c, i, k, n int) (int, int, bool) {
	s := p.spec
	if i >= 0 && i%2 == 0 && i+1 < s.games(c) {
		return c, i + 1, true // the pair's second game
	}
	// The shard's next pair, numbered through the study (pair u of the
	// study is in shard u mod n), and the cell holding it.
	u := int64(k)
	if i >= 0 {
		u = p.first[c] + int64(i/2) + int64(n)
	}
	for ; c < len(s.Cells); c++ {
		if u < p.first[c+1] {
			return c, int(2 * (u - p.first[c])), true
		}
	}
	return 0, 0, false
}

// maxLinePlies bounds a game's plies in a shard line when the study has no
// ply cap: above the 2,000,000,000 plies of a game at the turn limit
// (C-9, each turn at most two plies), so that no line can overflow a sum.
const maxLinePlies = 1 << 31

// readShard adds the games of shard file path (shard k of n) to st. Its
// lines must be the header and then exactly the games of the shard, in
// order, each as run writes it.
func readShard(path string, k, n int, s *Spec, p *plan, st []*stats) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	name := path
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<16)
	if !sc.Scan() {
		return &mergeError{fmt.Sprintf("%s: empty: not a shard file", name)}
	}
	ln := 1
	c, i, more := p.next(0, -1, k, n)
	read := 0
	var buf []byte
	for sc.Scan() {
		ln++
		bad := func(msg string) error { return &mergeError{fmt.Sprintf("%s:%d: %s", name, ln, msg)} }
		var l line
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			return bad(fmt.Sprintf("not a game line: %v", err))
		}
		buf, _ = appendLine(buf[:0], l)
		if !bytes.Equal(buf[:len(buf)-1], sc.Bytes()) {
			return bad("not a game line as run writes it (its fields, their order and spelling)")
		}
		if !more {
			return bad(fmt.Sprintf("game %d of cell %d after the last game of shard %d (%d games): duplicate or foreign games", l.Index, l.Cell, k, read))
		}
		if l.Cell != c || l.Index != i {
			label := "?"
			if l.Cell >= 0 && l.Cell < len(s.Cells) {
				label = s.Cells[l.Cell].Label()
			}
			return bad(fmt.Sprintf("game %d of cell %d (%s), where shard %d has game %d of cell %d (%s) next: run writes every game of its shard once, in order", l.Index, l.Cell, label, k, i, c, s.Cells[c].Label()))
		}
		if msg := s.checkLine(l); msg != "" {
			return bad(fmt.Sprintf("game %d of cell %d (%s): %s", i, c, s.Cells[c].Label(), msg))
		}
		if err := st[c].add(l); err != nil {
			return bad(err.Error())
		}
		read++
		c, i, more = p.next(c, i, k, n)
	}
	if err := sc.Err(); err != nil {
		return &mergeError{fmt.Sprintf("%s:%d: %v", name, ln+1, err)}
	}
	if more {
		return &mergeError{fmt.Sprintf("%s: ends after %d of its %d games: game %d of cell %d (%s) and those after it are missing; remove the file and run shard %d/%d again", name, read, p.shardGames(k, n), i, c, s.Cells[c].Label(), k, n)}
	}
	return nil
}

// checkLine returns what is wrong with l, a game line of the spec's cell
// l.Cell, that run could not have written, or "".
func (s *Spec) checkLine(l line) string {
	cell := &s.Cells[l.Cell]
	agents := cell.South != "random" || cell.North != "random"
	switch {
	case l.Plies < 1:
		// No game's start is over: every game, censored or finished,
		// has at least one ply (S-4r).
		return fmt.Sprintf("%d plies: every game has at least one", l.Plies)
	case s.MaxPlies > 0 && l.Plies > s.MaxPlies:
		return fmt.Sprintf("%d plies, over the study's cap of %d", l.Plies, s.MaxPlies)
	case l.Plies > maxLinePlies:
		return fmt.Sprintf("%d plies, over the %d any game can have", l.Plies, maxLinePlies)
	case agents && !validHash(l.Hash):
		return fmt.Sprintf("hash %q: want 16 lower-case hex digits for a game of agents", l.Hash)
	case !agents && l.Hash != "":
		return fmt.Sprintf("hash %q in a random-vs-random cell, which has none", l.Hash)
	}
	if l.Censored {
		switch {
		case l.Result != "*" || l.Reason != "" || l.Endless:
			return fmt.Sprintf("a censored game with result %q, reason %q, endless %v: want *, \"\", false", l.Result, l.Reason, l.Endless)
		case s.MaxPlies == 0:
			return "censored, but the study has no ply cap"
		case l.Plies != s.MaxPlies:
			return fmt.Sprintf("censored after %d plies, not at the cap of %d", l.Plies, s.MaxPlies)
		}
		return ""
	}
	o, err := mancala.ParseResult(l.Result)
	switch {
	case err != nil || !o.Over() || l.Result == "*":
		return fmt.Sprintf("result %q: want S:<reason>, N:<reason>, draw:<reason> or * (censored)", l.Result)
	case o.Reason.String() != l.Reason:
		return fmt.Sprintf("reason %q, but the result %q says %q", l.Reason, l.Result, o.Reason)
	case l.Endless != (o.Reason == mancala.Endless):
		return fmt.Sprintf("endless %v with the result %q", l.Endless, l.Result)
	case o.Reason == mancala.Repetition && !cell.repetition:
		return fmt.Sprintf("result %q, but the cell's rules do not end a game by repetition (C-10 needs Repetition:Three)", l.Result)
	}
	return ""
}

// validHash reports whether h is 16 lower-case hex digits.
func validHash(h string) bool {
	if len(h) != 16 {
		return false
	}
	for _, r := range h {
		if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
			return false
		}
	}
	return true
}

// add counts one game, checked by checkLine.
func (t *stats) add(l line) error {
	aSouth := l.Index%2 == 0
	switch {
	case l.Censored:
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

// row is one cell's figures, as the Markdown and CSV show them.
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
