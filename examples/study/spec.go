package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/match"
)

// Spec is a study as written in its JSON file (README.md documents it).
type Spec struct {
	// Seed fixes every random choice of the study.
	Seed uint64 `json:"seed"`
	// Games is the number of games of each cell (a cell may set its own).
	Games int `json:"games"`
	// OpeningPlies is k: the first k plies of every game are random.
	OpeningPlies int `json:"openingPlies"`
	// OpeningTurns is k counted in turns (C-1): the first k turns of every
	// game are random, every ply of them (a Kiothi opening turn of many
	// steps is one turn). At most one of OpeningPlies and OpeningTurns is
	// set.
	OpeningTurns int `json:"openingTurns,omitempty"`
	// MaxPlies is the ply cap: a game still going after it is censored.
	MaxPlies int `json:"maxPlies"`
	// Cells are the game, rules and players of each cell.
	Cells []Cell `json:"cells"`
}

// Cell is one game, rule set and pair of players.
type Cell struct {
	Game  string `json:"game"`
	Rules string `json:"rules"`
	South string `json:"south"`
	North string `json:"north"`
	// Games, when not 0, replaces the study's Games for this cell.
	Games int `json:"games,omitempty"`
}

// Limits on a spec, so that a typo cannot ask for a study no machine runs.
const (
	maxCells    = 10_000
	maxGames    = 1 << 31
	maxSpecSize = 1 << 20
)

