// Package rating fits Elo ratings to the results of a round robin (or any
// set of games between players) by maximum likelihood, with draws and a
// first-seat advantage.
//
// # Model
//
// A game is played between the player in the first seat (South, who moves
// first) and the player in the second seat. With ratings r, a first-seat
// advantage a (Elo points) and a draw parameter ν >= 0, let
//
//	x = (r(first) - r(second) + a) / E,  E = 400 / ln 10 (see [Elo])
//
// (x is in natural log-odds units: 400 Elo points make odds of 10 to 1).
// Then, with D = e^(x/2) + e^(-x/2) + ν, the first seat wins with
// probability e^(x/2)/D, draws with probability ν/D and loses with
// probability e^(-x/2)/D. This is Davidson's (1970) extension of the
// Bradley-Terry model to ties; with ν = 0 (no draws) it is Bradley-Terry on
// Elo's logistic scale. Two players of equal rating draw with probability
// ν/(2+ν) ([Fit.DrawRate]). The model has the property that makes Elo
// ratings intuitive: at the maximum, each player's expected score (a win
// 1, a draw 1/2) over the games played equals the score it made, as in
// Ordo, which also counts a draw as half a win. (BayesElo's draw model
// instead uses a draw width in Elo points; its likelihood has no finite
// maximum when a pairing is all wins and draws, which is common in a
// ladder of levels, while Davidson's has.)
//
// # Fit
//
// [Estimate] maximises the log-likelihood of the games over the ratings,
// a (when [Options.Advantage] is set; otherwise a = 0) and log ν (when any
// game is drawn; otherwise ν = 0) by Newton's method with a backtracking
// line search. In these parameters the log-likelihood is concave (a linear
// function minus log-sum-exps), so the iteration converges to the global
// maximum whenever that is finite. It is not when a group of players lost
// every game against the rest (their ratings go to -∞), and not when a
// pairing was all wins and draws and the draw parameter can grow with the
// gap (two players only). [Options.Prior] removes both problems the way
// BayesElo's prior does, with virtual games: Prior games per pair of
// players who met, won half by each (BayesElo adds draws instead, which in
// Davidson's model would not bound the gap of a pairing that was all wins
// and draws). The result is then a maximum a posteriori estimate that pulls
// the ratings of lopsided pairings together a little: with a prior of 2, a
// pairing won 40-0 counts as 41-1.
//
// # Intervals
//
// The covariance of the estimates is the inverse of the observed
// information (minus the Hessian of the log-likelihood at the maximum), the
// normal approximation that BayesElo's "covariance" command also uses.
// Ratings are only defined up to a constant, so one player is the anchor:
// [Options.Anchor] has rating [Options.AnchorRating] exactly, and every
// other player's standard error is that of its difference from the anchor.
// [Fit.Diff] gives the difference of any two players with its standard
// error. The games must be independent draws for the intervals to mean
// anything: deterministic players need different openings (see
// mancala/match), or one game is counted many times.
//
// # Stability
//
// This package is internal to the module (tournament's ratings and the
// ladder in docs/strength.md); it is not part of the API.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Result is the outcome of one game for the player in the first seat.
type Result int8

// The results of a game, from the first seat's point of view.
const (
	Loss Result = iota // the second seat won
	Draw               // neither won (a drawn game, or one counted as drawn)
	Win                // the first seat won
)

// Game is one game: the indices (0 .. players-1) of the players in the
// first seat (the one that moves first, South) and the second seat, and the
// result for the first seat.
type Game struct {
	First, Second int
	Result        Result
}

// Options control [Estimate]. The zero value fits ratings and a draw width
// by plain maximum likelihood, without a first-seat advantage, with player
// 0 anchored at rating 0.
type Options struct {
	// Prior is the number of virtual games added for every pair of
	// players who played each other at least once, half of them won by
	// each player, and half of those with each player in the first seat.
	// They count like BayesElo's virtual draws (its "prior" command,
	// default 2): a pairing of n games scored s counts as n+Prior games
	// scored s+Prior/2. 0 means none: plain maximum likelihood. It must
	// be a finite number >= 0.
	Prior float64
	// Advantage fits a first-seat advantage a; otherwise a is 0.
	Advantage bool
	// Anchor is the index of the player whose rating is fixed at
	// AnchorRating.
	Anchor int
	// AnchorRating is the anchor's rating in Elo points.
	AnchorRating float64
}

