package main

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// A study's players take every kind of agent spec of
// mancala/agent/testdata/specs.txt, the one list each interface is fed,
// in every game.
func TestPlayerEverySpec(t *testing.T) {
	f, err := os.Open("../../mancala/agent/testdata/specs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var specs []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			specs = append(specs, l)
		}
	}
	if len(specs) < 10 {
		t.Fatalf("%d specs", len(specs))
	}
	for _, s := range specs {
		checkPlayer(t, &kisolo.Descriptor, s)
		checkPlayer(t, &kiothi.Descriptor, s)
		checkPlayer(t, &kimasai.Descriptor, s)
	}
}

func checkPlayer[P mancala.Position[P, M], M mancala.Move](t *testing.T, d *mancala.Descriptor[P, M], text string) {
	t.Helper()
	p, sp, err := parsePlayer(d, text)
	if err != nil {
		t.Errorf("%s: player %q: %v", d.Name, text, err)
		return
	}
	if p.Name != sp.String() {
		t.Errorf("%s: player %q named %q, its spec %q", d.Name, text, p.Name, sp)
	}
}
