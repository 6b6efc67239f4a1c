// api.js: the page's client of the JSON API of package mancala/wire.

// ApiError is an error answer: {"error": message, "code": code}.
export class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// api calls GET /api/v1/<path> without a body, POST with one, and returns
// the decoded answer or throws an ApiError.
export async function api(path, body) {
  const opts = body === undefined
    ? { method: 'GET' }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  let r;
  try {
    r = await fetch('/api/v1/' + path, opts);
  } catch (e) {
    throw new ApiError('the server cannot be reached (' + e.message + ')', 'network', 0);
  }
  let data;
  try {
    data = await r.json();
  } catch (e) {
    throw new ApiError('the server sent a bad answer (status ' + r.status + ')', 'internal', r.status);
  }
  if (!r.ok) {
    throw new ApiError(data.error || 'error ' + r.status, data.code || 'internal', r.status);
  }
  return data;
}

// plain turns a library message ("kisolo: illegal move b3: not the mover's
// pit") into words for players ("Illegal move b3: not the mover's pit").
export function plain(message) {
  const m = String(message).replace(/^([a-z]+: )+/, '');
  return m.charAt(0).toUpperCase() + m.slice(1);
}
