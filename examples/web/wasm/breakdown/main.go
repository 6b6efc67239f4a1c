// Breakdown prints where the bytes of a Go WebAssembly binary go: the
// size of each section, and the code of each Go package (its functions'
// bodies, by the names in the binary's name section), largest first. Build
// the binary without -ldflags=-s (which drops the names):
//
//	GOOS=js GOARCH=wasm go build -trimpath -o m.wasm ./examples/web/wasm/kisolo
//	go run ./examples/web/wasm/breakdown m.wasm
//
// With more arguments it lists instead the largest functions whose names
// contain every one of them ("mancala_wire.", "encoding_json"), by code
// bytes, after their number and total; "mancala_wire. go.shape" gives the
// code package wire compiles once per game (its generic functions'
// instantiations):
//
//	go run ./examples/web/wasm/breakdown m.wasm mancala_wire.
//
// The data section (Go's function tables, type data and strings) is not
// split by package; it grows with the code.
package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: breakdown FILE.wasm [FUNCTION-NAME-PART...]")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err == nil && len(os.Args) > 2 {
		err = funcs(os.Stdout, b, os.Args[2:], 60)
	} else if err == nil {
		err = report(os.Stdout, b, 40)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "breakdown:", err)
		os.Exit(1)
	}
}

// sectionNames are the names of the standard sections by id.
var sectionNames = map[byte]string{0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
	6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}

// module is what breakdown reads of a binary.
type module struct {
	sections map[string]int // bytes by section name (custom sections as "custom:NAME")
	imported int            // the functions imported: the code's first index
	bodies   []int          // bytes of each function body, with its size prefix
	names    map[int]string // function names by index
}

var errTruncated = errors.New("truncated binary")

// reader reads a module's LEB128 numbers and names.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) uint() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[min(r.off, len(r.b)):])
	if n <= 0 || v > 1<<31 {
		r.err = errTruncated
		return 0
	}
	r.off += n
	return int(v)
}

func (r *reader) byte() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.err = errTruncated
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || r.off+n > len(r.b) {
		r.err = errTruncated
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

// parse reads a module's sections, function bodies and names.
func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly binary")
	}
	m := &module{sections: map[string]int{}, names: map[int]string{}}
	r := &reader{b: b, off: 8}
	for r.err == nil && r.off < len(b) {
		id := r.byte()
		size := r.uint()
		body := &reader{b: r.bytes(size)}
		if r.err != nil {
			break
		}
		name := sectionNames[id]
		switch id {
		case 0:
			cname := string(body.bytes(body.uint()))
			name = "custom:" + cname
			if cname == "name" {
				m.readNames(body)
			}
		case 2:
			for range body.uint() {
				body.bytes(body.uint()) // module
				body.bytes(body.uint()) // field
				switch body.byte() {
				case 0:
					body.uint()
					m.imported++
				case 1:
					body.byte()
					if body.byte()&1 != 0 {
						body.uint()
					}
					body.uint()
				case 2:
					if body.byte()&1 != 0 {
						body.uint()
					}
					body.uint()
				case 3:
					body.bytes(2)
				}
			}
		case 10:
			for range body.uint() {
				start := body.off
				body.bytes(body.uint())
				m.bodies = append(m.bodies, body.off-start)
			}
		}
		if body.err != nil {
			return nil, fmt.Errorf("section %s: %w", name, body.err)
		}
		m.sections[name] += size
	}
	return m, r.err
}

// readNames reads the function names of a name section.
func (m *module) readNames(r *reader) {
	for r.err == nil && r.off < len(r.b) {
		sub := r.byte()
		sr := &reader{b: r.bytes(r.uint())}
		if sub != 1 {
			continue
		}
		for range sr.uint() {
			i := sr.uint()
			m.names[i] = string(sr.bytes(sr.uint()))
		}
	}
}

// pkgOf is the Go package of a function's name in a wasm binary. The
// linker writes a package path with its slashes as underscores and its
// dots kept ("github.com_owner_repo_pkg.Func", "internal_strconv.Atoi"):
// the package is the text before the first dot that does not belong to a
// host name (a dot followed by lower-case letters and an underscore).
func pkgOf(fn string) string {
	if fn == "" {
		return "(unnamed)"
	}
	from := 0
	for {
		dot := strings.IndexByte(fn[from:], '.')
		if dot < 0 {
			return fn
		}
		dot += from
		rest := fn[dot+1:]
		under := strings.IndexByte(rest, '_')
		if under > 0 && strings.Trim(rest[:under], "abcdefghijklmnopqrstuvwxyz") == "" && !strings.ContainsRune(fn[:dot], '_') {
			from = dot + 1 + under // a host name: github.com_...
			continue
		}
		return fn[:dot]
	}
}

// parseNamed parses b, which must have its function names (a build
// without -s).
func parseNamed(b []byte) (*module, error) {
	m, err := parse(b)
	if err != nil {
		return nil, err
	}
	if len(m.names) == 0 {
		return nil, errors.New("no function names: build without -ldflags=-s")
	}
	return m, nil
}

// row is a name and its size in bytes.
type row struct {
	name string
	n    int
}

// sortRows sorts rows largest first, then by name.
func sortRows(rows []row) {
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].n != rows[j].n {
			return rows[i].n > rows[j].n
		}
		return rows[i].name < rows[j].name
	})
}

// report writes the sections and the top packages by code size.
func report(w io.Writer, b []byte, top int) error {
	m, err := parseNamed(b)
	if err != nil {
		return err
	}
	sorted := func(by map[string]int) []row {
		var rows []row
		for k, v := range by {
			rows = append(rows, row{k, v})
		}
		sortRows(rows)
		return rows
	}
	fmt.Fprintf(w, "%d bytes\n\nsection         bytes\n", len(b))
	for _, s := range sorted(m.sections) {
		fmt.Fprintf(w, "%-14s %9d\n", s.name, s.n)
	}
	pkgs := map[string]int{}
	code := 0
	for i, n := range m.bodies {
		pkgs[pkgOf(m.names[m.imported+i])] += n
		code += n
	}
	fmt.Fprintf(w, "\npackage (code)                                      bytes     share\n")
	for i, p := range sorted(pkgs) {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%-48s %9d %8.1f%%\n", p.name, p.n, 100*float64(p.n)/float64(code))
	}
	return nil
}

// funcs writes the number and the total code bytes of the functions whose
// names contain every one of parts, then the top largest of them.
func funcs(w io.Writer, b []byte, parts []string, top int) error {
	m, err := parseNamed(b)
	if err != nil {
		return err
	}
	var rows []row
	total := 0
	for i, n := range m.bodies {
		if name := m.names[m.imported+i]; containsAll(name, parts) {
			rows = append(rows, row{name, n})
			total += n
		}
	}
	sortRows(rows)
	fmt.Fprintf(w, "%d functions, %d bytes of code\n", len(rows), total)
	for i, r := range rows {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%9d  %s\n", r.n, r.name)
	}
	return nil
}

// containsAll reports whether s contains every one of parts.
func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
