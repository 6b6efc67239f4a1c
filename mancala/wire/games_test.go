package wire_test

import (
	"strings"
	"testing"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// games returns the three games in the order examples/web serves them.
func games() []wire.Game {
	return []wire.Game{wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kiothi.Descriptor), wire.NewGame(&kimasai.Descriptor)}
}

func newService(t testing.TB, l wire.Limits) *wire.Service {
	t.Helper()
	s, err := wire.NewService(l, games()...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wantCode fails t unless err is an *wire.Error of code whose message
// starts with msg.
func wantCode(t *testing.T, err error, code, msg string) {
	t.Helper()
	e, ok := err.(*wire.Error)
	if !ok || e.Code != code || !strings.HasPrefix(e.Message, msg) {
		t.Errorf("error %v, want %s %q...", err, code, msg)
	}
}
