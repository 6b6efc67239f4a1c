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
// message naming the member; nil means data is strict. Objects decoded into
// maps, json.RawMessage or interfaces are not checked inside.
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
		// A map, a json.RawMessage or an interface: skip the value.
		for depth := 1; depth > 0; {
			tok, err := dec.Token()
			if err != nil {
				return ""
			}
			if d, ok := tok.(json.Delim); ok {
				if d == '{' || d == '[' {
					depth++
				} else {
					depth--
				}
			}
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
