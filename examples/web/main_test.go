package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, h http.Handler, method, path string) (*http.Response, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader("{}")))
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func TestHandler(t *testing.T) {
	h, err := newHandler()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path string
		status       int
		contentType  string
		contains     string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8", `<script type="module" src="app.js"></script>`},
		{"GET", "/game.js", 200, "text/javascript; charset=utf-8", "import { connect } from './mancala.js';"},
		{"GET", "/board.js", 200, "text/javascript; charset=utf-8", "export class Board"},
		{"GET", "/style.css", 200, "text/css; charset=utf-8", "prefers-reduced-motion"},
		{"GET", "/favicon.svg", 200, "image/svg+xml", "<svg"},
		{"HEAD", "/", 200, "text/html; charset=utf-8", ""},
		{"GET", "/api/v1/games", 200, "application/json; charset=utf-8", `"name":"kiothi"`},
		{"POST", "/api/v1/state", 400, "application/json; charset=utf-8", `"code":"bad_request"`},
		{"GET", "/nothing.js", 404, "text/plain; charset=utf-8", "404 page not found"},
		{"GET", "/static/", 404, "text/plain; charset=utf-8", "404 page not found"},
		{"GET", "/../main.go", http.StatusTemporaryRedirect, "text/html; charset=utf-8", `<a href="/main.go">`}, // cleaned, then 404 below (Go 1.24 answers 301)
		{"GET", "/main.go", 404, "text/plain; charset=utf-8", "404 page not found"},
		{"POST", "/", 405, "text/plain; charset=utf-8", "method not allowed"},
		{"GET", "/api/v1/nothing", 404, "application/json; charset=utf-8", `"code":"not_found"`},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			res, body := get(t, h, tt.method, tt.path)
			if tt.status == http.StatusTemporaryRedirect && res.StatusCode == http.StatusMovedPermanently {
				tt.status = res.StatusCode // ServeMux's redirect to a cleaned path: 301 before Go 1.25, 307 since
			}
			if res.StatusCode != tt.status || res.Header.Get("Content-Type") != tt.contentType || !strings.Contains(body, tt.contains) {
				t.Errorf("%d %q %.80q, want %d %q containing %q", res.StatusCode, res.Header.Get("Content-Type"), body, tt.status, tt.contentType, tt.contains)
			}
			if tt.status == 200 && !strings.HasPrefix(tt.path, "/api/") {
				if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
					t.Errorf("Content-Security-Policy %q", csp)
				}
			}
		})
	}
}

func TestServerTimeouts(t *testing.T) {
	s := newServer(http.NotFoundHandler(), nil)
	if s.ReadTimeout != 10*time.Second || s.WriteTimeout != 15*time.Second || s.IdleTimeout != 60*time.Second || s.ReadHeaderTimeout != 5*time.Second {
		t.Errorf("timeouts %v %v %v %v", s.ReadTimeout, s.WriteTimeout, s.IdleTimeout, s.ReadHeaderTimeout)
	}
}

func TestFlags(t *testing.T) {
	var out, errb strings.Builder
	if code := main1([]string{"-addr", "127.0.0.1:bad"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "web: listen tcp") {
		t.Errorf("bad address: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := main1([]string{"extra"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unexpected argument "extra"`) {
		t.Errorf("extra argument: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	for _, n := range []string{"1", "-1"} {
		errb.Reset()
		if code := main1([]string{"-maxconns", n}, &out, &errb); code != 2 || errb.String() != "web: -maxconns "+n+": want at least 2 (0: the default)\n" {
			t.Errorf("-maxconns %s: exit %d, %q", n, code, errb.String())
		}
	}
}

// TestConnCap: the cap on connections fits the limit of open files: the
// default is lowered to what fits, a -maxconns that does not fit and a
// limit that leaves no room for 2 connections are errors.
func TestConnCap(t *testing.T) {
	for _, tt := range []struct {
		requested, limit, open int
		want                   int
		err                    string
	}{
		{0, 0, 7, 4096, ""},
		{100, 0, 7, 100, ""},
		{0, 1 << 20, 7, 4096, ""},
		{0, 1024, 7, 1009, ""},
		{0, 20, 7, 5, ""},
		{5, 20, 7, 5, ""},
		{6, 20, 7, 0, "-maxconns 6: the limit of open files (20, 7 open at start, 8 spare) leaves room for 5 connections; lower -maxconns or raise the limit (ulimit -n)"},
		{0, 17, 7, 2, ""},
		{0, 16, 7, 0, "the limit of open files is 16, and 7 are open at start: that leaves room for 1 connections, want at least 2 (8 spare); raise the limit (ulimit -n)"},
		{0, 10, 7, 0, "the limit of open files is 10, and 7 are open at start: that leaves room for 0 connections, want at least 2 (8 spare); raise the limit (ulimit -n)"},
	} {
		got, err := connCap(tt.requested, tt.limit, tt.open)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tt.want || msg != tt.err {
			t.Errorf("connCap(%d, %d, %d) = %d, %q; want %d, %q", tt.requested, tt.limit, tt.open, got, msg, tt.want, tt.err)
		}
	}
}
