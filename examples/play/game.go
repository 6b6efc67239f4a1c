package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fatih/color"
	"github.com/seed8ebe013a/go-mancala/examples/internal/cli"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// How a human's turn at the keyboard can end other than with moves.
var (
	errQuit = errors.New("quit")
	errEOF  = errors.New("end of input")
)

// position is what the game loop needs of a position: the contract, and
// the turn counter, which tells the steps of one Kiothi opening turn from
// the next turn.
type position[P any, M comparable] interface {
	mancala.Position[P, M]
	Turn() int
	// DiagramWith draws the board with each pit's text passed through
	// cell (kisolo.Position.DiagramWith and the others').
	DiagramWith(cell func(index int, text string) string) string
}

// session is what run needs beside the game: the options, the -load
// record's text, and the program's input, outputs and console.
type session struct {
	o         options
	text      string
	stdin     io.Reader
	out, errw io.Writer
	c         console
}

// runGame is run for games.Do.
func runGame[P position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], s session) error {
	return run(d, func(p P, cell func(int, string) string) string { return p.DiagramWith(cell) }, s.o, s.text, s.stdin, s.out, s.errw, s.c)
}

// game is one game being played: the history (positions[i] is the position
// before moves[i]; the last one is the current position), the players, and
// what is still to be shown. Every move goes through hist, so that the
// repetition rule (C-10) ends the game when the rules ask for it;
// positions and moves mirror it.
type game[P position[P, M], M mancala.Move] struct {
	d         *mancala.Descriptor[P, M]
	diagram   func(P, func(int, string) string) string
	o         options
	c         console
	in        *bufio.Scanner
	out, errw io.Writer

	hist      *mancala.History[P, M]
	positions []P
	moves     []M
	agents    [2]agent.Agent[P, M] // nil for a human
	queue     []M                  // a human's moves typed ahead on one line
	shown     int                  // plies already shown
	paint     [2]*color.Color      // changed pits, the pit moved from
}

func run[P position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], diagram func(P, func(int, string) string) string,
	o options, text string, stdin io.Reader, out, errw io.Writer, c console) error {
	start, history, players, err := loaded(d, o, text)
	if err != nil {
		return err
	}
	// A loaded record's players play on unless -south or -north says otherwise.
	for i, flagName := range [2]string{"south", "north"} {
		if players[i] != "" && !o.set[flagName] {
			if i == 0 {
				o.south = players[i]
			} else {
				o.north = players[i]
			}
		}
	}
	recFile, err := openRecord(o.recordFile)
	if err != nil {
		return err
	}
	g := &game[P, M]{d: d, diagram: diagram, o: o, c: c, in: bufio.NewScanner(stdin), out: out, errw: errw, positions: []P{start}, hist: mancala.NewHistory(d, start)}
	g.paint = [2]*color.Color{color.New(color.FgYellow, color.Bold), color.New(color.FgCyan, color.Bold, color.Underline)}
	for _, p := range g.paint {
		if c.color {
			p.EnableColor()
		} else {
			p.DisableColor()
		}
	}
	for _, m := range history {
		q, err := g.hist.Apply(m)
		if err != nil {
			return err // record.Parse replayed them already
		}
		g.moves, g.positions = append(g.moves, m), append(g.positions, q)
	}
	g.shown = len(g.moves)
	names, described, err := g.seat()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: South %s vs North %s, seed %d\n", d.Name, described[0], described[1], o.seed)
	if o.load != "" {
		fmt.Fprintf(out, "Loaded %s: %s played.\n", o.load, cli.Plies(len(g.moves)))
	}
	if names[0] == "human" || names[1] == "human" {
		fmt.Fprintln(out, "Type help for the commands and the notation; the arrows beside the rows show the sowing direction.")
	}
	if !o.quiet {
		fmt.Fprintf(out, "\n%s\n", joinLines(g.board(g.current(), nil, -1)))
	}
	stop := g.play()
	final := g.current()
	fmt.Fprintln(out)
	var failed error // a failure that stopped the game; the record is still written
	switch oc := final.Outcome(); {
	case stop != nil && !errors.Is(stop, errQuit) && !errors.Is(stop, errEOF):
		failed = stop
		fmt.Fprintf(out, "Stopped by an error after %s; the game is unfinished.\n", cli.Plies(len(g.moves)))
	case oc.Over():
		fmt.Fprintf(out, "Result: %s, after %s (%s).\n", oc.Explain(final.ToMove(), d.Words), cli.Plies(len(g.moves)), oc.Result())
	case errors.Is(stop, errEOF):
		fmt.Fprintf(out, "Input ended: stopped after %s, as with quit; the game is unfinished.\n", cli.Plies(len(g.moves)))
	case errors.Is(stop, errQuit):
		fmt.Fprintf(out, "Stopped after %s; the game is unfinished.\n", cli.Plies(len(g.moves)))
	default:
		fmt.Fprintf(out, "Stopped after %s (-plies); the game is unfinished.\n", cli.Plies(len(g.moves)))
	}
	if recFile == nil {
		return failed
	}
	r, err := record.New(start, g.moves)
	if err != nil {
		return errors.Join(failed, err)
	}
	r.South, r.North = names[0], names[1]
	rec, err := record.Format(d, r)
	if err == nil {
		err = writeRecord(recFile, rec)
	}
	if err != nil {
		return errors.Join(failed, err)
	}
	if final.Outcome().Over() {
		fmt.Fprintf(out, "Record written to %s (result %s).\n", o.recordFile, r.Result)
	} else {
		fmt.Fprintf(out, "Record written to %s (result %s); play -load %s resumes it.\n", o.recordFile, r.Result, o.recordFile)
	}
	return failed
}

