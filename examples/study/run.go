package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// The split into shards. The games of a cell come in pairs (2j, 2j+1: one
// opening, both seats); pairs are numbered through the study, cell by cell,
// and pair u goes to shard u mod n. Shards are thus of nearly equal size
// and mix every cell, and a game's result never depends on the split: it
// depends on the seed, its cell and its index alone.

// plan is the study's pairs: cell c holds the pairs first[c] ..
// first[c+1]-1.
type plan struct {
	spec  *Spec
	first []int64 // per cell, its first pair's number; then the total
}

func newPlan(s *Spec) *plan {
	p := &plan{spec: s, first: make([]int64, len(s.Cells)+1)}
	for c := range s.Cells {
		p.first[c+1] = p.first[c] + int64(s.games(c)+1)/2
	}
	return p
}

// shardOf returns the shard (of n) holding game i of cell c.
func (p *plan) shardOf(c, i, n int) int {
	return int((p.first[c] + int64(i/2)) % int64(n))
}

// shardGames returns the number of games shard k of n holds.
func (p *plan) shardGames(k, n int) int64 {
	var total int64
	for c := range p.spec.Cells {
		g := int64(p.spec.games(c))
		pairs := (g + 1) / 2
		// pairs u in [first, first+pairs) with u mod n == k
		lo := p.first[c]
		firstU := lo + (int64(k)-lo%int64(n)+int64(n))%int64(n)
		if firstU >= lo+pairs {
			continue
		}
		cnt := (lo+pairs-1-firstU)/int64(n) + 1
		total += 2 * cnt
		if g%2 == 1 && (lo+pairs-1)%int64(n) == int64(k) {
			total-- // the cell's last pair has one game
		}
	}
	return total
}

// units calls fn with every pair of shard k of n, in study order (cell,
// then pair), until fn returns false.
func (p *plan) units(k, n int, fn func(c, pair int) bool) {
	for c := range p.spec.Cells {
		lo, hi := p.first[c], p.first[c+1]
		u := lo + (int64(k)-lo%int64(n)+int64(n))%int64(n)
		for ; u < hi; u += int64(n) {
			if !fn(c, int(u-lo)) {
				return
			}
		}
	}
}

// shardName is the file name of shard k of n.
func shardName(k, n int) string {
	return fmt.Sprintf("shard-%04d-of-%04d.jsonl", k, n)
}

// specName is the file in an output directory that holds the study's spec.
const specName = "spec.json"

// runOptions are the settings of study run.
type runOptions struct {
	specPath, out string
	shard, shards int
	workers       int
	progress      bool
}

// runShard runs shard o.shard of o.shards of the study into o.out: it
// writes the spec (or checks that the one there is the same), skips a
// shard whose file is already there, and otherwise plays the shard's games
// and writes them to a temporary file renamed to the shard's name once
// complete.
func runShard(ctx context.Context, o runOptions, log io.Writer) error {
	s, canon, err := readSpec(o.specPath)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	if err := writeSpec(o.out, canon); err != nil {
		return err
	}
	name := shardName(o.shard, o.shards)
	final := filepath.Join(o.out, name)
	head := header{Spec: specDigest(canon), Program: version, Shard: o.shard, Of: o.shards}
	if _, err := os.Stat(final); err == nil {
		if err := checkHeader(final, head); err != nil {
			return err
		}
		fmt.Fprintf(log, "study: %s is complete; skipped\n", name)
		return nil
	}
	// A killed run's temporary file is stale: nothing else writes this
	// shard (never run one shard twice at once).
	stale, _ := filepath.Glob(filepath.Join(o.out, "."+name+".tmp*"))
	for _, f := range stale {
		os.Remove(f)
	}
	p := newPlan(s)
	runners := make([]*runner, len(s.Cells))
	for c := range s.Cells {
		if runners[c], err = newRunner(&s.Cells[c], s); err != nil {
			return err
		}
	}
	total := p.shardGames(o.shard, o.shards)
	tmp, err := os.CreateTemp(o.out, "."+name+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if tmp != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	var bar *progressbar.ProgressBar
	if o.progress {
		bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(log),
			progressbar.OptionSetDescription(fmt.Sprintf("shard %d/%d", o.shard, o.shards)),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(log) }),
		)
	}
	began := time.Now()
	w := bufio.NewWriterSize(tmp, 1<<16)
	hb, err := json.Marshal(head)
	if err != nil {
		return err
	}
	if _, err := w.Write(append(hb, '\n')); err != nil {
		return err
	}
	n, err := playShard(ctx, p, runners, o.shard, o.shards, max(o.workers, 1), w, func(games int) {
		if bar != nil {
			bar.Add(games)
		}
	})
	if err == nil && n != total {
		err = fmt.Errorf("shard %d/%d: played %d games, want %d", o.shard, o.shards, n, total)
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err2 := tmp.Close(); err == nil {
		err = err2
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return err
	}
	tmp = nil
	fmt.Fprintf(log, "study: %s: %d games in %.1fs\n", name, n, time.Since(began).Seconds())
	return nil
}

// header is the first line of a shard file: the study it belongs to (the
// digest of its canonical spec, specDigest), the version of the program
// that played it, and which shard of how many it is. merge refuses shards
// of another study or version, and run refuses to skip such a shard.
type header struct {
	Spec    string `json:"spec"`
	Program string `json:"program"`
	Shard   int    `json:"shard"`
	Of      int    `json:"of"`
}

