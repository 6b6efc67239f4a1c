//go:build !wasm

package hashmix

import "encoding/binary"

// littleEndian reads and writes the packed words: encoding/binary's, whose
// methods the compiler inlines as one load or store (see internal/le).
var littleEndian = binary.LittleEndian