// readSpec reads and checks a spec file, and returns it with its
// canonical text: compact JSON, cells with canonical rules and players, a
// line break at the end; the text spec.json holds and whose digest names
// the study ([specDigest]). A spec whose canonical text is over
// maxSpecSize is refused too, so that every spec run accepts can be read
// back by merge.
func readSpec(path string) (*Spec, []byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSpecSize+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > maxSpecSize {
		return nil, nil, fmt.Errorf("%s: more than the %d bytes a spec may have", path, maxSpecSize)
	}
	s, err := parseSpec(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	canon, err := json.Marshal(s)
	if err != nil {
		return nil, nil, err
	}
	if len(canon)+1 > maxSpecSize {
		return nil, nil, fmt.Errorf("%s: its canonical form is %d bytes, more than the %d a spec may have", path, len(canon)+1, maxSpecSize)
	}
	return s, append(canon, '\n'), nil
}

// specDigest names a study: "sha256:" and the hex SHA-256 of its
// canonical text (readSpec).
func specDigest(canon []byte) string {
	sum := sha256.Sum256(canon)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// version is the program's version as shard files record it
// (programVersion); tests set it.
var version = programVersion()

// programVersion returns the version of this program's build: the main
// module's version (a release, or the pseudo-version go build stamps from
// the checkout, "+dirty" for uncommitted changes), else the commit it was
// built from, else "devel". Games depend on the library's code, so shards
// of one study must come from one version.
func programVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, st := range bi.Settings {
		switch st.Key {
		case "vcs.revision":
			rev = st.Value
		case "vcs.modified":
			dirty = st.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}

// parseSpec decodes a spec strictly (unknown fields are errors) and checks
// every cell: its game, rules and players.
func parseSpec(data []byte) (*Spec, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Spec
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("spec: %w", err)
	}
	if dec.More() {
		return nil, errors.New("spec: more than one JSON value")
	}
	switch {
	case s.Games < 1 || s.Games > maxGames:
		return nil, fmt.Errorf("spec: games %d: want 1..%d", s.Games, maxGames)
	case s.OpeningPlies < 0:
		return nil, fmt.Errorf("spec: openingPlies %d: want 0 or more", s.OpeningPlies)
	case s.OpeningTurns < 0:
		return nil, fmt.Errorf("spec: openingTurns %d: want 0 or more", s.OpeningTurns)
	case s.OpeningPlies > 0 && s.OpeningTurns > 0:
		return nil, errors.New("spec: both openingPlies and openingTurns: set one")
	case s.MaxPlies < 0:
		return nil, fmt.Errorf("spec: maxPlies %d: want 0 (no cap) or more", s.MaxPlies)
	case len(s.Cells) == 0:
		return nil, errors.New("spec: no cells")
	case len(s.Cells) > maxCells:
		return nil, fmt.Errorf("spec: %d cells, at most %d", len(s.Cells), maxCells)
	}
	seen := map[string]int{}
	for i := range s.Cells {
		c := &s.Cells[i]
		if c.Games < 0 || c.Games > maxGames {
			return nil, fmt.Errorf("spec: cell %d: games %d: want 0 (the study's) or 1..%d", i, c.Games, maxGames)
		}
		r, err := newRunner(c, &s)
		if err != nil {
			return nil, fmt.Errorf("spec: cell %d (%s): %w", i, c.Game, err)
		}
		c.Rules, c.South, c.North = r.rules, r.south, r.north // canonical
		k := c.key()
		if j, dup := seen[k]; dup {
			return nil, fmt.Errorf("spec: cells %d and %d are the same cell (%s)", j, i, c.Label())
		}
		seen[k] = i
	}
	return &s, nil
}

// openingText says how games open: "6 random opening plies" or "2 random
// opening turns".
func (s *Spec) openingText() string {
	if s.OpeningTurns > 0 {
		return strconv.Itoa(s.OpeningTurns) + " random opening turns"
	}
	return strconv.Itoa(s.OpeningPlies) + " random opening plies"
}

// games returns the number of games of cell c.
func (s *Spec) games(c int) int {
	if g := s.Cells[c].Games; g > 0 {
		return g
	}
	return s.Games
}

// key is the cell's match key: game, canonical rules and players. Game i
// of a cell depends on the study's seed, this key and i only.
func (c *Cell) key() string {
	return c.Game + "|" + c.Rules + "|" + c.South + "|" + c.North
}

// RulesLabel is the cell's rules for people: "default" for none.
func (c *Cell) RulesLabel() string {
	if c.Rules == "" {
		return "default"
	}
	return c.Rules
}

// Label names the cell in messages: "kisolo Columns:6, random vs random".
func (c *Cell) Label() string {
	return c.Game + " " + c.RulesLabel() + ", " + c.South + " vs " + c.North
}

// line is one game's result, one JSON line of a shard file.
type line struct {
	Cell     int    `json:"cell"`
	Index    int    `json:"index"`
	Result   string `json:"result"` // "S:nomove", "draw:endless", "*" when censored
	Plies    int    `json:"plies"`
	Reason   string `json:"reason"` // the outcome's reason; "" when censored
	Endless  bool   `json:"endless"`
	Censored bool   `json:"censored"`
	// Hash is the FNV-1a hash of the game's moves (16 hex digits), for
	// games played by agents: two games with the same hash are the same
	// game. Random-vs-random games (played by the fast playout) have none.
	Hash string `json:"hash,omitempty"`
}

// runner plays the games of one cell.
type runner struct {
	rules        string // canonical
	south, north string // the players' canonical agent specs, levels resolved
	// play plays game i.
	play func(ctx context.Context, i int) (line, error)
	// mirror reports that both players are the same deterministic agent,
	// so that game 2j+1 is game 2j again.
	mirror bool
}

// newRunner checks cell c and returns the runner of its games.
func newRunner(c *Cell, s *Spec) (*runner, error) {
	r, err := games.Do(c.Game, cell{c, s}, cellRunner, cellRunner, cellRunner)
	if err != nil {
		return nil, err
	}
	return r.r, r.err
}

// cell is a cell of a spec, for games.Do; built is what cellRunner returns.
type (
	cell struct {
		c *Cell
		s *Spec
	}
	built struct {
		r   *runner
		err error
	}
)

func cellRunner[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], x cell) built {
	r, err := newCellRunner(d, x.c, x.s)
	return built{r, err}
}

func newCellRunner[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], c *Cell, s *Spec) (*runner, error) {
	start, err := d.New(c.Rules)
	if err != nil {
		return nil, err
	}
	south, southSpec, err := parsePlayer(d, c.South)
	if err != nil {
		return nil, err
	}
	north, northSpec, err := parsePlayer(d, c.North)
	if err != nil {
		return nil, err
	}
	m := &match.Match[P, M]{
		Game:         d,
		Start:        start,
		Seed:         s.Seed,
		OpeningPlies: s.OpeningPlies,
		OpeningTurns: s.OpeningTurns,
		MaxPlies:     s.MaxPlies,
		A:            south,
		B:            north,
		KeepMoves:    true,
	}
	r := &runner{rules: d.Rules(start), south: southSpec.String(), north: northSpec.String()}
	m.Key = c.Game + "|" + r.rules + "|" + r.south + "|" + r.north
	agents := south.New != nil || north.New != nil
	r.mirror = southSpec == northSpec && southSpec.IgnoresSeed()
	r.play = func(ctx context.Context, i int) (line, error) {
		res, err := m.Play(ctx, i)
		if err != nil {
			return line{}, err
		}
		l := line{Index: i, Result: res.Result(), Plies: res.Plies, Reason: res.Outcome.Reason.String(), Endless: res.Endless(), Censored: res.Censored}
		if agents {
			h := fnv.New64a()
			for _, mv := range res.Moves {
				h.Write([]byte(mv.String()))
				h.Write([]byte{' '})
			}
			l.Hash = fmt.Sprintf("%016x", h.Sum64())
		}
		return l, nil
	}
	return r, nil
}