// maxHeader bounds a shard file's first line.
const maxHeader = 4 << 10

// readHeader reads the header line of the shard file f (path names it).
func readHeader(path string, r *bufio.Reader) (header, error) {
	var h header
	lineText, err := r.ReadSlice('\n')
	if err == bufio.ErrBufferFull || len(lineText) > maxHeader {
		return h, fmt.Errorf("%s:1: not a shard header (a line over %d bytes): written by another program?", path, maxHeader)
	}
	if err != nil && err != io.EOF {
		return h, fmt.Errorf("%s: %w", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(lineText))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil || h.Spec == "" || h.Program == "" || h.Of < 1 {
		return h, fmt.Errorf("%s:1: not a shard header ({\"spec\":...,\"program\":...,\"shard\":...,\"of\":...}): written by an older version of this program, or by another one; run the shard again", path)
	}
	if b, _ := json.Marshal(h); !bytes.Equal(append(b, '\n'), lineText) {
		return h, fmt.Errorf("%s:1: not a shard header as this program writes it", path)
	}
	return h, nil
}

// checkHeader checks that the shard file path has the header want.
func checkHeader(path string, want header) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	h, err := readHeader(path, bufio.NewReaderSize(f, maxHeader+1))
	if err != nil {
		return err
	}
	return sameStudy(path, h, want)
}

// sameStudy returns the error for a shard file path whose header h is not
// of the study and program of want, or of another shard than its name.
func sameStudy(path string, h, want header) error {
	switch {
	case h.Spec != want.Spec:
		return fmt.Errorf("%s belongs to another study (spec %s; this study's spec.json is %s): remove it, or use another directory", path, h.Spec, want.Spec)
	case h.Program != want.Program:
		return fmt.Errorf("%s was played by program version %s, not %s: one study's shards come from one version (games depend on the library's code); run it again with this version, or merge with that one", path, h.Program, want.Program)
	case h.Shard != want.Shard || h.Of != want.Of:
		return fmt.Errorf("%s holds shard %d/%d, not the %d/%d its name says", path, h.Shard, h.Of, want.Shard, want.Of)
	}
	return nil
}

// writeSpec writes the spec into dir, or checks that the one there is the
// same study.
func writeSpec(dir string, canon []byte) error {
	path := filepath.Join(dir, specName)
	old, err := os.ReadFile(path)
	if err == nil {
		if !bytes.Equal(old, canon) {
			return fmt.Errorf("%s holds another study's spec: use another -out, or empty it", path)
		}
		return nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return writeAtomic(path, canon)
}

// writeAtomic writes data to path through a temporary file renamed into
// place, so that path is either absent or complete.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err2 := tmp.Close(); err == nil {
		err = err2
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// window bounds the pairs in flight per worker: results are written in
// study order, so a slow game holds back at most this many finished ones.
const window = 256

// playShard plays the pairs of shard k of n on workers goroutines and
// writes their lines to w in study order (cell, then index). It returns
// the number of games written; done is called after each pair with its
// number of games.
func playShard(ctx context.Context, p *plan, runners []*runner, k, n, workers int, w io.Writer, done func(games int)) (int64, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type unit struct {
		seq     int64
		c, pair int
	}
	type result struct {
		seq   int64
		lines []line
		err   error
	}
	jobs := make(chan unit)
	results := make(chan result)
	slots := make(chan struct{}, window*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range jobs {
				lines, err := playPair(ctx, p.spec, runners, u.c, u.pair)
				results <- result{u.seq, lines, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		var seq int64
		p.units(k, n, func(c, pair int) bool {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return false
			}
			select {
			case jobs <- unit{seq, c, pair}:
			case <-ctx.Done():
				return false
			}
			seq++
			return true
		})
	}()
	go func() { wg.Wait(); close(results) }()
	pending := map[int64][]line{}
	var next, games int64
	var firstErr error
	var buf []byte
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		if firstErr != nil {
			continue
		}
		pending[r.seq] = r.lines
		for {
			lines, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-slots
			for _, l := range lines {
				buf, _ = appendLine(buf[:0], l)
				if _, err := w.Write(buf); err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
			}
			games += int64(len(lines))
			done(len(lines))
		}
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return games, firstErr
}

// playPair plays the games of pair j of cell c: 2j and, if the cell has
// it, 2j+1. When both players are the same deterministic agent, game 2j+1
// is game 2j again (same opening, same agents, the seats swapped but the
// same agent in each): it is not played twice.
func playPair(ctx context.Context, s *Spec, runners []*runner, c, j int) ([]line, error) {
	r := runners[c]
	lines := make([]line, 0, 2)
	for i := 2 * j; i < min(2*j+2, s.games(c)); i++ {
		var l line
		var err error
		if i%2 == 1 && r.mirror {
			l = lines[0]
			l.Index = i
		} else if l, err = r.play(ctx, i); err != nil {
			return nil, fmt.Errorf("cell %d (%s) game %d: %w", c, s.Cells[c].Label(), i, err)
		}
		l.Cell = c
		lines = append(lines, l)
	}
	return lines, nil
}

// appendLine appends l as one JSON line.
func appendLine(buf []byte, l line) ([]byte, error) {
	b, err := json.Marshal(l)
	if err != nil {
		return buf, err
	}
	return append(append(buf, b...), '\n'), nil
}
