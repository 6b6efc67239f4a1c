package main

import (
	"bytes"
	"container/list"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/net/netutil"
)

// conns caps the server's open connections and makes room for new clients
// when the cap is reached: it tracks every connection's state
// (http.Server.ConnState, and the handler for the end of a request's
// body) and, as soon as max connections are open, closes one that is not
// working on a request: the one idle the longest (a keep-alive connection
// between requests, or one accepted that has not sent a request yet), or
// else the one that has been reading its request (headers or body) the
// longest. The listener (netutil.LimitListener) accepts no more than max
// connections at once, so that neither a flood of idle connections nor
// one of connections sending their requests slowly can use up the file
// descriptors or lock new clients out: while any connection is idle or
// reading, a new one is accepted at once. Only connections whose request
// has arrived whole (a request being answered) are never closed.
type conns struct {
	max int

	mu      sync.Mutex
	open    int
	idle    list.List // of net.Conn, idle the longest first
	reading list.List // of net.Conn, reading the longest first
	at      map[net.Conn]*list.Element
	in      map[net.Conn]*list.List // the list of each conn in at
}

func newConns(max int) *conns {
	return &conns{max: max, at: map[net.Conn]*list.Element{}, in: map[net.Conn]*list.List{}}
}

// listen returns ln limited to c.max connections at once, each of which
// answers net/http's own plain-text errors as JSON ([jsonErrors]).
func (c *conns) listen(ln net.Listener) net.Listener {
	return jsonListener{netutil.LimitListener(ln, c.max)}
}

// move puts conn at the back of l (nil: in no list). c.mu is held.
func (c *conns) move(conn net.Conn, l *list.List) {
	if e, ok := c.at[conn]; ok {
		c.in[conn].Remove(e)
		delete(c.at, conn)
		delete(c.in, conn)
	}
	if l != nil {
		c.at[conn] = l.PushBack(conn)
		c.in[conn] = l
	}
}

// state is the server's ConnState hook.
func (c *conns) state(conn net.Conn, st http.ConnState) {
	var evict net.Conn
	c.mu.Lock()
	switch st {
	case http.StateNew:
		c.open++
		c.move(conn, &c.idle)
		if c.open >= c.max {
			// The cap is reached: the next client would wait. Close the
			// connection idle the longest, else the one reading its
			// request the longest, if it is not this one.
			for _, l := range []*list.List{&c.idle, &c.reading} {
				if e := l.Front(); e != nil && e.Value.(net.Conn) != conn {
					evict = e.Value.(net.Conn)
					c.move(evict, nil)
					break
				}
			}
		}
	case http.StateActive:
		// A request has begun: its headers and body are on their way.
		c.move(conn, &c.reading)
	case http.StateIdle:
		c.move(conn, &c.idle)
	case http.StateHijacked, http.StateClosed:
		c.open--
		c.move(conn, nil)
	}
	c.mu.Unlock()
	if evict != nil {
		evict.Close()
	}
}

// working records that conn's request has arrived whole: it is being
// answered, and is not closed to make room.
func (c *conns) working(conn net.Conn) {
	c.mu.Lock()
	if c.in[conn] == &c.reading {
		c.move(conn, nil)
	}
	c.mu.Unlock()
}

// connKey is the context key of a request's connection.
type connKey struct{}

// connContext is the server's ConnContext hook: it puts the connection
// into its requests' contexts, for track.
func connContext(ctx context.Context, conn net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, conn)
}

// track returns h, telling c when each request's body has been read to
// its end (at once for a request without a body), so that c knows the
// connections still reading.
func (c *conns) track(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _ := r.Context().Value(connKey{}).(net.Conn)
		if conn != nil {
			if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
				c.working(conn)
			} else {
				// A copy: the server's own request keeps its body, so
				// that it still sees an unread "Expect: 100-continue"
				// body and never asks for it.
				r2 := *r
				r2.Body = &trackedBody{ReadCloser: r.Body, done: func() { c.working(conn) }}
				r = &r2
			}
		}
		h.ServeHTTP(w, r)
	})
}

// trackedBody calls done once its reader ends (io.EOF or any error).
type trackedBody struct {
	io.ReadCloser
	done func()
	once sync.Once
}

func (b *trackedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		b.once.Do(b.done)
	}
	return n, err
}

// counts returns the open, idle and reading connections.
func (c *conns) counts() (open, idle, reading int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.open, c.idle.Len(), c.reading.Len()
}

// jsonListener wraps each accepted connection in a jsonErrors.
type jsonListener struct{ net.Listener }

func (l jsonListener) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return jsonErrors{conn}, nil
}

// jsonErrors is a connection whose net/http plain-text error responses
// (written before any handler runs, for a request it cannot read: a bad
// request line or header, headers over MaxHeaderBytes, an unsupported
// Transfer-Encoding) are rewritten as the JSON error responses of package
// wire, with the documented codes and never a 5xx: 431 too_large for
// headers too large, 417 bad_request for an Expect header other than
// 100-continue, 400 bad_request for everything else.
type jsonErrors struct{ net.Conn }

// plainError matches such a response: net/http writes it in one Write,
// exactly so (net/http's conn.serve).
var plainError = regexp.MustCompile(`(?s)\AHTTP/1\.1 ([0-9]{3}) [^\r\n]*\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n(.*)\z`)

// expectationFailed matches net/http's answer to an Expect header other
// than 100-continue: no body, no Content-Type (net/http's
// response.sendExpectationFailed). No handler of this server answers 417.
var expectationFailed = regexp.MustCompile(`\AHTTP/1\.1 417 Expectation Failed\r\nConnection: close\r\nDate: [^\r\n]*\r\nContent-Length: 0\r\n\r\n\z`)

func (c jsonErrors) Write(b []byte) (int, error) {
	m := plainError.FindSubmatch(b)
	if m == nil && expectationFailed.Match(b) {
		m = [][]byte{b, []byte("417"), nil}
	}
	if m == nil {
		return c.Conn.Write(b)
	}
	status, code := http.StatusBadRequest, "bad_request"
	msg := "web: bad request: malformed HTTP request"
	text := string(bytes.TrimSpace(m[2]))
	switch rest, ok := strings.CutPrefix(text, string(m[1])+" "); {
	case string(m[1]) == "417":
		status, msg = http.StatusExpectationFailed, "web: bad request: the only expectation served is Expect: 100-continue"
	case string(m[1]) == "431":
		status, code, msg = http.StatusRequestHeaderFieldsTooLarge, "too_large", "web: request headers too large"
	case ok:
		// "400 Bad Request: missing required Host header"
		if _, detail, ok := strings.Cut(rest, ": "); ok {
			msg = "web: bad request: " + detail
		}
	case text != "":
		// "Unsupported transfer encoding" (501)
		msg = "web: bad request: " + strings.ToLower(text[:1]) + text[1:]
	}
	body, _ := json.Marshal(struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}{msg, code})
	body = append(body, '\n')
	var out bytes.Buffer
	out.WriteString("HTTP/1.1 " + strconv.Itoa(status) + " " + http.StatusText(status) + "\r\n")
	out.WriteString("Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n")
	out.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\nConnection: close\r\n\r\n")
	out.Write(body)
	if _, err := c.Conn.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(b), nil
}