// seat builds the computer players of -south and -north (o.south,
// o.north) into g.agents, and returns how the record names each player
// (its canonical spec, a level's name, "human") and how the program
// announces it.
func (g *game[P, M]) seat() (names, described [2]string, err error) {
	d, o := g.d, g.o
	names = [2]string{o.south, o.north}
	for i, name := range names {
		described[i] = name
		if name == "human" {
			continue
		}
		spec, err := cli.Player(name, o.budget)
		if err != nil {
			return names, described, err
		}
		described[i], names[i] = cli.Describe(spec), spec.String()
		// A level plays with its own agent and budget (the -depth,
		// -iterations and -time flags are for the named agents).
		if spec.Kind == agent.KindLevel {
			l, err := cli.Level(d.Name, d.Levels, spec)
			if err != nil {
				return names, described, err
			}
			described[i], names[i] = cli.DescribeLevel(l), l.Name
		}
		if g.agents[i], err = cli.NewAgent(d, spec, o.seed*2+uint64(i)); err != nil {
			return names, described, err
		}
	}
	return names, described, nil
}

func (g *game[P, M]) current() P { return g.positions[len(g.positions)-1] }

// play runs the game until it is over, -plies is reached, or a human stops
// (errQuit, errEOF); other errors are failures.
func (g *game[P, M]) play() error {
	for {
		p := g.current()
		if p.Outcome().Over() || (g.o.maxPlies > 0 && len(g.moves) >= g.o.maxPlies) {
			g.show()
			return nil
		}
		mover := p.ToMove()
		var m M
		if a := g.agents[mover&1]; a != nil {
			var err error
			if m, err = g.think(a, p); err != nil {
				return fmt.Errorf("%v to move: %w", mover, err)
			}
		} else {
			if len(g.queue) == 0 {
				g.show()
				if err := g.human(p); err != nil {
					return err
				}
				if len(g.queue) == 0 {
					continue // undo
				}
			}
			m, g.queue = g.queue[0], g.queue[1:]
		}
		q, err := g.hist.Apply(m)
		if err != nil {
			return fmt.Errorf("%v played a refused move: %w", mover, err)
		}
		g.moves, g.positions = append(g.moves, m), append(g.positions, q)
		if q.Outcome().Over() || q.ToMove() != mover || (g.agents[mover&1] == nil && len(g.queue) == 0) {
			g.show()
		}
	}
}

// think asks a computer player for a move; when it takes longer than
// c.thinkAfter and standard error is a terminal, "North is thinking…"
// shows there until the move comes.
func (g *game[P, M]) think(a agent.Agent[P, M], p P) (M, error) {
	if !g.c.thinking {
		return a.Move(context.Background(), p)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		timer := time.NewTimer(g.c.thinkAfter)
		defer timer.Stop()
		select {
		case <-done:
			return
		case <-timer.C:
		}
		start := time.Now().Add(-g.c.thinkAfter)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			fmt.Fprintf(g.errw, "\r%s is thinking… %.1fs", p.ToMove(), time.Since(start).Seconds())
			select {
			case <-done:
				fmt.Fprint(g.errw, "\r\033[K")
				return
			case <-tick.C:
			}
		}
	}()
	m, err := a.Move(context.Background(), p)
	close(done)
	wg.Wait()
	return m, err
}

