// Package wirejson reads the requests and writes the answers of the web
// page's commands (games, state, apply, think, record, replay) in the JSON
// of package mancala/wire without encoding/json: the same bytes as
// wire's Handler writes, and the same requests accepted, or refused with
// the same *wire.Error, as wire.DecodeRequest decides. It exists for the
// page's WebAssembly build (examples/web/wasm), where encoding/json and
// the reflection it drives would weigh about a sixth of the binary; its
// tests hold it to encoding/json's bytes and wire's decoder over random
// and malformed input.
package wirejson

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// DecodeState reads a state request as wire.DecodeRequest does.
func DecodeState(data []byte, r *wire.StateRequest) error {
	return decode(data, []field{{"game", &r.Game}, {"rules", &r.Rules}, {"position", &r.Position}})
}

// DecodeApply reads an apply request as wire.DecodeRequest does.
func DecodeApply(data []byte, r *wire.ApplyRequest) error {
	return decode(data, []field{{"game", &r.Game}, {"position", &r.Position}, {"move", &r.Move},
		{"start", &r.Start}, {"moves", &r.Moves}})
}

// DecodeThink reads a think request as wire.DecodeRequest does.
func DecodeThink(data []byte, r *wire.ThinkRequest) error {
	return decode(data, []field{{"game", &r.Game}, {"position", &r.Position}, {"agent", &r.Agent},
		{"depth", &r.Depth}, {"nodes", &r.Nodes}, {"iterations", &r.Iterations}, {"seed", &r.Seed},
		{"timeMs", &r.TimeMs}})
}

// DecodeRecord reads a record request as wire.DecodeRequest does.
func DecodeRecord(data []byte, r *wire.RecordRequest) error {
	return decode(data, []field{{"game", &r.Game}, {"rules", &r.Rules}, {"start", &r.Start},
		{"moves", &r.Moves}, {"south", &r.South}, {"north", &r.North}, {"date", &r.Date}})
}

// DecodeReplay reads a replay request as wire.DecodeRequest does.
func DecodeReplay(data []byte, r *wire.ReplayRequest) error {
	return decode(data, []field{{"record", &r.Record}})
}

// field is one member of a request: its JSON name and a pointer to its
// Go field (*string, *int, *int64, *uint64 or *[]string).
type field struct {
	name string
	p    any
}

func badRequest(msg string) error {
	return &wire.Error{Code: wire.CodeBadRequest, Message: "wire: bad request: " + msg}
}

// The outcomes of reading one value as json.Decoder reads it.
const (
	valueOK = iota
	valueEOF
	valueUnexpectedEOF
	valueSyntax
)

// readValue finds the end of the JSON value starting at data[from:] as
// json.Decoder's readValue does, counting the bytes read in s.bytes (which
// carries over from one value to the next, as the decoder's does).
func readValue(s *scanner, data []byte, from int) (end, outcome int) {
	s.reset()
	for i := from; i < len(data); i++ {
		s.bytes++
		switch s.step(s, data[i]) {
		case scanEnd:
			s.bytes-- // the byte after the value is read again
			return i, valueOK
		case scanEndObject, scanEndArray:
			if stateEndValue(s, ' ') == scanEnd {
				return i + 1, valueOK
			}
		case scanError:
			return 0, valueSyntax
		}
	}
	if s.step(s, ' ') == scanEnd {
		return len(data), valueOK
	}
	for _, c := range data[from:] {
		if !isSpace(c) {
			return 0, valueUnexpectedEOF
		}
	}
	return 0, valueEOF
}

