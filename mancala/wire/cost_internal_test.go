package wire

import (
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// probeCase checks the probe of the position text pos: the same position
// with the lap bound workLaps in its rules= field (or none when its own
// bound is no larger).
func probeCase[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], pos, want string) {
	t.Helper()
	p, err := d.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	g := &game{k: &adapter[P, M]{d: d}, name: d.Name, words: d.Words}
	q, ok := g.probe(p)
	got := ""
	if ok {
		got = q.String()
	}
	if got != want {
		t.Errorf("probe of %q:\n got %q\nwant %q", pos, got, want)
	}
}

// The probe keeps every rule but the lap bound, and the options sorted by
// name as the notation wants them.
func TestProbe(t *testing.T) {
	kio := "kiothi 0,4,5,1,2,8*,0,1,0,1/2,1,7*,6,1,4,1,4,3,9 N turn=11 prisons=0,0"
	probeCase(t, &kiothi.Descriptor, kio, kio+" rules=MaxLaps:10000")
	probeCase(t, &kiothi.Descriptor, kio+" rules=Bonus:Run,NkiClear:OwnerLift", kio+" rules=Bonus:Run,MaxLaps:10000,NkiClear:OwnerLift")
	probeCase(t, &kiothi.Descriptor, kio+" rules=MaxLaps:500000,NkiClear:OwnerLift", kio+" rules=MaxLaps:10000,NkiClear:OwnerLift")
	probeCase(t, &kiothi.Descriptor, kio+" rules=MaxLaps:10000", "")
	probeCase(t, &kiothi.Descriptor, kio+" rules=MaxLaps:77", "")
	kis := kisolo.Start().String()
	probeCase(t, &kisolo.Descriptor, kis, kis+" rules=MaxLaps:10000")
	p, err := kisolo.Descriptor.New("Columns:6,CaptureOnAnyLanding:true")
	if err != nil {
		t.Fatal(err)
	}
	probeCase(t, &kisolo.Descriptor, p.String(), p.String()+",MaxLaps:10000")
	kim := kimasai.Start().String()
	probeCase(t, &kimasai.Descriptor, kim, kim+" rules=MaxLaps:10000")
}
