package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// compressMin is the size from which a file gets compressed copies: a
// smaller one fits in a packet or two anyway.
const compressMin = 1024

// brotliQuality is the brotli level of the compressed copies: the best
// (11) for files up to brotliBestMax bytes, else brotliBigQuality, which
// is far faster on a multi-megabyte file and a few per cent larger.
const (
	brotliQuality    = 11
	brotliBestMax    = 1 << 20
	brotliBigQuality = 9
)

// asset is one file as the server sends it: its bytes and its
// precompressed copies.
type asset struct {
	body   []byte // as stored (identity)
	br, gz []byte // the brotli and gzip copies; nil when none
	tag    string // the ETag's hex, without quotes or encoding
	ctype  string // the Content-Type
	mod    time.Time
	// size and mod of the file on disk (folder mode), to notice a change.
	size int64
}

// site is the page's files as the server answers them: the embedded
// folder (compressed in memory at start) or an exported folder on disk
// (its NAME.br and NAME.gz copies, or copies made in memory for files
// that have none; a file changed on disk is read again at its next
// request).
type site struct {
	dir string // "" for the embedded files

	mu    sync.Mutex
	files map[string]*asset
}

var (
	embeddedOnce sync.Once
	embeddedSite *site
	embeddedErr  error
)

// embeddedFiles returns the site of the embedded folder, compressed once
// per process.
func embeddedFiles() (*site, error) {
	embeddedOnce.Do(func() {
		sub, err := fs.Sub(static, "static")
		if err != nil {
			embeddedErr = err
			return
		}
		s := &site{files: map[string]*asset{}}
		embeddedErr = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(sub, p)
			if err != nil {
				return err
			}
			a, err := newAsset(p, b, nil, nil)
			if err != nil {
				return err
			}
			s.files[p] = a
			return nil
		})
		embeddedSite = s
	})
	return embeddedSite, embeddedErr
}

// folderFiles returns the site of the folder dir, read at once (so that a
// folder that cannot be served is refused at start, and the first
// requests need no compression).
func folderFiles(dir string) (*site, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	s := &site{dir: dir, files: map[string]*asset{}}
	if _, err := os.Stat(dir + "/index.html"); err != nil {
		return nil, fmt.Errorf("%s has no index.html (write a site with -export)", dir)
	}
	err = fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p != "." && strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		case !d.Type().IsRegular():
			return nil
		}
		_, err = s.get(p)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// get returns the asset of name (a slash-separated path within the site),
// or fs.ErrNotExist. In folder mode it checks the file on disk and reads
// it again when it changed.
func (s *site) get(name string) (*asset, error) {
	if !fs.ValidPath(name) || name == "." {
		return nil, fs.ErrNotExist
	}
	if s.dir == "" {
		if a := s.files[name]; a != nil {
			return a, nil
		}
		return nil, fs.ErrNotExist
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") { // hidden files and the export's temporary folders
			return nil, fs.ErrNotExist
		}
	}
	fsys := os.DirFS(s.dir)
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, fs.ErrNotExist
	}
	if !fi.Mode().IsRegular() {
		return nil, fs.ErrNotExist
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.files[name]; a != nil && a.size == fi.Size() && a.mod.Equal(fi.ModTime()) {
		return a, nil
	}
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	// The export's copies, when they are at least as new as the file.
	copyOf := func(ext string) []byte {
		ci, err := fs.Stat(fsys, name+ext)
		if err != nil || !ci.Mode().IsRegular() || ci.ModTime().Before(fi.ModTime()) {
			return nil
		}
		c, err := fs.ReadFile(fsys, name+ext)
		if err != nil {
			return nil
		}
		return c
	}
	a, err := newAsset(name, b, copyOf(".br"), copyOf(".gz"))
	if err != nil {
		return nil, err
	}
	a.mod, a.size = fi.ModTime(), fi.Size()
	s.files[name] = a
	return a, nil
}

// newAsset returns the asset of the file name with bytes b and the given
// compressed copies (nil: made here, when b has compressMin bytes or
// more). A copy that is not smaller than b is dropped.
func newAsset(name string, b, br, gz []byte) (*asset, error) {
	sum := sha256.Sum256(b)
	a := &asset{body: b, tag: hex.EncodeToString(sum[:8]), ctype: contentType(name, b), size: int64(len(b))}
	if len(b) >= compressMin && !precompressed(name) {
		var err error
		if br == nil {
			if br, err = brotliBytes(b); err != nil {
				return nil, err
			}
		}
		if gz == nil {
			if gz, err = gzipBytes(b); err != nil {
				return nil, err
			}
		}
		if len(br) < len(b) {
			a.br = br
		}
		if len(gz) < len(b) {
			a.gz = gz
		}
	}
	return a, nil
}

