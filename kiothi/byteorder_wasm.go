//go:build wasm

package kiothi

import "github.com/seed8ebe013a/go-mancala/internal/le"

// littleEndian reads and writes the packed words: in WebAssembly a copy of
// encoding/binary's, which would bring reflect into the build (see
// internal/le).
var littleEndian le.LittleEndian
