package rating

import (
	"errors"
	"math"
	"testing"

	"pgregory.net/rapid"
)

// games returns n games of result r with first in the first seat.
func games(first, second int, r Result, n int) []Game {
	g := make([]Game, n)
	for i := range g {
		g[i] = Game{first, second, r}
	}
	return g
}

func cat(gs ...[]Game) []Game {
	var all []Game
	for _, g := range gs {
		all = append(all, g...)
	}
	return all
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// Worked examples whose maximum has a closed form.
func TestHandComputed(t *testing.T) {
	t.Run("bradley-terry", func(t *testing.T) {
		// A beats B 3 times in 4, seats alternating, no draws: the gap is
		// 400 log10(3); the variance of the log-odds is 1/(n p (1-p)).
		g := cat(games(0, 1, Win, 2), games(1, 0, Loss, 1), games(1, 0, Win, 1))
		f, err := Estimate(2, g, Options{Anchor: 1, AnchorRating: 1000})
		if err != nil {
			t.Fatal(err)
		}
		near(t, "rating A", f.Ratings[0], 1000+400*math.Log10(3), 1e-6)
		near(t, "rating B", f.Ratings[1], 1000, 0)
		near(t, "se A", f.StdErr(0), Elo*math.Sqrt(1/(4*0.75*0.25)), 1e-6)
		near(t, "se B", f.StdErr(1), 0, 0)
		near(t, "draw", f.Draw, 0, 0)
		near(t, "expected", f.Expected(0, 1), 0.75, 1e-9)
		if f.Games != 4 {
			t.Errorf("Games = %d", f.Games)
		}
	})
	t.Run("draws", func(t *testing.T) {
		// 2 wins, 2 draws, 1 loss: the model is saturated, so
		// e^(x/2)/D = 2/5, e^(-x/2)/D = 1/5 and ν/D = 2/5 exactly: the
		// odds of a win to a loss are 2 (x = ln 2) and ν = e^(x/2) = √2.
		g := cat(games(0, 1, Win, 1), games(1, 0, Loss, 1), games(0, 1, Draw, 1), games(1, 0, Draw, 1), games(0, 1, Loss, 1))
		f, err := Estimate(2, g, Options{Anchor: 1})
		if err != nil {
			t.Fatal(err)
		}
		near(t, "gap", f.Ratings[0]-f.Ratings[1], 400*math.Log10(2), 1e-6)
		near(t, "draw", f.Draw, math.Sqrt2, 1e-9)
		near(t, "draw rate", f.DrawRate(), math.Sqrt2/(2+math.Sqrt2), 1e-9)
		near(t, "expected", f.Expected(0, 1), 0.6, 1e-9)
		w, d, l := f.Probabilities(0, 1)
		near(t, "win", w, 0.4, 1e-9)
		near(t, "draw", d, 0.4, 1e-9)
		near(t, "loss", l, 0.2, 1e-9)
	})
	t.Run("advantage", func(t *testing.T) {
		// A in the first seat: 3-1; B in the first seat: 2-2. Then
		// r + a = ln 3 and -r + a = 0 (natural units).
		g := cat(games(0, 1, Win, 3), games(0, 1, Loss, 1), games(1, 0, Win, 2), games(1, 0, Loss, 2))
		f, err := Estimate(2, g, Options{Advantage: true, Anchor: 1})
		if err != nil {
			t.Fatal(err)
		}
		near(t, "gap", f.Ratings[0], Elo*math.Log(3)/2, 1e-6)
		near(t, "advantage", f.Advantage, Elo*math.Log(3)/2, 1e-6)
		if f.AdvantageSE <= 0 {
			t.Errorf("AdvantageSE = %v", f.AdvantageSE)
		}
	})
	t.Run("prior", func(t *testing.T) {
		// 4 wins and 0 losses has no finite maximum; with a prior of 2
		// virtual games (1 win, 1 loss) it counts as 5-1: the gap is
		// 400 log10(5).
		g := cat(games(0, 1, Win, 2), games(1, 0, Loss, 2))
		if _, err := Estimate(2, g, Options{}); !errors.Is(err, ErrNoMaximum) {
			t.Fatalf("no prior: err = %v, want ErrNoMaximum", err)
		}
		f, err := Estimate(2, g, Options{Prior: 2})
		if err != nil {
			t.Fatal(err)
		}
		near(t, "expected", f.Expected(0, 1), 5.0/6, 1e-9)
		near(t, "gap", f.Ratings[0]-f.Ratings[1], 400*math.Log10(5), 1e-6)
		if f.Games != 4 {
			t.Errorf("Games = %d, want 4 (virtual draws not counted)", f.Games)
		}
	})
}

// The 1987 American League East (Agresti, Categorical Data Analysis,
// 2nd ed., section 10.6, Table 10.10): each pair of the seven teams met 13
// times. The published Bradley-Terry estimates, log-odds with Baltimore
// at 0, are Milwaukee 1.58, Detroit 1.44, Toronto 1.29, New York 1.25,
// Boston 1.11, Cleveland 0.68.
func TestAgrestiBaseball(t *testing.T) {
	wins := [7][7]int{ // row beat column
		{0, 7, 9, 7, 7, 9, 11},
		{6, 0, 7, 5, 11, 9, 9},
		{4, 6, 0, 7, 7, 8, 12},
		{6, 8, 6, 0, 6, 7, 10},
		{6, 2, 6, 7, 0, 7, 12},
		{4, 4, 5, 6, 6, 0, 6},
		{2, 4, 1, 3, 1, 7, 0},
	}
	var g []Game
	for i := range 7 {
		for j := range 7 {
			g = append(g, games(i, j, Win, wins[i][j])...)
		}
	}
	f, err := Estimate(7, g, Options{Anchor: 6})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{1.58, 1.44, 1.29, 1.25, 1.11, 0.68, 0} {
		near(t, "log-odds", f.Ratings[i]/Elo, want, 0.005)
	}
	// The score equations of Bradley-Terry: each team's expected wins
	// equal its wins.
	for i := range 7 {
		won, exp := 0, 0.0
		for j := range 7 {
			if j != i {
				won += wins[i][j]
				exp += 13 * f.Expected(i, j)
			}
		}
		near(t, "expected wins", exp, float64(won), 1e-6)
	}
}

func TestAnchor(t *testing.T) {
	g := cat(games(0, 1, Win, 5), games(1, 0, Win, 2), games(1, 2, Draw, 3), games(2, 1, Win, 4), games(2, 0, Loss, 3), games(0, 2, Loss, 2), games(0, 2, Draw, 1))
	a, err := Estimate(3, g, Options{Prior: 1, Advantage: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Estimate(3, g, Options{Prior: 1, Advantage: true, Anchor: 2, AnchorRating: 1000})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "anchor", b.Ratings[2], 1000, 0)
	for i := range 3 {
		for j := range 3 {
			da, sa := a.Diff(i, j)
			db, sb := b.Diff(i, j)
			near(t, "diff", db, da, 1e-6)
			near(t, "diff se", sb, sa, 1e-6)
		}
	}
	near(t, "draw", b.Draw, a.Draw, 1e-9)
	near(t, "advantage", b.Advantage, a.Advantage, 1e-6)
}

func TestErrors(t *testing.T) {
	ok := games(0, 1, Draw, 1)
	for _, tt := range []struct {
		name    string
		players int
		g       []Game
		o       Options
		want    error
	}{
		{"one player", 1, ok, Options{}, ErrInput},
		{"no games", 2, nil, Options{}, ErrInput},
		{"negative prior", 2, ok, Options{Prior: -1}, ErrInput},
		{"NaN prior", 2, ok, Options{Prior: math.NaN()}, ErrInput},
		{"anchor out of range", 2, ok, Options{Anchor: 2}, ErrInput},
		{"infinite anchor rating", 2, ok, Options{AnchorRating: math.Inf(1)}, ErrInput},
		{"player out of range", 2, games(0, 2, Win, 1), Options{}, ErrInput},
		{"self play", 2, games(1, 1, Win, 1), Options{}, ErrInput},
		{"bad result", 2, games(0, 1, 7, 1), Options{}, ErrInput},
		{"unconnected", 3, ok, Options{Prior: 2}, ErrNoMaximum},
		{"all lost", 3, cat(ok, games(2, 0, Loss, 3), games(1, 2, Win, 1)), Options{}, ErrNoMaximum},
	} {
		if _, err := Estimate(tt.players, tt.g, tt.o); !errors.Is(err, tt.want) {
			t.Errorf("%s: err = %v, want %v", tt.name, err, tt.want)
		}
	}
}

// The fit is a maximum: the gradient vanishes and the analytic gradient
// and Hessian agree with finite differences of the log-likelihood.
func TestMaximumProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 5).Draw(t, "players")
		var g []Game
		for i := range n {
			for j := range n {
				if i == j {
					continue
				}
				for range rapid.IntRange(0, 4).Draw(t, "games") {
					g = append(g, Game{i, j, Result(rapid.IntRange(0, 2).Draw(t, "result"))})
				}
			}
		}
		if len(g) == 0 {
			g = games(0, 1, Draw, 1)
		}
		o := Options{Prior: rapid.Float64Range(0.5, 3).Draw(t, "prior"), Advantage: rapid.Bool().Draw(t, "advantage")}
		f, err := Estimate(n, g, o)
		if errors.Is(err, ErrNoMaximum) {
			return // players who never met
		}
		if err != nil {
			t.Fatal(err)
		}
		// Rebuild the model at the fitted point.
		m, x := refit(t, n, g, o, f)
		_, grad, h := m.eval(x, true)
		for i, v := range grad {
			if math.Abs(v) > 1e-6 {
				t.Fatalf("gradient[%d] = %g at the fit", i, v)
			}
		}
		const eps = 1e-5
		for i := range x {
			xp := append([]float64(nil), x...)
			xm := append([]float64(nil), x...)
			xp[i] += eps
			xm[i] -= eps
			_, gp, _ := m.eval(xp, true)
			_, gm, _ := m.eval(xm, true)
			for j := range x {
				fd := (gp[j] - gm[j]) / (2 * eps)
				if math.Abs(fd-h[i][j]) > 1e-4*max(1, math.Abs(h[i][j])) {
					t.Fatalf("hessian[%d][%d] = %g, finite difference %g", i, j, h[i][j], fd)
				}
			}
			lp, _, _ := m.eval(xp, false)
			lm, _, _ := m.eval(xm, false)
			if fd := (lp - lm) / (2 * eps); math.Abs(fd-grad[i]) > 1e-4 {
				t.Fatalf("gradient[%d] = %g, finite difference %g", i, grad[i], fd)
			}
		}
	})
}

