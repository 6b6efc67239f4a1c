package e2e

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// answer is one answer of a logged host: the path asked for and the
// status given (200: the file's body crossed the network; 304: the
// browser's copy was still good).
type answer struct {
	path   string
	status int
}

// answerLog records every answer of a host in the order they finished.
type answerLog struct {
	mu   sync.Mutex
	list []answer
}

func (l *answerLog) answers() []answer {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]answer(nil), l.list...)
}

// bodies counts, by path, the answers that sent the file's body.
func (l *answerLog) bodies() map[string]int {
	n := map[string]int{}
	for _, a := range l.answers() {
		if a.status == http.StatusOK {
			n[a.path]++
		}
	}
	return n
}

// statusWriter remembers the status a handler answered with.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// copySite copies the exported site into a folder of the test's, every
// file dated an hour ago (so that a file changed later has a newer date
// than the browser's copy, whatever the clock's resolution).
func copySite(t *testing.T, from string) string {
	t.Helper()
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		to := filepath.Join(dir, strings.TrimPrefix(p, from))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			return err
		}
		return os.Chtimes(to, old, old)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// swFiles returns the files and the version sw.js of the site in dir lists.
func swFiles(t *testing.T, dir string) ([]string, string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	fm := regexp.MustCompile(`(?m)^const files = (\[.*\]);$`).FindSubmatch(b)
	vm := regexp.MustCompile(`(?m)^const version = '([0-9a-f]+)';$`).FindSubmatch(b)
	if fm == nil || vm == nil {
		t.Fatalf("sw.js has no files or version line:\n%s", b)
	}
	var files []string
	if err := json.Unmarshal(fm[1], &files); err != nil {
		t.Fatal(err)
	}
	return files, string(vm[1])
}

// evalAsync evaluates a promise-valued expression and waits for its value.
func (b *browser) evalAsync(t *testing.T, expr string, out any) {
	t.Helper()
	b.run(t, chromedp.Evaluate(expr, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	}))
}

