//go:build !(js && wasm)

package wasm

import (
	"fmt"
	"os"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Serve says how to build a program of game g, which runs only as
// WebAssembly, and exits with status 2.
func Serve(g wire.Game) {
	fmt.Fprintf(os.Stderr, "wasm: build with GOOS=js GOARCH=wasm go build -o mancala-%s.wasm ./examples/web/wasm/%s\n", g.Name(), g.Name())
	os.Exit(2)
}
