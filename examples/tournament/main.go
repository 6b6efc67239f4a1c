// Tournament plays computer players against each other at one game: every
// pair of the players listed in -agents meets in -games games, the two
// taking South in turn. A progress bar runs on standard error when it is a
// terminal; the results go to standard output as two tables: each pairing
// from the first player's side, and each player's total, with wins, draws,
// losses and the score (a win 1, a draw 1/2) with its 95% confidence
// interval (Wilson's score interval, counting a draw as half a win). A
// player listed twice gets labels of its own ("alphabeta#1",
// "alphabeta#2"); -records DIR writes every game's record there.
//
//	go run ./examples/tournament -game kiothi -agents random,alphabeta,mcts -games 20
//	go run ./examples/tournament -game kisolo -agents alphabeta:2,alphabeta:4 -games 50
//
// A player is random, alphabeta or mcts, optionally with its own budget
// after a colon: alphabeta:6 searches 6 plies, mcts:500 makes 500 playouts
// a move. Results are the same for the same flags and -seed (unless -time
// is set), however many games run in parallel.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/schollz/progressbar/v3"
	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/match"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

type options struct {
	game, rules string
	agents      []string
	games       int
	budget      cli.Budget
	seed        uint64
	maxPlies    int
	parallel    int
	progress    bool
	records     string
}

func main() {
	os.Exit(main1(os.Args[1:], os.Stdout, os.Stderr))
}

