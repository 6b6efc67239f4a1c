// Command kisolo is the page's rules worker of Kisolo, mancala-kisolo.wasm
// (package examples/web/wasm): build it with
//
//	GOOS=js GOARCH=wasm go build -o mancala-kisolo.wasm ./examples/web/wasm/kisolo
package main

import (
	"github.com/seed8ebe013a/go-mancala/examples/web/wasm"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func main() { wasm.Serve(wire.NewGame(&kisolo.Descriptor)) }
