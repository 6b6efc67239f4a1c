package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
)

// Handler returns the HTTP handler of the API, at these paths:
//
//	GET  /api/v1/games    GamesResponse
//	POST /api/v1/state    StateRequest   -> State
//	POST /api/v1/apply    ApplyRequest   -> ApplyResponse
//	POST /api/v1/think    ThinkRequest   -> ThinkResponse
//	POST /api/v1/record   RecordRequest  -> RecordResponse
//	POST /api/v1/replay   ReplayRequest  -> ReplayResponse
//
// It is thin: it checks the method (405 method_not_allowed, with an Allow
// header), bounds the body to Limits.MaxBody (413 too_large), decodes it
// strictly (one JSON object of the request's type with no unknown field,
// else 400 bad_request), waits up to Limits.BusyWait for one of
// Limits.MaxWork work slots (think has its own, see [Service.Think]; 429
// busy), calls the service and writes its answer as JSON with status 200,
// or the [*Error] with its status ([Error.Status]). Any other path gives
// 404 not_found. Every response is JSON, and no input gives a 5xx status.
func Handler(s *Service) http.Handler {
	return &handler{s: s, work: make(chan struct{}, s.limits.MaxWork)}
}

type handler struct {
	s    *Service
	work chan struct{}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/api/v1/games" {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			methodNotAllowed(w, r, "GET, HEAD")
			return
		}
		writeJSON(w, http.StatusOK, h.s.Games())
		return
	}
	switch r.URL.Path {
	case "/api/v1/state":
		serve(h, true, w, r, func(req StateRequest) (State, error) { return h.s.State(req) })
	case "/api/v1/apply":
		serve(h, true, w, r, func(req ApplyRequest) (ApplyResponse, error) { return h.s.Apply(req) })
	case "/api/v1/think":
		serve(h, false, w, r, func(req ThinkRequest) (ThinkResponse, error) { return h.s.Think(r.Context(), req) })
	case "/api/v1/record":
		serve(h, true, w, r, func(req RecordRequest) (RecordResponse, error) { return h.s.Record(req) })
	case "/api/v1/replay":
		serve(h, true, w, r, func(req ReplayRequest) (ReplayResponse, error) { return h.s.Replay(req) })
	default:
		writeError(w, errorf(CodeNotFound, "wire: no endpoint "+quote(r.URL.Path)+" (see GET /api/v1/games)"))
	}
}

func methodNotAllowed(w http.ResponseWriter, r *http.Request, allow string) {
	w.Header().Set("Allow", allow)
	writeError(w, errorf(CodeMethodNotAllowed, "wire: "+r.URL.Path+" takes "+allow+", not "+quote(r.Method)))
}

// serve decodes a POST body into Req, calls fn (under a work slot of h if
// limited) and writes its answer.
func serve[Req, Resp any](h *handler, limited bool, w http.ResponseWriter, r *http.Request, fn func(Req) (Resp, error)) {
	if r.Method != http.MethodPost {
		methodNotAllowed(w, r, "POST")
		return
	}
	var req Req
	if err := decode(w, r, &req, h.s.limits.MaxBody); err != nil {
		writeError(w, err)
		return
	}
	if limited {
		if err := acquire(r.Context(), h.work, h.s.limits.BusyWait, "work"); err != nil {
			writeError(w, fromErr(err))
			return
		}
		defer func() { <-h.work }()
	}
	resp, err := fn(req)
	if err != nil {
		writeError(w, fromErr(err))
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// decode reads r's body, at most limit bytes, as exactly one JSON value
// of v's type without unknown fields.
func decode(w http.ResponseWriter, r *http.Request, v any, limit int64) *Error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return errorf(CodeTooLarge, "wire: request body over "+strconv.FormatInt(limit, 10)+" bytes")
	}
	if err != nil {
		return errorf(CodeBadRequest, "wire: bad request: reading the body: "+err.Error())
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err = dec.Decode(v)
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
			return errorf(CodeBadRequest, "wire: bad request: "+msg)
		}
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	var synErr *json.SyntaxError
	switch {
	case err == io.EOF:
		return errorf(CodeBadRequest, "wire: empty body: want a JSON object")
	case err == io.ErrUnexpectedEOF:
		return errorf(CodeBadRequest, "wire: bad request: malformed JSON: the body ends inside a value")
	case errors.As(err, &typeErr):
		what := typeErr.Field
		if what == "" {
			what = "the body"
		}
		return errorf(CodeBadRequest, "wire: bad request: "+what+" must be "+jsonType(typeErr.Type.Kind().String())+", not a JSON "+typeErr.Value)
	case errors.As(err, &synErr):
		return errorf(CodeBadRequest, "wire: bad request: malformed JSON at byte "+strconv.FormatInt(synErr.Offset, 10)+": "+synErr.Error())
	}
	return errorf(CodeBadRequest, "wire: bad request: "+err.Error())
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

func writeError(w http.ResponseWriter, e *Error) { writeJSON(w, e.Status(), e) }

// writeJSON writes v as JSON with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		buf.Reset()
		status = http.StatusInternalServerError
		enc.Encode(&Error{Code: CodeInternal, Message: "wire: internal error: " + err.Error()})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}
