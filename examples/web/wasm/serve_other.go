//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// serve says how to build the program: it runs only as WebAssembly.
func serve() {
	fmt.Fprintln(os.Stderr, "wasm: build with GOOS=js GOARCH=wasm go build -o mancala.wasm ./examples/web/wasm")
	os.Exit(2)
}