// decode reads data into fields as wire.DecodeRequest reads it into the
// struct they belong to: json.Decoder's first value (its syntax, then
// its type errors and unknown fields, the first in the text), then what
// follows it, then wire's strict checks of member names.
func decode(data []byte, fields []field) error {
	var s scanner
	end, outcome := readValue(&s, data, 0)
	if err := outcomeErr(&s, outcome); err != nil {
		return err
	}
	p := parser{b: data[:end], fields: fields}
	p.ws()
	p.top()
	if p.err != nil {
		return p.err
	}
	switch _, outcome := readValue(&s, data, end); outcome {
	case valueOK:
		return badRequest("more than one JSON value in the body")
	case valueEOF:
	default:
		return outcomeErr(&s, outcome)
	}
	seen := map[string]bool{}
	for _, key := range p.keys {
		if seen[key] {
			return badRequest("field " + quote.String(key) + " given twice")
		}
		seen[key] = true
		if f := find(fields, key); f.name != key {
			return badRequest("unknown field " + quote.String(key) + " (field names are case-sensitive: " + quote.String(f.name) + ")")
		}
	}
	return nil
}

// outcomeErr is wire's error for a value read with outcome, nil for
// valueOK.
func outcomeErr(s *scanner, outcome int) error {
	switch outcome {
	case valueEOF:
		return &wire.Error{Code: wire.CodeBadRequest, Message: "wire: empty body: want a JSON object"}
	case valueUnexpectedEOF:
		return badRequest("malformed JSON: the body ends inside a value")
	case valueSyntax:
		return badRequest("malformed JSON at byte " + strconv.FormatInt(s.err.Offset, 10) + ": " + s.err.msg)
	}
	return nil
}

// find returns the field named key as encoding/json matches it: by its
// exact name, else ignoring case; a zero field for none.
func find(fields []field, key string) field {
	for _, f := range fields {
		if f.name == key {
			return f
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.name, key) {
			return f
		}
	}
	return field{}
}

// parser walks one JSON value that the scanner has accepted, storing
// what it holds into the fields as encoding/json does and keeping the
// first error encoding/json would report.
type parser struct {
	b      []byte
	i      int
	fields []field
	keys   []string // the top-level object's member names, in order
	err    error
}

func (p *parser) ws() {
	for p.i < len(p.b) && isSpace(p.b[p.i]) {
		p.i++
	}
}

// save keeps err unless an earlier one is kept.
func (p *parser) save(err error) {
	if p.err == nil {
		p.err = err
	}
}

// typeErr saves encoding/json's UnmarshalTypeError as wire words it:
// what names the field ("" for the body), want the Go type as a JSON type
// ("an integer") and got the JSON value's kind ("number 1.5").
func (p *parser) typeErr(what, want, got string) {
	if what == "" {
		what = "the body"
	}
	p.save(badRequest(what + " must be " + want + ", not a JSON " + got))
}

