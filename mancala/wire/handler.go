//go:build !(js && wasm)

// The HTTP transport is left out of the js/wasm build: a WebAssembly
// program (examples/web/wasm) calls the typed methods and links no
// net/http, which is most of its size.

package wire

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// Handler returns the HTTP transport of s's command table (the commands
// of transport [HTTP]), at these paths:
//
//	GET  /api/v1/games    GamesResponse
//	POST /api/v1/state    StateRequest   -> State
//	POST /api/v1/apply    ApplyRequest   -> ApplyResponse
//	POST /api/v1/think    ThinkRequest   -> ThinkResponse
//	POST /api/v1/record   RecordRequest  -> RecordResponse
//	POST /api/v1/replay   ReplayRequest  -> ReplayResponse
//
// It is thin: it routes with an [http.ServeMux] (GET /api/v1/games, POST
// /api/v1/{cmd}), checks the method (405 method_not_allowed, with an
// Allow header), refuses a declared body over Limits.MaxBody at once
// (413 too_large, before any "100 Continue") and bounds the body it reads
// to it, answers a body that does not arrive in the server's read time
// with 408 timeout, and hands the body to the command table, which
// decodes it strictly (400 bad_request), waits for a slot (429 busy) and
// calls the service; the answer is JSON with status 200, or the [*Error]
// with its status ([Error.Status]). A path that is not clean ("//",
// "/./", "/../") or names no command gives 404 not_found, never a
// redirect. Every response is JSON, and no input gives a 5xx status.
//
// Handler is not built for GOOS=js GOARCH=wasm, where the package is the
// protocol core only (see the package doc's "WebAssembly").
func Handler(s *Service) http.Handler {
	h := &handler{s: s, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/v1/{cmd}", h.get) // HEAD too
	h.mux.HandleFunc("POST /api/v1/{cmd}", h.post)
	h.mux.HandleFunc("/", h.other)
	return h
}

type handler struct {
	s   *Service
	mux *http.ServeMux
}

// clean reports whether p is a path ServeMux would not redirect: no empty,
// "." or ".." element.
func clean(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	for _, e := range strings.Split(p[1:], "/") {
		if e == "." || e == ".." {
			return false
		}
	}
	return !strings.Contains(p, "//")
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !clean(r.URL.Path) || r.Method == http.MethodConnect {
		h.notFound(w, r)
		return
	}
	h.mux.ServeHTTP(w, r)
}

func (h *handler) notFound(w http.ResponseWriter, r *http.Request) {
	writeError(w, newError(CodeNotFound, "wire: no endpoint "+quote(r.URL.Path)+" (see GET /api/v1/games)"))
}

// allow returns the methods of command c over HTTP.
func allow(c commandDef) string {
	if c.getOnly {
		return "GET, HEAD"
	}
	return "POST"
}

// other answers what no pattern took: a method the command does not take,
// or no command.
//
// The path is read as the mux reads it, escaped: "/api%2fv1%2fgames" is
// one element, so no command ("st%61te" is "state").
func (h *handler) other(w http.ResponseWriter, r *http.Request) {
	if esc, ok := strings.CutPrefix(r.URL.EscapedPath(), "/api/v1/"); ok {
		if name, err := url.PathUnescape(esc); err == nil && !strings.Contains(name, "/") {
			if c, ok := h.s.command(name, overHTTP); ok {
				methodNotAllowed(w, r, allow(c))
				return
			}
		}
	}
	h.notFound(w, r)
}

func (h *handler) get(w http.ResponseWriter, r *http.Request) {
	c, ok := h.s.command(r.PathValue("cmd"), overHTTP)
	switch {
	case !ok:
		h.notFound(w, r)
	case !c.getOnly:
		methodNotAllowed(w, r, allow(c))
	default:
		h.answer(w, r, c, []byte("{}"))
	}
}

func (h *handler) post(w http.ResponseWriter, r *http.Request) {
	c, ok := h.s.command(r.PathValue("cmd"), overHTTP)
	switch {
	case !ok:
		h.notFound(w, r)
		return
	case c.getOnly:
		methodNotAllowed(w, r, allow(c))
		return
	}
	body, err := readBody(w, r, h.s.limits.MaxBody)
	if err != nil {
		writeError(w, err)
		return
	}
	h.answer(w, r, c, body)
}

// answer calls c with body and writes its answer.
func (h *handler) answer(w http.ResponseWriter, r *http.Request, c commandDef, body []byte) {
	sess := &session{svc: h.s, transport: overHTTP}
	v, err := sess.run(r.Context(), c, body)
	if err != nil {
		writeError(w, fromErr(err))
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func methodNotAllowed(w http.ResponseWriter, r *http.Request, allow string) {
	w.Header().Set("Allow", allow)
	writeError(w, newError(CodeMethodNotAllowed, "wire: "+r.URL.Path+" takes "+allow+", not "+quote(r.Method)))
}

// readBody reads r's body, at most limit bytes. A body declared longer is
// refused before it is read (so no "100 Continue" is sent); a body that
// does not arrive within the server's read timeout is a timeout error.
// Messages never name the connection's addresses.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, *Error) {
	tooLarge := newError(CodeTooLarge, "wire: request body over "+strconv.FormatInt(limit, 10)+" bytes")
	if r.ContentLength > limit {
		return nil, tooLarge
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var maxErr *http.MaxBytesError
	var netErr net.Error
	var opErr *net.OpError
	switch {
	case err == nil:
		return data, nil
	case errors.As(err, &maxErr):
		return nil, tooLarge
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &netErr) && netErr.Timeout():
		return nil, newError(CodeTimeout, "wire: timeout: the request body did not arrive in time")
	case errors.As(err, &opErr) && opErr.Err != nil:
		err = opErr.Err
	}
	return nil, newError(CodeBadRequest, "wire: bad request: reading the body: "+err.Error())
}

func writeError(w http.ResponseWriter, e *Error) { writeJSON(w, e.Status(), e) }

// writeJSON writes v as JSON with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := encodeJSON(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = encodeJSON(&Error{Code: CodeInternal, Message: "wire: internal error: " + err.Error()})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}
