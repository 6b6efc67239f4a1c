package wire

import (
	"context"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kiothi"
)

// TestVecRepetition checks that a learning environment ends a game by
// repetition (C-10) as a termination, not a truncation: environment 0 is
// put at the Kiothi cycle of docs/rules/kiothi.md (KT-R) and plays it
// twice by action id; the 40th action (North's) makes the position for the
// third time, so the game terminates with North's win (reward +1 for the
// mover's seat in self-play, final result -1 for South) and the
// environment starts again. Under Repetition:None the same actions leave
// the game going.
func TestVecRepetition(t *testing.T) {
	const start = "kiothi 0,1,0,1,0,0,0,0,0,0/0,1,0,1,1,0,1,1,1,1 S turn=322 prisons=19,32 rules=CaptureNeedsCrossing:true"
	cycle := strings.Fields("a5:1 b4:1 a2:1 b2:1 a4:1 b3:1 a10:1 b10:1 a9:1 b9:1 a3:1 b8:1 a8:1 b7:1 a7:1 b6:1 a6:1 b1:1 a1:1 b5:1")
	for _, tc := range []struct {
		rules string
		ends  bool
	}{{"CaptureNeedsCrossing:true,Repetition:Three", true}, {"CaptureNeedsCrossing:true", false}} {
		ops, err := NewGame(&kiothi.Descriptor).ops.(vecMaker).newVec(VecConfig{Game: "kiothi", Rules: tc.rules, N: 1, Seed: 1, Horizon: 1000})
		if err != nil {
			t.Fatal(err)
		}
		var out vecArrays
		if err := ops.reset(context.Background(), 1, &out); err != nil {
			t.Fatal(err)
		}
		e := ops.(*vecEnv[kiothi.Position, kiothi.Move])
		p, err := kiothi.Parse(strings.Replace(start, "rules=CaptureNeedsCrossing:true", "rules="+tc.rules, 1))
		if err != nil {
			t.Fatal(err)
		}
		// The game taken up at the cycle's start, counted from there.
		e.pos[0], e.plies[0] = p, 0
		if e.repetition {
			e.counts[0] = map[kiothi.Position]int{p.RepetitionKey(): 1}
		}
		for ply := 1; ply <= 40; ply++ {
			m, err := kiothi.ParseMove(cycle[(ply-1)%20])
			if err != nil {
				t.Fatal(err)
			}
			a, err := kiothi.Descriptor.Action(e.pos[0], m)
			if err != nil {
				t.Fatal(err)
			}
			if err := ops.step(context.Background(), []int32{int32(a)}, &out); err != nil {
				t.Fatalf("ply %d: %v", ply, err)
			}
			term, trunc := out.terminated[0] == 1, out.truncated[0] == 1
			reward := math.Float32frombits(binary.LittleEndian.Uint32(out.reward))
			last := ply == 40 && tc.ends
			if term != last || trunc {
				t.Fatalf("%s ply %d: terminated %v, truncated %v", tc.rules, ply, term, trunc)
			}
			if last {
				if reward != 1 || len(out.finalResult) != 1 || int8(out.finalResult[0]) != -1 {
					t.Errorf("reward %v, final result %v; want 1 for North, the mover, and -1 (North won)", reward, out.finalResult)
				}
				if e.pos[0].Turn() != 0 || e.plies[0] != 0 || len(e.counts[0]) != 1 {
					t.Errorf("not started again: %v, %d plies, %d positions counted", e.pos[0], e.plies[0], len(e.counts[0]))
				}
			}
		}
		if !tc.ends && e.pos[0].Turn() != 362 {
			t.Errorf("Repetition:None: at %v, want the game going at turn 362", e.pos[0])
		}
	}
}
