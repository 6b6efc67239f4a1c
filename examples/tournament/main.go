// Tournament plays computer players against each other at one game and
// rates them: every pair of the players listed in -agents (with -ladder,
// every pair listed next to each other) meets in -games games. Each pair of games starts from one random opening (the first
// -opening plies drawn uniformly from the legal moves), played once with
// each player South, so that deterministic players (AlphaBeta) play
// different games; the openings, the agents' seeds and so the results are
// fixed by -seed, the game, its rules and the pairing (mancala/match). A
// game still going after -plies plies is censored: counted apart from wins,
// draws and losses, and left out of scores and ratings (-censored draw
// counts it as a draw instead).
//
// A progress bar runs on standard error when it is a terminal; the results
// go to standard output as three tables: each pairing from the first
// player's side, each player's total, with wins, draws, losses, censored
// games and the score (a win 1, a draw 1/2) with its 95% confidence
// interval (Wilson's score interval over the distinct games: two games
// with the same moves count once), and the players' Elo ratings, fitted by
// maximum likelihood (internal/rating: Davidson's ties model with a
// first-seat advantage and -prior virtual games per pairing), the first
// player listed anchored at -anchor, each with its 95% interval and the gap
// to the player listed before it. -ratings FILE writes the ratings as a
// tab-separated table with move times; -times prints the move times too
// (they vary from run to run). A player listed twice gets labels of its own
// ("alphabeta#1", "alphabeta#2"); -records DIR writes every game's record
// there. -rerate DIR,DIR... plays nothing: it rates the games recorded in
// those directories (say by runs of one pairing with different -seed, so
// that a long measurement can be made in pieces), each distinct game once,
// with the players of -agents as the records name them; records hold no
// move times.
//
//	go run ./examples/tournament -game kiothi -agents random,alphabeta,mcts -games 20
//	go run ./examples/tournament -game kisolo -agents alphabeta:2,alphabeta:4 -games 50 -ratings kisolo.tsv
//
// A player is an agent spec (mancala/agent.ParseSpec): random, alphabeta,
// mcts or mcts-eval (MCTS with short playouts scored by the game's
// evaluation), optionally with its own budget after a colon: alphabeta:6
// searches 6 plies, mcts:500 makes 500 playouts a move,
// mcts:500:time=1s:workers=2 adds a time budget and workers; or a level
// of the game (Beginner, Casual, ..., or level:N from the weakest), which
// plays its own agent and budget (the game's Descriptor.Levels; -levels
// takes all of them, weakest first). A budget is bounded by the service
// limits (agent.DefaultLimits, as the web server and the C library):
// depth at most 10 plies, 100,000 playouts, 8 workers and 2 s a move. Results are the same for the same flags and -seed (unless -time
// is set), however many games run in parallel.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/internal/games"
	"github.com/seed8ebe013a/go-mancala/internal/rating"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/match"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

type options struct {
	game, rules string
	agents      []string
	games       int
	opening     int
	turns       int
	budget      cli.Budget
	seed        uint64
	maxPlies    int
	parallel    int
	progress    bool
	records     string
	ratings     string
	prior       float64
	anchor      float64
	censored    string
	times       bool
	ladder      bool
	levels      bool
	endgame     int
	endgameDir  string
	rerate      string
}

func main() {
	os.Exit(main1(os.Args[1:], os.Stdout, os.Stderr))
}

