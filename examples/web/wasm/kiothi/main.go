// Command kiothi is the page's rules worker of Kiothi, mancala-kiothi.wasm
// (package examples/web/wasm): build it with
//
//	GOOS=js GOARCH=wasm go build -o mancala-kiothi.wasm ./examples/web/wasm/kiothi
package main

import (
	"github.com/seed8ebe013a/go-mancala/examples/web/wasm"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func main() { wasm.Serve(wire.NewGame(&kiothi.Descriptor)) }
