// worker.js: a Web Worker running the mancala/wire service compiled to
// WebAssembly (examples/web/wasm). Its first message is
// {type: 'init', exec?, wasm?}: the addresses of Go's wasm_exec.js and of
// mancala.wasm (default: beside this file), which it then loads. While it
// loads it posts
// {type: 'progress', loaded, total} (bytes of mancala.wasm; total 0 when
// unknown), then {type: 'ready'} once the service answers, or
// {type: 'failed', error} when it cannot start. It answers messages
// {id, cmd, body} (body: the request's JSON text) with {id, status, body}
// (the HTTP API's status and JSON text) or {id, error} when the service
// cannot run.
/* global Go, mancalaCall */

// wasmBytes is the size of mancala.wasm, written by the export (go run
// ./examples/web -export) so that progress has a total even when the host
// compresses the file (its Content-Length is then the compressed size);
// 0: unknown, Content-Length is used when the file comes uncompressed.
const wasmBytes = 0;

/**
 * counted returns a Response with r's body, posting progress as its bytes
 * arrive.
 * @param {Response} r
 */
function counted(r) {
  const enc = r.headers.get('Content-Encoding');
  const len = Number(r.headers.get('Content-Length')) || 0;
  const total = wasmBytes || (enc && enc !== 'identity' ? 0 : len);
  let loaded = 0;
  let last = 0;
  self.postMessage({ type: 'progress', loaded, total });
  if (!r.body) return r;
  const body = r.body.pipeThrough(new TransformStream({
    transform(chunk, ctl) {
      loaded += chunk.byteLength;
      // At most about every 64 KiB: a fast load sends few messages.
      if (loaded - last >= 65536) {
        last = loaded;
        self.postMessage({ type: 'progress', loaded, total });
      }
      ctl.enqueue(chunk);
    },
    flush() {
      self.postMessage({ type: 'progress', loaded, total: total || loaded });
    },
  }));
  return new Response(body, { status: r.status, headers: { 'Content-Type': 'application/wasm' } });
}

/**
 * load loads Go's wasm_exec.js and mancala.wasm from their addresses
 * (relative to this file) and starts the service.
 * @param {string} exec @param {string} wasm
 */
async function load(exec, wasm) {
  importScripts(exec);
  const go = new Go();
  const url = new URL(wasm, self.location.href);
  const r = await fetch(url);
  if (!r.ok) throw new Error('cannot load ' + url.pathname + ': status ' + r.status);
  // The body is read once, counted, and compiled as it streams in.
  const inst = (await WebAssembly.instantiateStreaming(counted(r), go.importObject)).instance;
  go.run(inst); // runs main until it waits: mancalaCall is then defined
  if (typeof mancalaCall !== 'function') throw new Error('the wasm program did not start');
}

/** @type {Promise<void>|null} */
let ready = null;

self.onmessage = async (e) => {
  if (e.data.type === 'init') {
    if (ready) return;
    ready = load(e.data.exec || 'wasm_exec.js', e.data.wasm || 'mancala.wasm');
    ready.then(
      () => self.postMessage({ type: 'ready' }),
      (err) => self.postMessage({ type: 'failed', error: String(err && err.message || err) }));
    return;
  }
  const { id, cmd, body } = e.data;
  try {
    if (!ready) throw new Error('no init message');
    await ready;
    const r = await mancalaCall(cmd, body || '');
    self.postMessage({ id, status: r.status, body: r.body });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message || err) });
  }
};