// show prints the plies not shown yet: one line and one board for each run
// of plies by the same player (a Kiothi opening turn is one summary), then
// the result once the game is over.
func (g *game[P, M]) show() {
	for g.shown < len(g.moves) {
		from := g.shown
		mover := g.positions[from].ToMove()
		to := from + 1
		for to < len(g.moves) && g.positions[to].ToMove() == mover && g.positions[to-1].Turn() == g.positions[to].Turn() {
			to++
		}
		g.shown = to
		sums := make([]mancala.Summary, 0, to-from)
		for i := from; i < to; i++ {
			s, _, err := g.d.Summarize(g.positions[i], g.moves[i])
			if err != nil {
				fmt.Fprintf(g.out, "\n%d. %s plays %s: %v\n", i+1, mover, g.moves[i], err)
				return
			}
			sums = append(sums, s)
		}
		num := strconv.Itoa(from + 1)
		if to-from > 1 {
			num += "-" + strconv.Itoa(to)
		}
		what := describe(sums, g.d.Words, g.d.Layout(g.positions[from]))
		after := g.positions[to]
		if oc := after.Outcome(); oc.Over() {
			what += "; game over: " + oc.Explain(after.ToMove(), g.d.Words)
		}
		fmt.Fprintf(g.out, "\n%s. %s plays %s: %s\n", num, mover, cli.Names(g.moves[from:to]), what)
		if !g.o.quiet {
			lifted := -1
			if sums[0].LiftedFrom >= 0 {
				lifted = sums[0].LiftedFrom
			}
			fmt.Fprintf(g.out, "%s\n", joinLines(g.board(after, &g.positions[from], lifted)))
		}
	}
}

// board draws p; with a previous position, the pits whose count changed
// since it are painted (and lifted, the pit the move started from, in its
// own colour) when colours are on.
func (g *game[P, M]) board(p P, before *P, lifted int) string {
	if before == nil || !g.c.color {
		return g.diagram(p, nil)
	}
	old, now := g.d.Counts(*before).Pits, g.d.Counts(p).Pits
	return g.diagram(p, func(pit int, text string) string {
		switch {
		case pit == lifted:
			return g.paint[1].Sprint(text)
		case pit < len(old) && pit < len(now) && old[pit] != now[pit]:
			return g.paint[0].Sprint(text)
		}
		return text
	})
}

// describe says what a run of plies by one player did: the summary of a
// single move, or for a Kiothi opening turn the lifts and drops added up.
func describe(sums []mancala.Summary, w mancala.Words, l *mancala.Layout) string {
	if len(sums) == 1 {
		return sums[0].String()
	}
	seed := w.Seed
	var lifts, drops []string
	lifted, dropped := 0, 0
	into := map[string]int{}
	stopped := false
	for _, s := range sums {
		switch {
		case s.End == mancala.EndStep && s.Lifted > 0:
			lifted += s.Lifted
			lifts = append(lifts, fmt.Sprintf("%d from %s", s.Lifted, l.PitName(s.LiftedFrom)))
		case s.End == mancala.EndStep && s.DroppedInto >= 0:
			dropped++
			name := l.PitName(s.DroppedInto)
			if into[name] == 0 {
				drops = append(drops, name)
			}
			into[name]++
		case s.End == mancala.EndStep:
			stopped = true
		}
	}
	var parts []string
	if lifted > 0 {
		parts = append(parts, fmt.Sprintf("lifted %d %ss (%s)", lifted, seed, strings.Join(lifts, ", ")))
	}
	if stopped {
		parts = append(parts, "stopped lifting")
	}
	if dropped > 0 {
		where := make([]string, len(drops))
		for i, name := range drops {
			where[i] = fmt.Sprintf("%d into %s", into[name], name)
		}
		parts = append(parts, fmt.Sprintf("dropped %d %ss (%s)", dropped, seed, strings.Join(where, ", ")))
	}
	if last := sums[len(sums)-1]; len(last.NkiSet) > 0 {
		parts = append(parts, fmt.Sprintf("%d pits became nki", len(last.NkiSet)))
	}
	return strings.Join(parts, "; ")
}

// human reads lines until the human at the keyboard has typed moves
// (queued in g.queue), undone (g.queue stays empty), quit (errQuit) or
// ended the input (errEOF).
func (g *game[P, M]) human(p P) error {
	for {
		fmt.Fprintf(g.out, "%s to move (help, ?, hint, undo, quit): ", p.ToMove())
		if !g.in.Scan() {
			fmt.Fprintln(g.out)
			if err := g.in.Err(); err != nil {
				return err
			}
			return errEOF
		}
		fields := strings.Fields(g.in.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "help", "h":
			fmt.Fprint(g.out, help(g.d))
			continue
		case "?", "moves":
			fmt.Fprintf(g.out, "legal moves: %s\n", cli.Names(p.AppendLegalMoves(nil)))
			continue
		case "hint":
			fmt.Fprintln(g.out, g.hint(p))
			continue
		case "undo":
			if g.undo(p.ToMove()) {
				return nil
			}
			continue
		case "quit", "q", "exit":
			return errQuit
		}
		if moves, msg := g.parseLine(p, fields); msg != "" {
			fmt.Fprintln(g.out, msg)
		} else {
			g.queue = moves
			return nil
		}
	}
}

