package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var updateProtocol = flag.Bool("update-protocol", false, "rewrite static/protocol.d.ts from docs/wire.schema.json")

const (
	schemaFile   = "../../docs/wire.schema.json"
	protocolFile = "static/protocol.d.ts"
)

// TestProtocolTypes checks that static/protocol.d.ts, the TypeScript types
// of the protocol's messages that mancala.js (and so mancala.d.ts) uses,
// is derived from docs/wire.schema.json (itself generated from
// mancala/wire's command table by TestSchema), or rewrites it with
// -update-protocol: the types cannot drift from the Go types.
func TestProtocolTypes(t *testing.T) {
	b, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	got, err := typesFromSchema(b)
	if err != nil {
		t.Fatal(err)
	}
	checkGenerated(t, protocolFile, got, *updateProtocol,
		"derived from "+schemaFile+" (go test ./examples/web -run TestProtocolTypes -update-protocol)")
}

// checkGenerated checks that file holds want, or with update rewrites it;
// from says what file is generated from and how to rewrite it.
func checkGenerated(t *testing.T, file, want string, update bool, from string) {
	t.Helper()
	old, _ := os.ReadFile(file)
	if string(old) == want {
		return
	}
	if update {
		if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is not %s:\n%s", file, from, cmp.Diff(string(old), want))
}

// schemaNode is the part of JSON Schema that docs/wire.schema.json uses.
type schemaNode struct {
	Type                 string                 `json:"type"`
	Ref                  string                 `json:"$ref"`
	Enum                 []string               `json:"enum"`
	Items                *schemaNode            `json:"items"`
	Properties           map[string]*schemaNode `json:"properties"`
	Required             []string               `json:"required"`
	AdditionalProperties json.RawMessage        `json:"additionalProperties"`
	ContentEncoding      string                 `json:"contentEncoding"`
}

// typesFromSchema writes a TypeScript declaration of every type of the
// schema's $defs, in name order: objects as types with their properties
// (optional when not required), enums as unions of string literals.
func typesFromSchema(data []byte) (string, error) {
	var doc struct {
		Defs map[string]*schemaNode `json:"$defs"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("// The types of the JSON protocol's messages (docs/wire.md), derived from\n")
	b.WriteString("// docs/wire.schema.json by examples/web's TestProtocolTypes\n")
	b.WriteString("// (go test ./examples/web -run TestProtocolTypes -update-protocol); do not edit.\n")
	names := make([]string, 0, len(doc.Defs))
	for n := range doc.Defs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		ts, err := tsType(doc.Defs[n], "")
		if err != nil {
			return "", fmt.Errorf("%s: %w", n, err)
		}
		fmt.Fprintf(&b, "export type %s = %s;\n", n, ts)
	}
	return b.String(), nil
}

func tsType(n *schemaNode, indent string) (string, error) {
	switch {
	case n.Ref != "":
		name, ok := strings.CutPrefix(n.Ref, "#/$defs/")
		if !ok {
			return "", fmt.Errorf("reference %q outside $defs", n.Ref)
		}
		return name, nil
	case n.Enum != nil:
		lits := make([]string, len(n.Enum))
		for i, e := range n.Enum {
			q, _ := json.Marshal(e)
			lits[i] = string(q)
		}
		return strings.Join(lits, " | "), nil
	}
	switch n.Type {
	case "string":
		return "string", nil
	case "integer", "number":
		return "number", nil
	case "boolean":
		return "boolean", nil
	case "array":
		if n.Items == nil {
			return "unknown[]", nil
		}
		it, err := tsType(n.Items, indent)
		if err != nil {
			return "", err
		}
		if strings.Contains(it, " ") {
			it = "(" + it + ")"
		}
		return it + "[]", nil
	case "object":
		if n.Properties == nil {
			if len(n.AdditionalProperties) > 0 && string(n.AdditionalProperties) != "false" {
				var v schemaNode
				if err := json.Unmarshal(n.AdditionalProperties, &v); err != nil {
					return "", err
				}
				vt, err := tsType(&v, indent)
				if err != nil {
					return "", err
				}
				return "{ [key: string]: " + vt + " }", nil
			}
			return "Record<string, never>", nil
		}
		keys := make([]string, 0, len(n.Properties))
		for k := range n.Properties {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b strings.Builder
		b.WriteString("{\n")
		for _, k := range keys {
			pt, err := tsType(n.Properties[k], indent+"    ")
			if err != nil {
				return "", err
			}
			opt := "?"
			if slices.Contains(n.Required, k) {
				opt = ""
			}
			fmt.Fprintf(&b, "%s    %s%s: %s;\n", indent, k, opt, pt)
		}
		b.WriteString(indent + "}")
		return b.String(), nil
	case "":
		return "unknown", nil
	}
	return "", fmt.Errorf("type %q", n.Type)
}
