package le

import (
	"encoding/binary"
	"testing"
)

// TestLittleEndian: the copy agrees with encoding/binary, read
// at an offset and written into a buffer with a canary on each side.
func TestLittleEndian(t *testing.T) {
	src := []byte{0, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe}
	var o LittleEndian
	if got := o.Uint64(src[1:]); got != 0xefcdab8967452301 || got != binary.LittleEndian.Uint64(src[1:]) {
		t.Errorf("Uint64 = %#x, want 0xefcdab8967452301", got)
	}
	if got := o.Uint32(src[1:]); got != 0x67452301 {
		t.Errorf("Uint32 = %#x, want 0x67452301", got)
	}
	if got := o.Uint16(src[1:]); got != 0x2301 {
		t.Errorf("Uint16 = %#x, want 0x2301", got)
	}
	var b, w [10]byte
	b[0], b[9], w[0], w[9] = 0xaa, 0xbb, 0xaa, 0xbb
	for _, put := range []struct {
		name      string
		own, want func()
	}{
		{"PutUint64", func() { o.PutUint64(b[1:], 0x0123456789abcdef) }, func() { binary.LittleEndian.PutUint64(w[1:], 0x0123456789abcdef) }},
		{"PutUint32", func() { o.PutUint32(b[1:], 0xdeadbeef) }, func() { binary.LittleEndian.PutUint32(w[1:], 0xdeadbeef) }},
		{"PutUint16", func() { o.PutUint16(b[1:], 0xbeef) }, func() { binary.LittleEndian.PutUint16(w[1:], 0xbeef) }},
	} {
		put.own()
		put.want()
		if b != w {
			t.Errorf("%s wrote % x, want % x", put.name, b, w)
		}
	}
}

// TestShort: a slice too short panics, as encoding/binary does, and
// nothing is written.
func TestShort(t *testing.T) {
	var o LittleEndian
	b := make([]byte, 7)
	for name, f := range map[string]func(){
		"Uint64":    func() { o.Uint64(b) },
		"Uint32":    func() { o.Uint32(b[:3]) },
		"Uint16":    func() { o.Uint16(b[:1]) },
		"PutUint64": func() { o.PutUint64(b, ^uint64(0)) },
		"PutUint32": func() { o.PutUint32(b[:3], ^uint32(0)) },
		"PutUint16": func() { o.PutUint16(b[:1], ^uint16(0)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s of a short slice did not panic", name)
				}
			}()
			f()
		}()
	}
	if string(b) != string(make([]byte, 7)) {
		t.Errorf("a refused Put wrote % x", b)
	}
}