// parseLine reads the moves of one line, each legal after the ones before
// it and all by the player to move (several only in a Kiothi opening
// turn), or says in words what is wrong; nothing is played then.
func (g *game[P, M]) parseLine(p P, fields []string) ([]M, string) {
	me := p.ToMove()
	var moves []M
	q := p
	for i, tok := range fields {
		if i > 0 && (q.ToMove() != me || q.Turn() != p.Turn()) {
			return nil, fmt.Sprintf("%s ends your turn, so %s would be %v's: type only your own moves", fields[i-1], strings.Join(fields[i:], " "), q.ToMove())
		}
		m, err := g.d.ParseMove(tok)
		if err != nil {
			msg := err.Error()
			var se *mancala.SyntaxError
			if errors.As(err, &se) {
				msg = se.Msg
			}
			return nil, fmt.Sprintf("%q is not a move: %s (type help for the notation)", tok, cli.Plain(msg))
		}
		r, err := q.Apply(m)
		if err != nil {
			msg := err.Error()
			var me *mancala.MoveError
			if errors.As(err, &me) {
				msg = me.Reason
			}
			prefix := ""
			if i > 0 {
				prefix = "after " + strings.Join(fields[:i], " ") + ", "
			}
			return nil, fmt.Sprintf("%s%s is not allowed: %s\nlegal moves: %s", prefix, tok, cli.Plain(msg), cli.Names(q.AppendLegalMoves(nil)))
		}
		moves, q = append(moves, m), r
	}
	return moves, ""
}

// undo takes back plies to the start of me's previous turn (or of the
// current one, in the middle of a Kiothi opening turn): the human's last
// move and the replies after it. It reports whether anything was taken
// back.
func (g *game[P, M]) undo(me mancala.Player) bool {
	for k := len(g.moves) - 1; k >= 0; k-- {
		p := g.positions[k]
		if p.ToMove() != me || (k > 0 && g.positions[k-1].ToMove() == me && g.positions[k-1].Turn() == p.Turn()) {
			continue
		}
		n := len(g.moves) - k
		for range n {
			g.hist.Undo()
		}
		g.moves, g.positions = g.moves[:k], g.positions[:k+1]
		g.shown = min(g.shown, k)
		fmt.Fprintf(g.out, "Took back %s.\n", cli.Plies(n))
		if !g.o.quiet {
			fmt.Fprintf(g.out, "%s\n", joinLines(g.board(g.current(), nil, -1)))
		}
		return true
	}
	fmt.Fprintln(g.out, "nothing to undo: you have not moved yet")
	return false
}

// hint searches p with AlphaBeta (the -depth or -time budget) and says
// which move it prefers and how it rates the position after it.
func (g *game[P, M]) hint(p P) string {
	// The -depth or -time budget (depth 0 without -time: AlphaBeta's
	// DefaultDepth, as -depth says).
	ag, err := cli.NewAgent(g.d, g.o.budget.Spec(agent.KindAlphaBeta), 0)
	a, ok := ag.(*agent.AlphaBeta[P, M])
	if err != nil || !ok {
		return fmt.Sprintf("no hint: %v", err)
	}
	r, err := a.Search(context.Background(), p)
	if err != nil {
		return "no hint: " + err.Error()
	}
	rating := ""
	switch v := r.Value; {
	case v >= agent.WinValue/2:
		rating = "it wins by force"
	case v <= -agent.WinValue/2:
		rating = "every move loses against best play; this one holds out longest"
	case v > 0:
		rating = fmt.Sprintf("it rates the game after it %+d points for %v: %v stands better", v, p.ToMove(), p.ToMove())
	case v < 0:
		rating = fmt.Sprintf("it rates the game after it %+d points for %v: %v stands worse", v, p.ToMove(), p.ToMove())
	default:
		rating = "it rates the game after it even"
	}
	if line := a.AppendLine(nil, p, r); len(line) > 1 {
		rating += "; then it expects " + cli.Names(line[1:])
	}
	return fmt.Sprintf("hint: %v (the computer looked %s ahead: %s)", r.Move, cli.Plies(r.Depth), rating)
}
