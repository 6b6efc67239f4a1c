// @ts-check
// persist.js: what the page keeps in localStorage, so that a reload
// resumes: the game (its set-up, history, variations and the position
// shown) and the player's preferences. Storage that is off or full is
// ignored: the page works, it does not remember.
import { app, info, levelsOf } from './state.js';

/**
 * @typedef {import('./state.js').Entry} Entry
 * @typedef {import('./state.js').Variation} Variation
 * @typedef {import('./state.js').Setup} Setup
 */

const KEY = 'mancala-game-v1';

/** @param {Entry} e */
const bare = (e) => ({ position: e.position, move: e.move, summary: e.summary, mover: e.mover, from: e.from });

/** save keeps the game in localStorage (ignored where storage is off). */
export function save() {
  if (!app.history.length || app.room) return; // a room's game is the server's

  const data = { setup: app.setup, index: app.index, history: app.history.map(bare), resigned: app.resigned,
    variations: app.variations.map((v) => ({ at: v.at, line: v.line.map(bare) })) };
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch (e) { /* private mode or full: the game is not kept */ }
}

/**
 * savedGame returns the name of the saved game's game ('' when none),
 * read before the rules answer (restore checks it against them).
 */
export function savedGame() {
  try {
    const d = JSON.parse(localStorage.getItem(KEY) || 'null');
    return d && d.setup && typeof d.setup.game === 'string' ? d.setup.game : '';
  } catch (e) {
    return '';
  }
}

/**
 * restore reads the saved game, or null when there is none or it does not
 * fit the games offered.
 * @returns {{setup: Setup, index: number, history: Entry[], variations: Variation[], resigned: 'S'|'N'|null}|null}
 */
export function restore() {
  let d;
  try {
    d = JSON.parse(localStorage.getItem(KEY) || 'null');
  } catch (e) {
    return null;
  }
  if (!d || !d.setup || !Array.isArray(d.history) || !d.history.length || !info(d.setup.game)) return null;
  const ok = (/** @type {any} */ e) => e && typeof e.position === 'string';
  if (!d.history.every(ok)) return null;
  const index = Math.max(0, Math.min(Number(d.index) || 0, d.history.length - 1));
  const ids = new Set(['human', ...levelsOf(info(d.setup.game)).map((l) => l.id)]);
  const sides = { S: ids.has(d.setup.sides?.S) ? d.setup.sides.S : 'human', N: ids.has(d.setup.sides?.N) ? d.setup.sides.N : 'human' };
  const variations = Array.isArray(d.variations) ? d.variations.filter((/** @type {any} */ v) => v && Array.isArray(v.line) && v.line.every(ok)) : [];
  const resigned = d.resigned === 'S' || d.resigned === 'N' ? d.resigned : null;
  return { setup: { game: d.setup.game, rules: String(d.setup.rules || ''), sides }, index, history: d.history, variations, resigned };
}

/**
 * pref reads a preference ('speed', 'theme'), or null when none is kept.
 * @param {string} name
 * @returns {string|null}
 */
export function pref(name) {
  try {
    return localStorage.getItem('mancala-' + name);
  } catch (e) {
    return null; // private mode
  }
}

/**
 * setPref keeps a preference; an empty value forgets it.
 * @param {string} name @param {string} value
 */
export function setPref(name, value) {
  try {
    if (value) localStorage.setItem('mancala-' + name, value);
    else localStorage.removeItem('mancala-' + name);
  } catch (e) { /* private mode or full: not kept */ }
}
