// worker.js: a Web Worker running the mancala/wire service compiled to
// WebAssembly (examples/web/wasm). It answers messages {id, cmd, body}
// (body: the request's JSON text) with {id, status, body} (the HTTP API's
// status and JSON text) or {id, error} when the service cannot run.
/* global Go, mancalaCall */
importScripts('wasm_exec.js');

const ready = (async () => {
  const go = new Go();
  const url = new URL('mancala.wasm', self.location.href);
  let inst;
  try {
    inst = (await WebAssembly.instantiateStreaming(fetch(url), go.importObject)).instance;
  } catch (e) {
    // A host that does not serve .wasm as application/wasm.
    const r = await fetch(url);
    if (!r.ok) throw new Error('cannot load ' + url + ': status ' + r.status);
    inst = (await WebAssembly.instantiate(await r.arrayBuffer(), go.importObject)).instance;
  }
  go.run(inst); // runs main until it waits: mancalaCall is then defined
  if (typeof mancalaCall !== 'function') throw new Error('the wasm program did not start');
})();

self.onmessage = async (e) => {
  const { id, cmd, body } = e.data;
  try {
    await ready;
    const r = await mancalaCall(cmd, body || '');
    self.postMessage({ id, status: r.status, body: r.body });
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message || err) });
  }
};
