// Package le reads and writes little-endian words in byte slices, as
// encoding/binary's LittleEndian does, for the games' packed boards and
// hashes in WebAssembly. encoding/binary imports reflect, which the page's
// WebAssembly build would then carry. Elsewhere the games keep
// encoding/binary: on machines that merge loads the compiler counts its
// LittleEndian methods as one operation when it decides what to inline,
// which a copy would not get, and the searches would slow down. WebAssembly
// merges no loads, so there the copy costs what the original does.
//
// A game package declares its littleEndian variable twice: as
// binary.LittleEndian in a file built for !wasm and as a [LittleEndian] in
// a file built for wasm: the calls inline only where the calling package
// imports encoding/binary itself.
package le

// LittleEndian is encoding/binary's LittleEndian, method for method: the
// zero value is ready to use.
type LittleEndian struct{}

// Uint16 returns b[0:2] as a little-endian word; it panics if len(b) < 2.
func (LittleEndian) Uint16(b []byte) uint16 {
	_ = b[1] // bounds check hint to compiler; see golang.org/issue/14808
	return uint16(b[0]) | uint16(b[1])<<8
}

// PutUint16 writes v into b[0:2]; it panics if len(b) < 2.
func (LittleEndian) PutUint16(b []byte, v uint16) {
	_ = b[1] // early bounds check to guarantee safety of writes below
	b[0] = byte(v)
	b[1] = byte(v >> 8)
}

// Uint32 returns b[0:4] as a little-endian word; it panics if len(b) < 4.
func (LittleEndian) Uint32(b []byte) uint32 {
	_ = b[3] // bounds check hint to compiler; see golang.org/issue/14808
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// PutUint32 writes v into b[0:4]; it panics if len(b) < 4.
func (LittleEndian) PutUint32(b []byte, v uint32) {
	_ = b[3] // early bounds check to guarantee safety of writes below
	b[0] = byte(v)
	b[1] = byte(v >> 8)
	b[2] = byte(v >> 16)
	b[3] = byte(v >> 24)
}

// Uint64 returns b[0:8] as a little-endian word; it panics if len(b) < 8.
func (LittleEndian) Uint64(b []byte) uint64 {
	_ = b[7] // bounds check hint to compiler; see golang.org/issue/14808
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// PutUint64 writes v into b[0:8]; it panics if len(b) < 8.
func (LittleEndian) PutUint64(b []byte, v uint64) {
	_ = b[7] // early bounds check to guarantee safety of writes below
	b[0] = byte(v)
	b[1] = byte(v >> 8)
	b[2] = byte(v >> 16)
	b[3] = byte(v >> 24)
	b[4] = byte(v >> 32)
	b[5] = byte(v >> 40)
	b[6] = byte(v >> 48)
	b[7] = byte(v >> 56)
}