func main1(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	var agents string
	fs.StringVar(&o.game, "game", "kisolo", "the game: "+games.List())
	fs.StringVar(&o.rules, "rules", "", "rule options, as in a position's rules= field")
	fs.StringVar(&agents, "agents", "random,alphabeta,mcts", "comma-separated players: "+cli.AgentNames+", each optionally :budget")
	fs.IntVar(&o.games, "games", 10, "games per pairing, an even number: each opening is played from both seats")
	fs.IntVar(&o.opening, "opening", 4, "random opening plies before the players take over (0: none; then deterministic players replay one game)")
	fs.IntVar(&o.turns, "opening-turns", 0, "random opening counted in turns instead of plies (a Kiothi opening turn of many steps is one turn); replaces -opening")
	fs.IntVar(&o.budget.Depth, "depth", 4, "alphabeta search depth in plies")
	fs.IntVar(&o.budget.Iterations, "iterations", 1000, "mcts playouts per move")
	fs.DurationVar(&o.budget.Time, "time", 0, "time per move (0: none; breaks reproducibility)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the openings and the players' random choices")
	fs.IntVar(&o.maxPlies, "plies", 2000, "ply cap (the opening included): a game still going is censored (0: no cap)")
	fs.IntVar(&o.parallel, "parallel", runtime.GOMAXPROCS(0), "games played at once")
	fs.BoolVar(&o.progress, "progress", cli.IsTerminal(stderr), "show a progress bar on standard error (default: when it is a terminal)")
	fs.StringVar(&o.records, "records", "", "write the record of every game into this directory (created if missing)")
	fs.StringVar(&o.ratings, "ratings", "", "write the ratings, with move times, to this file as a tab-separated table")
	fs.Float64Var(&o.prior, "prior", 2, "virtual games per pairing in the rating fit, won half by each player (0: plain maximum likelihood)")
	fs.Float64Var(&o.anchor, "anchor", 1000, "the rating of the first player listed")
	fs.StringVar(&o.censored, "censored", "drop", "censored games in scores and ratings: drop (left out) or draw (counted as draws)")
	fs.BoolVar(&o.levels, "levels", false, "the players are the game's levels, weakest first (instead of -agents)")
	fs.BoolVar(&o.ladder, "ladder", false, "play only the pairs of players listed next to each other (a ladder, weakest first) instead of every pair")
	fs.IntVar(&o.endgame, "endgame", 0, "give every alphabeta player the endgame tables of up to this many seeds in play (docs/endgame.md; built on first use, cached), 0 for none")
	fs.StringVar(&o.endgameDir, "endgame-dir", "", "where the endgame tables are cached (default: the user's cache directory, go-mancala/endgame)")
	fs.StringVar(&o.rerate, "rerate", "", "rate the games recorded in these comma-separated directories (written by -records, e.g. by runs with different -seed) instead of playing; the players are those listed, as the records name them")
	fs.BoolVar(&o.times, "times", false, "print each player's mean and longest time per move (they vary from run to run)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tournament: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	o.agents = strings.Split(agents, ",")
	if o.turns > 0 {
		set := false
		fs.Visit(func(f *flag.Flag) { set = set || f.Name == "opening" })
		if set && o.opening > 0 {
			fmt.Fprintln(stderr, "tournament: -opening and -opening-turns: give one")
			return 2
		}
		o.opening = 0
	}
	if err := checkBudget(o.budget); err != nil {
		fmt.Fprintln(stderr, "tournament:", err)
		return 2
	}
	if msg := o.check(); msg != "" {
		fmt.Fprintln(stderr, "tournament:", msg)
		return 2
	}
	err, unknown := games.Do(o.game, session{o, stdout, stderr}, runGame, runGame, runGame)
	if unknown != nil {
		err = unknown
	}
	if err != nil {
		fmt.Fprintln(stderr, "tournament:", err)
		return 1
	}
	return 0
}

// openingText says how the games open: "4 plies" or "2 turns".
func (o options) openingText() string {
	switch {
	case o.turns == 1:
		return "1 turn"
	case o.turns > 1:
		return strconv.Itoa(o.turns) + " turns"
	}
	return cli.Plies(o.opening)
}

// check returns the complaint about a flag out of range, or "".
func (o options) check() string {
	switch {
	case o.maxPlies < 0 || o.parallel < 1 || o.parallel > maxParallel:
		return fmt.Sprintf("-plies %d and -parallel %d: want -plies 0 or more, -parallel 1..%d", o.maxPlies, o.parallel, maxParallel)
	case o.games < 2 || o.games%2 != 0:
		return fmt.Sprintf("-games %d: want an even number of at least 2 (each opening is played from both seats)", o.games)
	case o.opening < 0:
		return fmt.Sprintf("-opening %d: want 0 or more plies", o.opening)
	case o.turns < 0:
		return fmt.Sprintf("-opening-turns %d: want 0 or more turns", o.turns)
	case math.IsNaN(o.prior) || math.IsInf(o.prior, 0) || o.prior < 0:
		return fmt.Sprintf("-prior %v: want a finite number >= 0", o.prior)
	case math.IsNaN(o.anchor) || math.IsInf(o.anchor, 0):
		return fmt.Sprintf("-anchor %v: want a finite rating", o.anchor)
	case o.censored != "drop" && o.censored != "draw":
		return fmt.Sprintf("-censored %q: want drop or draw", o.censored)
	}
	return ""
}

// checkBudget checks a player's budget: in range (cli.Budget.Check), and
// within the service limits (agent.DefaultLimits, which the web server,
// the engine and the C library apply too), so that no flag makes a
// tournament's move cost more than one the web server would search.
func checkBudget(b cli.Budget) error {
	if err := b.Check(); err != nil {
		return err
	}
	err := agent.DefaultLimits().Check(agent.Spec{Depth: b.Depth, Iterations: b.Iterations, Time: b.Time, Workers: b.Workers})
	var le *agent.LimitError
	if errors.As(err, &le) {
		return fmt.Errorf("-%s %s: over the limit %s (the service limits)", le.Limit, le.Value, le.Max)
	}
	return err
}

// maxParallel bounds -parallel.
const maxParallel = 1024

// checkSpec checks a player's resolved spec against the service limits,
// as checkBudget checks the flags.
func checkSpec(text string, s agent.Spec) error {
	if err := agent.DefaultLimits().Check(s); err != nil {
		return fmt.Errorf("player %q: %w", text, err)
	}
	return nil
}

// player is one entrant: its label and the spec of its agent.
type player struct {
	name string
	spec agent.Spec
}

// parsePlayer reads one entry of -agents, an agent spec (cli.Player): a
// bare kind plays with the flags' budget b and is labelled as written, a
// kind with its own budget (alphabeta:6) is labelled by its canonical spec
// (alphabeta:06 is alphabeta:6), and a level of d's game (Casual, level:2)
// plays with its own agent and budget and is labelled by its name.
func parsePlayer(game string, levels []mancala.Level, s string, b cli.Budget) (player, error) {
	spec, err := cli.Player(s, b)
	if err != nil {
		return player{}, err
	}
	p := player{name: spec.String(), spec: spec}
	if s == spec.Kind.String() {
		p.name = s
	}
	play := spec
	if spec.Kind == agent.KindLevel {
		l, err := cli.Level(game, levels, spec)
		if err != nil {
			return player{}, err
		}
		p.name = l.Name
		if play, err = spec.Resolve(levels); err != nil {
			return player{}, err
		}
	}
	if err := checkSpec(s, play); err != nil {
		return player{}, err
	}
	return p, nil
}

// tally counts results from one side's point of view. Draws are the games
// drawn by the rules; censored games (still going at the ply cap) are
// counted apart, and asDraws of them (all or none, by -censored) count as
// draws in the score.
type tally struct{ wins, draws, losses, censored, distinct, asDraws int }

func (t tally) games() int { return t.wins + t.draws + t.losses + t.censored }

// score returns the mean score over the games scored (those not censored,
// and the censored ones counted as draws) and its 95% Wilson interval over
// the distinct ones.
func (t tally) score() (mean, lo, hi float64) {
	n := t.wins + t.draws + t.losses + t.asDraws
	if n == 0 {
		return 0, 0, 1
	}
	p := (float64(t.wins) + float64(t.draws+t.asDraws)/2) / float64(n)
	lo, hi = match.Wilson(p, min(t.distinct, n))
	return p, lo, hi
}

// clock adds up one player's thinking time: wall-clock time, and the
// process's CPU time over each move, which is the move's own with
// -parallel 1 (on a loaded machine the wall clock also counts the time
// the process waited for a core).
type clock struct {
	mu               sync.Mutex
	moves            int
	total, worst     time.Duration
	cpuTotal, cpuMax time.Duration // 0 where CPU time is not measured
}

func (c *clock) add(wall, cpu time.Duration) {
	c.mu.Lock()
	c.moves++
	c.total += wall
	c.worst = max(c.worst, wall)
	c.cpuTotal += cpu
	c.cpuMax = max(c.cpuMax, cpu)
	c.mu.Unlock()
}

func (c *clock) mean() time.Duration {
	if c.moves == 0 {
		return 0
	}
	return c.total / time.Duration(c.moves)
}

func (c *clock) cpuMean() time.Duration {
	if c.moves == 0 {
		return 0
	}
	return c.cpuTotal / time.Duration(c.moves)
}

// timed builds p's agents, timing every move on c; an alphabeta agent
// probes oracle (the endgame tables), when it is not nil.
func timed[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], p player, c *clock, oracle agent.Oracle[P]) match.Player[P, M] {
	return match.Player[P, M]{Name: p.name, New: func(seed uint64) (agent.Agent[P, M], error) {
		a, err := cli.NewAgent(d, p.spec, seed)
		if err != nil {
			return nil, err
		}
		a = cli.WithOracle(a, oracle)
		return agent.AgentFunc[P, M](func(ctx context.Context, q P) (M, error) {
			start := time.Now()
			cpu0, ok0 := cpuTime()
			m, err := a.Move(ctx, q)
			cpu1, ok1 := cpuTime()
			cpu := cpu1 - cpu0
			if !ok0 || !ok1 {
				cpu = 0
			}
			c.add(time.Since(start), cpu)
			return m, err
		}), nil
	}}
}

