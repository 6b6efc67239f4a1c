package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPkgOf(t *testing.T) {
	for _, c := range []struct{ fn, want string }{
		{"github.com_seed8ebe013a_go_mancala_mancala_wire.__Service_.Call", "github.com_seed8ebe013a_go_mancala_mancala_wire"},
		{"github.com_seed8ebe013a_go_mancala_internal_quote.String", "github.com_seed8ebe013a_go_mancala_internal_quote"},
		{"internal_strconv.Atoi", "internal_strconv"},
		{"runtime.mallocgc", "runtime"},
		{"encoding_json.Marshal", "encoding_json"},
		{"type:.eq.[2]interface {}", "type:"},
		{"main.main", "main"},
		{"golang.org_x_net_netutil.LimitListener", "golang.org_x_net_netutil"},
		{"", "(unnamed)"},
		{"wasm_pc_f_loop", "wasm_pc_f_loop"},
	} {
		if got := pkgOf(c.fn); got != c.want {
			t.Errorf("pkgOf(%q) = %q, want %q", c.fn, got, c.want)
		}
	}
}

// uleb is n in LEB128.
func uleb(n int) []byte {
	var b []byte
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n != 0 {
			b = append(b, c|0x80)
			continue
		}
		return append(b, c)
	}
}

func section(id byte, body []byte) []byte {
	return append(append([]byte{id}, uleb(len(body))...), body...)
}

func name(s string) []byte { return append(uleb(len(s)), s...) }

// TestReport: a module of one imported function and two bodies, named
// by its name section, gives the exact sections and package sizes.
func TestReport(t *testing.T) {
	mod := []byte("\x00asm\x01\x00\x00\x00")
	imp := append(uleb(1), name("go")...)
	imp = append(imp, name("debug")...)
	imp = append(imp, 0, 0) // a function of type 0
	mod = append(mod, section(2, imp)...)
	code := append(uleb(2), append(uleb(3), 0, 0x01, 0x0b)...)         // body 1: 4 bytes with its size
	code = append(code, append(uleb(5), 0, 0x01, 0x01, 0x01, 0x0b)...) // body 2: 6 bytes
	mod = append(mod, section(10, code)...)
	names := append(uleb(2), append(uleb(1), name("runtime.f")...)...)
	names = append(names, append(uleb(2), name("github.com_a_b_pkg.g")...)...)
	custom := append(name("name"), append([]byte{1}, append(uleb(len(names)), names...)...)...)
	mod = append(mod, section(0, custom)...)
	var out bytes.Buffer
	if err := report(&out, mod, 10); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"code                  11\n",
		"github.com_a_b_pkg                                       6     60.0%\n",
		"runtime                                                  4     40.0%\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	if err := report(&out, mod[:len(mod)-3], 10); err == nil {
		t.Error("a truncated module is read")
	}
	if err := report(&out, []byte("\x00asm\x01\x00\x00\x00"), 10); err == nil {
		t.Error("a module without names gives a report")
	}
	if err := report(&out, []byte("ELF"), 10); err == nil {
		t.Error("a file that is not WebAssembly is read")
	}
}
