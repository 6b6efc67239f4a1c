// @ts-check
// share.js: sharing and loading: copying the position, the game record
// and links to them, loading a pasted record or position, and opening a
// shared link (#record=... or #position=...).
import { app, cur, info, isHuman, levelOf } from './state.js';
import { client, startFrom } from './game.js';
import { $, say, sayError } from './ui.js';
import { plain, show } from './messages.js';
import { fillSetup } from './setup.js';

/**
 * @typedef {import('./state.js').Entry} Entry
 */

/**
 * copyLink copies the page's address with the game shown (its record up
 * to the shown position) or only the shown position in its fragment
 * (#record=... or #position=...): opening it loads that game or position.
 * @param {'record'|'position'} what
 */
export async function copyLink(what) {
  let text;
  if (what === 'position') text = cur().position;
  else {
    const moves = app.history.slice(1, app.index + 1).map((h) => /** @type {string} */ (h.move));
    try {
      text = (await client.record({ start: app.history[0].position, moves })).record;
    } catch (e) {
      sayError(e);
      return;
    }
  }
  const url = location.origin + location.pathname + '#' + new URLSearchParams({ [what]: text }).toString();
  await copyText(url, what === 'position' ? 'Position link' : 'Game link');
}

/** @param {string} text @param {string} what */
export async function copyText(text, what) {
  /** @type {HTMLTextAreaElement} */ ($('share-text')).value = text;
  let ok = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      ok = true;
    }
  } catch (e) {
    ok = false;
  }
  $('share-message').textContent = ok ? what + ' copied.' : what + ' is in the box: select it and copy.';
}

export async function copyRecord() {
  const moves = app.history.slice(1, app.index + 1).map((h) => /** @type {string} */ (h.move));
  const names = (/** @type {'S'|'N'} */ s) => {
    const l = levelOf(s);
    return isHuman(s) || !l ? 'Human' : 'Computer (' + l.name + ')';
  };
  try {
    const r = await client.record({ start: app.history[0].position, moves, south: names('S'), north: names('N'),
      date: new Date().toISOString().slice(0, 10) });
    copyText(r.record, 'Game record');
  } catch (e) {
    const w = plain(/** @type {Error} */ (e).message);
    show($('share-message'), w.text, w.clause, app.setup.game);
  }
}

export function load() {
  return loadText(/** @type {HTMLTextAreaElement} */ ($('share-text')).value);
}

/**
 * loadText shows the game record or position line text, and says whether
 * it could.
 * @param {string} text
 */
export async function loadText(text) {
  let r, last, first;
  try {
    r = await client.replay({ record: text });
    last = await client.state({ position: r.positions[r.positions.length - 1] });
    first = r.positions.length > 1 ? await client.state({ position: r.positions[0] }) : last;
  } catch (e) {
    const w = plain(/** @type {Error} */ (e).message);
    show($('share-message'), 'Cannot load: ' + w.text, w.clause, app.setup.game);
    return false;
  }
  /** @type {Entry[]} */
  const history = r.positions.map((p, i) => ({ position: p, move: i ? r.moves[i - 1] : undefined }));
  history[history.length - 1].state = last;
  history[0].state = first;
  const sides = { ...app.setup.sides };
  app.setup = { game: r.game, rules: r.rules, sides };
  fillSetup();
  startFrom(history, history.length - 1, []);
  const title = /** @type {import('./mancala.js').GameInfo} */ (info(r.game)).title;
  const n = r.moves.length;
  $('share-message').textContent = text.trim().startsWith('[')
    ? 'Loaded a game of ' + title + ': ' + n + ' ' + (n === 1 ? 'move' : 'moves') + '.'
    : 'Loaded a position of ' + title + '.';
  return true;
}

/**
 * openShared opens the game or position of a shared link in the address
 * (#record=... or #position=...), both sides human, and drops it from the
 * address, so that a reload resumes the game as it goes on. It says
 * whether there was one that opened.
 */
export async function openShared() {
  const link = new URLSearchParams(location.hash.slice(1));
  const shared = link.get('record') || link.get('position');
  if (!shared) return false;
  history.replaceState(null, '', location.pathname + location.search);
  const prev = app.setup;
  app.setup = { game: prev.game || app.games[0].name, rules: prev.rules, sides: { S: 'human', N: 'human' } };
  if (await loadText(shared)) {
    say('Opened the shared ' + (link.get('record') ? 'game' : 'position') + ': both sides are played here; the set-up changes them.');
    return true;
  }
  app.setup = prev;
  say('The shared link could not be opened: ' + $('share-message').textContent, true);
  return false;
}
