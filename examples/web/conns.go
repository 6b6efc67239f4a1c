package main

import (
	"bytes"
	"container/list"
	"encoding/json"
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
// (http.Server.ConnState) and, as soon as max connections are open,
// closes the one idle the longest (a keep-alive connection between
// requests, or one accepted that has not sent a request yet). The
// listener (netutil.LimitListener) accepts no more than max connections
// at once, so a flood of idle connections can neither use up the file
// descriptors nor lock new clients out: while any connection is idle, a
// new one is accepted at once.
type conns struct {
	max int

	mu   sync.Mutex
	open int
	idle list.List // of net.Conn, idle the longest first
	at   map[net.Conn]*list.Element
}

func newConns(max int) *conns {
	return &conns{max: max, at: map[net.Conn]*list.Element{}}
}

// listen returns ln limited to c.max connections at once, each of which
// answers net/http's own plain-text errors as JSON ([jsonErrors]).
func (c *conns) listen(ln net.Listener) net.Listener {
	return jsonListener{netutil.LimitListener(ln, c.max)}
}

// state is the server's ConnState hook.
func (c *conns) state(conn net.Conn, st http.ConnState) {
	var evict net.Conn
	c.mu.Lock()
	switch st {
	case http.StateNew:
		c.open++
		c.at[conn] = c.idle.PushBack(conn)
		if c.open >= c.max {
			// The cap is reached: the next client would wait. Close the
			// connection idle the longest, if it is not this one.
			if e := c.idle.Front(); e != nil && e.Value.(net.Conn) != conn {
				evict = c.idle.Remove(e).(net.Conn)
				delete(c.at, evict)
			}
		}
	case http.StateActive:
		if e, ok := c.at[conn]; ok {
			c.idle.Remove(e)
			delete(c.at, conn)
		}
	case http.StateIdle:
		if _, ok := c.at[conn]; !ok {
			c.at[conn] = c.idle.PushBack(conn)
		}
	case http.StateHijacked, http.StateClosed:
		c.open--
		if e, ok := c.at[conn]; ok {
			c.idle.Remove(e)
			delete(c.at, conn)
		}
	}
	c.mu.Unlock()
	if evict != nil {
		evict.Close()
	}
}

// counts returns the open and idle connections.
func (c *conns) counts() (open, idle int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.open, c.idle.Len()
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
