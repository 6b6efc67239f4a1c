//go:build !wasm

package kiothi

import "encoding/binary"

// littleEndian reads and writes the packed words: encoding/binary's, whose
// methods the compiler inlines as one load or store (see internal/le).
var littleEndian = binary.LittleEndian