// Fit is the result of [Estimate]. Ratings and Advantage are in Elo
// points; Cov is in square Elo points.
type Fit struct {
	// Ratings holds one rating per player, the anchor's being
	// Options.AnchorRating.
	Ratings []float64
	// Advantage is the first-seat advantage a (0 unless fitted).
	Advantage float64
	// AdvantageSE is the standard error of Advantage (0 unless fitted).
	AdvantageSE float64
	// Draw is Davidson's draw parameter ν (0 when no game is drawn).
	Draw float64
	// Cov is the players x players covariance matrix of the ratings, each
	// taken as its difference from the anchor (the anchor's row and
	// column are 0).
	Cov [][]float64
	// LogLik is the maximised log-likelihood (natural log), virtual
	// games included.
	LogLik float64
	// Iterations is the number of Newton steps taken.
	Iterations int
	// Games is the number of real games fitted (virtual games not
	// counted).
	Games int
}

// Elo is the number of Elo points in one natural log-odds unit:
// 400 / ln 10 (about 173.7).
const Elo = 400 / math.Ln10

// StdErr returns the standard error of player i's rating (its difference
// from the anchor), in Elo points; 0 for the anchor.
func (f *Fit) StdErr(i int) float64 { return math.Sqrt(max(f.Cov[i][i], 0)) }

// Diff returns Ratings[i] - Ratings[j] and its standard error, in Elo
// points.
func (f *Fit) Diff(i, j int) (diff, se float64) {
	v := f.Cov[i][i] + f.Cov[j][j] - 2*f.Cov[i][j]
	return f.Ratings[i] - f.Ratings[j], math.Sqrt(max(v, 0))
}

// DrawRate returns the probability of a draw between two players of equal
// rating, first-seat advantage aside: ν/(2+ν).
func (f *Fit) DrawRate() float64 { return f.Draw / (2 + f.Draw) }

// Probabilities returns the probabilities that player i, in the first seat
// against player j, wins, draws and loses under the fit.
func (f *Fit) Probabilities(i, j int) (win, draw, loss float64) {
	x := (f.Ratings[i] - f.Ratings[j] + f.Advantage) / Elo
	a, b := math.Exp(x/2), math.Exp(-x/2)
	den := a + b + f.Draw
	return a / den, f.Draw / den, b / den
}

// Expected returns the expected score (a win 1, a draw 1/2) of player i
// against player j under the fit, averaged over the two seats.
func (f *Fit) Expected(i, j int) float64 {
	w1, d1, _ := f.Probabilities(i, j)
	_, d2, l2 := f.Probabilities(j, i)
	return (w1 + d1/2 + l2 + d2/2) / 2
}

// Errors of [Estimate].
var (
	// ErrInput reports games or options Estimate cannot use: no games, a
	// player index out of range, a player playing itself, an unknown
	// result, a bad prior or anchor.
	ErrInput = errors.New("rating: invalid input")
	// ErrNoMaximum reports games whose likelihood has no finite maximum:
	// some group of players lost every game against the rest (or never
	// played them), or every game was drawn. A Prior > 0 makes the
	// maximum finite for players who all play one connected schedule and
	// do not draw every game.
	ErrNoMaximum = errors.New("rating: no finite maximum")
)

// cell counts the games of one seat order: first in the first seat,
// second in the second.
type cell struct {
	first, second int
	w, d, l       float64
}

