package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// MaxLine is the longest request line the engine reads, in bytes, not
// counting its line break (1 MiB). A longer line is answered with
// too_large; the engine reads past the rest of it without keeping it.
const MaxLine = 1 << 20

// commands lists the engine's commands, in the order of the package
// documentation.
var commands = []string{"games", "state", "apply", "think", "record", "replay", "observation", "perft", "playouts", "selfplay"}

// engine answers request lines one at a time.
type engine struct {
	svc     *wire.Service
	batch   *wire.Batch
	maxLine int
	log     io.Writer // standard error: never the responses' writer
	verbose bool      // log every request
	out     bytes.Buffer
}

// newEngine returns an engine over the three games with the limits given
// (zero fields: the defaults) that logs to log.
func newEngine(l wire.Limits, bl wire.BatchLimits, log io.Writer) (*engine, error) {
	svc, err := wire.NewService(l, wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kiothi.Descriptor), wire.NewGame(&kimasai.Descriptor))
	if err != nil {
		return nil, err
	}
	return &engine{svc: svc, batch: wire.NewBatch(svc, bl), maxLine: MaxLine, log: log}, nil
}

// serve reads request lines from r until the end of the input and writes
// one response line for each to w, in order, flushing after each. Blank
// lines are skipped; a last line without a line break is answered too. It
// returns nil at the end of the input, or the error of a read or write.
func (e *engine) serve(ctx context.Context, r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	var line []byte
	for {
		var tooLong bool
		var err error
		line, tooLong, err = readLine(br, line[:0], e.maxLine)
		if err != nil && err != io.EOF {
			return fmt.Errorf("reading requests: %w", err)
		}
		if tooLong || len(bytes.TrimSpace(line)) > 0 {
			if _, werr := bw.Write(e.answer(ctx, line, tooLong)); werr != nil {
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
// line, in a buffer of e valid until the next call. It never fails: a bad
// line or a failing request gives an error response, and a panic (a bug)
// gives an internal one, logged.
func (e *engine) answer(ctx context.Context, line []byte, tooLong bool) []byte {
	t0 := time.Now()
	var id json.RawMessage
	var cmd string
	var resp any
	var err error
	func() {
		defer func() {
			if v := recover(); v != nil {
				fmt.Fprintf(e.log, "engine: panic answering %.200q: %v\n%s", line, v, debug.Stack())
				err = &wire.Error{Code: wire.CodeInternal, Message: fmt.Sprintf("engine: internal error: %v", v)}
			}
		}()
		if tooLong {
			// The id, if it comes first, is in the line's first bytes.
			id, _, _, _ = split(line[:min(len(line), 4096)])
			err = &wire.Error{Code: wire.CodeTooLarge, Message: fmt.Sprintf("engine: request line over %d bytes", e.maxLine)}
			return
		}
		var body []byte
		if id, cmd, body, err = split(line); err == nil {
			resp, err = e.do(ctx, cmd, body)
		}
	}()
	out := e.encode(id, resp, err)
	if e.verbose {
		status := "ok"
		var we *wire.Error
		if errors.As(err, &we) {
			status = we.Code
		}
		if cmd == "" {
			cmd = "?"
		}
		fmt.Fprintf(e.log, "engine: id %s %s: %s in %v\n", idText(id), cmd, status, time.Since(t0).Round(time.Microsecond))
	}
	return out
}

func idText(id json.RawMessage) string {
	if id == nil {
		return "null"
	}
	return mancala.Quote(string(id))
}

// split reads a request line: a JSON object with "id" (any value), "cmd"
// (a string) and the command's fields. It returns the id as written (nil
// without one), the command, and body, the object without its "id" and
// "cmd" members, for the command's decoder. The id is returned even when
// the rest of the line is bad, if it comes before the fault. err is the
// *wire.Error of a line that is not one JSON object or has no cmd string.
func split(line []byte) (id json.RawMessage, cmd string, body []byte, err error) {
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
	if id != nil && !utf8.Valid(id) {
		id = reencode(id)
	}
	if !whole {
		// Let Handler's decoder say what is wrong with the line.
		var m map[string]json.RawMessage
		if derr := wire.DecodeRequest(line, &m); derr != nil {
			return id, "", nil, derr
		}
		if m == nil {
			return id, "", nil, &wire.Error{Code: wire.CodeBadRequest, Message: "engine: bad request: the line must be an object, not null"}
		}
		return id, "", nil, &wire.Error{Code: wire.CodeBadRequest, Message: "engine: bad request: the line is not one JSON object"}
	}
	if twice != "" {
		return id, "", nil, &wire.Error{Code: wire.CodeBadRequest, Message: "engine: bad request: field " + mancala.Quote(twice) + " given twice"}
	}
	if rawCmd == nil {
		return id, "", nil, &wire.Error{Code: wire.CodeBadRequest, Message: "engine: missing cmd (want " + strings.Join(commands, ", ") + ")"}
	}
	if json.Unmarshal(rawCmd, &cmd) != nil {
		return id, "", nil, &wire.Error{Code: wire.CodeBadRequest, Message: "engine: cmd must be a string naming a command, not " + mancala.Quote(string(rawCmd))}
	}
	return id, cmd, body, nil
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

// gamesResponse is the answer to games: the HTTP API's GamesResponse and
// what only the engine has.
type gamesResponse struct {
	wire.GamesResponse
	Engine engineInfo `json:"engine"`
}

// engineInfo tells a client the engine's own limits: the longest request
// line in bytes, the commands, and the batch limits.
type engineInfo struct {
	MaxLine  int                  `json:"maxLine"`
	Commands []string             `json:"commands"`
	Batch    wire.BatchLimitsInfo `json:"batch"`
}

// do decodes body, the request of cmd without its id and cmd, strictly
// into the command's request type (as Handler decodes a body) and
// answers it.
func (e *engine) do(ctx context.Context, cmd string, body []byte) (any, error) {
	switch cmd {
	case "games":
		return call(body, func(struct{}) (gamesResponse, error) {
			return gamesResponse{e.svc.Games(), engineInfo{MaxLine: e.maxLine, Commands: commands, Batch: e.batch.Info()}}, nil
		})
	case "state":
		return call(body, e.svc.State)
	case "apply":
		return call(body, e.svc.Apply)
	case "think":
		return call(body, func(r wire.ThinkRequest) (wire.ThinkResponse, error) { return e.svc.Think(ctx, r) })
	case "record":
		return call(body, e.svc.Record)
	case "replay":
		return call(body, e.svc.Replay)
	case "observation":
		return call(body, e.svc.Observe)
	case "perft":
		return call(body, func(r wire.PerftRequest) (wire.PerftResponse, error) { return e.batch.Perft(ctx, r) })
	case "playouts":
		return call(body, func(r wire.PlayoutsRequest) (wire.PlayoutsResponse, error) { return e.batch.Playouts(ctx, r) })
	case "selfplay":
		return call(body, func(r wire.SelfplayRequest) (wire.SelfplayResponse, error) { return e.batch.Selfplay(ctx, r) })
	}
	return nil, &wire.Error{Code: wire.CodeNotFound, Message: "engine: unknown command " + mancala.Quote(cmd) + " (want " + strings.Join(commands, ", ") + ")"}
}

// call decodes body into a Req and answers it with fn.
func call[Req, Resp any](body []byte, fn func(Req) (Resp, error)) (any, error) {
	var req Req
	if err := wire.DecodeRequest(body, &req); err != nil {
		return nil, err
	}
	return fn(req)
}

// errorBody is the body of an error response.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// encode returns the response line: {"id": <id>, "ok": true, <resp's
// fields>} or {"id": <id>, "ok": false, "error": ..., "code": ...}. The
// id is the request's, byte for byte (null if it could not be read).
func (e *engine) encode(id json.RawMessage, resp any, err error) []byte {
	ok := err == nil
	if !ok {
		var we *wire.Error
		if !errors.As(err, &we) {
			we = &wire.Error{Code: wire.CodeInternal, Message: "engine: internal error: " + err.Error()}
		}
		resp = errorBody{we.Message, we.Code}
	}
	var body bytes.Buffer
	enc := json.NewEncoder(&body)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp); err != nil {
		ok = false
		body.Reset()
		enc.Encode(errorBody{"engine: internal error: " + err.Error(), wire.CodeInternal})
	}
	b := bytes.TrimSpace(body.Bytes()) // {...}
	e.out.Reset()
	e.out.WriteString(`{"id":`)
	if id == nil {
		e.out.WriteString("null")
	} else {
		e.out.Write(id)
	}
	if ok {
		e.out.WriteString(`,"ok":true`)
	} else {
		e.out.WriteString(`,"ok":false`)
	}
	if len(b) > 2 {
		e.out.WriteByte(',')
		e.out.Write(b[1:])
	} else {
		e.out.WriteByte('}')
	}
	e.out.WriteByte('\n')
	return e.out.Bytes()
}