// maxDepth is the deepest AlphaBeta a study plays, so that a typo cannot
// ask for a study no machine runs.
const maxDepth = 20

// hasBudget reports whether an agent spec's text gives its budget (a
// number after the kind, or a depth= or iterations= option), rather than
// taking the default; a level has its own.
func hasBudget(text string) bool {
	parts := strings.Split(text, ":")
	for _, p := range parts[1:] {
		if _, err := strconv.Atoi(p); err == nil || strings.HasPrefix(p, "depth=") || strings.HasPrefix(p, "iterations=") {
			return true
		}
	}
	return parts[0] != "alphabeta" && parts[0] != "mcts" && parts[0] != "mcts-eval"
}

// parsePlayer reads a player of a spec, an agent spec
// (mancala/agent.ParseSpec: "random", "alphabeta:4", "mcts-eval:500",
// "level:casual"), and returns it with its spec, a level resolved to its
// agent through d's levels. A search names its budget; a time budget is
// refused (a study's games must not depend on the machine's speed), and
// so is a depth over maxDepth.
func parsePlayer[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], text string) (match.Player[P, M], agent.Spec, error) {
	sp, err := agent.ParseSpec(text)
	if err == nil {
		sp, err = sp.Resolve(d.Levels)
	}
	if err != nil {
		return match.Player[P, M]{}, sp, fmt.Errorf("player %q: %w", text, err)
	}
	switch {
	case sp.Time != 0:
		return match.Player[P, M]{}, sp, fmt.Errorf("player %q: a time budget makes the games depend on the machine's speed: give a depth or iterations", text)
	case sp.Depth > maxDepth:
		return match.Player[P, M]{}, sp, fmt.Errorf("player %q: depth at most %d", text, maxDepth)
	case (sp.Kind == agent.KindAlphaBeta || sp.Kind == agent.KindMCTS || sp.Kind == agent.KindMCTSEval) && !hasBudget(text):
		what := "depth"
		if sp.Kind != agent.KindAlphaBeta {
			what = "number of iterations"
		}
		return match.Player[P, M]{}, sp, fmt.Errorf("player %q: want %s:<a positive %s>, so that the spec says what it measures", text, sp.Kind, what)
	}
	p := match.Player[P, M]{Name: sp.String()}
	if sp == (agent.Spec{Kind: agent.KindRandom}) {
		return p, sp, nil // nil New: uniform random, the fast playout
	}
	p.New = func(seed uint64) (agent.Agent[P, M], error) { return cli.NewAgent(d, sp, seed) }
	return p, sp, nil
}