// pairing is the match of players a and b (a listed first) and its games.
type pairing[M mancala.Move] struct {
	a, b    int
	key     string
	results []match.Result[M]
}

// session is what run needs beside the game, for games.Do.
type session struct {
	o        options
	out, log io.Writer
}

func runGame[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s session) error {
	return run(d, s.o, s.out, s.log)
}

func run[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], o options, out, log io.Writer) error {
	start, err := d.New(o.rules)
	if err != nil {
		return err
	}
	var players []player
	if o.levels {
		o.agents = nil
		for _, l := range d.Levels {
			o.agents = append(o.agents, l.Name)
		}
	}
	for _, s := range o.agents {
		p, err := parsePlayer(d.Name, d.Levels, strings.TrimSpace(s), o.budget)
		if err != nil {
			return err
		}
		players = append(players, p)
	}
	if len(players) < 2 {
		return fmt.Errorf("need at least two players, got %d", len(players))
	}
	label(players)
	if o.records != "" {
		if err := os.MkdirAll(o.records, 0o755); err != nil {
			return fmt.Errorf("-records: %w", err)
		}
	}
	var oracle agent.Oracle[P]
	if o.endgame < 0 {
		return fmt.Errorf("-endgame %d: want 0 (none) or more seeds", o.endgame)
	}
	if o.endgame > 0 {
		if oracle, err = cli.EndgameOracle(context.Background(), d, start, o.endgame, o.endgameDir); err != nil {
			return fmt.Errorf("-endgame: %w", err)
		}
	}
	clocks := make([]clock, len(players))
	var pairings []*pairing[M]
	for a := range players {
		for b := a + 1; b < len(players); b++ {
			if o.ladder && b > a+1 {
				break
			}
			key := strings.Join([]string{"tournament", d.Name, d.Rules(start), players[a].name, players[b].name}, "|")
			pairings = append(pairings, &pairing[M]{a: a, b: b, key: key})
		}
	}
	if o.rerate != "" {
		if err := rerate(d, o.rerate, players, pairings); err != nil {
			return err
		}
		return report(d.Name, o, players, pairings, clocks, out)
	}
	var bar *progressbar.ProgressBar
	if o.progress {
		bar = progressbar.NewOptions(len(pairings)*o.games,
			progressbar.OptionSetWriter(log),
			progressbar.OptionSetDescription(d.Name),
			progressbar.OptionShowCount(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100_000_000),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(log) }),
		)
	}
	for _, pr := range pairings {
		m := match.Match[P, M]{
			Game: d, Start: start, Seed: o.seed, Key: pr.key,
			OpeningPlies: o.opening, OpeningTurns: o.turns, MaxPlies: o.maxPlies,
			A:         timed(d, players[pr.a], &clocks[pr.a], oracle),
			B:         timed(d, players[pr.b], &clocks[pr.b], oracle),
			KeepMoves: true,
		}
		var done func(match.Result[M])
		if bar != nil {
			done = func(match.Result[M]) { bar.Add(1) }
		}
		pr.results, err = m.PlayRange(context.Background(), 0, o.games, o.parallel, done)
		if err != nil {
			return err
		}
		if o.progress {
			// A line per finished pairing, so that a long run shows its
			// results as it goes.
			var w, dr, l, c int
			for _, r := range pr.results {
				switch s, ok := r.AScore(); {
				case !ok:
					c++
				case s == 1:
					w++
				case s == 0:
					l++
				default:
					dr++
				}
			}
			fmt.Fprintf(log, "\n%s vs %s: %d wins, %d draws, %d losses, %d censored\n", players[pr.a].name, players[pr.b].name, w, dr, l, c)
		}
		if o.records != "" {
			if err := writeRecords(d, start, players, pr, o.records); err != nil {
				return err
			}
		}
	}
	return report(d.Name, o, players, pairings, clocks, out)
}

