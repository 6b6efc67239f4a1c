package wire

import (
	"bytes"
	"io"
	"net/http"
)

// DecodeRequest decodes data, the JSON text of one request, into v (a
// pointer to a request struct such as *StateRequest) exactly as [Handler]
// decodes a request body: one JSON object of v's type, no unknown field,
// nothing but white space after it. A bad request gives an [*Error] with
// code bad_request and the message Handler would give ("wire: bad
// request: depth must be an integer, not a JSON string"), so that a
// transport other than HTTP (the JSON-lines engine of examples/engine)
// answers bad input with the same codes and messages. DecodeRequest reads
// only data; its caller bounds the size.
func DecodeRequest(data []byte, v any) error {
	// Handler's decoder, with no response writer: MaxBytesReader only
	// tells the writer about a body over its limit, and this limit is
	// never reached.
	r := &http.Request{Body: io.NopCloser(bytes.NewReader(data))}
	if e := decode(nil, r, v, int64(len(data))+1); e != nil {
		return e
	}
	return nil
}