// Estimate fits the ratings of players players to games (see the package
// documentation for the model, the method and the intervals). It returns
// an error wrapping [ErrInput] for unusable input and one wrapping
// [ErrNoMaximum] when the maximum is not finite; games is not modified.
func Estimate(players int, games []Game, o Options) (*Fit, error) {
	switch {
	case players < 2:
		return nil, fmt.Errorf("%w: %d players; want at least 2", ErrInput, players)
	case len(games) == 0:
		return nil, fmt.Errorf("%w: no games", ErrInput)
	case math.IsNaN(o.Prior) || math.IsInf(o.Prior, 0) || o.Prior < 0:
		return nil, fmt.Errorf("%w: prior %v; want a finite number >= 0", ErrInput, o.Prior)
	case o.Anchor < 0 || o.Anchor >= players:
		return nil, fmt.Errorf("%w: anchor %d; want 0..%d", ErrInput, o.Anchor, players-1)
	case math.IsNaN(o.AnchorRating) || math.IsInf(o.AnchorRating, 0):
		return nil, fmt.Errorf("%w: anchor rating %v", ErrInput, o.AnchorRating)
	}
	cells, err := tally(players, games, o.Prior)
	if err != nil {
		return nil, err
	}
	if err := connected(players, cells); err != nil {
		return nil, err
	}
	draws, decisive := false, false
	for _, c := range cells {
		draws = draws || c.d > 0
		decisive = decisive || c.w+c.l > 0
	}
	if !decisive {
		return nil, fmt.Errorf("%w: every game is drawn (draw parameter +infinity)", ErrNoMaximum)
	}
	m := newModel(players, cells, o, draws)
	x, iters, err := m.maximise()
	if err != nil {
		return nil, err
	}
	ll, _, h := m.eval(x, true)
	cov, ok := invert(negate(h))
	if !ok {
		return nil, fmt.Errorf("%w: the information matrix is singular", ErrNoMaximum)
	}
	f := &Fit{Ratings: make([]float64, players), Cov: make([][]float64, players), LogLik: ll, Iterations: iters, Games: len(games)}
	for i := range players {
		f.Cov[i] = make([]float64, players)
		f.Ratings[i] = o.AnchorRating
		if k := m.idx[i]; k >= 0 {
			f.Ratings[i] += Elo * x[k]
			for j := range players {
				if l := m.idx[j]; l >= 0 {
					f.Cov[i][j] = Elo * Elo * cov[k][l]
				}
			}
		}
	}
	if m.adv >= 0 {
		f.Advantage, f.AdvantageSE = Elo*x[m.adv], Elo*math.Sqrt(max(cov[m.adv][m.adv], 0))
	}
	if m.draw >= 0 {
		f.Draw = math.Exp(x[m.draw])
	}
	return f, nil
}

// tally counts the games per seat order, adding prior virtual games for
// every pair that met (half won by each player, in both seat orders).
func tally(players int, games []Game, prior float64) ([]cell, error) {
	index := map[[2]int]int{}
	var cells []cell
	add := func(f, s int) *cell {
		k, ok := index[[2]int{f, s}]
		if !ok {
			k = len(cells)
			index[[2]int{f, s}] = k
			cells = append(cells, cell{first: f, second: s})
		}
		return &cells[k]
	}
	var pairs [][2]int
	met := map[[2]int]bool{}
	for i, g := range games {
		if g.First < 0 || g.First >= players || g.Second < 0 || g.Second >= players || g.First == g.Second {
			return nil, fmt.Errorf("%w: game %d between players %d and %d (want two different players in 0..%d)", ErrInput, i, g.First, g.Second, players-1)
		}
		c := add(g.First, g.Second)
		switch g.Result {
		case Win:
			c.w++
		case Draw:
			c.d++
		case Loss:
			c.l++
		default:
			return nil, fmt.Errorf("%w: game %d has result %d", ErrInput, i, g.Result)
		}
		if k := [2]int{min(g.First, g.Second), max(g.First, g.Second)}; !met[k] {
			met[k] = true
			pairs = append(pairs, k)
		}
	}
	if prior > 0 {
		for _, k := range pairs {
			for _, fs := range [2][2]int{k, {k[1], k[0]}} {
				c := add(fs[0], fs[1]) // add may move the cells: one at a time
				c.w += prior / 4
				c.l += prior / 4
			}
		}
	}
	return cells, nil
}

