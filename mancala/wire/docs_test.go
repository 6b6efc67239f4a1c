//go:build !(js && wasm)

package wire

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
)

var updateDocs = flag.Bool("update", false, "rewrite the generated message tables of docs/wire.md and docs/engine.md")

// The documents that describe the protocol, besides this package's own
// doc.go and handler.go.
const (
	wireMD   = "../../docs/wire.md"
	engineMD = "../../docs/engine.md"
	engineGo = "../../examples/mancala-engine/doc.go"
)

// httpOnlyCodes are the codes that the line protocol's services (the
// engine's) never give: those of the HTTP transport only, and elsewhere,
// which only a service with a game of Elsewhere gives (the page's
// WebAssembly worker).
var httpOnlyCodes = []string{CodeMethodNotAllowed, CodeTimeout, CodeElsewhere}

func docService(t *testing.T) *Service {
	t.Helper()
	s, err := NewService(Limits{}, NewGame(&kisolo.Descriptor), NewGame(&kiothi.Descriptor), NewGame(&kimasai.Descriptor))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// section returns the text of markdown section heading ("## Errors")
// up to the next heading of its level.
func section(t *testing.T, text, heading string) string {
	t.Helper()
	_, after, ok := strings.Cut(text, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no section %q", heading)
	}
	level := heading[:strings.IndexByte(heading, ' ')+1]
	if i := strings.Index(after, "\n"+level); i >= 0 {
		after = after[:i]
	}
	return after
}

// rows returns the cells of the body rows of the markdown tables in text.
func rows(text string) [][]string {
	var out [][]string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		out = append(out, cells)
	}
	if len(out) > 0 {
		out = out[1:] // the header
	}
	return out
}

var backticked = regexp.MustCompile("`([^`]*)`")

// names returns the `quoted` names of a cell.
func names(cell string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(cell, -1) {
		out = append(out, m[1])
	}
	return out
}

// docComment returns the comment lines of a Go file, without "// ".
func docComment(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(readDoc(t, path), "\n") {
		if c, ok := strings.CutPrefix(line, "//"); ok {
			out = append(out, strings.TrimPrefix(c, " "))
		}
	}
	return out
}

// commentSection returns the comment lines of heading ("# Errors") up to
// the next heading.
func commentSection(t *testing.T, lines []string, heading string) []string {
	t.Helper()
	i := slices.Index(lines, heading)
	if i < 0 {
		t.Fatalf("no comment section %q", heading)
	}
	var out []string
	for _, l := range lines[i+1:] {
		if strings.HasPrefix(l, "# ") {
			break
		}
		out = append(out, l)
	}
	return out
}

// members returns the JSON member names of struct type t in field order,
// embedded structs flattened, as encoding/json writes them.
func members(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, members(f.Type)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

// messageTypes returns the struct types of this package reachable from
// the requests and responses of the commands of transport tr, and Error,
// in the order first met.
func messageTypes(s *Service, tr Transport) []reflect.Type {
	pkg := reflect.TypeFor[Error]().PkgPath()
	var out []reflect.Type
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t.PkgPath() != pkg || seen[t] {
			return
		}
		seen[t] = true
		out = append(out, t)
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				seen[f.Type] = true // flattened into t
				for j := range f.Type.NumField() {
					walk(f.Type.Field(j).Type)
				}
				continue
			}
			if f.IsExported() {
				walk(f.Type)
			}
		}
	}
	for _, c := range s.Commands() {
		if c.Transports&tr != 0 {
			walk(c.Request)
			walk(c.Response)
		}
	}
	walk(reflect.TypeFor[Error]())
	return out
}

const (
	beginMessages = "<!-- messages: generated by TestDocs from the command table (go test ./mancala/wire -run TestDocs -update) -->"
	endMessages   = "<!-- end of messages -->"
)

// messageTable returns the generated table of the types' JSON members.
func messageTable(types []reflect.Type) string {
	var b strings.Builder
	b.WriteString(beginMessages + "\n\n| message | JSON members |\n|---|---|\n")
	for _, t := range types {
		m := members(t)
		if len(m) == 0 {
			continue
		}
		fmt.Fprintf(&b, "| `%s` | `%s` |\n", t.Name(), strings.Join(m, "`, `"))
	}
	b.WriteString("\n" + endMessages)
	return b.String()
}