// report prints the tables and writes the ratings file.
func report[M mancala.Move](game string, o options, players []player, pairings []*pairing[M], clocks []clock, out io.Writer) error {
	total, pair, games := tallyResults(o, players, pairings)
	caps := "no ply cap"
	if o.maxPlies > 0 {
		caps = fmt.Sprintf("censored at %s", cli.Plies(o.maxPlies))
	}
	if o.rerate != "" {
		fmt.Fprintf(out, "%s: the games recorded in %s\n\n", game, o.rerate)
	} else {
		fmt.Fprintf(out, "%s: %d games per pairing (%d openings of %s, each from both seats), seed %d, %s\n\n",
			game, o.games, o.games/2, o.openingText(), o.seed, caps)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	cells := func(t tally) string {
		m, lo, hi := t.score()
		return fmt.Sprintf("%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t[%.3f, %.3f]", t.games(), t.wins, t.draws, t.losses, t.censored, t.distinct, m, lo, hi)
	}
	fmt.Fprintf(tw, "player\topponent\tgames\twins\tdraws\tlosses\tcensored\tdistinct\tscore\t95%% CI\n")
	for k, pr := range pairings {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", players[pr.a].name, players[pr.b].name, cells(pair[k]))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n")
	fmt.Fprintf(tw, "player\tgames\twins\tdraws\tlosses\tcensored\tdistinct\tscore\t95%% CI\n")
	for a, p := range players {
		fmt.Fprintf(tw, "%s\t%s\n", p.name, cells(total[a]))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n")
	fit, err := rating.Estimate(len(players), games, rating.Options{Prior: o.prior, Advantage: true, AnchorRating: o.anchor})
	if err != nil {
		fmt.Fprintf(out, "no ratings: %v\n", err)
		if o.ratings != "" {
			return fmt.Errorf("-ratings: %w", err)
		}
		return nil
	}
	writeRatingTable(tw, out, o, players, total, clocks, fit)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "first-seat (South) advantage %+.0f ± %.0f Elo; draw rate between equal players %.3f; %d games rated\n",
		fit.Advantage, match.Z95*fit.AdvantageSE, fit.DrawRate(), fit.Games)
	if o.ratings != "" {
		return writeRatings(o.ratings, game, o, players, total, clocks, fit)
	}
	return nil
}

// tallyResults counts the results of every pairing (pair, from the first
// player's side) and every player (total), and lists the games to rate:
// each distinct game once, a censored one only as a draw under -censored
// draw.
func tallyResults[M mancala.Move](o options, players []player, pairings []*pairing[M]) (total, pair []tally, games []rating.Game) {
	total = make([]tally, len(players))
	pair = make([]tally, len(pairings))
	for k, pr := range pairings {
		seen := map[string]bool{}
		for _, r := range pr.results {
			moves := cli.Names(r.Moves)
			fresh := !seen[moves]
			seen[moves] = true
			ts := []*tally{&pair[k], &total[pr.a], &total[pr.b]}
			t := ts[0]
			switch {
			case r.Censored:
				for _, t := range ts {
					t.censored++
				}
				if o.censored != "draw" {
					continue
				}
				for _, t := range ts {
					t.asDraws++
				}
			case r.Outcome.Status == mancala.Draw:
				for _, t := range ts {
					t.draws++
				}
			case (r.Outcome.Winner == mancala.South) == r.ASouth:
				t.wins++
				total[pr.a].wins++
				total[pr.b].losses++
			default:
				t.losses++
				total[pr.a].losses++
				total[pr.b].wins++
			}
			if !fresh {
				continue
			}
			for _, t := range ts {
				t.distinct++
			}
			g := rating.Game{First: pr.a, Second: pr.b, Result: rating.Draw}
			if !r.ASouth {
				g.First, g.Second = pr.b, pr.a
			}
			if r.Outcome.Status == mancala.Win {
				g.Result = rating.Loss
				if r.Outcome.Winner == mancala.South {
					g.Result = rating.Win
				}
			}
			games = append(games, g)
		}
	}
	return total, pair, games
}

// writeRatingTable writes the table of Elo ratings of fit (with the move
// times under -times) to tw, its heading to out.
func writeRatingTable(tw *tabwriter.Writer, out io.Writer, o options, players []player, total []tally, clocks []clock, fit *rating.Fit) {
	fmt.Fprintf(out, "Elo ratings (maximum likelihood, Davidson draws, %g virtual games per pairing, censored games %s; %s = %g):\n",
		o.prior, map[string]string{"drop": "left out", "draw": "as draws"}[o.censored], players[0].name, o.anchor)
	head := "player\trating\t95% CI\tgap to previous\t95% CI\tgames"
	times := o.times && o.rerate == "" // records hold no move times
	if times {
		head += "\tms/move\tmax ms\tcpu ms/move\tcpu max ms"
	}
	fmt.Fprintln(tw, head)
	for a, p := range players {
		r, se := fit.Ratings[a], fit.StdErr(a)
		line := fmt.Sprintf("%s\t%.0f\t[%.0f, %.0f]", p.name, r, r-match.Z95*se, r+match.Z95*se)
		if a == 0 {
			line = fmt.Sprintf("%s\t%.0f\t(anchor)", p.name, r)
		}
		if a > 0 {
			g, gse := fit.Diff(a, a-1)
			line += fmt.Sprintf("\t%+.0f\t[%+.0f, %+.0f]", g, g-match.Z95*gse, g+match.Z95*gse)
		} else {
			line += "\t\t"
		}
		line += fmt.Sprintf("\t%d", total[a].distinct)
		if times {
			line += fmt.Sprintf("\t%.2f\t%.0f\t%.2f\t%.0f", ms(clocks[a].mean()), ms(clocks[a].worst), ms(clocks[a].cpuMean()), ms(clocks[a].cpuMax))
		}
		fmt.Fprintln(tw, line)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// writeRatings writes the ratings table: a header line, then one line per
// player in the order listed, tab-separated.
func writeRatings(path, game string, o options, players []player, total []tally, clocks []clock, fit *rating.Fit) error {
	var b strings.Builder
	if o.rerate != "" {
		fmt.Fprintf(&b, "# %s: the games recorded in %s (no move times: NA), prior %g, censored %s, first-seat advantage %.1f Elo, draw rate %.3f\n",
			game, o.rerate, o.prior, o.censored, fit.Advantage, fit.DrawRate())
	} else {
		fmt.Fprintf(&b, "# %s: %d games per pairing, %s of random opening, seed %d, ply cap %d, prior %g, censored %s, first-seat advantage %.1f Elo, draw rate %.3f\n",
			game, o.games, o.openingText(), o.seed, o.maxPlies, o.prior, o.censored, fit.Advantage, fit.DrawRate())
	}
	b.WriteString("player\trating\tlo95\thi95\tgap\tgap_lo95\tgap_hi95\tgames\twins\tdraws\tlosses\tcensored\tmean_ms\tmax_ms\tcpu_mean_ms\tcpu_max_ms\n")
	for a, p := range players {
		r, se := fit.Ratings[a], fit.StdErr(a)
		g, gse := 0.0, 0.0
		if a > 0 {
			g, gse = fit.Diff(a, a-1)
		}
		t := total[a]
		times := fmt.Sprintf("%.3f\t%.1f\t%.3f\t%.1f", ms(clocks[a].mean()), ms(clocks[a].worst), ms(clocks[a].cpuMean()), ms(clocks[a].cpuMax))
		if o.rerate != "" {
			times = "NA\tNA\tNA\tNA"
		}
		fmt.Fprintf(&b, "%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%d\t%d\t%d\t%d\t%d\t%s\n",
			p.name, r, r-match.Z95*se, r+match.Z95*se, g, g-match.Z95*gse, g+match.Z95*gse,
			t.distinct, t.wins, t.draws, t.losses, t.censored, times)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("-ratings: %w", err)
	}
	return nil
}

// label gives players listed more than once labels of their own: the
// second "alphabeta" and the first become "alphabeta#1" and "alphabeta#2".
func label(players []player) {
	count := map[string]int{}
	for _, p := range players {
		count[p.name]++
	}
	seen := map[string]int{}
	for i, p := range players {
		if count[p.name] > 1 {
			seen[p.name]++
			players[i].name = p.name + "#" + strconv.Itoa(seen[p.name])
		}
	}
}

// recordName is the file name of game i of pairing (a, b)'s record: the
// pairing, the game's number in it and who played South, e.g.
// "alphabeta_4-vs-mcts-03-south-mcts.txt" (':' and '#' become '_').
func recordName(players []player, a, b, i int, aSouth bool) string {
	clean := strings.NewReplacer(":", "_", "#", "_", "/", "_").Replace
	south := players[b].name
	if aSouth {
		south = players[a].name
	}
	return fmt.Sprintf("%s-vs-%s-%02d-south-%s.txt", clean(players[a].name), clean(players[b].name), i+1, clean(south))
}

// writeRecords writes the record of every game of pr into dir, with the
// game's round and the number of random opening plies as headers.
func writeRecords[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], start P, players []player, pr *pairing[M], dir string) error {
	for _, res := range pr.results {
		r, err := record.New(start, res.Moves)
		if err != nil {
			return err
		}
		r.South, r.North = players[pr.a].name, players[pr.b].name
		if !res.ASouth {
			r.South, r.North = r.North, r.South
		}
		r.Extra = []record.Tag{{Key: "Round", Value: strconv.Itoa(res.Index + 1)}, {Key: "Opening", Value: strconv.Itoa(res.Opening)}}
		text, err := record.Format(d, r)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, recordName(players, pr.a, pr.b, res.Index, res.ASouth)), []byte(text), 0o644); err != nil {
			return fmt.Errorf("game %d of %s vs %s: %w", res.Index+1, players[pr.a].name, players[pr.b].name, err)
		}
	}
	return nil
}