// connected returns an error wrapping ErrNoMaximum unless the graph with
// an edge i -> j for every win or draw of i against j (either seat) is
// strongly connected: then no group of players lost every game to the
// others, and the ratings' maximum is finite.
func connected(players int, cells []cell) error {
	out := make([][]int, players)
	in := make([][]int, players)
	edge := func(a, b int) { out[a] = append(out[a], b); in[b] = append(in[b], a) }
	for _, c := range cells {
		if c.w+c.d > 0 {
			edge(c.first, c.second)
		}
		if c.l+c.d > 0 {
			edge(c.second, c.first)
		}
	}
	reach := func(adj [][]int) []bool {
		seen := make([]bool, players)
		stack := []int{0}
		seen[0] = true
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[v] {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		return seen
	}
	fwd, back := reach(out), reach(in)
	for i := range players {
		switch {
		case !fwd[i] && !back[i]:
			return fmt.Errorf("%w: player %d is not connected to player 0 by any game", ErrNoMaximum, i)
		case !fwd[i]:
			return fmt.Errorf("%w: player %d scored against every player of a group containing player 0, which never scored back (rating +infinity; set a prior)", ErrNoMaximum, i)
		case !back[i]:
			return fmt.Errorf("%w: player %d never scored against a group containing player 0 (rating -infinity; set a prior)", ErrNoMaximum, i)
		}
	}
	return nil
}

// model is the log-likelihood as a function of the parameter vector x:
// x[idx[i]] is player i's rating in natural units (the anchor has idx -1
// and rating 0), x[adv] the first-seat advantage and x[draw] the log of
// the draw parameter ν (adv, draw -1 when not fitted).
type model struct {
	cells     []cell
	idx       []int
	adv, draw int
	n         int
}

func newModel(players int, cells []cell, o Options, draws bool) *model {
	m := &model{cells: cells, idx: make([]int, players), adv: -1, draw: -1}
	for i := range players {
		if i == o.Anchor {
			m.idx[i] = -1
			continue
		}
		m.idx[i] = m.n
		m.n++
	}
	if o.Advantage {
		m.adv = m.n
		m.n++
	}
	if draws {
		m.draw = m.n
		m.n++
	}
	return m
}

// eval returns the log-likelihood at x and, with derivs, its gradient and
// Hessian.
//
// A cell's log-likelihood is w·x/2 - l·x/2 + d·τ - n·LSE(x/2, -x/2, τ),
// with x its log-odds, τ = log ν, n = w+d+l and LSE the log-sum-exp; so
// its gradient in (x, τ) is ((w-l)/2 - n(qw-ql)/2, d - n·qd) and its
// Hessian -n·Jᵀ(diag(q) - q qᵀ)J, where q = (qw, ql, qd) are the model's
// probabilities and J maps (x, τ) to (x/2, -x/2, τ).
func (m *model) eval(x []float64, derivs bool) (ll float64, g []float64, h [][]float64) {
	if derivs {
		g = make([]float64, m.n)
		h = make([][]float64, m.n)
		for i := range h {
			h[i] = make([]float64, m.n)
		}
	}
	tau := math.Inf(-1) // log ν: ν = 0 without draws
	if m.draw >= 0 {
		tau = x[m.draw]
	}
	for _, c := range m.cells {
		eta := 0.0
		if k := m.idx[c.first]; k >= 0 {
			eta += x[k]
		}
		if k := m.idx[c.second]; k >= 0 {
			eta -= x[k]
		}
		if m.adv >= 0 {
			eta += x[m.adv]
		}
		// The log-sum-exp of (eta/2, -eta/2, tau), shifted by its largest
		// term so that nothing overflows.
		top := max(math.Abs(eta)/2, tau)
		ew, el, ed := math.Exp(eta/2-top), math.Exp(-eta/2-top), math.Exp(tau-top)
		sum := ew + el + ed
		n := c.w + c.d + c.l
		ll += (c.w-c.l)*eta/2 - n*(top+math.Log(sum))
		if c.d > 0 {
			ll += c.d * tau
		}
		if !derivs {
			continue
		}
		qw, ql, qd := ew/sum, el/sum, ed/sum
		ge := (c.w-c.l)/2 - n*(qw-ql)/2
		hee := -n * ((qw+ql)/4 - (qw-ql)*(qw-ql)/4)
		het := n * qd * (qw - ql) / 2
		// The chain rule: eta = x[first] - x[second] + x[adv].
		var ks [3]int
		var sg [3]float64
		nk := 0
		if k := m.idx[c.first]; k >= 0 {
			ks[nk], sg[nk] = k, 1
			nk++
		}
		if k := m.idx[c.second]; k >= 0 {
			ks[nk], sg[nk] = k, -1
			nk++
		}
		if m.adv >= 0 {
			ks[nk], sg[nk] = m.adv, 1
			nk++
		}
		for a := range nk {
			g[ks[a]] += sg[a] * ge
			for b := range nk {
				h[ks[a]][ks[b]] += sg[a] * sg[b] * hee
			}
			if m.draw >= 0 {
				h[ks[a]][m.draw] += sg[a] * het
				h[m.draw][ks[a]] += sg[a] * het
			}
		}
		if m.draw >= 0 {
			g[m.draw] += c.d - n*qd
			h[m.draw][m.draw] += -n * qd * (1 - qd)
		}
	}
	return ll, g, h
}

// maxNewton bounds the Newton steps of maximise.
const maxNewton = 200

// maximise runs Newton's method with a backtracking line search from
// ratings 0, advantage 0 and ν = 1. It stops when a step changes no
// parameter by more than 1e-10 (about 2e-8 Elo).
func (m *model) maximise() ([]float64, int, error) {
	x := make([]float64, m.n)
	ll, g, h := m.eval(x, true)
	for it := 1; it <= maxNewton; it++ {
		neg := negate(h)
		step, ok := solve(neg, g)
		if !ok {
			// Not negative definite (a flat direction): a gradient step
			// scaled by the diagonal.
			step = make([]float64, m.n)
			for i := range step {
				step[i] = g[i] / max(math.Abs(neg[i][i]), 1e-9)
			}
		}
		// Limit a step to 10 natural units (about 1700 Elo) in any
		// parameter, then halve it until the likelihood does not fall.
		big := 0.0
		for _, s := range step {
			big = max(big, math.Abs(s))
		}
		t := 1.0
		if big > 10 {
			t = 10 / big
		}
		var y []float64
		lly := math.Inf(-1)
		for range 60 {
			y = make([]float64, m.n)
			for i := range y {
				y[i] = x[i] + t*step[i]
			}
			if lly, _, _ = m.eval(y, false); lly >= ll-1e-12*math.Abs(ll) {
				break
			}
			t /= 2
		}
		if !(lly >= ll-1e-12*math.Abs(ll)) {
			return nil, it, fmt.Errorf("%w: the line search failed", ErrNoMaximum)
		}
		change := 0.0
		for i := range y {
			change = max(change, math.Abs(y[i]-x[i]))
		}
		x = y
		ll, g, h = m.eval(x, true)
		if change < 1e-10 {
			return x, it, nil
		}
	}
	return nil, maxNewton, fmt.Errorf("%w: Newton's method did not converge in %d steps", ErrNoMaximum, maxNewton)
}

func negate(a [][]float64) [][]float64 {
	b := make([][]float64, len(a))
	for i := range a {
		b[i] = make([]float64, len(a[i]))
		for j := range a[i] {
			b[i][j] = -a[i][j]
		}
	}
	return b
}

// cholesky returns the lower-triangular L with a = L Lᵀ, or false when a
// is not positive definite.
func cholesky(a [][]float64) ([][]float64, bool) {
	n := len(a)
	l := make([][]float64, n)
	for i := range l {
		l[i] = make([]float64, n)
	}
	for j := range n {
		s := a[j][j]
		for k := range j {
			s -= l[j][k] * l[j][k]
		}
		if !(s > 1e-14*max(1, math.Abs(a[j][j]))) {
			return nil, false
		}
		l[j][j] = math.Sqrt(s)
		for i := j + 1; i < n; i++ {
			s := a[i][j]
			for k := range j {
				s -= l[i][k] * l[j][k]
			}
			l[i][j] = s / l[j][j]
		}
	}
	return l, true
}

// solve returns the solution of a x = b for a symmetric positive definite
// a, or false when a is not.
func solve(a [][]float64, b []float64) ([]float64, bool) {
	l, ok := cholesky(a)
	if !ok {
		return nil, false
	}
	n := len(b)
	y := make([]float64, n)
	for i := range n {
		s := b[i]
		for k := range i {
			s -= l[i][k] * y[k]
		}
		y[i] = s / l[i][i]
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < n; k++ {
			s -= l[k][i] * x[k]
		}
		x[i] = s / l[i][i]
	}
	return x, true
}

// invert returns the inverse of a symmetric positive definite a, or false
// when a is not.
func invert(a [][]float64) ([][]float64, bool) {
	n := len(a)
	inv := make([][]float64, n)
	for i := range inv {
		inv[i] = make([]float64, n)
	}
	for j := range n {
		e := make([]float64, n)
		e[j] = 1
		col, ok := solve(a, e)
		if !ok {
			return nil, false
		}
		for i := range n {
			inv[i][j] = col[i]
		}
	}
	return inv, true
}