// checkMessages compares the generated block of the document at path with
// want, or rewrites it with -update.
func checkMessages(t *testing.T, path, want string) {
	t.Helper()
	text := readDoc(t, path)
	i, j := strings.Index(text, beginMessages), strings.Index(text, endMessages)
	if i < 0 || j < i {
		t.Fatalf("%s: no generated messages block (%q ... %q)", path, beginMessages, endMessages)
	}
	got := text[i : j+len(endMessages)]
	if got == want {
		return
	}
	if *updateDocs {
		if err := os.WriteFile(path, []byte(text[:i]+want+text[j+len(endMessages):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the messages table is not the command table's (run go test ./mancala/wire -run TestDocs -update):\n%s", path, cmp.Diff(want, got))
}

// TestDocs checks that the package documentation (its command table), docs/wire.md,
// docs/engine.md and examples/mancala-engine's documentation list exactly the
// commands, messages (the JSON members of every request and response
// type, by reflection) and error codes of the command table.
func TestDocs(t *testing.T) {
	s := docService(t)
	var httpCmds, lineCmds []string
	for _, c := range s.Commands() {
		if c.Transports&HTTP != 0 {
			method := "POST"
			if c.getOnly {
				method = "GET"
			}
			httpCmds = append(httpCmds, method+" /api/v1/"+c.Name)
		}
		if c.Transports&Lines != 0 {
			lineCmds = append(lineCmds, c.Name)
		}
	}
	var codes, lineCodes []string
	for code := range statusOf {
		codes = append(codes, code)
		if !slices.Contains(httpOnlyCodes, code) {
			lineCodes = append(lineCodes, code)
		}
	}
	sort.Strings(codes)
	sort.Strings(lineCodes)
	sorted := func(s []string) []string { s = slices.Clone(s); sort.Strings(s); return slices.Compact(s) }
	same := func(what string, want, got []string) {
		t.Helper()
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-table +docs):\n%s", what, diff)
		}
	}

	wmd, emd := readDoc(t, wireMD), readDoc(t, engineMD)

	t.Run("commands", func(t *testing.T) {
		var got []string
		for _, r := range rows(section(t, wmd, "## Endpoints")) {
			got = append(got, names(r[0])[0])
		}
		same("docs/wire.md endpoints", httpCmds, got)
		got = nil
		for _, r := range rows(section(t, emd, "## Commands")) {
			got = append(got, names(r[0])[0])
		}
		same("docs/engine.md commands", lineCmds, got)

		// The package documentation's command table, and the endpoints
		// in Handler's comment.
		doc := docComment(t, "doc.go")
		got = nil
		var table []string
		for _, l := range commentSection(t, doc, "# Commands and transports") {
			if f := strings.Fields(l); strings.HasPrefix(l, "\t") && len(f) >= 3 && validName(f[0]) && slices.Contains([]string{"http", "lines", "http+lines"}, f[1]) {
				table = append(table, f[0]+" "+f[1]+" "+f[2])
			}
		}
		var want []string
		for _, c := range s.Commands() {
			w := c.Name + " " + c.Transports.String() + " " + c.Pool.String()
			if !slices.Contains(want, w) && !(c.Name == "games" && c.Transports == Lines) {
				want = append(want, w)
			}
		}
		want[0] = "games http+lines none" // one row for the two games entries
		same("doc.go command table", want, table)
		endpoints := func(lines []string) []string {
			var got []string
			for _, l := range lines {
				if f := strings.Fields(l); len(f) >= 2 && (f[0] == "GET" || f[0] == "POST") && strings.HasPrefix(f[1], "/api/v1/") {
					got = append(got, f[0]+" "+f[1])
				}
			}
			return got
		}
		same("Handler's comment", httpCmds, endpoints(docComment(t, "handler.go")))

		// examples/mancala-engine: an example line of every command.
		got = nil
		for _, m := range regexp.MustCompile(`"cmd": "([a-z_]+)"`).FindAllStringSubmatch(readDoc(t, engineGo), -1) {
			if !slices.Contains(got, m[1]) {
				got = append(got, m[1])
			}
		}
		same("examples/mancala-engine's examples", sorted(append(lineCmds, "moves")), sorted(got)) // "moves": the unknown command of the errors example
	})

	t.Run("messages", func(t *testing.T) {
		httpTypes := messageTypes(s, HTTP)
		checkMessages(t, wireMD, messageTable(httpTypes))
		var lineOnly []reflect.Type
		for _, ty := range messageTypes(s, Lines) {
			if !slices.Contains(httpTypes, ty) {
				lineOnly = append(lineOnly, ty)
			}
		}
		checkMessages(t, engineMD, messageTable(lineOnly))

		// The State table names every member of State.
		var got []string
		for _, r := range rows(section(t, wmd, "## State")) {
			got = append(got, names(r[0])...)
		}
		same("docs/wire.md State table", sorted(members(reflect.TypeFor[State]())), sorted(got))
	})

	t.Run("codes", func(t *testing.T) {
		var got []string
		for _, r := range rows(section(t, wmd, "## Errors and limits")) {
			code := names(r[1])[0]
			got = append(got, code)
			status, _ := strconv.Atoi(r[0])
			if want := (&Error{Code: code}).Status(); status != want && !(code == CodeTooLarge && status == http.StatusRequestHeaderFieldsTooLarge) &&
				!(code == CodeBadRequest && status == http.StatusExpectationFailed) {
				t.Errorf("docs/wire.md: %s has status %d, want %d", code, status, want)
			}
		}
		same("docs/wire.md codes", codes, sorted(got))

		got = nil
		for _, r := range rows(section(t, emd, "## Errors")) {
			got = append(got, names(r[0])[0])
		}
		same("docs/engine.md codes", lineCodes, sorted(got))

		got = nil
		for _, l := range commentSection(t, docComment(t, engineGo), "# Errors") {
			if f := strings.Fields(l); strings.HasPrefix(l, "\t") && len(f) >= 2 && regexp.MustCompile(`^[a-z_]+$`).MatchString(f[0]) && !strings.HasPrefix(l, "\t ") {
				got = append(got, f[0])
			}
		}
		same("examples/mancala-engine's codes", lineCodes, sorted(got))
	})
}