// refit builds the model Estimate used and the parameter vector of f.
func refit(t *rapid.T, n int, g []Game, o Options, f *Fit) (*model, []float64) {
	index := map[[2]int]int{}
	var cells []cell
	add := func(a, b int) *cell {
		k, ok := index[[2]int{a, b}]
		if !ok {
			k = len(cells)
			index[[2]int{a, b}] = k
			cells = append(cells, cell{first: a, second: b})
		}
		return &cells[k]
	}
	met := map[[2]int]bool{}
	for _, gm := range g {
		c := add(gm.First, gm.Second)
		switch gm.Result {
		case Win:
			c.w++
		case Draw:
			c.d++
		default:
			c.l++
		}
		met[[2]int{min(gm.First, gm.Second), max(gm.First, gm.Second)}] = true
	}
	draws := false
	for k := range met {
		for _, fs := range [2][2]int{k, {k[1], k[0]}} {
			c := add(fs[0], fs[1]) // add may move the cells: one at a time
			c.w += o.Prior / 4
			c.l += o.Prior / 4
		}
	}
	for _, c := range cells {
		draws = draws || c.d > 0
	}
	m := newModel(n, cells, o, draws)
	x := make([]float64, m.n)
	for i := range n {
		if k := m.idx[i]; k >= 0 {
			x[k] = (f.Ratings[i] - o.AnchorRating) / Elo
		}
	}
	if m.adv >= 0 {
		x[m.adv] = f.Advantage / Elo
	}
	if m.draw >= 0 {
		x[m.draw] = math.Log(f.Draw)
	}
	if len(cells) == 0 {
		t.Fatal("no cells")
	}
	return m, x
}
