package batch_test

import (
	"context"
	"errors"
	"testing"

	"github.com/seed8ebe013a/go-mancala/internal/batch"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
)

func TestRunPrefixAndFirstError(t *testing.T) {
	boom := errors.New("boom")
	for _, workers := range []int{1, 2, 4} {
		k, err := batch.Run(context.Background(), 10, workers, 3, func(i int) error { return nil })
		if k != 10 || err != nil {
			t.Fatalf("workers %d: all done: got %d, %v; want 10, nil", workers, k, err)
		}
	}
	// One worker in chunks of 1: jobs 0..4 run, job 5 fails, no job after it starts.
	ran := 0
	k, err := batch.Run(context.Background(), 10, 1, 1, func(i int) error {
		ran++
		if i == 5 {
			return boom
		}
		return nil
	})
	if k != 0 || !errors.Is(err, boom) || ran != 6 {
		t.Fatalf("failing job: got %d, %v after %d jobs; want 0, boom after 6", k, err, ran)
	}
	// A job that fails once the context is done is not done, and not a failure.
	ctx, cancel := context.WithCancel(context.Background())
	k, err = batch.Run(ctx, 10, 1, 1, func(i int) error {
		if i == 4 {
			cancel()
			return ctx.Err()
		}
		return nil
	})
	if k != 4 || err != nil {
		t.Fatalf("cancelled at job 4: got %d, %v; want 4, nil", k, err)
	}
	if k, err := batch.Run(context.Background(), 0, 2, 64, func(int) error { return boom }); k != 0 || err != nil {
		t.Fatalf("no jobs: got %d, %v; want 0, nil", k, err)
	}
}

func TestPerftMatchesLibrary(t *testing.T) {
	p := kisolo.Start()
	counts, divide, err := batch.Perft(context.Background(), p, 4, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= 4; d++ {
		want, err := mancala.Perft(p, d)
		if err != nil {
			t.Fatal(err)
		}
		if counts[d-1] != want {
			t.Errorf("perft(%d) = %d, want %d", d, counts[d-1], want)
		}
	}
	want, err := mancala.Divide(p, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(divide) != len(want) {
		t.Fatalf("divide has %d moves, want %d", len(divide), len(want))
	}
	for i := range want {
		if divide[i] != want[i] {
			t.Errorf("divide[%d] = %v, want %v", i, divide[i], want[i])
		}
	}
	if _, _, err := batch.Perft(context.Background(), p, 4, counts[0]+counts[1]); !errors.Is(err, batch.ErrNodes) {
		t.Errorf("perft over its limit: err %v, want ErrNodes", err)
	}
}

func TestPlayoutsAreTheSeededGames(t *testing.T) {
	p := kisolo.Start()
	ends, err := batch.Playouts(context.Background(), p, 7, 3, 50, 200, 2)
	if err != nil || len(ends) != 50 {
		t.Fatalf("got %d games, %v; want 50, nil", len(ends), err)
	}
	for i, e := range ends {
		q, plies, err := mancala.NewPlayout[kisolo.Position, kisolo.Move](batch.Seed(7, uint64(3+i))).Run(p, 200)
		if err != nil {
			t.Fatal(err)
		}
		o := q.Outcome()
		if !o.Over() {
			o = mancala.Outcome{}
		}
		o.Score, o.HasScore = [2]int{}, false
		if int(e.Plies) != plies || e.Outcome() != o {
			t.Errorf("game %d: got %d plies, %v; want %d, %v", i, e.Plies, e.Outcome(), plies, o)
		}
	}
}

func TestSelfplayStopsAtCancel(t *testing.T) {
	d := &kisolo.Descriptor
	players := func(i int) (s, n agent.Agent[kisolo.Position, kisolo.Move], err error) {
		return agent.NewRandom[kisolo.Position, kisolo.Move](uint64(2 * i)), agent.NewRandom[kisolo.Position, kisolo.Move](uint64(2*i + 1)), nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	games, err := batch.Selfplay(ctx, d, kisolo.Start(), 5, 30, 1, players, func(i int) {
		if i == 2 {
			cancel()
		}
	})
	if err != nil || len(games) != 3 {
		t.Fatalf("got %d games, %v; want 3 (cancelled after game 2), nil", len(games), err)
	}
	for i, g := range games {
		h := mancala.NewHistory(d, kisolo.Start())
		for _, m := range g.Moves {
			if _, err := h.Apply(m); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		if h.Position() != g.Final || len(g.Moves) > 30 {
			t.Errorf("game %d: %d moves do not lead to its final position", i, len(g.Moves))
		}
	}
}
