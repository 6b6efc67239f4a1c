//go:build !(js && wasm)

// The command table and the line protocol are left out of the js/wasm
// build, as the HTTP transport is (handler.go): a WebAssembly program
// (examples/web/wasm) calls the typed methods, and this file's imports
// (encoding/json, which brings fmt and os, and reflect) would cost it
// about 139 kB (37 kB gzipped) for their initialisation alone.

package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// defaultMaxLine is the longest request line [Service.ServeLines] reads by
// default, in bytes, not counting its line break (1 MiB).
const defaultMaxLine = 1 << 20

// LineOptions configure [Service.ServeLines]; the zero value is the
// defaults.
type LineOptions struct {
	// MaxLine is the longest request line in bytes, not counting its line
	// break (0: defaultMaxLine). A longer line is answered with
	// too_large; the rest of it is read past without being kept.
	MaxLine int
	// Log, if not nil, gets the stack of a panic (a bug) and, with
	// Verbose, one line per request: id, command, code and time. It is
	// never the responses' writer.
	Log     io.Writer
	Verbose bool
}

// ServeLines serves the line protocol (docs/engine.md) of s's command
// table (the commands of transport [Lines]): it reads request lines from
// r until the end of the input and writes one response line for each to
// w, in order, flushing after each. A request line is a JSON object
// {"id": <any>, "cmd": "<command>", <the command's fields>}; its
// response is {"id": <the same id>, "ok": true, <the answer's fields>}
// or {"id": ..., "ok": false, "error": "<message>", "code": "<code>"}.
// Blank lines are skipped; a last line without a line break is answered
// too. ctx is every request's context. ServeLines returns
// nil at the end of the input, or the error of a read or write.
func (s *Service) ServeLines(ctx context.Context, r io.Reader, w io.Writer, o LineOptions) error {
	ls := s.newLineSession(o)
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	var line []byte
	for {
		var tooLong bool
		var err error
		line, tooLong, err = readLine(br, line[:0], ls.sess.maxLine)
		if err != nil && err != io.EOF {
			return fmt.Errorf("reading requests: %w", err)
		}
		if tooLong || len(bytes.TrimSpace(line)) > 0 {
			if _, werr := bw.Write(ls.answer(ctx, line, tooLong)); werr != nil {
				return fmt.Errorf("writing a response: %w", werr)
			}
			if werr := bw.Flush(); werr != nil {
				return fmt.Errorf("writing a response: %w", werr)
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// lineSession answers the request lines of one ServeLines call.
type lineSession struct {
	sess    *session
	verbose bool
	out     bytes.Buffer
}

func (s *Service) newLineSession(o LineOptions) *lineSession {
	if o.MaxLine <= 0 {
		o.MaxLine = defaultMaxLine
	}
	return &lineSession{sess: &session{svc: s, transport: overLines, maxLine: o.MaxLine, log: o.Log},
		verbose: o.Verbose && o.Log != nil}
}

// readLine appends the next line of r, without its line break (\n or
// \r\n), to buf and returns it. A line of more than limit bytes without
// its line break is read to its end but only its first limit bytes are
// kept, and tooLong is true. err is io.EOF at the end of the input (the
// line, if any, had no line break).
func readLine(r *bufio.Reader, buf []byte, limit int) (line []byte, tooLong bool, err error) {
	for {
		frag, err := r.ReadSlice('\n')
		frag = bytes.TrimSuffix(frag, []byte{'\n'})
		// One byte over the limit is kept: it may be the \r of \r\n.
		if room := limit + 1 - len(buf); len(frag) > room {
			tooLong = true
			frag = frag[:max(room, 0)]
		}
		buf = append(buf, frag...)
		if err != bufio.ErrBufferFull {
			if !tooLong {
				buf = bytes.TrimSuffix(buf, []byte{'\r'})
			}
			if len(buf) > limit {
				tooLong, buf = true, buf[:limit]
			}
			return buf, tooLong, err
		}
	}
}

// answer returns the response line (with its line break) to one request
// line, in a buffer of ls valid until the next call. It never fails: a
// bad line or a failing request gives an error response, and a panic (a
// bug) gives an internal one, logged.
func (ls *lineSession) answer(ctx context.Context, line []byte, tooLong bool) []byte {
	t0 := time.Now()
	var id json.RawMessage
	var cmd string
	var resp any
	var err error
	if tooLong {
		// The id, if it comes first, is in the line's first bytes.
		id, _, _, _ = splitLine(line[:min(len(line), 4096)], nil)
		err = newError(CodeTooLarge, "engine: request line over "+strconv.Itoa(ls.sess.maxLine)+" bytes")
	} else {
		var body []byte
		if id, cmd, body, err = splitLine(line, ls.sess.svc); err == nil {
			resp, err = ls.sess.dispatch(ctx, cmd, body)
		}
	}
	out := ls.encode(id, resp, err)
	if ls.verbose {
		status := "ok"
		var we *Error
		if errors.As(err, &we) {
			status = we.Code
		}
		if cmd == "" {
			cmd = "?"
		}
		fmt.Fprintf(ls.sess.log, "engine: id %s %s: %s in %v\n", idText(id), cmd, status, time.Since(t0).Round(time.Microsecond))
	}
	return out
}

func idText(id json.RawMessage) string {
	if id == nil {
		return "null"
	}
	return quote(string(id))
}

// splitLine reads a request line: a JSON object with "id" (any value),
// "cmd" (a string) and the command's fields. It returns the id as
// written (nil without one), the command, and body, the object without
// its "id" and "cmd" members, for the command's decoder. The id is
// returned even when the rest of the line is bad, if it comes before the
// fault, but not when it is given twice or has a member given twice
// (then the answer's id is null: which id was meant is unknown). err is the *Error of a line that is not one JSON object or has
// no cmd string; s names the commands in the message of a missing cmd.
func splitLine(line []byte, s *Service) (id json.RawMessage, cmd string, body []byte, err error) {
	var rawCmd json.RawMessage
	body = append(body, '{')
	dec := json.NewDecoder(bytes.NewReader(line))
	whole := false // the line is one object, read to its end
	twice := ""    // "id" or "cmd" when given twice
	if tok, terr := dec.Token(); terr == nil && tok == json.Delim('{') {
		for {
			if !dec.More() {
				_, cerr := dec.Token() // the closing brace
				_, eof := dec.Token()
				whole = cerr == nil && eof == io.EOF
				break
			}
			tok, terr := dec.Token()
			if terr != nil {
				break
			}
			var v json.RawMessage
			if dec.Decode(&v) != nil {
				break
			}
			switch tok {
			case "id", "cmd":
				if (tok == "id" && id != nil) || (tok == "cmd" && rawCmd != nil) {
					twice = tok.(string)
				}
				if tok == "id" {
					id = v
				} else {
					rawCmd = v
				}
			default:
				key, _ := json.Marshal(tok)
				if len(body) > 1 {
					body = append(body, ',')
				}
				body = append(append(append(body, key...), ':'), v...)
			}
		}
	}
	body = append(body, '}')
	if id != nil && (len(id) > maxIDBytes || depth(id) > maxIDDepth) {
		return nil, "", nil, newError(CodeBadRequest, "engine: bad request: the id is over "+strconv.Itoa(maxIDBytes)+" bytes or nested deeper than "+strconv.Itoa(maxIDDepth)+" (it is answered as null)")
	}
	if twice == "id" {
		// Which id the client meant is unknown: answer none of them.
		id = nil
	} else if id != nil {
		if msg := strictValue(json.NewDecoder(bytes.NewReader(id)), nil, "id."); msg != "" {
			return nil, "", nil, newError(CodeBadRequest, "engine: bad request: the id has a "+msg+" (it is answered as null)")
		}
	}
	if id != nil && !utf8.Valid(id) {
		id = reencode(id)
	}
	if !whole {
		// Let the strict decoder say what is wrong with the line.
		var m map[string]json.RawMessage
		if derr := decode(line, &m); derr != nil {
			return id, "", nil, derr
		}
		if m == nil {
			return id, "", nil, newError(CodeBadRequest, "engine: bad request: the line must be an object, not null")
		}
		return id, "", nil, newError(CodeBadRequest, "engine: bad request: the line is not one JSON object")
	}
	if twice != "" {
		return id, "", nil, newError(CodeBadRequest, "engine: bad request: field "+quote(twice)+" given twice")
	}
	if rawCmd == nil {
		return id, "", nil, newError(CodeBadRequest, "engine: missing cmd (want "+strings.Join(s.commandNames(overLines), ", ")+")")
	}
	if json.Unmarshal(rawCmd, &cmd) != nil {
		return id, "", nil, newError(CodeBadRequest, "engine: cmd must be a string naming a command, not "+quote(string(rawCmd)))
	}
	return id, cmd, body, nil
}

// The largest id a request line may have, so that every response's id is
// short and readable: at most maxIDBytes bytes as written, at most
// maxIDDepth arrays and objects deep. A larger id is answered with
// bad_request and id null.
const (
	maxIDBytes = 256
	maxIDDepth = 8
)

// depth returns the deepest nesting of arrays and objects in the JSON
// value raw (0 for a scalar).
func depth(raw []byte) int {
	d, deepest, inString := 0, 0, false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			d++
			deepest = max(deepest, d)
		case c == ']' || c == '}':
			d--
		}
	}
	return deepest
}

// reencode returns the JSON value raw with its invalid UTF-8 replaced (by
// U+FFFD, as encoding/json writes strings), so that every response line
// is valid UTF-8; numbers are kept as written.
func reencode(raw json.RawMessage) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return out
}

// encode returns the response line: {"id": <id>, "ok": true, <resp's
// fields>} or {"id": <id>, "ok": false, "error": ..., "code": ...}. The
// id is the request's, byte for byte (null if it could not be read).
func (ls *lineSession) encode(id json.RawMessage, resp any, err error) []byte {
	ok := err == nil
	if !ok {
		var we *Error
		if !errors.As(err, &we) {
			we = newError(CodeInternal, "engine: internal error: "+err.Error())
		}
		resp = we
	}
	b, eerr := encodeJSON(resp)
	if eerr != nil {
		ok = false
		b, _ = encodeJSON(newError(CodeInternal, "engine: internal error: "+eerr.Error()))
	}
	b = bytes.TrimSpace(b) // {...}
	ls.out.Reset()
	ls.out.WriteString(`{"id":`)
	if id == nil {
		ls.out.WriteString("null")
	} else {
		ls.out.Write(id)
	}
	if ok {
		ls.out.WriteString(`,"ok":true`)
	} else {
		ls.out.WriteString(`,"ok":false`)
	}
	if len(b) > 2 {
		ls.out.WriteByte(',')
		ls.out.Write(b[1:])
	} else {
		ls.out.WriteByte('}')
	}
	ls.out.WriteByte('\n')
	return ls.out.Bytes()
}
