package env_test

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// TestEnvRepetition checks that an environment ends a game by repetition
// (C-10) as a termination: put at the Kiothi cycle of docs/rules/kiothi.md
// (KT-R), the 40th ply (North's) makes the position for the third time,
// and North wins 34-26 (rewards +1 North, -1 South), not truncated. Under
// Repetition:None the same plies leave the game going; after SetPosition
// the count starts again.
func TestEnvRepetition(t *testing.T) {
	const start = "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules="
	cycle := strings.Fields("a5:1 b4:1 a2:1 b2:1 a4:1 b3:1 a10:1 b10:1 a9:1 b9:1 a3:1 b8:1 a8:1 b7:1 a7:1 b6:1 a6:1 b1:1 a1:1 b5:1")
	for _, tc := range []struct {
		rules string
		ends  bool
	}{{"CaptureNeedsCrossing:true,Repetition:Three", true}, {"CaptureNeedsCrossing:true", false}} {
		e, err := env.New(&kiothi.Descriptor, tc.rules, env.Options[kiothi.Position, kiothi.Move]{Horizon: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for again := range 2 {
			if err := e.ParsePosition(start+tc.rules, 0); err != nil {
				t.Fatal(err)
			}
			for ply := 1; ply <= 40; ply++ {
				a, err := e.ParseAction(cycle[(ply-1)%20])
				if err != nil {
					t.Fatal(err)
				}
				s, err := e.Step(a)
				if err != nil {
					t.Fatalf("%s ply %d: %v", tc.rules, ply, err)
				}
				last := ply == 40 && tc.ends
				if s.Terminated != last || s.Truncated {
					t.Fatalf("%s round %d ply %d: %+v", tc.rules, again, ply, s)
				}
				if last {
					o := e.Position().Outcome()
					if o.Result() != "N:repetition" || o.Score != [2]int{26, 34} || s.Rewards != [2]float32{-1, 1} {
						t.Errorf("end %v %v, rewards %v", o, o.Score, s.Rewards)
					}
				}
			}
			if !tc.ends && e.Position().Turn() != 362 {
				t.Errorf("Repetition:None: at %v", e.Position())
			}
		}
	}
}
