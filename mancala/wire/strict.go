//go:build !(js && wasm)

// The command table and the line protocol are left out of the js/wasm
// build, as the HTTP transport is (handler.go): a WebAssembly program
// (examples/web/wasm) calls the typed methods, and this file's imports
// (encoding/json, which brings fmt and os, and reflect) would cost it
// about 139 kB (37 kB gzipped) for their initialisation alone.

package wire

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// strictKeys checks the JSON text data, already decoded without error into
// a value of type t, for what encoding/json lets through: a member name
// that matches a field only when case is ignored ("Game" for "game"), and
// a member given twice in one object (the last would win). Either gives a
// message naming the member; "" means data is strict. Objects decoded into
// maps, json.RawMessage or interfaces are checked for members given twice
// only.
func strictKeys(data []byte, t reflect.Type) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	return strictValue(dec, t, "")
}

var rawMessage = reflect.TypeOf(json.RawMessage(nil))

// strictValue checks the next JSON value of dec, decoded into type t; at
// names the value in messages ("" for the body).
func strictValue(dec *json.Decoder, t reflect.Type, at string) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := dec.Token()
	if err != nil {
		return "" // the decoder has accepted the text: cannot happen
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return "" // a scalar
	}
	switch {
	case d == '{' && t != nil && t.Kind() == reflect.Struct && t != rawMessage:
		fields := jsonFields(t)
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return ""
			}
			key, _ := tok.(string)
			name := at + key
			if seen[key] {
				return "field " + quote(name) + " given twice"
			}
			seen[key] = true
			ft, ok := fields[key]
			if !ok {
				for f := range fields {
					if strings.EqualFold(f, key) {
						return "unknown field " + quote(name) + " (field names are case-sensitive: " + quote(at+f) + ")"
					}
				}
				return "unknown field " + quote(name)
			}
			if msg := strictValue(dec, ft, name+"."); msg != "" {
				return msg
			}
		}
		dec.Token() // the closing brace
	case d == '[' && t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t != rawMessage:
		for i := 0; dec.More(); i++ {
			if msg := strictValue(dec, t.Elem(), at); msg != "" {
				return msg
			}
		}
		dec.Token() // the closing bracket
	default:
		// A map, a json.RawMessage or an interface: skip the value,
		// refusing a member given twice in any object inside it.
		return skipValue(dec, d, at)
	}
	return ""
}

// skipValue reads the rest of the array or object that began with d
// (its opening token read already), refusing a member given twice in any
// object inside it: at names the value in the message.
func skipValue(dec *json.Decoder, d json.Delim, at string) string {
	type level struct {
		keys   map[string]bool // nil for an array
		at     string          // the prefix of its members' names
		last   string          // an object's last member read
		expect bool            // an object's next token is a member name
	}
	open := func(d json.Delim, at string) level {
		if d == '{' {
			return level{keys: map[string]bool{}, at: at, expect: true}
		}
		return level{at: at}
	}
	stack := []level{open(d, at)}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.keys != nil && top.expect && dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return ""
			}
			key, _ := tok.(string)
			if top.keys[key] {
				return "field " + quote(top.at+key) + " given twice"
			}
			top.keys[key] = true
			top.last, top.expect = key, false
			continue
		}
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		inner := top.at
		if top.keys != nil {
			top.expect = true
			inner += top.last + "."
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, open(tok.(json.Delim), inner))
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
	return ""
}

// jsonFields maps the JSON member names of struct type t, as encoding/json
// names them (the tag's name, else the field's; embedded structs without
// a tag flattened; "-" and unexported fields left out), to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					if _, ok := fields[k]; !ok {
						fields[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields[name] = f.Type
	}
	return fields
}
