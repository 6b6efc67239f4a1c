//go:build !(js && wasm)

package wire

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// schemaPath is the JSON Schema of the protocol's messages, generated from
// the command table's request and answer types (go test ./mancala/wire
// -run TestSchema -update). The page's TypeScript types
// (examples/web/static/protocol.d.ts) are derived from it.
const schemaPath = "../../docs/wire.schema.json"

// TestSchema checks that docs/wire.schema.json is the schema of the command
// table's types, or rewrites it with -update.
func TestSchema(t *testing.T) {
	got, err := protocolSchema(docService(t))
	if err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(schemaPath)
	if bytes.Equal(old, got) {
		return
	}
	if *updateDocs {
		if err := os.WriteFile(schemaPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is not the command table's schema (run go test ./mancala/wire -run TestSchema -update):\n%s", schemaPath, cmp.Diff(string(old), string(got)))
}

// schemaEnums are the closed sets of strings of some fields, by
// "Type.jsonName": the schema says them as enums (and TypeScript as
// unions of literals).
var schemaEnums = map[string][]string{
	"RuleOption.kind":       {"enum", "bool", "int"},
	"PitInfo.owner":         {"S", "N"},
	"Layout.direction":      {"counterclockwise", "clockwise"},
	"LegalMove.kind":        {"sow", "capture", "lift", "drop", "stop", "move"},
	"Opening.step":          {"lift", "drop"},
	"Outcome.status":        {"ongoing", "win", "draw"},
	"Outcome.winner":        {"S", "N"},
	"State.toMove":          {"S", "N"},
	"Event.kind":            {"lift", "relay", "drop", "capture", "reserve", "sweep", "nkiset", "nkiclear", "end"},
	"Event.reason":          {"empty", "nextempty", "inner", "endless", "step"},
	"ThinkResponse.outcome": {"win", "draw", "loss"},
	"Error.code":            nil, // the codes of statusOf, in protocolSchema
}

// protocolSchema returns the JSON Schema (2020-12) of s's commands: under
// "commands" each command's transports with references to its request and
// answer, and under "$defs" every struct type they use, by Go name.
func protocolSchema(s *Service) ([]byte, error) {
	defs := map[string]any{}
	var typeOf func(t reflect.Type) map[string]any
	structOf := func(t reflect.Type) map[string]any {
		props := map[string]any{}
		var required []string
		var add func(t reflect.Type)
		add = func(t reflect.Type) {
			for i := range t.NumField() {
				f := t.Field(i)
				if !f.IsExported() {
					continue
				}
				tag := f.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if f.Anonymous && name == "" {
					ft := f.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					add(ft)
					continue
				}
				if name == "" {
					name = f.Name
				}
				p := typeOf(f.Type)
				if e, ok := schemaEnums[t.Name()+"."+name]; ok && e != nil {
					p = map[string]any{"type": "string", "enum": e}
				}
				props[name] = p
				if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") && f.Type.Kind() != reflect.Pointer {
					required = append(required, name)
				}
			}
		}
		add(t)
		o := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
		if len(required) > 0 {
			slices.Sort(required)
			o["required"] = required
		}
		return o
	}
	typeOf = func(t reflect.Type) map[string]any {
		switch t.Kind() {
		case reflect.Pointer:
			return typeOf(t.Elem())
		case reflect.String:
			return map[string]any{"type": "string"}
		case reflect.Bool:
			return map[string]any{"type": "boolean"}
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return map[string]any{"type": "integer"}
		case reflect.Float32, reflect.Float64:
			return map[string]any{"type": "number"}
		case reflect.Slice, reflect.Array:
			if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
				return map[string]any{"type": "string", "contentEncoding": "base64"}
			}
			return map[string]any{"type": "array", "items": typeOf(t.Elem())}
		case reflect.Map:
			return map[string]any{"type": "object", "additionalProperties": typeOf(t.Elem())}
		case reflect.Struct:
			if t.NumField() == 0 {
				return map[string]any{"type": "object", "additionalProperties": false}
			}
			name := t.Name()
			if _, ok := defs[name]; !ok {
				defs[name] = nil // a recursive type refers to itself
				defs[name] = structOf(t)
			}
			return map[string]any{"$ref": "#/$defs/" + name}
		case reflect.Interface:
			return map[string]any{}
		}
		return map[string]any{}
	}
	commands := map[string]any{}
	for _, c := range s.Commands() {
		entry := map[string]any{
			"transports": c.Transports.String(),
			"request":    typeOf(c.Request),
			"response":   typeOf(c.Response),
		}
		commands[c.Name] = entry
	}
	var codes []string
	for c := range statusOf {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	commands["error"] = map[string]any{"transports": "http+lines", "response": typeOf(reflect.TypeFor[Error]())}
	if e, ok := defs["Error"].(map[string]any); ok {
		props := e["properties"].(map[string]any)
		if _, ok := props["code"]; ok {
			props["code"] = map[string]any{"type": "string", "enum": codes}
		}
	}
	doc := map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"title":       "go-mancala JSON protocol (docs/wire.md)",
		"description": "Generated by TestSchema from mancala/wire's command table (go test ./mancala/wire -run TestSchema -update); do not edit.",
		"commands":    commands,
		"$defs":       defs,
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