// precompressed reports whether name is a compressed copy itself or a
// format that does not compress.
func precompressed(name string) bool {
	switch path.Ext(name) {
	case ".br", ".gz", ".png", ".jpg", ".jpeg", ".webp", ".woff2", ".zip":
		return true
	}
	return false
}

// contentType is the Content-Type of the file name: by its extension,
// else sniffed from its bytes.
func contentType(name string, b []byte) string {
	switch path.Ext(name) {
	case ".webmanifest":
		return "application/manifest+json"
	case ".wasm":
		return "application/wasm"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return http.DetectContentType(b)
}

// gzipBytes is b gzipped at the best compression.
func gzipBytes(b []byte) ([]byte, error) {
	var z bytes.Buffer
	w, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	w.Write(b)
	if err := w.Close(); err != nil {
		return nil, err
	}
	return z.Bytes(), nil
}

// brotliBytes is b compressed with brotli (brotliQuality, or
// brotliBigQuality over brotliBestMax bytes).
func brotliBytes(b []byte) ([]byte, error) {
	q := brotliQuality
	if len(b) > brotliBestMax {
		q = brotliBigQuality
	}
	var z bytes.Buffer
	w := brotli.NewWriterOptions(&z, brotli.WriterOptions{Quality: q, LGWin: 22})
	w.Write(b)
	if err := w.Close(); err != nil {
		return nil, err
	}
	return z.Bytes(), nil
}

// hashedName matches a file name that carries a hash of its content
// before its extension ("mancala.3f2a9c1d4e5b6a70.wasm": 8 to 64 hex
// digits): such a file never changes, so it is cached for a year.
var hashedName = regexp.MustCompile(`\.[0-9a-f]{8,64}\.[A-Za-z0-9]+$`)

// Cache-Control values: hashed names are immutable, every other file is
// revalidated (its ETag) at each use.
const (
	cacheImmutable  = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
)

// acceptedEncoding returns the content coding to send for the request's
// Accept-Encoding header given the copies there are: "br" or "gzip" when
// the client accepts it (a q-value above 0, by name or through "*") and
// the copy exists, the one with the higher q-value first and br on a tie;
// "" (identity) otherwise.
func acceptedEncoding(header string, hasBr, hasGz bool) string {
	qBr, qGz, qAny := -1.0, -1.0, -1.0
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0 // a malformed q-value accepts nothing
				}
				q = f
			}
		}
		switch coding {
		case "br":
			qBr = q
		case "gzip", "x-gzip":
			qGz = q
		case "*":
			qAny = q
		}
	}
	if qBr < 0 {
		qBr = max(qAny, 0)
	}
	if qGz < 0 {
		qGz = max(qAny, 0)
	}
	if !hasBr {
		qBr = 0
	}
	if !hasGz {
		qGz = 0
	}
	switch {
	case qBr > 0 && qBr >= qGz:
		return "br"
	case qGz > 0:
		return "gzip"
	}
	return ""
}

// serve answers a GET or HEAD of the file name (a path within the site)
// with the copy the request accepts: Content-Encoding (br or gzip) and
// Vary: Accept-Encoding when the file has copies, its own ETag per
// encoding (a conditional request gets 304), Cache-Control immutable for
// a hashed name and no-cache for the others, Content-Length of the bytes
// sent. A request with a Range header, or an upgrade (a WebSocket's), is
// answered from the uncompressed file, so that ranges count its bytes.
// It reports false, writing nothing, when there is no such file.
func (s *site) serve(w http.ResponseWriter, r *http.Request, name string) bool {
	a, err := s.get(name)
	if err != nil {
		return false
	}
	h := w.Header()
	body, enc := a.body, ""
	if a.br != nil || a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if r.Header.Get("Range") == "" && r.Header.Get("Upgrade") == "" {
			enc = acceptedEncoding(r.Header.Get("Accept-Encoding"), a.br != nil, a.gz != nil)
		}
	}
	etag := a.tag
	switch enc {
	case "br":
		body, etag = a.br, etag+"-br"
	case "gzip":
		body, etag = a.gz, etag+"-gz"
	}
	if enc != "" {
		// ServeContent sets no length on an encoded body: the whole copy
		// is sent (there is no range), so it is the copy's.
		h.Set("Content-Encoding", enc)
		h.Set("Content-Length", strconv.Itoa(len(body)))
	}
	h.Set("Content-Type", a.ctype)
	h.Set("ETag", `"`+etag+`"`)
	if hashedName.MatchString(path.Base(name)) {
		h.Set("Cache-Control", cacheImmutable)
	} else {
		h.Set("Cache-Control", cacheRevalidate)
	}
	http.ServeContent(w, r, path.Base(name), a.mod, bytes.NewReader(body))
	return true
}
