// Command kimasai is the page's rules worker of Bao la Kimasai, mancala-kimasai.wasm
// (package examples/web/wasm): build it with
//
//	GOOS=js GOARCH=wasm go build -o mancala-kimasai.wasm ./examples/web/wasm/kimasai
package main

import (
	"github.com/seed8ebe013a/go-mancala/examples/web/wasm"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

func main() { wasm.Serve(wire.NewGame(&kimasai.Descriptor)) }