// TestFirstVisit: the exported site on a first visit downloads each file
// once (issue 33 item 1). A fresh browser opens the site from a host that
// logs every answer; once the service worker controls the page, every
// file of its list was sent with its body exactly once (the worker filled
// its cache from the browser's HTTP cache: the page's files were
// revalidated, 304, not downloaded again), and the worker was asked for
// only after the wasm file of the game shown (mancala-kisolo.wasm) had
// arrived (it is registered once the board is drawn); the files of the
// other games are downloaded by the service worker only, once. Then a new export (help.js changed, a new version in sw.js)
// replaces the old cache: only help.js and sw.js are sent again, the one
// cache left is the new version's and holds the new help.js. Last, with
// the host gone and the browser offline, a reload shows the board.
func TestFirstVisit(t *testing.T) {
	startStatic(t)
	dir := copySite(t, site.dir)
	files, version := swFiles(t, dir)
	log := &answerLog{}
	inner := siteHandler(dir)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		inner.ServeHTTP(sw, r)
		log.mu.Lock()
		log.list = append(log.list, answer{r.URL.Path, sw.status})
		log.mu.Unlock()
	}))
	defer srv.Close()

	b := newBrowserAt(t, srv.URL)
	b.emulate(t, phoneDevice)
	b.run(t, chromedp.Navigate(srv.URL+"/"))
	b.idle(t)
	b.poll(t, `document.body.dataset.waiting === 'human'`)
	b.poll(t, `navigator.serviceWorker.controller !== null`)
	var cached []string
	b.evalAsync(t, `(async () => {
  const names = await caches.keys();
  const out = [];
  for (const n of names) for (const r of await (await caches.open(n)).keys()) out.push(n + ' ' + new URL(r.url).pathname);
  return out;
})()`, &cached)
	if len(cached) != len(files) {
		t.Errorf("the worker's cache holds %d files, want the %d of its list: %v", len(cached), len(files), cached)
	}
	for _, c := range cached {
		if !strings.HasPrefix(c, "mancala-"+version+" ") {
			t.Errorf("cached %q, want it in mancala-%s", c, version)
		}
	}
	bodies := log.bodies()
	for _, f := range files {
		if bodies["/"+strings.TrimPrefix(f, "./")] != 1 {
			t.Errorf("%s was sent %d times on the first visit, want once", f, bodies["/"+strings.TrimPrefix(f, "./")])
		}
	}
	for p, n := range bodies {
		if n != 1 {
			t.Errorf("%s was sent %d times on the first visit, want once", p, n)
		}
	}
	// The page loads the wasm file of its game (Kisolo) only; the service
	// worker, asked for after it, downloads the two others into its cache.
	first := map[string]int{}
	for i, a := range log.answers() {
		if _, ok := first[a.path]; !ok {
			first[a.path] = i
		}
	}
	at := func(p string) int {
		if i, ok := first[p]; ok {
			return i
		}
		return -1
	}
	wasmAt, swAt := at("/mancala-kisolo.wasm"), at("/sw.js")
	if wasmAt < 0 || swAt < wasmAt {
		t.Errorf("sw.js was asked for at answer %d, mancala-kisolo.wasm at %d: want the worker after the rules", swAt, wasmAt)
	}
	for _, other := range []string{"/mancala-kiothi.wasm", "/mancala-kimasai.wasm"} {
		if i := at(other); i < swAt {
			t.Errorf("%s was asked for at answer %d, sw.js at %d: want only the service worker to fetch it", other, i, swAt)
		}
	}
	t.Logf("first visit: %d answers, %d with a body", len(log.answers()), len(bodies))
	b.checkNoErrors(t)

	// A new export: help.js changed, so sw.js has a new version.
	help := filepath.Join(dir, "help.js")
	hb, err := os.ReadFile(help)
	if err != nil {
		t.Fatal(err)
	}
	const marker = "// a new export"
	if err := os.WriteFile(help, append(hb, []byte("\n"+marker+"\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(help + ".gz") // the host would send the old gzipped copy
	swPath := filepath.Join(dir, "sw.js")
	sb, _ := os.ReadFile(swPath)
	const newVersion = "0123456789abcdef"
	sb = []byte(strings.Replace(string(sb), "const version = '"+version+"';", "const version = '"+newVersion+"';", 1))
	if err := os.WriteFile(swPath, sb, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(swPath + ".gz")
	before := len(log.answers())
	var after []string
	b.evalAsync(t, `(async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update();
  const w = reg.installing || reg.waiting;
  if (w && w.state !== 'activated') {
    await new Promise((res, rej) => w.addEventListener('statechange', () => {
      if (w.state === 'activated') res(); else if (w.state === 'redundant') rej(new Error('the new worker failed to install'));
    }));
  }
  const out = [];
  for (const n of await caches.keys()) out.push(n);
  const hit = await (await caches.open('mancala-`+newVersion+`')).match('help.js');
  out.push(hit ? String((await hit.text()).includes('`+marker+`')) : 'no help.js');
  return out;
})()`, &after)
	if strings.Join(after, " ") != "mancala-"+newVersion+" true" {
		t.Errorf("after the new export the caches and the new help.js: %v, want [mancala-%s true]", after, newVersion)
	}
	sent := map[string]int{}
	for _, a := range log.answers()[before:] {
		if a.status == http.StatusOK {
			sent[a.path]++
		}
	}
	if len(sent) != 2 || sent["/help.js"] != 1 || sent["/sw.js"] != 1 {
		t.Errorf("the update sent %v, want help.js and sw.js once each", sent)
	}

	// Offline: the host is gone and the browser offline; a reload plays.
	srv.CloseClientConnections()
	srv.Close()
	b.run(t, network.Enable(), network.EmulateNetworkConditions(true, 0, -1, -1), chromedp.Reload())
	b.idle(t)
	if s := b.read(t); !strings.HasPrefix(s.Position, "kiothi ") && !strings.HasPrefix(s.Position, "kisolo ") && !strings.HasPrefix(s.Position, "kimasai ") {
		t.Errorf("offline reload shows %q", s.Position)
	}
	b.checkNoErrors(t)
}
