package env_test

import (
	"fmt"

	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/agent"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// An Env of Kisolo against a random opponent: the agent (South) plays the
// first legal id of the mask until the episode ends.
func ExampleEnv() {
	spec, _ := agent.ParseSpec("random")
	e, err := env.New(&kisolo.Descriptor, "", env.Options[kisolo.Position, kisolo.Move]{
		Opponent: env.SpecOpponent(&kisolo.Descriptor, spec), Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Actions(), "action ids,", e.Observer().Len(), "values per observation, horizon", e.Horizon())
	obs := make([]float32, 0, e.Observer().Len())
	mask := make([]bool, 0, e.Actions())
	steps := 0
	for {
		mask = e.AppendMask(mask[:0])
		a := 0
		for !mask[a] {
			a++
		}
		text, _ := e.ActionText(a)
		if steps == 0 {
			fmt.Println("first action:", a, text)
		}
		s, err := e.Step(a)
		if err != nil {
			fmt.Println(err)
			return
		}
		steps++
		obs, _ = e.AppendObservation(obs[:0], mancala.South)
		if s.Terminated || s.Truncated {
			fmt.Printf("after %d steps: terminated %v, South's reward %v, ownTurn %v\n", steps, s.Terminated, s.Rewards[mancala.South], obs[len(obs)-1])
			return
		}
	}
	// Output:
	// 21 action ids, 29 values per observation, horizon 300
	// first action: 14 xb7
	// after 17 steps: terminated true, South's reward -1, ownTurn 1
}

// A VecEnv of 4 Kisolo games in self-play: one Batch of flat arrays,
// refilled by every step.
func ExampleVecEnv() {
	v, err := env.NewVec(&kisolo.Descriptor, "", 4, env.VecOptions[kisolo.Position, kisolo.Move]{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	b := v.NewBatch()
	if err := v.Reset(b); err != nil {
		fmt.Println(err)
		return
	}
	A := v.Actions()
	actions := make([]int32, v.N())
	for step := range 3 {
		for i := range actions { // the last legal id of each environment
			for a := A - 1; a >= 0; a-- {
				if b.Mask[i*A+a] {
					actions[i] = int32(a)
					break
				}
			}
		}
		if err := v.Step(actions, b); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("step", step, "actions", actions, "to move", b.ToMove, "plies", b.Plies)
	}
	// Output:
	// step 0 actions [20 20 20 20] to move [North North North North] plies [1 1 1 1]
	// step 1 actions [20 20 20 20] to move [South South South South] plies [2 2 2 2]
	// step 2 actions [19 19 19 19] to move [North North North North] plies [3 3 3 3]
}

// The observation of the Kisolo start from South's seat: its names and
// values.
func ExampleObserver() {
	o, _ := env.NewObserver(&kisolo.Descriptor, kisolo.Start())
	v, _ := o.Append(nil, kisolo.Start(), mancala.South)
	fmt.Println(o.Len(), o.Names()[0], o.Names()[27], o.Names()[28])
	fmt.Println(v[0], v[27], v[28], "bounds", o.Low()[0], o.High()[0])
	// Output:
	// 29 seeds:a1 seeds:c7 ownTurn
	// 3 3 1 bounds 0 84
}
