package mancala_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed8ebe013a/go-mancala/internal/toy"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// counts is the part of a Summary the table compares field by field.
type counts struct {
	Laps, Relays, Sown, Lifted, LiftedFrom, Captures, Captured int
	CapturedFrom                                               []int
	Stored, Reserved                                           [2]int
	ReservedInto, Swept, DroppedInto                           int
	NkiSet, NkiCleared                                         []int
	End                                                        mancala.MoveEnd
}

func countsOf(s mancala.Summary) counts {
	return counts{s.Laps, s.Relays, s.Sown, s.Lifted, s.LiftedFrom, s.Captures, s.Captured, s.CapturedFrom,
		s.Stored, s.Reserved, s.ReservedInto, s.Swept, s.DroppedInto, s.NkiSet, s.NkiCleared, s.End}
}

func summarize[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], pos, move string) mancala.Summary {
	t.Helper()
	p, err := d.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	m, err := d.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	s, after, err := d.Summarize(p, m)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := p.Apply(m); want != after {
		t.Errorf("Summarize returned %v, Apply %v", after, want)
	}
	return s
}

func TestSummary(t *testing.T) {
	none := -1
	tests := []struct {
		name string
		got  mancala.Summary
		text string
		want counts
	}{
		{"kisolo KS6: a capture that empties the inner row",
			summarize(t, &kisolo.Descriptor, "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10", "xb1"),
			"1 lap, 3 seeds sown; 1 capture took 3 seeds (c1, d1); the opponent's inner row is empty",
			counts{Laps: 1, Sown: 3, LiftedFrom: none, Captures: 1, Captured: 3, CapturedFrom: []int{21, 20},
				ReservedInto: none, DroppedInto: none, End: mancala.EndInnerRowEmptied}},
		{"kisolo KS1a: 4 captures in 10 laps",
			summarize(t, &kisolo.Descriptor, "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0", "xb7"),
			"10 laps, 52 seeds sown; 6 relays; 4 captures took 24 seeds (c7, d7, c1, d1, c5, d5, c3, d3); ended before an empty pit",
			counts{Laps: 10, Relays: 6, Sown: 52, LiftedFrom: none, Captures: 4, Captured: 24,
				CapturedFrom: []int{27, 14, 21, 20, 25, 16, 23, 18}, ReservedInto: none, DroppedInto: none, End: mancala.EndNextEmpty}},
		{"kisolo KS3: a relay after a landing in an empty pit",
			summarize(t, &kisolo.Descriptor, "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,1/1,0,0,0,0,0,0/2,0,0,1,0,0,0 S turn=10", "a1"),
			"2 laps, 3 seeds sown; 1 relay; ended before an empty pit",
			counts{Laps: 2, Relays: 1, Sown: 3, Lifted: 2, LiftedFrom: 0, ReservedInto: none, DroppedInto: none, End: mancala.EndNextEmpty}},
		{"kimasai BK2b: a reserve cow, then a relay",
			summarize(t, &kimasai.Descriptor, "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=2 reserves=24,23", "b6"),
			"put 1 cow from South's reserve into b6; 2 laps, 4 cows sown; 1 relay; ended in an empty pit",
			counts{Laps: 2, Relays: 1, Sown: 4, Lifted: 2, LiftedFrom: 5, Reserved: [2]int{1, 0}, ReservedInto: 5,
				DroppedInto: none, End: mancala.EndEmptyPit}},
		{"kimasai BK3: a raid",
			summarize(t, &kimasai.Descriptor, "kimasai 0,0,0,0,0,0,0,0/1,0,0,3,0,0,0,0/0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 S turn=10 reserves=0,0", "b2"),
			"2 laps, 5 cows sown; 1 raid took 3 cows (c4); ended in an empty pit",
			counts{Laps: 2, Sown: 5, Lifted: 2, LiftedFrom: 1, Captures: 1, Captured: 3, CapturedFrom: []int{20},
				ReservedInto: none, DroppedInto: none, End: mancala.EndEmptyPit}},
		{"kimasai BK5: endless",
			summarize(t, &kimasai.Descriptor, "kimasai 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,1,0,1,0,1/1,2,1,0,1,0,1,0 S turn=8 reserves=21,20", "a2"),
			"endless sowing: the move never ends, so nothing moves and the game is drawn",
			counts{LiftedFrom: none, ReservedInto: none, DroppedInto: none, End: mancala.EndEndless}},
		{"kiothi KT1: capture, then the sweep",
			summarize(t, &kiothi.Descriptor, "kiothi 0,0,0,0,3,0,0,0,0,0/0,0,2,0,0,0,0,0,0,0 S turn=2 prisons=0,0", "a3:2"),
			"1 lap, 2 warriors sown; 1 capture took 4 warriors (b5, a5) into South's prison; 1 warrior swept into South's prison (the next player has no move); ended in an empty pit",
			counts{Laps: 1, Sown: 2, Lifted: 2, LiftedFrom: 2, Captures: 1, Captured: 4, CapturedFrom: []int{15, 4},
				Stored: [2]int{5, 0}, ReservedInto: none, Swept: 1, DroppedInto: none, End: mancala.EndEmptyPit}},
		{"kiothi KT5: a relay clears an nki mark",
			summarize(t, &kiothi.Descriptor, "kiothi 0,0,0,0,0,0,0,0,1*,0/0,0,0,0,0,0,0,0,0,2 S turn=2 prisons=0,0", "a10:2"),
			"2 laps, 4 warriors sown; 1 relay; nki cleared on b9; ended in an empty pit",
			counts{Laps: 2, Relays: 1, Sown: 4, Lifted: 2, LiftedFrom: 9, ReservedInto: none, DroppedInto: none,
				NkiCleared: []int{11}, End: mancala.EndEmptyPit}},
		{"kiothi KT6: the leftmost bonus",
			summarize(t, &kiothi.Descriptor, "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12,0 S turn=2 prisons=0,0", "a9:12"),
			"1 lap, 12 warriors sown; 1 capture took 5 warriors (b1, a1, b2, b3, b4) into South's prison; ended in an empty pit",
			counts{Laps: 1, Sown: 12, Lifted: 12, LiftedFrom: 8, Captures: 1, Captured: 5, CapturedFrom: []int{19, 0, 18, 17, 16},
				Stored: [2]int{5, 0}, ReservedInto: none, DroppedInto: none, End: mancala.EndEmptyPit}},
		{"kiothi opening lift",
			summarize(t, &kiothi.Descriptor, "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0", "-a5"),
			"lifted 5 warriors from a5",
			counts{Lifted: 5, LiftedFrom: 4, Laps: 1, ReservedInto: none, DroppedInto: none, End: mancala.EndStep}},
		{"kiothi opening drop",
			summarize(t, &kiothi.Descriptor, "kiothi 5,5,5,5,5,5,0,0,0,0/1,0,0,0,0,0,5,5,5,5 S turn=0 prisons=0,0 hand=9 dropfrom=a1", "+a1"),
			"dropped 1 warrior into a1",
			counts{Sown: 1, LiftedFrom: none, ReservedInto: none, DroppedInto: 0, End: mancala.EndStep}},
		{"kiothi last drop of turn 1 marks nki",
			summarize(t, &kiothi.Descriptor, "kiothi 0,0,0,0,0,0,0,0,0,0/0,0,0,0,12,0,0,0,0,0 N turn=1 prisons=0,0 hand=1 dropfrom=b10", "+a5"),
			"dropped 1 warrior into a5; 1 pit became nki",
			counts{Sown: 1, LiftedFrom: none, ReservedInto: none, DroppedInto: 4, NkiSet: []int{4}, End: mancala.EndStep}},
		{"kiothi stop",
			summarize(t, &kiothi.Descriptor, "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0 rules=OpeningUpTo:true", "="),
			"stopped lifting",
			counts{LiftedFrom: none, ReservedInto: none, DroppedInto: none, End: mancala.EndStep}},
		{"toy capture into a store",
			summarize(t, toy.Descriptor(toy.None), "toy 0,1,0/1,0,0 S turn=8 stores=5,5", "a1"),
			"1 lap, 1 seed sown; 1 capture took 2 seeds (b2, a2) into South's store; ended in an empty pit",
			counts{Laps: 1, Sown: 1, Lifted: 1, LiftedFrom: 0, Captures: 1, Captured: 2, CapturedFrom: []int{4, 1},
				Stored: [2]int{2, 0}, ReservedInto: none, DroppedInto: none, End: mancala.EndEmptyPit}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.got.String(); got != tt.text {
				t.Errorf("String() = %q, want %q", got, tt.text)
			}
			if diff := cmp.Diff(tt.want, countsOf(tt.got)); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSummaryWithoutLayoutOrWords(t *testing.T) {
	events := []mancala.Event{
		{Kind: mancala.Lift, From: mancala.PitOf(3), To: mancala.Hand, Count: 2},
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(4), Count: 1},
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(5), Count: 1},
		{Kind: mancala.Capture, From: mancala.PitOf(9), To: mancala.StoreOf(mancala.North), Count: 3},
		{Kind: mancala.End, EndReason: mancala.EndEmptyPit},
	}
	s := mancala.Summarize(nil, mancala.Words{}, events)
	if got, want := s.String(), "1 lap, 2 seeds sown; 1 capture took 3 seeds (pit 9) into North's store; ended in an empty pit"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := mancala.Summarize(nil, mancala.Words{}, nil).String(); got != "nothing moved" {
		t.Errorf("empty summary = %q", got)
	}
}

func TestSummarizeRefused(t *testing.T) {
	p := kisolo.Start()
	s, after, err := kisolo.Descriptor.Summarize(p, kisolo.Sow(kisolo.PitAt(0, 1)))
	if !errors.Is(err, mancala.ErrIllegalMove) || after != p || s.Laps != 0 || s.String() != "nothing moved" {
		t.Errorf("refused move: %v, %v, %q", err, after, s)
	}
}

func TestSummarizerStreams(t *testing.T) {
	events := []mancala.Event{
		{Kind: mancala.Lift, From: mancala.PitOf(3), To: mancala.Hand, Count: 1},
		{Kind: mancala.Drop, From: mancala.Hand, To: mancala.PitOf(4), Count: 1},
		{Kind: mancala.Capture, From: mancala.PitOf(15), To: mancala.StoreOf(mancala.South), Count: 2},
		{Kind: mancala.Capture, From: mancala.PitOf(4), To: mancala.StoreOf(mancala.South), Count: 1},
		{Kind: mancala.NkiClear, From: mancala.PitOf(3)},
		{Kind: mancala.End, EndReason: mancala.EndEmptyPit},
	}
	l := kiothi.Start().Layout()
	z := mancala.NewSummarizer(l, kiothi.Descriptor.Words)
	for _, e := range events[:3] {
		z.Add(e)
	}
	mid := z.Summary()
	for _, e := range events[3:] {
		z.Add(e)
	}
	if diff := cmp.Diff([]int{15}, mid.CapturedFrom); diff != "" {
		t.Errorf("a summary taken midway changed with later events (-want +got):\n%s", diff)
	}
	got, want := z.Summary().String(), mancala.Summarize(l, kiothi.Descriptor.Words, events).String()
	if want != "1 lap, 1 warrior sown; 1 capture took 3 warriors (b5, a5) into South's prison; nki cleared on a4; ended in an empty pit" {
		t.Errorf("Summarize = %q", want)
	}
	if got != want {
		t.Errorf("Summarizer = %q, Summarize = %q", got, want)
	}
}
