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
	"errors"
	"io"
	"reflect"
	"strconv"
)

// DecodeRequest decodes data, the JSON text of one request, into v (a
// pointer to a request struct such as *StateRequest) strictly, as every
// transport decodes a request: one JSON object of v's type, no unknown
// field, no member given twice or matching a field only when case is
// ignored, nothing but white space after it. A bad request gives an
// [*Error] with code bad_request and a message that names the fault
// ("wire: bad request: depth must be an integer, not a JSON string"), so
// that every transport answers bad input with the same codes and
// messages. DecodeRequest reads only data; its caller bounds the size.
func DecodeRequest(data []byte, v any) error {
	if e := decode(data, v); e != nil {
		return e
	}
	return nil
}

// decode is DecodeRequest with its *Error.
func decode(data []byte, v any) *Error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		// Exactly one value: what follows must be white space only.
		var extra json.RawMessage
		switch err2 := dec.Decode(&extra); {
		case err2 == io.EOF:
		case err2 == nil:
			err = errors.New("more than one JSON value in the body")
		default:
			err = err2
		}
	}
	if err == nil {
		if msg := strictKeys(data, reflect.TypeOf(v)); msg != "" {
			return newError(CodeBadRequest, "wire: bad request: "+msg)
		}
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	var synErr *json.SyntaxError
	switch {
	case err == io.EOF:
		return newError(CodeBadRequest, "wire: empty body: want a JSON object")
	case err == io.ErrUnexpectedEOF:
		return newError(CodeBadRequest, "wire: bad request: malformed JSON: the body ends inside a value")
	case errors.As(err, &typeErr):
		what := typeErr.Field
		if what == "" {
			what = "the body"
		}
		return newError(CodeBadRequest, "wire: bad request: "+what+" must be "+jsonType(typeErr.Type.Kind().String())+", not a JSON "+typeErr.Value)
	case errors.As(err, &synErr):
		return newError(CodeBadRequest, "wire: bad request: malformed JSON at byte "+strconv.FormatInt(synErr.Offset, 10)+": "+synErr.Error())
	}
	return newError(CodeBadRequest, "wire: bad request: "+err.Error())
}

// jsonType names a Go kind as a JSON type.
func jsonType(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "struct", "map":
		return "an object"
	case "slice", "array":
		return "an array"
	case "bool":
		return "true or false"
	case "int", "int64", "uint64", "int32", "uint32":
		return "an integer"
	}
	return "a " + kind
}

// encodeJSON returns v's JSON text as every transport writes it: no HTML
// escaping, a line break at the end.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