// kind is the JSON kind of the value starting at the current byte, as
// encoding/json names it in a type error.
func (p *parser) kind() string {
	switch p.b[p.i] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// top reads the body's value into the fields.
func (p *parser) top() {
	switch p.b[p.i] {
	case 'n':
		p.i += 4
	case '{':
		p.object()
	default:
		p.typeErr("", "an object", p.kind())
		p.skip()
	}
}

func (p *parser) object() {
	p.i++ // {
	p.ws()
	if p.b[p.i] == '}' {
		p.i++
		return
	}
	for {
		key := p.str()
		p.keys = append(p.keys, key)
		p.ws()
		p.i++ // :
		p.ws()
		if f := find(p.fields, key); f.p == nil {
			p.save(badRequest("json: unknown field " + strconv.Quote(key)))
			p.skip()
		} else {
			p.value(f)
		}
		p.ws()
		p.i++ // , or }
		if p.b[p.i-1] == '}' {
			return
		}
		p.ws()
	}
}

// value reads the current value into field f.
func (p *parser) value(f field) {
	c := p.b[p.i]
	if c == 'n' {
		p.i += 4
		if s, ok := f.p.(*[]string); ok {
			*s = nil
		}
		return
	}
	switch v := f.p.(type) {
	case *string:
		if c != '"' {
			p.typeErr(f.name, "a string", p.kind())
			p.skip()
			return
		}
		*v = p.str()
	case *[]string:
		if c != '[' {
			p.typeErr(f.name, "an array", p.kind())
			p.skip()
			return
		}
		p.i++
		out := []string{}
		for {
			p.ws()
			if p.b[p.i] == ']' {
				p.i++
				break
			}
			switch p.b[p.i] {
			case '"':
				out = append(out, p.str())
			case 'n':
				p.i += 4
				out = append(out, "")
			default:
				p.typeErr(f.name, "a string", p.kind())
				p.skip()
				out = append(out, "")
			}
			p.ws()
			if p.b[p.i] == ',' {
				p.i++
			}
		}
		*v = out
	default: // *int, *int64, *uint64
		if c != '-' && (c < '0' || c > '9') {
			p.typeErr(f.name, "an integer", p.kind())
			p.skip()
			return
		}
		start := p.i
		for p.i < len(p.b) && strings.IndexByte("0123456789+-.eE", p.b[p.i]) >= 0 {
			p.i++
		}
		lit := string(p.b[start:p.i])
		var err error
		switch v := f.p.(type) {
		case *int:
			var n int64
			n, err = strconv.ParseInt(lit, 10, 64)
			if err == nil && int64(int(n)) != n {
				err = strconv.ErrRange
			}
			if err == nil {
				*v = int(n)
			}
		case *int64:
			var n int64
			if n, err = strconv.ParseInt(lit, 10, 64); err == nil {
				*v = n
			}
		case *uint64:
			var n uint64
			if n, err = strconv.ParseUint(lit, 10, 64); err == nil {
				*v = n
			}
		}
		if err != nil {
			p.typeErr(f.name, "an integer", "number "+lit)
		}
	}
}

// skip moves past the current value.
func (p *parser) skip() {
	depth := 0
	for {
		switch c := p.b[p.i]; c {
		case '"':
			p.str()
		case '{', '[':
			depth++
			p.i++
		case '}', ']':
			depth--
			p.i++
		case 't', 'n':
			p.i += 4
		case 'f':
			p.i += 5
		case ',', ':', ' ', '\t', '\n', '\r':
			p.i++
			continue
		default: // a number
			for p.i < len(p.b) && strings.IndexByte("0123456789+-.eE", p.b[p.i]) >= 0 {
				p.i++
			}
		}
		if depth == 0 {
			return
		}
	}
}

// str reads the string at the current byte (its quotes included) and
// returns its text as encoding/json unquotes it: escapes decoded, a lone
// or broken surrogate escape and each byte of invalid UTF-8 as U+FFFD.
func (p *parser) str() string {
	p.i++ // "
	start := p.i
	for p.b[p.i] != '"' {
		if p.b[p.i] == '\\' {
			p.i++
		}
		p.i++
	}
	s := p.b[start:p.i]
	p.i++
	if utf8.Valid(s) && !strings.Contains(string(s), `\`) {
		return string(s)
	}
	var b strings.Builder
	for r := 0; r < len(s); {
		c := s[r]
		switch {
		case c == '\\':
			r++
			switch s[r] {
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				rr := hex4(s[r+1:])
				r += 5
				if utf16.IsSurrogate(rr) {
					if r+1 < len(s) && s[r] == '\\' && s[r+1] == 'u' {
						if dec := utf16.DecodeRune(rr, hex4(s[r+2:])); dec != utf8.RuneError {
							b.WriteRune(dec)
							r += 6
							continue
						}
					}
					rr = utf8.RuneError
				}
				b.WriteRune(rr)
				continue
			default: // " \ /
				b.WriteByte(s[r])
			}
			r++
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			r++
		default:
			rr, size := utf8.DecodeRune(s[r:])
			b.WriteRune(rr)
			r += size
		}
	}
	return b.String()
}

// hex4 is the value of the four hex digits at the start of s (the
// scanner has checked them), -1 if s is shorter.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c >= 'a':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r*16 + rune(c)
	}
	return r
}