func main1(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	var agents string
	fs.StringVar(&o.game, "game", "kisolo", "the game: "+cli.Games)
	fs.StringVar(&o.rules, "rules", "", "rule options, as in a position's rules= field")
	fs.StringVar(&agents, "agents", "random,alphabeta,mcts", "comma-separated players: "+cli.AgentNames+", each optionally :budget")
	fs.IntVar(&o.games, "games", 10, "games per pairing (sides alternate)")
	fs.IntVar(&o.budget.Depth, "depth", 4, "alphabeta search depth in plies")
	fs.IntVar(&o.budget.Iterations, "iterations", 1000, "mcts playouts per move")
	fs.DurationVar(&o.budget.Time, "time", 0, "time per move (0: none; breaks reproducibility)")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the players' random choices")
	fs.IntVar(&o.maxPlies, "plies", 2000, "count a game still going after this many plies as a draw")
	fs.IntVar(&o.parallel, "parallel", runtime.GOMAXPROCS(0), "games played at once")
	fs.BoolVar(&o.progress, "progress", cli.IsTerminal(stderr), "show a progress bar on standard error (default: when it is a terminal)")
	fs.StringVar(&o.records, "records", "", "write the record of every game into this directory (created if missing)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tournament: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	o.agents = strings.Split(agents, ",")
	if err := o.budget.Check(); err != nil {
		fmt.Fprintln(stderr, "tournament:", err)
		return 2
	}
	if o.maxPlies < 0 || o.parallel < 1 {
		fmt.Fprintf(stderr, "tournament: -plies %d and -parallel %d: want -plies 0 or more, -parallel 1 or more\n", o.maxPlies, o.parallel)
		return 2
	}
	var err error
	switch o.game {
	case "kiothi":
		err = run(&kiothi.Descriptor, o, stdout, stderr)
	case "kisolo":
		err = run(&kisolo.Descriptor, o, stdout, stderr)
	case "kimasai":
		err = run(&kimasai.Descriptor, o, stdout, stderr)
	default:
		err = fmt.Errorf("unknown game %q (want %s)", o.game, cli.Games)
	}
	if err != nil {
		fmt.Fprintln(stderr, "tournament:", err)
		return 1
	}
	return 0
}

// player is one entrant: a kind and its budget.
type player struct {
	name, kind string
	budget     cli.Budget
}

func parsePlayer(s string, b cli.Budget) (player, error) {
	kind, arg, has := strings.Cut(s, ":")
	p := player{name: s, kind: kind, budget: b}
	if !cli.IsAgent(kind) {
		return p, fmt.Errorf("unknown player %q (want %s)", kind, cli.AgentNames)
	}
	if has {
		n, err := strconv.Atoi(arg)
		if err != nil || n <= 0 || kind == "random" {
			return p, fmt.Errorf("bad budget in %q (alphabeta:<depth> or mcts:<iterations>)", s)
		}
		if kind == "alphabeta" {
			p.budget.Depth = n
		} else {
			p.budget.Iterations = n
		}
		if err := p.budget.Check(); err != nil {
			return p, fmt.Errorf("player %q: %w", s, err)
		}
	}
	return p, nil
}

// tally counts results from one side's point of view.
type tally struct{ wins, draws, losses int }

func (t tally) games() int { return t.wins + t.draws + t.losses }

// score returns the mean score and its 95% Wilson interval.
func (t tally) score() (mean, lo, hi float64) {
	n := float64(t.games())
	if n == 0 {
		return 0, 0, 1
	}
	p := (float64(t.wins) + float64(t.draws)/2) / n
	lo, hi = match.Wilson(p, t.games())
	return p, lo, hi
}

// game is one scheduled game: pairing (a, b) and whether a is South.
type game struct {
	a, b   int
	aSouth bool
	index  int // within the pairing
}

func run[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], o options, out, log io.Writer) error {
	start, err := d.New(o.rules)
	if err != nil {
		return err
	}
	if o.games < 1 {
		return fmt.Errorf("-games must be at least 1")
	}
	var players []player
	for _, s := range o.agents {
		p, err := parsePlayer(strings.TrimSpace(s), o.budget)
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
	var games []game
	for a := range players {
		for b := a + 1; b < len(players); b++ {
			for g := range o.games {
				games = append(games, game{a: a, b: b, aSouth: g%2 == 0, index: g})
			}
		}
	}
	var bar *progressbar.ProgressBar
	if o.progress {
		bar = progressbar.NewOptions(len(games),
			progressbar.OptionSetWriter(log),
			progressbar.OptionSetDescription(d.Name),
			progressbar.OptionShowCount(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100_000_000),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(log) }),
		)
	}
	results := make([]mancala.Outcome, len(games))
	errs := make([]error, len(games))
	recs := make([]string, len(games))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(o.parallel, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], recs[i], errs[i] = playOne(d, start, players, games[i], o)
				if bar != nil {
					bar.Add(1)
				}
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		g := games[i]
		if err == nil && o.records != "" {
			err = os.WriteFile(filepath.Join(o.records, recordName(players, g)), []byte(recs[i]), 0o644)
		}
		if err != nil {
			return fmt.Errorf("game %d of %s vs %s: %w", g.index+1, players[g.a].name, players[g.b].name, err)
		}
	}
	// Tables.
	pair := map[[2]int]*tally{}
	total := make([]tally, len(players))
	for i, g := range games {
		t := pair[[2]int{g.a, g.b}]
		if t == nil {
			t = &tally{}
			pair[[2]int{g.a, g.b}] = t
		}
		aSide := mancala.South
		if !g.aSouth {
			aSide = mancala.North
		}
		switch o := results[i]; {
		case o.Status == mancala.Win && o.Winner == aSide:
			t.wins++
			total[g.a].wins++
			total[g.b].losses++
		case o.Status == mancala.Win:
			t.losses++
			total[g.a].losses++
			total[g.b].wins++
		default:
			t.draws++
			total[g.a].draws++
			total[g.b].draws++
		}
	}
	fmt.Fprintf(out, "%s: %d games per pairing, seed %d\n\n", d.Name, o.games, o.seed)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	cells := func(t tally) string {
		m, lo, hi := t.score()
		return fmt.Sprintf("%d\t%d\t%d\t%d\t%.3f\t[%.3f, %.3f]", t.games(), t.wins, t.draws, t.losses, m, lo, hi)
	}
	fmt.Fprintf(tw, "player\topponent\tgames\twins\tdraws\tlosses\tscore\t95%% CI\n")
	for a := range players {
		for b := a + 1; b < len(players); b++ {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", players[a].name, players[b].name, cells(*pair[[2]int{a, b}]))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n")
	fmt.Fprintf(tw, "player\tgames\twins\tdraws\tlosses\tscore\t95%% CI\n")
	for a, p := range players {
		fmt.Fprintf(tw, "%s\t%s\n", p.name, cells(total[a]))
	}
	return tw.Flush()
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

// recordName is the file name of game g's record: the pairing, the game's
// number in it and who played South, e.g.
// "alphabeta_4-vs-mcts-03-south-mcts.txt" (':' and '#' become '_').
func recordName(players []player, g game) string {
	clean := strings.NewReplacer(":", "_", "#", "_", "/", "_").Replace
	south := players[g.b].name
	if g.aSouth {
		south = players[g.a].name
	}
	return fmt.Sprintf("%s-vs-%s-%02d-south-%s.txt", clean(players[g.a].name), clean(players[g.b].name), g.index+1, clean(south))
}

// playOne plays one game with fresh agents seeded from the tournament seed
// and the game's place in the schedule, and returns its outcome and, with
// -records, its record.
func playOne[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], start P, players []player, g game, o options) (mancala.Outcome, string, error) {
	seed := func(side uint64) uint64 {
		return o.seed*0x9e3779b97f4a7c15 ^ (uint64(g.a)<<48 | uint64(g.b)<<40 | uint64(g.index)<<8 | side)
	}
	pa, pb := players[g.a], players[g.b]
	a, err := cli.NewAgent(d, pa.kind, pa.budget, seed(0))
	if err != nil {
		return mancala.Outcome{}, "", err
	}
	b, err := cli.NewAgent(d, pb.kind, pb.budget, seed(1))
	if err != nil {
		return mancala.Outcome{}, "", err
	}
	south, north := a, b
	names := [2]string{pa.name, pb.name}
	if !g.aSouth {
		south, north = b, a
		names = [2]string{pb.name, pa.name}
	}
	moves, final, err := agent.Play(context.Background(), start, south, north, o.maxPlies, nil)
	if err != nil || o.records == "" {
		return final.Outcome(), "", err
	}
	r, err := record.New(start, moves)
	if err != nil {
		return mancala.Outcome{}, "", err
	}
	r.South, r.North = names[0], names[1]
	r.Extra = []record.Tag{{Key: "Round", Value: strconv.Itoa(g.index + 1)}}
	text, err := record.Format(d, r)
	return final.Outcome(), text, err
}
